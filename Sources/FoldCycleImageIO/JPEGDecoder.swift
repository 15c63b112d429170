/// JPEG (ITU-T T.81) to RGBA: baseline, extended (8-bit) and progressive Huffman-coded frames,
/// grayscale or YCbCr (or Adobe RGB), any integral sampling, restart intervals, Exif orientation,
/// decoded at 1, 1/2, 1/4 or 1/8 scale (DCT scaling) when a smaller picture is asked for
/// (docs/decisions/0152-jpeg-decoder.md).
///
/// The markers are read in order: tables and headers as they come, each scan decoded when its SOS
/// comes — a sequential scan straight into the component planes at the chosen scale, a progressive
/// one into the kept coefficients, turned into samples at EOI. Every malformed input throws a
/// ``PictureDecodingError``; a scan whose data ends early is `.truncated` (the data ended) or
/// `.corrupt` (a marker came), and a file without EOI is `.truncated`.
struct JPEGDecoder {
    /// Decodes a whole JPEG file, scaled down (never below `fitting`) where the decoder can.
    static func decode(_ bytes: [UInt8], fitting: (width: Int, height: Int)?) throws(PictureDecodingError)
        -> RGBAImage
    {
        var decoder = JPEGDecoder(bytes: bytes, fitting: fitting)
        return try decoder.run()
    }

    let bytes: [UInt8]
    let fitting: (width: Int, height: Int)?
    /// The next byte to read between segments.
    var position = 2
    var quantization: [[Int]?] = [nil, nil, nil, nil]
    var dcTables: [JPEGHuffmanTable?] = [nil, nil, nil, nil]
    var acTables: [JPEGHuffmanTable?] = [nil, nil, nil, nil]
    /// MCUs per restart interval (DRI); 0 for none.
    var restartInterval = 0
    var frame: JPEGFrame?
    var orientation = JPEGOrientation.upright
    var adobeTransform: Int?
    var jfif = false
    /// The output block size (8, 4, 2 or 1), chosen at the first scan.
    var blockSize = 0
    var planes: [JPEGPlane] = []
    var coefficients: [JPEGCoefficients?] = []
    /// Per component: whether a scan has carried it (its DC, when progressive).
    var scanned: [Bool] = []
    let scratch = JPEGScratch()

    private init(bytes: [UInt8], fitting: (width: Int, height: Int)?) {
        self.bytes = bytes
        self.fitting = fitting
    }

    private mutating func run() throws(PictureDecodingError) -> RGBAImage {
        while true {
            let marker = try nextMarker()
            switch marker {
            case 0xD9: return try finish()
            case 0xD8, 0xD0...0xD7, 0x01: continue
            default: try handle(marker, segment: try segment())
            }
        }
    }

    /// The next marker's code, skipping fill bytes (and, as libjpeg does, stray bytes).
    private mutating func nextMarker() throws(PictureDecodingError) -> Int {
        while true {
            while position < bytes.count, bytes[position] != 0xFF { position += 1 }
            while position < bytes.count, bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { throw .truncated(.jpeg) }
            let code = Int(bytes[position])
            position += 1
            if code != 0 { return code }
        }
    }

    /// The payload of the segment at `position` (after its two length bytes); moves past it.
    private mutating func segment() throws(PictureDecodingError) -> ArraySlice<UInt8> {
        guard position + 2 <= bytes.count else { throw .truncated(.jpeg) }
        let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
        guard length >= 2 else { throw .corrupt(.jpeg, reason: "a segment length under 2") }
        guard position + length <= bytes.count else { throw .truncated(.jpeg) }
        defer { position += length }
        return bytes[(position + 2)..<(position + length)]
    }

    private mutating func handle(_ marker: Int, segment: ArraySlice<UInt8>) throws(PictureDecodingError) {
        switch marker {
        case 0xC0, 0xC1, 0xC2:
            guard frame == nil else { throw .corrupt(.jpeg, reason: "a second frame header (SOF)") }
            frame = try JPEGFrame(segment: segment, progressive: marker == 0xC2)
        case 0xC3: throw .unsupported(.jpeg, feature: "lossless JPEG (SOF3)")
        case 0xC5, 0xC6, 0xC7: throw .unsupported(.jpeg, feature: "hierarchical JPEG (SOF5–SOF7)")
        case 0xC8, 0xC9, 0xCA, 0xCB, 0xCC, 0xCD, 0xCE, 0xCF:
            throw .unsupported(.jpeg, feature: "arithmetic coding (SOF9–SOF15)")
        case 0xC4:
            for (tableClass, slot, table) in try JPEGMarkers.huffmanTables(segment) {
                if tableClass == 0 { dcTables[slot] = table } else { acTables[slot] = table }
            }
        case 0xDB:
            for (slot, table) in try JPEGMarkers.quantizationTables(segment) { quantization[slot] = table }
        case 0xDD:
            guard segment.count >= 2 else { throw .corrupt(.jpeg, reason: "a restart interval (DRI) too short") }
            restartInterval = Int(segment[segment.startIndex]) << 8 | Int(segment[segment.startIndex + 1])
        case 0xDA: try scan(segment)
        case 0xE0: jfif = jfif || JPEGMarkers.isJFIF(segment)
        case 0xE1: if let exif = JPEGOrientation(exif: segment), blockSize == 0 { orientation = exif }
        case 0xEE: adobeTransform = JPEGMarkers.adobeTransform(segment) ?? adobeTransform
        default: break
        }
    }

    private mutating func scan(_ segment: ArraySlice<UInt8>) throws(PictureDecodingError) {
        guard let frame else { throw .corrupt(.jpeg, reason: "a scan (SOS) before the frame header (SOF)") }
        let scan = try JPEGScan(segment: segment, frame: frame)
        if blockSize == 0 { start() }
        for component in scan.components where self.frame?.components[component].quantization == nil {
            let slot = frame.components[component].tableIndex
            guard let table = quantization[slot] else {
                throw .corrupt(.jpeg, reason: "a scan before its quantization table (DQT)")
            }
            self.frame?.components[component].quantization = table
        }
        if frame.progressive { try decodeProgressive(scan) } else { try decodeSequential(scan) }
    }

    /// Chooses the scale from the fit (whose axes swap when the orientation turns the picture a
    /// quarter) and allocates the planes or the coefficients.
    private mutating func start() {
        guard var frame else { return }
        blockSize = 8
        if let fitting {
            let fit = orientation.swapsAxes ? (fitting.height, fitting.width) : (fitting.width, fitting.height)
            blockSize =
                [1, 2, 4].first { size in
                    let scaled = frame.outputSize(blockSize: size)
                    return scaled.width >= fit.0 && scaled.height >= fit.1
                } ?? 8
        }
        frame.scale(to: blockSize)
        self.frame = frame
        scanned = Array(repeating: false, count: frame.components.count)
        if frame.progressive {
            coefficients = frame.components.map { JPEGCoefficients(component: $0) }
        } else {
            planes = frame.components.map { JPEGPlane(component: $0) }
        }
    }

    /// The Huffman tables a scan's components name, checked present.
    func tables(_ scan: JPEGScan, dc: Bool, ac: Bool) throws(PictureDecodingError) -> [(
        dc: JPEGHuffmanTable, ac: JPEGHuffmanTable
    )] {
        let empty = try JPEGHuffmanTable(counts: [1] + Array(repeating: 0, count: 15), symbols: [0])
        var result: [(dc: JPEGHuffmanTable, ac: JPEGHuffmanTable)] = []
        for index in scan.components.indices {
            let dcTable = dc ? dcTables[scan.dcTables[index]] : empty
            let acTable = ac ? acTables[scan.acTables[index]] : empty
            guard let dcTable, let acTable else {
                throw .corrupt(.jpeg, reason: "a scan uses a Huffman table (DHT) not yet defined")
            }
            result.append((dcTable, acTable))
        }
        return result
    }

    /// The error for a scan whose data stopped before its last block.
    static func endedEarly(_ reader: JPEGBitReader) -> PictureDecodingError {
        reader.reachedEnd ? .truncated(.jpeg) : .corrupt(.jpeg, reason: "a scan ends before its last block")
    }

    private mutating func finish() throws(PictureDecodingError) -> RGBAImage {
        guard let frame else { throw .corrupt(.jpeg, reason: "no frame header (SOF) before EOI") }
        guard !scanned.isEmpty, scanned.allSatisfy({ $0 }) else {
            throw .corrupt(.jpeg, reason: "a component that no scan carries")
        }
        if frame.progressive { finishProgressive() }
        let space: JPEGColor.Space
        if frame.components.count == 1 {
            space = .gray
        } else if adobeTransform == 0 || adobeTransform == nil && !jfif && frame.components.map(\.id) == [82, 71, 66] {
            space = .rgb
        } else {
            space = .yCbCr
        }
        return JPEGColor.render(
            frame: frame, planes: planes, blockSize: blockSize, space: space, orientation: orientation)
    }
}
