import Testing

@testable import FoldCycleImageIO

@Suite("PNGDecoder: PNG files to RGBA")
struct PNGDecoderTests {
    typealias File = PNGTestFile

    /// The pixels of `bytes` decoded, as RGBA quadruples.
    static func pixels(_ bytes: [UInt8]) throws -> [[UInt8]] {
        let image = try PictureDecoder.decode(bytes)
        return stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 4]) }
    }

    /// A 2×2 RGB picture, rows unfiltered.
    static let rgb = File.file(
        header: File.header(width: 2, height: 2, bitDepth: 8, colourType: 2),
        rows: [[0, 255, 0, 0, 0, 255, 0], [0, 0, 0, 255, 10, 20, 30]])

    @Test func rgbEightBit() throws {
        let image = try PictureDecoder.decode(Self.rgb)
        #expect(image.width == 2 && image.height == 2)
        #expect(
            try Self.pixels(Self.rgb) == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [10, 20, 30, 255]])
    }

    @Test func everyFilterType() throws {
        // Grey, 2 × 5: None, Sub, Up, Average, Paeth.
        let file = File.file(
            header: File.header(width: 2, height: 5, bitDepth: 8, colourType: 0),
            rows: [[0, 10, 20], [1, 10, 5], [2, 1, 1], [3, 4, 4], [4, 1, 2]])
        // Sub: 10, 15. Up: 11, 16. Average: 4 + 11/2 = 9, 4 + (9 + 16)/2 = 16.
        // Paeth: 1 + paeth(0, 9, 0) = 10; 2 + paeth(10, 16, 9) = 2 + 16 = 18.
        let grey = try Self.pixels(file).map(\.[0])
        #expect(grey == [10, 20, 10, 15, 11, 16, 9, 16, 10, 18])
    }

    @Test func paletteTwoBitWithTransparency() throws {
        let palette = File.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255])
        let transparency = File.chunk("tRNS", [0, 128])
        // Indices 0, 1, 2, 1 in one byte: 00 01 10 01.
        let file = File.file(
            header: File.header(width: 4, height: 1, bitDepth: 2, colourType: 3), before: palette + transparency,
            rows: [[0, 0b0001_1001]])
        #expect(try Self.pixels(file) == [[255, 0, 0, 0], [0, 255, 0, 128], [0, 0, 255, 255], [0, 255, 0, 128]])
    }

    @Test func greyLowDepthsScaleTo255() throws {
        let oneBit = File.file(
            header: File.header(width: 3, height: 1, bitDepth: 1, colourType: 0), rows: [[0, 0b1010_0000]])
        #expect(try Self.pixels(oneBit).map(\.[0]) == [255, 0, 255])
        let twoBit = File.file(
            header: File.header(width: 4, height: 1, bitDepth: 2, colourType: 0),
            before: File.chunk("tRNS", [0, 2]), rows: [[0, 0b0001_1011]])
        #expect(
            try Self.pixels(twoBit) == [
                [0, 0, 0, 255], [85, 85, 85, 255], [170, 170, 170, 0], [255, 255, 255, 255],
            ])
        let fourBit = File.file(
            header: File.header(width: 2, height: 1, bitDepth: 4, colourType: 0), rows: [[0, 0x3F]])
        #expect(try Self.pixels(fourBit).map(\.[0]) == [51, 255])
    }

    @Test func sixteenBitKeepsTheHighByteAndKeysOnAllSixteen() throws {
        let grey = File.file(
            header: File.header(width: 2, height: 1, bitDepth: 16, colourType: 0),
            before: File.chunk("tRNS", [0x12, 0x34]),
            rows: [[0, 0x12, 0x34, 0x12, 0x35]])
        #expect(try Self.pixels(grey) == [[0x12, 0x12, 0x12, 0], [0x12, 0x12, 0x12, 255]])
        let rgb = File.file(
            header: File.header(width: 2, height: 1, bitDepth: 16, colourType: 2),
            before: File.chunk("tRNS", [0, 1, 0, 2, 0, 3]),
            rows: [[0, 0, 1, 0, 2, 0, 3, 0xAB, 0xFF, 0xCD, 0x00, 0xEF, 0x80]])
        #expect(try Self.pixels(rgb) == [[0, 0, 0, 0], [0xAB, 0xCD, 0xEF, 255]])
        let rgba = File.file(
            header: File.header(width: 1, height: 1, bitDepth: 16, colourType: 6),
            rows: [[0, 0x01, 0xFF, 0x02, 0xFF, 0x03, 0xFF, 0x80, 0x7F]])
        #expect(try Self.pixels(rgba) == [[1, 2, 3, 0x80]])
        let greyAlpha = File.file(
            header: File.header(width: 1, height: 1, bitDepth: 16, colourType: 4), rows: [[0, 0x40, 0x99, 0xC0, 0x01]])
        #expect(try Self.pixels(greyAlpha) == [[0x40, 0x40, 0x40, 0xC0]])
    }

    @Test func rgbEightBitTransparencyKey() throws {
        let file = File.file(
            header: File.header(width: 2, height: 1, bitDepth: 8, colourType: 2),
            before: File.chunk("tRNS", [0, 7, 0, 8, 0, 9]), rows: [[0, 7, 8, 9, 7, 8, 10]])
        #expect(try Self.pixels(file) == [[7, 8, 9, 0], [7, 8, 10, 255]])
    }

    @Test func adam7PutsEachPassWhereItBelongs() throws {
        // 3 × 3 grey, pixel value = 10 × row + column. Passes holding pixels: 1 (0,0),
        // 4 (2,0), 5 (0,2) (2,2), 6 (1,0) (1,2), 7 row 1: (0,1) (1,1) (2,1).
        let rows: [[UInt8]] = [[0, 0], [0, 2], [0, 20, 22], [0, 1], [0, 21], [0, 10, 11, 12]]
        let file = File.file(
            header: File.header(width: 3, height: 3, bitDepth: 8, colourType: 0, interlace: 1), rows: rows)
        #expect(try Self.pixels(file).map(\.[0]) == [0, 1, 2, 10, 11, 12, 20, 21, 22])
    }

    @Test func ancillaryChunksAreSkippedAndImageDataMaySplit() throws {
        let stream = File.zlibStored([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 10, 20, 30])
        let file =
            PictureFormat.png.magic + File.chunk("IHDR", File.header(width: 2, height: 2, bitDepth: 8, colourType: 2))
            + File.chunk("gAMA", [0, 0, 0xB1, 0x8F]) + File.chunk("tEXt", Array("Comment\u{0}hi".utf8))
            + File.chunk("IDAT", Array(stream[..<9])) + File.chunk("IDAT", Array(stream[9...]))
            + File.chunk("IEND", [])
        let plain = try PictureDecoder.decode(Self.rgb)
        #expect(try PictureDecoder.decode(file) == plain)
    }

    // MARK: Errors

    static func error(_ bytes: [UInt8]) -> PictureDecodingError? {
        do {
            _ = try PictureDecoder.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func aBadSignatureIsNotAPicture() {
        var bytes = Self.rgb
        bytes[1] = 0x51
        #expect(Self.error(bytes) == .notAPicture)
    }

    @Test func aBadCRCNamesTheChunk() {
        var bytes = Self.rgb
        bytes[8 + 8 + 13] ^= 0xFF  // IHDR's CRC
        #expect(Self.error(bytes) == .corrupt(.png, reason: "bad CRC in IHDR chunk"))
        var data = Self.rgb
        data[8 + 25 + 8] ^= 0x01  // the first IDAT data byte
        #expect(Self.error(data) == .corrupt(.png, reason: "bad CRC in IDAT chunk"))
    }

    @Test func everyTruncationInEveryChunkIsTruncated() {
        let palette = File.file(
            header: File.header(width: 4, height: 1, bitDepth: 2, colourType: 3),
            before: File.chunk("PLTE", [1, 2, 3, 4, 5, 6]) + File.chunk("tRNS", [9]), rows: [[0, 0b0001_0001]])
        for file in [Self.rgb, palette] {
            for length in 8..<file.count {
                #expect(Self.error(Array(file[..<length])) == .truncated(.png), "cut at \(length) of \(file.count)")
            }
        }
    }

    @Test func invalidHeaderValues() {
        let cases: [([UInt8], String)] = [
            (File.header(width: 0, height: 1, bitDepth: 8, colourType: 0), "IHDR size 0×1 (each must be 1 to 2^31−1)"),
            (
                File.header(width: 1, height: 1, bitDepth: 3, colourType: 0),
                "IHDR bit depth 3 with colour type 0 (allowed: 1, 2, 4, 8, 16)"
            ),
            (
                File.header(width: 1, height: 1, bitDepth: 4, colourType: 2),
                "IHDR bit depth 4 with colour type 2 (allowed: 8, 16)"
            ),
            (
                File.header(width: 1, height: 1, bitDepth: 16, colourType: 3),
                "IHDR bit depth 16 with colour type 3 (allowed: 1, 2, 4, 8)"
            ),
            (
                File.header(width: 1, height: 1, bitDepth: 8, colourType: 5),
                "IHDR colour type 5 (allowed: 0, 2, 3, 4, 6)"
            ),
            (
                File.header(width: 1, height: 1, bitDepth: 8, colourType: 0, compression: 1),
                "IHDR compression 1 or filter method 0 (only 0)"
            ),
            (
                File.header(width: 1, height: 1, bitDepth: 8, colourType: 0, filter: 1),
                "IHDR compression 0 or filter method 1 (only 0)"
            ),
            (
                File.header(width: 1, height: 1, bitDepth: 8, colourType: 0, interlace: 2),
                "IHDR interlace method 2 (0 or 1)"
            ),
            (
                Array(File.header(width: 1, height: 1, bitDepth: 8, colourType: 0).dropLast()),
                "IHDR chunk is 12 bytes, not 13"
            ),
        ]
        for (header, reason) in cases {
            #expect(Self.error(File.file(header: header, rows: [[0, 0]])) == .corrupt(.png, reason: reason))
        }
    }

    @Test func aHugeDeclaredSizeIsRefusedBeforeAnyAllocation() {
        // 100,000 × 100,000 RGBA would be 40 GB; the refusal comes from IHDR alone (the image
        // data here is one byte).
        let file = File.file(
            header: File.header(width: 100_000, height: 100_000, bitDepth: 8, colourType: 6), rows: [[0]])
        #expect(Self.error(file) == .tooLarge(.png, width: 100_000, height: 100_000))
        let wide = File.file(
            header: File.header(width: 0x7FFF_FFFF, height: 1, bitDepth: 1, colourType: 0), rows: [[0]])
        #expect(Self.error(wide) == .tooLarge(.png, width: 0x7FFF_FFFF, height: 1))
    }

    @Test func aZlibBombStopsAtTheImageSize() {
        // 1×1 grey needs 2 bytes (filter type, sample); the stream inflates to 1,000,000.
        let file = File.file(
            header: File.header(width: 1, height: 1, bitDepth: 8, colourType: 0),
            imageData: InflateTests.zeroBomb(count: 1_000_000))
        #expect(
            Self.error(file)
                == .corrupt(.png, reason: "IDAT: image data is longer than the 2 bytes the header declares"))
    }

    @Test func structuralErrors() {
        let header = File.chunk("IHDR", File.header(width: 1, height: 1, bitDepth: 8, colourType: 0))
        let noData = PictureFormat.png.magic + header + File.chunk("IEND", [])
        #expect(Self.error(noData) == .corrupt(.png, reason: "no IDAT chunk"))
        let noPalette = File.file(header: File.header(width: 1, height: 1, bitDepth: 8, colourType: 3), rows: [[0, 0]])
        #expect(Self.error(noPalette) == .corrupt(.png, reason: "no PLTE chunk"))
        let outOfRange = File.file(
            header: File.header(width: 2, height: 1, bitDepth: 8, colourType: 3),
            before: File.chunk("PLTE", [1, 2, 3]),
            rows: [[0, 0, 1]])
        #expect(Self.error(outOfRange) == .corrupt(.png, reason: "palette index 1 past the PLTE's last entry"))
        let badFilter = File.file(header: File.header(width: 1, height: 1, bitDepth: 8, colourType: 0), rows: [[5, 0]])
        #expect(Self.error(badFilter) == .corrupt(.png, reason: "IDAT: filter type 5 (allowed: 0 to 4)"))
        let critical = File.file(
            header: File.header(width: 1, height: 1, bitDepth: 8, colourType: 0), before: File.chunk("ABCD", []),
            rows: [[0, 0]])
        #expect(Self.error(critical) == .unsupported(.png, feature: "critical chunk ABCD"))
        let notFirst = PictureFormat.png.magic + File.chunk("gAMA", [0, 0, 0, 1]) + header
        #expect(Self.error(notFirst) == .corrupt(.png, reason: "the first chunk is gAMA, not IHDR"))
        let short = File.file(header: File.header(width: 2, height: 1, bitDepth: 8, colourType: 0), rows: [[0, 0]])
        #expect(Self.error(short) == .corrupt(.png, reason: "IDAT: image data holds 2 bytes, 3 expected"))
    }
}
