import Testing

@testable import FoldCycleImageIO

@Suite("Inflate: zlib and DEFLATE, bounded")
struct InflateTests {
    /// zlib.compress(b"hello hello hello hello", 9): one fixed-Huffman block with a match.
    static let fixedStream: [UInt8] = [
        0x78, 0xDA, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x57, 0xC8, 0x40, 0x27, 0x01, 0x68, 0x03, 0x08, 0xB1,
    ]
    /// zlib.compress of `dynamicText`, level 9: one dynamic-Huffman block.
    static let dynamicStream: [UInt8] = [
        0x78, 0xDA, 0xE5, 0xCC, 0xC1, 0x0D, 0x00, 0x20, 0x0C, 0xC3, 0xC0, 0x55, 0xBC, 0x5A, 0x41, 0xA9, 0x44, 0x54,
        0xF6,
        0xFF, 0x92, 0x3D, 0x78, 0xFB, 0x64, 0x8E, 0xBD, 0x98, 0xED, 0x8B, 0xBA, 0x0E, 0x5E, 0x1A, 0x7C, 0x25, 0x2A,
        0x05,
        0xA5, 0xA0, 0x14, 0xC2, 0x44, 0x98, 0x08, 0x33, 0x61, 0x9B, 0xB0, 0xE6, 0x9F, 0xC1, 0x03, 0x19, 0x68, 0x68,
        0x16,
    ]
    /// 300 bytes: a space every fifth, letters a–m between.
    static let dynamicText: [UInt8] = (0..<300).map { (index: Int) -> UInt8 in
        let letter: Int = (index * index * index + 7 * index) % 13 + 97
        return index % 5 == 0 ? 32 : UInt8(letter)
    }

    @Test func fixedHuffmanBlock() throws {
        #expect(try Inflate.zlib(Self.fixedStream, outputCount: 23) == Array("hello hello hello hello".utf8))
    }

    @Test func dynamicHuffmanBlock() throws {
        #expect(try Inflate.zlib(Self.dynamicStream, outputCount: 300) == Self.dynamicText)
    }

    @Test func storedBlocksAcrossTheBlockLimit() throws {
        let data = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        #expect(try Inflate.zlib(PNGTestFile.zlibStored(data), outputCount: 70_000) == data)
    }

    @Test func everyTruncationThrowsTruncated() {
        for length in 0..<Self.dynamicStream.count {
            #expect(throws: Inflate.Failure.truncated) {
                try Inflate.zlib(Array(Self.dynamicStream[..<length]), outputCount: 300)
            }
        }
    }

    @Test func aBombStopsAtTheExpectedSize() throws {
        // 1,000,000 zero bytes as a fixed-Huffman stream of matches (zlib's output, 991 bytes
        // at level 9, made here as the same literal then maximal matches).
        let bomb = Self.zeroBomb(count: 1_000_000)
        #expect(throws: Inflate.Failure.corrupt("image data is longer than the 1000 bytes the header declares")) {
            try Inflate.zlib(bomb, outputCount: 1000)
        }
        #expect(try Inflate.zlib(bomb, outputCount: 1_000_000).count == 1_000_000)
    }

    @Test func aShortStreamIsCorrupt() {
        #expect(throws: Inflate.Failure.corrupt("image data holds 23 bytes, 24 expected")) {
            try Inflate.zlib(Self.fixedStream, outputCount: 24)
        }
    }

    @Test func malformedStreams() {
        var badAdler = Self.fixedStream
        badAdler[badAdler.count - 1] ^= 1
        #expect(throws: Inflate.Failure.corrupt("zlib Adler-32 checksum")) {
            try Inflate.zlib(badAdler, outputCount: 23)
        }
        #expect(throws: Inflate.Failure.corrupt("zlib header check bits")) {
            try Inflate.zlib([0x78, 0x02, 0x03, 0x00], outputCount: 0)
        }
        #expect(throws: Inflate.Failure.corrupt("zlib method 7 window 7 (only deflate, at most 32 KB)")) {
            try Inflate.zlib([0x77, 0x01, 0x03, 0x00], outputCount: 0)
        }
        // Final block, type 3 (BFINAL 1, BTYPE 11).
        #expect(throws: Inflate.Failure.corrupt("deflate block type 3")) {
            try Inflate.zlib([0x78, 0x01, 0x07, 0x00], outputCount: 0)
        }
        #expect(throws: Inflate.Failure.corrupt("deflate stored block length check")) {
            try Inflate.zlib([0x78, 0x01, 0x01, 0x01, 0x00, 0xFF, 0xFF, 0x41], outputCount: 1)
        }
        // Fixed block whose first symbol is a length: nothing to copy from yet. Symbol 257 is
        // code 0000001 (7 bits), distance code 0 is 00000.
        #expect(throws: Inflate.Failure.corrupt("deflate distance 1 before the output's start")) {
            try Inflate.zlib([0x78, 0x01, 0x03, 0x02, 0x00], outputCount: 3)
        }
    }

    @Test func streamedOutputIsTheWholeOutputInPiecesKeepingTheWindow() throws {
        // 600,000 bytes whose matches reach back the farthest DEFLATE allows (32,768) across
        // every hand-on: streamed, the same bytes come out, in pieces no larger than the room.
        let (stream, expected) = Self.farMatches(count: 600_000)
        #expect(try Inflate.zlib(stream, outputCount: 600_000) == expected)
        let pieces = try Inflate.zlib(stream, outputCount: 600_000, into: Pieces())
        #expect(pieces.bytes == expected)
        // A piece is handed on when the next match (258) does not fit the 262,144 bytes of room:
        // after 889 matches past the window's 32,768 literals (262,130 bytes), all but the
        // window go; the rest at the end.
        #expect(pieces.sizes == [229_362, 229_362, 141_276])
    }

    @Test func aStreamedBombStopsAtTheExpectedSizeHavingHandedOnNoMore() throws {
        let bomb = Self.zeroBomb(count: 1_000_000)
        #expect(throws: Inflate.Failure.corrupt("image data is longer than the 300000 bytes the header declares")) {
            _ = try Inflate.zlib(bomb, outputCount: 300_000, into: Pieces())
        }
        #expect(throws: Inflate.Failure.corrupt("image data holds 23 bytes, 24 expected")) {
            _ = try Inflate.zlib(Self.fixedStream, outputCount: 24, into: Pieces())
        }
        #expect(try Inflate.zlib(bomb, outputCount: 1_000_000, into: Pieces()).bytes.count == 1_000_000)
    }

    /// Streamed output, kept with the size of each piece.
    struct Pieces: InflateSink {
        static var streams: Bool { true }
        var bytes: [UInt8] = []
        var sizes: [Int] = []
        mutating func consume(_ piece: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: piece)
            sizes.append(piece.count)
        }
    }

    /// A fixed-Huffman zlib stream of `count` bytes: 32,768 literals (0–142), then length-258
    /// matches at distance 32,768 (and literals for the last few); and the bytes it holds.
    static func farMatches(count: Int) -> ([UInt8], [UInt8]) {
        let window = 32_768
        let expected = (0..<count).map { UInt8(($0 % window * 31 + 7) % 143) }
        var writer = BitWriter()
        writer.write(1, bits: 1)
        writer.write(1, bits: 2)
        var written = 0
        while written < count {
            if written < window || count - written < 3 {
                writer.writeCode(0b0011_0000 + Int(expected[written]), length: 8)
                written += 1
                continue
            }
            let length = min(258, count - written)
            writer.writeLength(length)
            writer.writeCode(29, length: 5)  // distance symbol 29: 24,577 + 13 extra bits
            writer.write(window - 24_577, bits: 13)
            written += length
        }
        writer.writeCode(0, length: 7)  // end of block
        return ([0x78, 0x01] + writer.bytes + PNGTestFile.bigEndian(Int(Adler32.checksum(expected))), expected)
    }

    /// A zlib stream of `count` zero bytes: a fixed block holding literal 0 then length-258
    /// distance-1 matches (and a shorter last one), as deflate's best compression writes it.
    static func zeroBomb(count: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, bits: 1)
        writer.write(1, bits: 2)
        writer.writeCode(0b0011_0000, length: 8)  // literal 0
        var left = count - 1
        while left > 0 {
            let length = left >= 261 ? 258 : min(left, 258)
            if length < 3 {
                writer.writeCode(0b0011_0000, length: 8)
                left -= 1
                continue
            }
            writer.writeLength(length)
            writer.writeCode(0, length: 5)  // distance 1
            left -= length
        }
        writer.writeCode(0, length: 7)  // end of block
        let zeros = [UInt8](repeating: 0, count: count)
        return [0x78, 0x01] + writer.bytes + PNGTestFile.bigEndian(Int(Adler32.checksum(zeros)))
    }

    /// DEFLATE's bit packing: values least significant bit first, Huffman codes most significant.
    struct BitWriter {
        var bytes: [UInt8] = []
        var used = 0

        mutating func write(_ value: Int, bits: Int) {
            for bit in 0..<bits {
                if used % 8 == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> bit) & 1) << UInt8(used % 8)
                used += 1
            }
        }

        mutating func writeCode(_ code: Int, length: Int) {
            for bit in (0..<length).reversed() { write((code >> bit) & 1, bits: 1) }
        }

        /// A match length through the fixed code: 258 is symbol 285 (11000101), 3–10 are
        /// 257–264 (7-bit codes 1–8); others go through symbols 265–284 with extra bits.
        mutating func writeLength(_ length: Int) {
            let index = InflateHuffmanTable.lengthBase.lastIndex(where: { $0 <= length }) ?? 0
            let symbol = 257 + index
            if symbol < 280 {
                writeCode(symbol - 256, length: 7)
            } else {
                writeCode(symbol - 280 + 0b1100_0000, length: 8)
            }
            write(length - InflateHuffmanTable.lengthBase[index], bits: InflateHuffmanTable.lengthExtra[index])
        }
    }
}
