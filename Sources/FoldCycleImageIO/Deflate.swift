/// zlib (RFC 1950) around DEFLATE (RFC 1951) compression, for the PNGs FoldCycle writes
/// (``PNGEncoder``, docs/decisions/0235-png-encoder-and-iterm2-images.md): greedy LZ77 over
/// a 32 KiB window (3-byte hash chains, at most ``chainLimit`` candidates a position), then
/// blocks of at most ``blockSymbols`` symbols, each with dynamic Huffman codes built from its own
/// counts (at most 15 bits, 7 for the code-length code), or stored when that is smaller. Every
/// choice depends on the bytes only: the same input gives the same stream on every machine.
package enum Deflate {
    /// The most earlier positions tried for a match at one position.
    static let chainLimit = 24
    /// The most symbols (literals and matches) one block holds.
    static let blockSymbols = 1 << 16

    /// `data` as a zlib stream (header `78 01`, DEFLATE blocks, Adler-32).
    package static func zlib(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        stream += deflate(data)
        let adler = Adler32.checksum(data)
        stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return stream
    }

    /// `data` as raw DEFLATE blocks, the last one final.
    package static func deflate(_ data: [UInt8]) -> [UInt8] {
        let tokens = matches(data)
        var writer = DeflateBitWriter()
        var start = 0
        var byteStart = 0
        repeat {
            let end = min(start + blockSymbols, tokens.count)
            var byteEnd = byteStart
            for index in start..<end { byteEnd += tokens[index].length == 0 ? 1 : Int(tokens[index].length) }
            writeBlock(
                tokens[start..<end], bytes: data[byteStart..<byteEnd], final: end == tokens.count, into: &writer)
            start = end
            byteStart = byteEnd
        } while start < tokens.count
        return writer.finish()
    }

    /// One LZ77 symbol: a literal byte (`length` 0, `value` the byte) or a match (`length`
    /// 3…258 bytes, `value` the distance 1…32,768).
    struct Token: Equatable {
        var length: UInt16
        var value: UInt16
    }

    /// Greedy LZ77 over `data`.
    static func matches(_ data: [UInt8]) -> [Token] {
        let count = data.count
        var tokens: [Token] = []
        tokens.reserveCapacity(count / 2 + 1)
        guard count > 0 else { return tokens }
        let window = 32_768
        let hashSize = 1 << 15
        var head = [Int32](repeating: -1, count: hashSize)
        var previous = [Int32](repeating: -1, count: window)
        data.withUnsafeBufferPointer { bytes in
            func hash(_ at: Int) -> Int {
                (Int(bytes[at]) << 10 ^ Int(bytes[at + 1]) << 5 ^ Int(bytes[at + 2])) & (hashSize - 1)
            }
            func insert(_ at: Int) {
                guard at + 2 < count else { return }
                let key = hash(at)
                previous[at & (window - 1)] = head[key]
                head[key] = Int32(at)
            }
            var position = 0
            while position < count {
                var bestLength = 0
                var bestDistance = 0
                if position + 2 < count {
                    var candidate = Int(head[hash(position)])
                    var tries = 0
                    let limit = min(258, count - position)
                    while candidate >= 0, position - candidate <= window, tries < chainLimit {
                        if bytes[candidate + bestLength] == bytes[position + bestLength] {
                            var length = 0
                            while length < limit, bytes[candidate + length] == bytes[position + length] { length += 1 }
                            if length > bestLength {
                                bestLength = length
                                bestDistance = position - candidate
                                if length == limit { break }
                            }
                        }
                        let next = Int(previous[candidate & (window - 1)])
                        guard next < candidate else { break }
                        candidate = next
                        tries += 1
                    }
                }
                if bestLength >= 3 {
                    tokens.append(Token(length: UInt16(bestLength), value: UInt16(bestDistance)))
                    for at in position..<position + bestLength { insert(at) }
                    position += bestLength
                } else {
                    tokens.append(Token(length: 0, value: UInt16(bytes[position])))
                    insert(position)
                    position += 1
                }
            }
        }
        return tokens
    }

    // MARK: - Blocks

    private static func writeBlock(
        _ tokens: ArraySlice<Token>, bytes: ArraySlice<UInt8>, final: Bool, into writer: inout DeflateBitWriter
    ) {
        var literalCounts = [Int](repeating: 0, count: 286)
        var distanceCounts = [Int](repeating: 0, count: 30)
        for token in tokens {
            if token.length == 0 {
                literalCounts[Int(token.value)] += 1
            } else {
                literalCounts[lengthCode(Int(token.length)).code] += 1
                distanceCounts[distanceCode(Int(token.value)).code] += 1
            }
        }
        literalCounts[256] = 1
        let literalLengths = codeLengths(literalCounts, limit: 15)
        let distanceLengths = codeLengths(distanceCounts, limit: 15)
        let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let lengths = Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount])
        var lengthCounts = [Int](repeating: 0, count: 19)
        for length in lengths { lengthCounts[length] += 1 }
        let lengthLengths = codeLengths(lengthCounts, limit: 7)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        let orderCount = max(4, (order.lastIndex { lengthLengths[$0] > 0 } ?? 0) + 1)

        // The block's size both ways, in bits.
        var dynamicBits = 3 + 14 + 3 * orderCount
        for length in lengths { dynamicBits += lengthLengths[length] }
        for symbol in 0..<286 {
            dynamicBits +=
                literalCounts[symbol] * (literalLengths[symbol] + (symbol > 256 ? lengthExtra[symbol - 257] : 0))
        }
        for symbol in 0..<30 {
            dynamicBits += distanceCounts[symbol] * (distanceLengths[symbol] + distanceExtra[symbol])
        }
        let storedBits = (bytes.count / 65_535 + 1) * 5 * 8 + bytes.count * 8 + 7
        if storedBits < dynamicBits {
            writeStored(bytes, final: final, into: &writer)
            return
        }

        writer.write(final ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)
        writer.write(literalCount - 257, bits: 5)
        writer.write(distanceCount - 1, bits: 5)
        writer.write(orderCount - 4, bits: 4)
        for index in 0..<orderCount { writer.write(lengthLengths[order[index]], bits: 3) }
        let lengthCodes = canonicalCodes(lengthLengths)
        for length in lengths { writer.write(lengthCodes[length], bits: lengthLengths[length]) }
        let literalCodes = canonicalCodes(literalLengths)
        let distanceCodes = canonicalCodes(distanceLengths)
        for token in tokens {
            if token.length == 0 {
                let symbol = Int(token.value)
                writer.write(literalCodes[symbol], bits: literalLengths[symbol])
                continue
            }
            let length = lengthCode(Int(token.length))
            writer.write(literalCodes[length.code], bits: literalLengths[length.code])
            writer.write(length.extra, bits: lengthExtra[length.code - 257])
            let distance = distanceCode(Int(token.value))
            writer.write(distanceCodes[distance.code], bits: distanceLengths[distance.code])
            writer.write(distance.extra, bits: distanceExtra[distance.code])
        }
        writer.write(literalCodes[256], bits: literalLengths[256])
    }

    private static func writeStored(_ bytes: ArraySlice<UInt8>, final: Bool, into writer: inout DeflateBitWriter) {
        var start = bytes.startIndex
        repeat {
            let end = min(start + 65_535, bytes.endIndex)
            writer.write(final && end == bytes.endIndex ? 1 : 0, bits: 1)
            writer.write(0, bits: 2)
            writer.alignToByte()
            let length = end - start
            writer.appendBytes([
                UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF),
            ])
            writer.appendBytes(bytes[start..<end])
            start = end
        } while start < bytes.endIndex
    }

    // MARK: - Huffman codes

    /// Code lengths for symbols seen `counts` times: a Huffman code, at most `limit` bits (when
    /// deeper, the counts are halved, kept at least 1, until it fits). A code is always
    /// complete: no symbol seen gives symbols 0 and 1 one bit each, one symbol seen gives it and
    /// another one bit each.
    static func codeLengths(_ counts: [Int], limit: Int) -> [Int] {
        let used = counts.indices.filter { counts[$0] > 0 }
        if used.count < 2 {
            var lengths = [Int](repeating: 0, count: counts.count)
            let first = used.first ?? 0
            lengths[first] = 1
            lengths[first == 0 ? 1 : 0] = 1
            return lengths
        }
        var weights = counts
        while true {
            let lengths = huffmanLengths(weights, symbols: used)
            if lengths.max() ?? 0 <= limit { return lengths }
            for symbol in used { weights[symbol] = max(1, weights[symbol] / 2) }
        }
    }

    /// Unlimited Huffman code lengths of `symbols` (two or more) weighted `weights`; ties are
    /// broken by order of creation, so the result depends on the counts only.
    private static func huffmanLengths(_ weights: [Int], symbols: [Int]) -> [Int] {
        // Nodes: the leaves, then each merge; parent links give the depths.
        var weight = symbols.map { weights[$0] }
        var parent = [Int](repeating: -1, count: symbols.count)
        let leaves = symbols.indices.sorted { (weight[$0], $0) < (weight[$1], $1) }
        var leafIndex = 0
        var merged: [Int] = []
        var mergedIndex = 0
        func takeSmallest() -> Int {
            if mergedIndex < merged.count,
                leafIndex >= leaves.count || weight[merged[mergedIndex]] < weight[leaves[leafIndex]]
            {
                mergedIndex += 1
                return merged[mergedIndex - 1]
            }
            leafIndex += 1
            return leaves[leafIndex - 1]
        }
        for _ in 1..<symbols.count {
            let a = takeSmallest()
            let b = takeSmallest()
            let node = weight.count
            weight.append(weight[a] + weight[b])
            parent.append(-1)
            parent[a] = node
            parent[b] = node
            merged.append(node)
        }
        var depth = [Int](repeating: 0, count: weight.count)
        for node in stride(from: weight.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        var lengths = [Int](repeating: 0, count: weights.count)
        for (leaf, symbol) in symbols.enumerated() { lengths[symbol] = depth[leaf] }
        return lengths
    }

    /// The canonical codes (RFC 1951 section 3.2.2) of `lengths`, bit-reversed for writing
    /// least significant bit first.
    static func canonicalCodes(_ lengths: [Int]) -> [Int] {
        let maximum = lengths.max() ?? 0
        var lengthCount = [Int](repeating: 0, count: maximum + 1)
        for length in lengths where length > 0 { lengthCount[length] += 1 }
        var next = [Int](repeating: 0, count: maximum + 2)
        var code = 0
        for bits in stride(from: 1, through: maximum, by: 1) {
            code = (code + lengthCount[bits - 1]) << 1
            next[bits] = code
        }
        var codes = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            var value = next[length]
            next[length] += 1
            var reversed = 0
            for _ in 0..<length {
                reversed = reversed << 1 | value & 1
                value >>= 1
            }
            codes[symbol] = reversed
        }
        return codes
    }

    // MARK: - Length and distance codes (RFC 1951 section 3.2.5)

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// The length symbol (257…285) of a match of `length` (3…258) bytes, and its extra bits' value.
    private static func lengthCode(_ length: Int) -> (code: Int, extra: Int) {
        let index = Int(lengthIndex[length])
        return (257 + index, length - lengthBase[index])
    }

    /// The distance symbol (0…29) of `distance` (1…32,768), and its extra bits' value.
    private static func distanceCode(_ distance: Int) -> (code: Int, extra: Int) {
        let index = Int(distanceIndex[distance])
        return (index, distance - distanceBase[index])
    }

    /// The index into ``lengthBase`` of each length 0…258 (0 for the lengths below 3).
    private static let lengthIndex: [UInt8] = (0...258).map { length in
        UInt8(lengthBase.lastIndex { $0 <= length } ?? 0)
    }

    /// The index into ``distanceBase`` of each distance 0…32,768 (0 for 0).
    private static let distanceIndex: [UInt8] = (0...32_768).map { distance in
        UInt8(distanceBase.lastIndex { $0 <= distance } ?? 0)
    }
}

/// Bits written least significant first into bytes (DEFLATE's order).
struct DeflateBitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Appends the low `bits` bits of `value`.
    mutating func write(_ value: Int, bits: Int) {
        guard bits > 0 else { return }
        buffer |= UInt64(value & (1 << bits - 1)) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            count -= 8
        }
    }

    /// Pads with zero bits to the next byte.
    mutating func alignToByte() {
        if count > 0 { write(0, bits: 8 - count) }
    }

    /// Appends whole bytes (after ``alignToByte()``).
    mutating func appendBytes<Bytes: Collection<UInt8>>(_ more: Bytes) { bytes += more }

    /// The bytes, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        alignToByte()
        return bytes
    }
}
