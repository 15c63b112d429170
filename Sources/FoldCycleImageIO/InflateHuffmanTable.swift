/// A canonical Huffman code (RFC 1951 section 3.2.2) as a one-level lookup table: indexed by the
/// next `bits` input bits (least significant first, as DEFLATE packs codes), each entry is
/// `symbol << 4 | code length`, or 0 where no code starts with those bits.
struct InflateHuffmanTable: Sendable {
    /// `1 << bits` entries.
    let entries: [UInt16]
    /// `(1 << bits) - 1`: the input bits that index `entries`.
    let mask: Int

    /// The table for the code whose symbols have `lengths` (0 = unused, at most 15). Throws when
    /// the lengths over-subscribe the code space; an incomplete code is allowed (its unused bit
    /// patterns decode to an error).
    init(lengths: ArraySlice<UInt8>) throws(Inflate.Failure) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths {
            guard length <= 15 else { throw .corrupt("deflate code length \(length)") }
            counts[Int(length)] += 1
        }
        counts[0] = 0
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        var left = 1
        for length in 1...15 {
            left = left << 1 - counts[length]
            guard left >= 0 else { throw .corrupt("deflate Huffman code over-subscribed") }
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        let bits = max(1, counts.lastIndex(where: { $0 > 0 }) ?? 1)
        var entries = [UInt16](repeating: 0, count: 1 << bits)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let reversed = Self.reverse(nextCode[length], bits: length)
            nextCode[length] += 1
            let entry = UInt16(truncatingIfNeeded: symbol << 4 | length)
            for index in stride(from: reversed, to: entries.count, by: 1 << length) { entries[index] = entry }
        }
        self.entries = entries
        self.mask = (1 << bits) - 1
    }

    /// `value`'s low `bits` bits in reverse order.
    private static func reverse(_ value: Int, bits: Int) -> Int {
        var result = 0
        var value = value
        for _ in 0..<bits {
            result = result << 1 | value & 1
            value >>= 1
        }
        return result
    }

    /// The fixed literal/length code (RFC 1951 section 3.2.6): 0–143 in 8 bits, 144–255 in 9,
    /// 256–279 in 7, 280–287 in 8.
    static let fixedLiterals: InflateHuffmanTable = {
        let lengths =
            [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
            + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8)
        // The fixed lengths are a complete code, so this cannot throw.
        return (try? InflateHuffmanTable(lengths: lengths[...])) ?? InflateHuffmanTable.empty
    }()

    /// The fixed distance code: 30 symbols (and 2 unused) in 5 bits.
    static let fixedDistances: InflateHuffmanTable = {
        let lengths = [UInt8](repeating: 5, count: 32)
        return (try? InflateHuffmanTable(lengths: lengths[...])) ?? InflateHuffmanTable.empty
    }()

    /// A table in which nothing decodes.
    private static let empty = InflateHuffmanTable(entries: [0, 0], mask: 1)

    private init(entries: [UInt16], mask: Int) {
        self.entries = entries
        self.mask = mask
    }

    /// Length symbols 257–285: the base length and the count of extra bits.
    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Distance symbols 0–29: the base distance and the count of extra bits.
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which a dynamic block lists the code-length code's lengths.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}
