/// The table and header segments of a JPEG stream (T.81 B.2.4, B.2.3) and the APPn segments the
/// decoder reads (JFIF, Exif, Adobe).
enum JPEGMarkers {
    /// Zigzag index to natural (row-major) index within an 8×8 block (T.81 figure A.6).
    static let naturalOrder: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]

    /// The tables of a DQT segment: (slot 0...3, 64 values in natural order) each.
    static func quantizationTables(_ s: ArraySlice<UInt8>) throws(PictureDecodingError) -> [(Int, [Int])] {
        let b = Array(s)
        var at = 0
        var tables: [(Int, [Int])] = []
        while at < b.count {
            let precision = Int(b[at] >> 4)
            let slot = Int(b[at] & 15)
            guard precision <= 1, slot < 4 else {
                throw .corrupt(.jpeg, reason: "a quantization table (DQT) with a bad precision or slot")
            }
            let size = precision == 0 ? 64 : 128
            guard at + 1 + size <= b.count else {
                throw .corrupt(.jpeg, reason: "a quantization table (DQT) too short")
            }
            var table = Array(repeating: 0, count: 64)
            for k in 0..<64 {
                table[naturalOrder[k]] =
                    precision == 0 ? Int(b[at + 1 + k]) : Int(b[at + 1 + 2 * k]) << 8 | Int(b[at + 2 + 2 * k])
            }
            tables.append((slot, table))
            at += 1 + size
        }
        return tables
    }

    /// The tables of a DHT segment: (class 0 = DC or 1 = AC, slot 0...3, table) each.
    static func huffmanTables(_ s: ArraySlice<UInt8>) throws(PictureDecodingError) -> [(Int, Int, JPEGHuffmanTable)] {
        let b = Array(s)
        var at = 0
        var tables: [(Int, Int, JPEGHuffmanTable)] = []
        while at < b.count {
            let tableClass = Int(b[at] >> 4)
            let slot = Int(b[at] & 15)
            guard tableClass <= 1, slot < 4, at + 17 <= b.count else {
                throw .corrupt(.jpeg, reason: "a Huffman table (DHT) with a bad class or slot, or too short")
            }
            let counts = b[(at + 1)..<(at + 17)].map { Int($0) }
            let total = counts.reduce(0, +)
            guard total <= 256, at + 17 + total <= b.count else {
                throw .corrupt(.jpeg, reason: "a Huffman table (DHT) with more symbols than it holds")
            }
            let symbols = Array(b[(at + 17)..<(at + 17 + total)])
            tables.append((tableClass, slot, try JPEGHuffmanTable(counts: counts, symbols: symbols)))
            at += 17 + total
        }
        return tables
    }

    /// The Adobe APP14 colour transform (0: none, RGB; 1: YCbCr; 2: YCCK), or nil when `s` is
    /// another APP14.
    static func adobeTransform(_ s: ArraySlice<UInt8>) -> Int? {
        let b = Array(s)
        guard b.count >= 12, b.starts(with: Array("Adobe".utf8)) else { return nil }
        return Int(b[11])
    }

    /// Whether an APP0 segment is JFIF's.
    static func isJFIF(_ s: ArraySlice<UInt8>) -> Bool {
        Array(s).starts(with: Array("JFIF\0".utf8))
    }
}

/// A scan header (SOS, T.81 B.2.3): which components, which tables, which coefficients.
struct JPEGScan {
    /// Indexes into the frame's components, in scan order.
    let components: [Int]
    /// The DC and AC Huffman table slot of each scan component.
    let dcTables: [Int]
    let acTables: [Int]
    /// Spectral selection (start, end: zigzag indexes) and successive approximation (high, low).
    let start: Int
    let end: Int
    let high: Int
    let low: Int

    /// Parses the SOS payload against `frame`; throws `.corrupt` for what T.81 forbids.
    init(segment s: ArraySlice<UInt8>, frame: JPEGFrame) throws(PictureDecodingError) {
        let b = Array(s)
        guard let count = b.first.map(Int.init), (1...4).contains(count), b.count >= 4 + 2 * count else {
            throw .corrupt(.jpeg, reason: "a scan header (SOS) that is too short or names no component")
        }
        var components: [Int] = []
        var dc: [Int] = []
        var ac: [Int] = []
        for index in 0..<count {
            let id = Int(b[1 + 2 * index])
            guard let component = frame.components.firstIndex(where: { $0.id == id }), !components.contains(component)
            else { throw .corrupt(.jpeg, reason: "a scan names a component twice or one the frame lacks") }
            components.append(component)
            dc.append(Int(b[2 + 2 * index] >> 4))
            ac.append(Int(b[2 + 2 * index] & 15))
        }
        self.components = components
        (dcTables, acTables) = (dc, ac)
        let at = 1 + 2 * count
        (start, end, high, low) = (Int(b[at]), Int(b[at + 1]), Int(b[at + 2] >> 4), Int(b[at + 2] & 15))
        let blocks = components.map { frame.components[$0].horizontal * frame.components[$0].vertical }
        guard dc.allSatisfy({ $0 < 4 }), ac.allSatisfy({ $0 < 4 }), count == 1 || blocks.reduce(0, +) <= 10 else {
            throw .corrupt(.jpeg, reason: "a scan with a table slot over 3 or more than 10 blocks per MCU")
        }
        try validate(progressive: frame.progressive)
    }

    private func validate(progressive: Bool) throws(PictureDecodingError) {
        guard progressive else { return }
        let spectral = start == 0 ? end == 0 : start <= end && end <= 63 && components.count == 1
        guard spectral, high <= 13, low <= 13, high == 0 || high == low + 1 else {
            throw .corrupt(.jpeg, reason: "a progressive scan with bad spectral or approximation bounds")
        }
    }
}
