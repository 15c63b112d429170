/// One colour component of a JPEG frame (T.81 B.2.2) and where its samples go at the chosen
/// DCT scale.
struct JPEGComponent {
    /// The component identifier the scans name.
    let id: Int
    /// Horizontal and vertical sampling factors, 1...4.
    let horizontal: Int
    let vertical: Int
    /// The quantization table slot (0...3) the frame names.
    let tableIndex: Int
    /// Blocks per row and block rows, padded to whole MCUs (an interleaved scan's extent).
    var blocksPerLine = 0
    var blockRows = 0
    /// Blocks per row and block rows that hold the component's samples (a non-interleaved
    /// scan's extent, T.81 A.2.2).
    var usedBlocksPerLine = 0
    var usedBlockRows = 0
    /// Samples per block side at the chosen scale: 8, 4, 2 or 1.
    var blockSize = 8
    /// The component's sample width and height at that scale (libjpeg's downsampled size).
    var width = 0
    var height = 0
    /// The quantization table in natural order, latched at the component's first scan.
    var quantization: [Int]?
}

/// The frame header (SOF0, SOF1 or SOF2): size, components and the MCU grid.
struct JPEGFrame {
    let width: Int
    let height: Int
    let progressive: Bool
    var components: [JPEGComponent]
    let maxHorizontal: Int
    let maxVertical: Int
    /// MCUs per row and MCU rows of an interleaved scan.
    let mcusPerLine: Int
    let mcuRows: Int

    /// Parses an SOF segment's payload; throws for what this decoder does not read (12-bit
    /// samples, four components) or what T.81 forbids, and `.tooLarge` before any allocation.
    init(segment s: ArraySlice<UInt8>, progressive: Bool) throws(PictureDecodingError) {
        let b = Array(s)
        guard b.count >= 6 else { throw .corrupt(.jpeg, reason: "a frame header (SOF) too short") }
        guard b[0] == 8 else {
            throw .unsupported(.jpeg, feature: "\(b[0])-bit samples (8-bit JPEG is decoded)")
        }
        height = Int(b[1]) << 8 | Int(b[2])
        width = Int(b[3]) << 8 | Int(b[4])
        let count = Int(b[5])
        guard height > 0 else { throw .unsupported(.jpeg, feature: "a height given by a DNL marker") }
        guard width > 0 else { throw .corrupt(.jpeg, reason: "a frame of width 0") }
        guard width * height <= PictureDecoder.maximumPixelCount else {
            throw .tooLarge(.jpeg, width: width, height: height)
        }
        switch count {
        case 1, 3: break
        case 4: throw .unsupported(.jpeg, feature: "CMYK (four components)")
        default: throw .unsupported(.jpeg, feature: "\(count) colour components (1 or 3 are decoded)")
        }
        guard b.count >= 6 + 3 * count else { throw .corrupt(.jpeg, reason: "a frame header (SOF) too short") }
        var components: [JPEGComponent] = []
        for index in 0..<count {
            let at = 6 + 3 * index
            let (h, v, table) = (Int(b[at + 1] >> 4), Int(b[at + 1] & 15), Int(b[at + 2]))
            guard (1...4).contains(h), (1...4).contains(v), table < 4 else {
                throw .corrupt(.jpeg, reason: "a component with sampling factors or a table outside T.81's range")
            }
            guard !components.contains(where: { $0.id == Int(b[at]) }) else {
                throw .corrupt(.jpeg, reason: "two components with one identifier")
            }
            components.append(JPEGComponent(id: Int(b[at]), horizontal: h, vertical: v, tableIndex: table))
        }
        self.progressive = progressive
        maxHorizontal = components.map(\.horizontal).max() ?? 1
        maxVertical = components.map(\.vertical).max() ?? 1
        mcusPerLine = (width + 8 * maxHorizontal - 1) / (8 * maxHorizontal)
        mcuRows = (height + 8 * maxVertical - 1) / (8 * maxVertical)
        self.components = components
        for index in components.indices { try place(index) }
    }

    private mutating func place(_ index: Int) throws(PictureDecodingError) {
        var c = components[index]
        c.blocksPerLine = mcusPerLine * c.horizontal
        c.blockRows = mcuRows * c.vertical
        let sampleWidth = (width * c.horizontal + maxHorizontal - 1) / maxHorizontal
        let sampleHeight = (height * c.vertical + maxVertical - 1) / maxVertical
        c.usedBlocksPerLine = (sampleWidth + 7) / 8
        c.usedBlockRows = (sampleHeight + 7) / 8
        guard maxHorizontal % c.horizontal == 0, maxVertical % c.vertical == 0 else {
            throw .unsupported(
                .jpeg, feature: "sampling factors \(c.horizontal)×\(c.vertical) of \(maxHorizontal)×\(maxVertical)")
        }
        components[index] = c
    }

    /// The output size at `blockSize` samples per 8 (libjpeg's scaled output size).
    func outputSize(blockSize: Int) -> (width: Int, height: Int) {
        ((width * blockSize + 7) / 8, (height * blockSize + 7) / 8)
    }

    /// Chooses each component's block size for the output scale `blockSize`: libjpeg-turbo's
    /// rule, which decodes a subsampled component at a larger block size where that spares the
    /// upsampling (4:2:0 at 1/2 decodes chroma at full block size), then sizes its samples.
    mutating func scale(to blockSize: Int) {
        for index in components.indices {
            var c = components[index]
            var size = blockSize
            while size < 8, (maxHorizontal * blockSize) % (c.horizontal * size * 2) == 0,
                (maxVertical * blockSize) % (c.vertical * size * 2) == 0
            {
                size *= 2
            }
            c.blockSize = size
            c.width = (width * c.horizontal * size + maxHorizontal * 8 - 1) / (maxHorizontal * 8)
            c.height = (height * c.vertical * size + maxVertical * 8 - 1) / (maxVertical * 8)
            components[index] = c
        }
    }
}
