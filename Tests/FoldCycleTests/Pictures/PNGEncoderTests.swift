import Testing

@testable import FoldCycleImageIO

@Suite("PNG encoder: DEFLATE and PNG through our own decoder")
struct PNGEncoderTests {
    /// Bytes of a kind: empty, one byte, a run, text with repeats, a noisy ramp, a long random
    /// run (past one block's symbols), each a case a compressor can get wrong.
    static func samples() -> [(name: String, bytes: [UInt8])] {
        var random = SplitMix(seed: 30)
        let noise = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let ramp = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 / 7 + Int(random.next() % 3)) }
        return [
            ("empty", []),
            ("one byte", [42]),
            ("a run", [UInt8](repeating: 7, count: 100_000)),
            ("text", Array(String(repeating: "fold, cube, flip and push; ", count: 400).utf8)),
            ("a noisy ramp", ramp),
            ("noise", noise),
        ]
    }

    @Test func deflateRoundTripsThroughInflate() throws {
        for (name, bytes) in Self.samples() {
            let stream = Deflate.zlib(bytes)
            #expect(try Inflate.zlib(stream, outputCount: bytes.count) == bytes, "\(name)")
        }
    }

    @Test func deflateCompressesRepeatsAndStoresNoise() {
        let sizes = Self.samples().map { Deflate.zlib($0.bytes).count }
        // Empty and one byte: the header (2), one stored block (5 and the byte), Adler-32 (4).
        #expect(sizes[0] == 11 && sizes[1] == 12)
        #expect(sizes[2] < 300)  // 100,000 equal bytes: 388 matches of 258.
        #expect(sizes[3] < 200)  // 10,800 bytes of one 27-byte phrase.
        // Noise does not compress: it is stored, 5 bytes a block of at most 65,535 plus zlib's 6
        // (its blocks end where a block's symbols do: at most two stored blocks each of 4).
        #expect(sizes[5] > 200_000 && sizes[5] <= 200_000 + 8 * 5 + 6)
    }

    @Test func huffmanLengthsAreLimitedAndComplete() {
        // Fibonacci counts make the deepest unlimited Huffman tree: 30 symbols, 29 levels.
        var counts = [1, 1]
        while counts.count < 30 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
        #expect(Deflate.codeLengths(counts, limit: 64).max() == 29)
        for limit in [7, 15] {
            let lengths = Deflate.codeLengths(counts, limit: limit)
            #expect((lengths.max() ?? 0) <= limit)
            // Complete: the Kraft sum is exactly 1.
            let kraft = lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 << (limit - $1) }
            #expect(kraft == 1 << limit, "limit \(limit)")
        }
        #expect(Deflate.codeLengths([0, 0, 5, 0], limit: 15) == [1, 0, 1, 0])
        #expect(Deflate.codeLengths([0, 0, 0], limit: 15) == [1, 1, 0])
    }

    @Test func pngRoundTripsEveryShapeThroughTheDecoder() throws {
        var random = SplitMix(seed: 7)
        for (width, height) in [(1, 1), (3, 2), (17, 5), (64, 48), (301, 7)] {
            for channels in [3, 4] {
                // Smooth gradients with noise: every filter wins some rows.
                var pixels = [UInt8](repeating: 0, count: width * height * channels)
                for index in pixels.indices {
                    let pixel = index / channels
                    let (x, y) = (pixel % width, pixel / width)
                    let base: Int = (x * 5 + y * 3 + index % channels * 40) & 0xFF
                    let jitter = Int(random.next() % 4)
                    pixels[index] = UInt8(truncatingIfNeeded: base + jitter)
                }
                let png = try #require(
                    PNGEncoder.encode(pixels: pixels, width: width, height: height, channels: channels))
                let image = try PictureDecoder.decode(png)
                #expect(image.width == width && image.height == height)
                var expected = pixels
                if channels == 3 {
                    expected = []
                    for pixel in 0..<width * height {
                        expected += pixels[3 * pixel..<3 * pixel + 3]
                        expected.append(255)
                    }
                }
                #expect(image.pixels == expected, "\(width)x\(height)x\(channels)")
            }
        }
    }

    @Test func anOpaqueImageIsWrittenAsRGB() throws {
        let opaque = try #require(RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 255]))
        let seeThrough = try #require(RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 128]))
        // IHDR's colour type is the file's 26th byte.
        #expect(PNGEncoder.encode(opaque)[25] == 2)
        #expect(PNGEncoder.encode(seeThrough)[25] == 6)
        #expect(try PictureDecoder.decode(PNGEncoder.encode(seeThrough)) == seeThrough)
    }

    @Test func badShapesAreRefused() {
        #expect(PNGEncoder.encode(pixels: [], width: 0, height: 1, channels: 3) == nil)
        #expect(PNGEncoder.encode(pixels: [0, 0, 0], width: 1, height: 1, channels: 2) == nil)
        #expect(PNGEncoder.encode(pixels: [0, 0, 0], width: 1, height: 1, channels: 4) == nil)
        #expect(PNGEncoder.encode(pixels: [0, 0, 0], width: Int.max, height: 2, channels: 3) == nil)
    }

    @Test func theSamePixelsGiveTheSameBytes() throws {
        let pixels = (0..<30_000).map { UInt8(truncatingIfNeeded: $0 * 31 / 7) }
        let first = try #require(PNGEncoder.encode(pixels: pixels, width: 100, height: 100, channels: 3))
        #expect(PNGEncoder.encode(pixels: pixels, width: 100, height: 100, channels: 3) == first)
    }
}

/// A small deterministic generator for the tests' bytes (SplitMix64).
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
