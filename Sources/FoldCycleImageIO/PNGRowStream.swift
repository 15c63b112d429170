/// The rows of a non-interlaced PNG as its image data is inflated (an ``InflateSink``): each row
/// is gathered, unfiltered against the row above (``PNGUnfilter``), expanded to RGBA
/// (``PNGPixelExpander``) and written into the full-size picture, or added to a
/// ``PNGBoxDownsampler`` when a smaller size was asked for. Only two rows of filtered bytes and one
/// of RGBA are held besides the result, so a large PNG asked for at a card's size needs little
/// more than the file.
struct PNGRowStream: InflateSink {
    static var streams: Bool { true }

    /// Where finished rows go.
    enum Target {
        /// The full-size RGBA picture, `width × height × 4` bytes, filled row by row. Start it
        /// empty: it is made at the first row, inside the inflater (made before, the caller's copy
        /// would share its storage and the first row's write would copy the whole picture).
        case whole([UInt8])
        /// Reduced as the rows come.
        case reduced(PNGBoxDownsampler)
    }

    private let header: PNGHeader
    private let expander: PNGPixelExpander
    private let rowBytes: Int
    private let bytesPerPixel: Int
    /// The row being gathered: its filter-type byte, then `rowBytes` bytes.
    private var current: [UInt8]
    /// The row above, reconstructed (after its filter-type byte).
    private var above: [UInt8]
    /// Bytes of `current` gathered.
    private var gathered = 0
    /// Rows finished.
    private var rows = 0
    /// One RGBA row, for a reduced target.
    private var rgba: [UInt8]
    private(set) var target: Target
    /// The first fault met in the rows (an unknown filter type, a palette index past the PLTE);
    /// rows after it are not reconstructed.
    private(set) var failure: PictureDecodingError?

    init(header: PNGHeader, expander: PNGPixelExpander, target: Target) {
        self.header = header
        self.expander = expander
        self.target = target
        rowBytes = header.rowBytes(width: header.width)
        bytesPerPixel = max(1, header.bitsPerPixel / 8)
        current = [UInt8](repeating: 0, count: 1 + rowBytes)
        above = [UInt8](repeating: 0, count: 1 + rowBytes)
        if case .reduced = target {
            rgba = [UInt8](repeating: 0, count: header.width * 4)
        } else {
            rgba = []
        }
    }

    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < bytes.count {
            let taken = min(current.count - gathered, bytes.count - offset)
            current.withUnsafeMutableBufferPointer { current in
                guard let to = current.baseAddress, let from = bytes.baseAddress else { return }
                (to + gathered).update(from: from + offset, count: taken)
            }
            gathered += taken
            offset += taken
            if gathered == current.count {
                finishRow()
                gathered = 0
            }
        }
    }

    /// Reconstructs the gathered row and hands it to the target.
    private mutating func finishRow() {
        // Rows past the picture's (the stream is then too long) and rows after a fault are dropped.
        guard failure == nil, rows < header.height else { return }
        let filterType = current[0]
        let first = rows == 0
        let (rowBytes, bytesPerPixel, width, height) = (rowBytes, bytesPerPixel, header.width, header.height)
        let expander = expander
        var known = true
        var badIndex: Int?
        current.withUnsafeMutableBufferPointer { current in
            above.withUnsafeMutableBufferPointer { above in
                guard let line = current.baseAddress.map({ $0 + 1 }), let up = above.baseAddress.map({ $0 + 1 })
                else { return }
                known = PNGUnfilter.unfilter(
                    line, filterType: filterType, above: first ? nil : up, count: rowBytes, bytesPerPixel: bytesPerPixel
                )
                guard known else { return }
                badIndex = Self.expand(
                    line, width: width, height: height, row: rows, expander: expander, into: &target, rgba: &rgba)
            }
        }
        guard known else {
            failure = .corrupt(.png, reason: "IDAT: filter type \(filterType) (allowed: 0 to 4)")
            return
        }
        if let badIndex {
            failure = .corrupt(.png, reason: "palette index \(badIndex) past the PLTE's last entry")
            return
        }
        swap(&current, &above)
        rows += 1
    }

    /// Expands row `row`'s samples at `line` into `target`; the bad palette index, if any.
    private static func expand(
        _ line: UnsafePointer<UInt8>, width: Int, height: Int, row: Int, expander: PNGPixelExpander,
        into target: inout Target,
        rgba: inout [UInt8]
    ) -> Int? {
        switch target {
        case .whole(var pixels):
            target = .whole([])  // Unshared while written: no copy.
            if pixels.isEmpty { pixels = [UInt8](repeating: 0, count: width * height * 4) }
            let bad = pixels.withUnsafeMutableBufferPointer { pixels in
                pixels.baseAddress.flatMap { expander.expand(line, count: width, into: $0 + row * width * 4, step: 4) }
            }
            target = .whole(pixels)
            return bad
        case .reduced(var downsampler):
            target = .whole([])
            let bad = rgba.withUnsafeMutableBufferPointer { rgba -> Int? in
                guard let base = rgba.baseAddress else { return nil }
                if let bad = expander.expand(line, count: width, into: base, step: 4) { return bad }
                downsampler.add(base)
                return nil
            }
            target = .reduced(downsampler)
            return bad
        }
    }
}
