/// A Huffman table from a DHT segment (ITU-T T.81, Annex C): canonical codes of 1 to 16 bits,
/// decoded through a 9-bit lookahead table with a per-length fallback for longer codes. A class,
/// so the per-symbol decode passes one reference rather than copying four arrays.
final class JPEGHuffmanTable {
    /// Bits looked up at once: codes this long or shorter decode in one step.
    static let lookaheadBits = 9

    /// For each 9-bit prefix: `length << 8 | symbol` when a code of ≤ 9 bits starts it, else 0.
    let fast: [UInt16]
    /// The largest code of each length 1...16 (index = length), -1 when none.
    let maxCode: [Int]
    /// Added to a code of each length to give its index in `symbols`.
    let valueOffset: [Int]
    /// The symbols in code order.
    let symbols: [UInt8]

    /// Builds the table from the 16 counts (codes of each length) and the symbols, as in a DHT
    /// segment; throws `.corrupt` when the counts describe more codes than the lengths hold.
    init(counts: [Int], symbols: [UInt8]) throws(PictureDecodingError) {
        self.symbols = symbols
        var fast = [UInt16](repeating: 0, count: 1 << Self.lookaheadBits)
        var maxCode = Array(repeating: -1, count: 18)
        var valueOffset = Array(repeating: 0, count: 18)
        var code = 0
        var index = 0
        for length in 1...16 {
            valueOffset[length] = index - code
            let count = counts[length - 1]
            for _ in 0..<count {
                // No code may be all ones (T.81 C.2): the last code of a length is 2^length − 2.
                guard code <= (1 << length) - 2, index < symbols.count else {
                    throw .corrupt(.jpeg, reason: "a Huffman table (DHT) with more codes than its lengths allow")
                }
                if length <= Self.lookaheadBits {
                    let shift = Self.lookaheadBits - length
                    let entry = UInt16(length << 8) | UInt16(symbols[index])
                    for low in 0..<(1 << shift) { fast[(code << shift) | low] = entry }
                }
                code += 1
                index += 1
            }
            if count > 0 { maxCode[length] = code - 1 }
            code <<= 1
        }
        (self.fast, self.maxCode, self.valueOffset) = (fast, maxCode, valueOffset)
    }
}

/// Reads the entropy-coded data of a scan bit by bit, most significant first, removing the
/// stuffed zero after each 0xFF (T.81 F.1.2.3). At a marker or the end of the data it supplies
/// zero bits, as libjpeg does, and remembers it: ``overran`` says whether a decoded symbol used
/// any of them (the scan ended before its last block).
struct JPEGBitReader {
    let bytes: [UInt8]
    /// The next byte to read.
    private(set) var position: Int
    private var buffer: UInt64 = 0
    /// Valid bits in `buffer` (its low `count` bits, the next bit highest).
    private var count = 0
    /// Zero bytes supplied at a marker or the end (always the last bytes in `buffer`).
    private var paddedBytes = 0

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether a symbol used bits past the scan's data.
    var overran: Bool { count < paddedBytes * 8 }
    /// Whether the data ended (rather than a marker came) where the scan's data stopped.
    var reachedEnd: Bool { position >= bytes.count - 1 }

    private mutating func fill() {
        while count <= 56 {
            var byte: UInt64 = 0
            if position < bytes.count, bytes[position] != 0xFF {
                byte = UInt64(bytes[position])
                position += 1
            } else if position + 1 < bytes.count, bytes[position + 1] == 0 {
                byte = 0xFF
                position += 2
            } else {
                paddedBytes += 1
            }
            buffer = buffer << 8 | byte
            count += 8
        }
    }

    /// The next `n` bits (0...16) as an unsigned number.
    mutating func bits(_ n: Int) -> Int {
        if n == 0 { return 0 }
        if count < n { fill() }
        count -= n
        return Int(truncatingIfNeeded: buffer >> UInt64(count)) & ((1 << n) - 1)
    }

    /// One bit.
    mutating func bit() -> Int { bits(1) }

    /// `n` bits (1...16) read as a signed magnitude-category value (T.81 F.2.2.1, EXTEND).
    mutating func signed(_ n: Int) -> Int {
        let value = bits(n)
        return value < 1 << (n - 1) ? value - (1 << n) + 1 : value
    }

    /// The next Huffman-coded symbol; throws `.corrupt` for a bit string that is no code.
    mutating func decode(_ table: JPEGHuffmanTable) throws(PictureDecodingError) -> Int {
        if count < 16 { fill() }
        let peek = Int(truncatingIfNeeded: buffer >> UInt64(count - JPEGHuffmanTable.lookaheadBits)) & 0x1FF
        let entry = Int(table.fast[peek])
        if entry != 0 {
            count -= entry >> 8
            return entry & 0xFF
        }
        let code16 = Int(truncatingIfNeeded: buffer >> UInt64(count - 16)) & 0xFFFF
        for length in (JPEGHuffmanTable.lookaheadBits + 1)...16 {
            let code = code16 >> (16 - length)
            if code <= table.maxCode[length] {
                let index = code + table.valueOffset[length]
                guard table.symbols.indices.contains(index) else { break }
                count -= length
                return Int(table.symbols[index])
            }
        }
        throw .corrupt(.jpeg, reason: "a bit string that is no Huffman code")
    }

    /// Skips to the restart marker RSTn (n = `index` mod 8) that must follow the interval's last
    /// MCU, and starts afresh after it.
    mutating func restart(index: Int) throws(PictureDecodingError) {
        buffer = 0
        count = 0
        paddedBytes = 0
        guard position < bytes.count, bytes[position] == 0xFF else {
            throw position >= bytes.count
                ? .truncated(.jpeg) : .corrupt(.jpeg, reason: "a restart marker is missing or out of order")
        }
        while position < bytes.count, bytes[position] == 0xFF { position += 1 }
        guard position < bytes.count else { throw .truncated(.jpeg) }
        guard Int(bytes[position]) == 0xD0 + index % 8 else {
            throw .corrupt(.jpeg, reason: "a restart marker is missing or out of order")
        }
        position += 1
    }
}
