import FoldCycle
import Testing

/// The JPEG decoder on hand-built files (JPEGTestFile): flat blocks decode to exact values at
/// every DCT scale, the colour conversion and orientation are exact, and every malformed input
/// throws its own error. Tests/e2e/test_jpeg_decoder.py compares photos with Pillow.
@Suite struct JPEGDecoderTests {
    /// The picture's pixels as (R, G, B, A) tuples flattened to rows of gray levels when R = G = B.
    static func grays(_ image: RGBAImage) -> [[Int]] {
        (0..<image.height).map { y in (0..<image.width).map { x in Int(image.pixel(x: x, y: y).red) } }
    }

    @Test func aFlatGrayBlockDecodesToItsValueEverywhere() throws {
        let image = try PictureDecoder.decode(JPEGTestFile(blocks: [200]).bytes)
        #expect(image.width == 8 && image.height == 8)
        #expect(image.pixels == Array(repeating: [200, 200, 200, 255], count: 64).flatMap { $0 })
    }

    @Test(arguments: [(1, 1, 8), (8, 8, 8), (9, 1, 16), (16, 16, 16), (17, 3, 32), (33, 1, 64), (100, 100, 64)])
    func aFitChoosesTheSmallestScaleStillCoveringIt(fitWidth: Int, fitHeight: Int, side: Int) throws {
        let file = JPEGTestFile(width: 64, height: 64, blocks: Array(repeating: 90, count: 64))
        let image = try PictureDecoder.decode(file.bytes, fitting: (fitWidth, fitHeight))
        #expect(image.width == side && image.height == side)
        #expect(Set(image.pixels) == [90, 255])
    }

    @Test func dcOnlyScaledOutputIsEachBlocksValue() throws {
        let values = [16, 60, 128, 250]
        let file = JPEGTestFile(width: 16, height: 16, blocks: values)
        #expect(Self.grays(try PictureDecoder.decode(file.bytes, fitting: (1, 1))) == [[16, 60], [128, 250]])
        let half = Self.grays(try PictureDecoder.decode(file.bytes, fitting: (8, 8)))
        #expect(half.count == 8 && half[0] == [16, 16, 16, 16, 60, 60, 60, 60] && half[7][7] == 250)
    }

    @Test func yCbCrConvertsWithJFIFsFixedPointEquations() throws {
        // Y 128, Cb 128, Cr 200: R = 128 + 1.402·72 → 229, G = 128 − 0.71414·72 → 77, B = 128.
        let file = JPEGTestFile(components: [(1, 1, 1), (2, 1, 1), (3, 1, 1)], blocks: [128, 128, 200])
        let image = try PictureDecoder.decode(file.bytes)
        #expect(image.pixel(x: 3, y: 5) == (229, 77, 128, 255))
        #expect(Set(stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }) == [229])
    }

    @Test func subsampledChromaCoversItsLumaBlocks() throws {
        // 4:2:0: four Y blocks, then one Cb and one Cr for the 16×16 MCU.
        let file = JPEGTestFile(
            components: [(1, 2, 2), (2, 1, 1), (3, 1, 1)], width: 16, height: 16,
            blocks: [128, 128, 128, 128, 128, 200])
        let image = try PictureDecoder.decode(file.bytes)
        #expect(image.width == 16 && image.height == 16)
        #expect(image.pixel(x: 0, y: 0) == (229, 77, 128, 255) && image.pixel(x: 15, y: 15) == (229, 77, 128, 255))
    }

    @Test func restartIntervalsResetThePrediction() throws {
        let file = JPEGTestFile(width: 32, height: 8, blocks: [40, 80, 120, 160], restartInterval: 1)
        #expect(Self.grays(try PictureDecoder.decode(file.bytes, fitting: (1, 1))) == [[40, 80, 120, 160]])
    }

    /// A 16×16 picture of four flat quadrants (1 2 / 3 4 as stored) shown in each orientation.
    @Test(arguments: [
        (1, [[10, 20], [30, 40]]), (2, [[20, 10], [40, 30]]), (3, [[40, 30], [20, 10]]),
        (4, [[30, 40], [10, 20]]), (5, [[10, 30], [20, 40]]), (6, [[30, 10], [40, 20]]),
        (7, [[40, 20], [30, 10]]), (8, [[20, 40], [10, 30]]),
    ])
    func exifOrientationTurnsThePicture(orientation: Int, shown: [[Int]]) throws {
        let levels = [10, 20, 30, 40].map { 128 + $0 }
        let file = JPEGTestFile(width: 16, height: 8 * 2, orientation: orientation, blocks: levels)
        let corners = Self.grays(try PictureDecoder.decode(file.bytes, fitting: (1, 1)))
        #expect(corners == shown.map { $0.map { 128 + $0 } })
        let full = try PictureDecoder.decode(file.bytes)
        #expect(Int(full.pixel(x: 15, y: 0).red) == 128 + shown[0][1])
    }

    @Test func aQuarterTurnSwapsTheFitsAxes() throws {
        // 64 × 16 stored, shown 16 × 64 (orientation 6): a 16 × 64 fit needs full size, 2 × 8 an eighth.
        let file = JPEGTestFile(width: 64, height: 16, orientation: 6, blocks: Array(repeating: 128, count: 16))
        let full = try PictureDecoder.decode(file.bytes, fitting: (16, 64))
        #expect(full.width == 16 && full.height == 64)
        let eighth = try PictureDecoder.decode(file.bytes, fitting: (2, 8))
        #expect(eighth.width == 2 && eighth.height == 8)
    }

    // MARK: - Errors

    static let valid = JPEGTestFile(width: 32, height: 8, blocks: [40, 80, 120, 160]).bytes

    /// `valid` with the bytes at `range` replaced.
    static func edited(_ range: Range<Int>, _ bytes: [UInt8], in file: [UInt8] = valid) -> [UInt8] {
        var copy = file
        copy.replaceSubrange(range, with: bytes)
        return copy
    }

    /// The offset of the first marker `code` in `file`.
    static func marker(_ code: UInt8, in file: [UInt8] = valid) -> Int {
        (0..<(file.count - 1)).first { file[$0] == 0xFF && file[$0 + 1] == code } ?? 0
    }

    static let errorCases: [(String, [UInt8], PictureDecodingError)] = {
        let sof = marker(0xC0)
        let sos = marker(0xDA)
        let scanData = sos + 10
        return [
            ("only SOI", [0xFF, 0xD8, 0xFF], .truncated(.jpeg)),
            ("cut inside the scan", Array(valid[..<(scanData + 2)]), .truncated(.jpeg)),
            ("cut before EOI", Array(valid.dropLast(2)), .truncated(.jpeg)),
            ("a segment past the end", Array(valid[..<(sof + 6)]), .truncated(.jpeg)),
            (
                "12-bit", JPEGTestFile(precision: 12).bytes,
                .unsupported(.jpeg, feature: "12-bit samples (8-bit JPEG is decoded)")
            ),
            ("lossless", JPEGTestFile(frameMarker: 0xC3).bytes, .unsupported(.jpeg, feature: "lossless JPEG (SOF3)")),
            (
                "arithmetic", JPEGTestFile(frameMarker: 0xC9).bytes,
                .unsupported(.jpeg, feature: "arithmetic coding (SOF9–SOF15)")
            ),
            (
                "hierarchical", JPEGTestFile(frameMarker: 0xC5).bytes,
                .unsupported(.jpeg, feature: "hierarchical JPEG (SOF5–SOF7)")
            ),
            (
                "CMYK", JPEGTestFile(components: [(1, 1, 1), (2, 1, 1), (3, 1, 1), (4, 1, 1)]).bytes,
                .unsupported(.jpeg, feature: "CMYK (four components)")
            ),
            (
                "two components", JPEGTestFile(components: [(1, 1, 1), (2, 1, 1)]).bytes,
                .unsupported(.jpeg, feature: "2 colour components (1 or 3 are decoded)")
            ),
            (
                "65535 × 65535", JPEGTestFile(width: 65535, height: 65535).bytes,
                .tooLarge(.jpeg, width: 65535, height: 65535)
            ),
            ("width 0", JPEGTestFile(width: 0).bytes, .corrupt(.jpeg, reason: "a frame of width 0")),
            ("height 0", JPEGTestFile(height: 0).bytes, .unsupported(.jpeg, feature: "a height given by a DNL marker")),
            (
                "fractional sampling", JPEGTestFile(components: [(1, 3, 1), (2, 2, 1), (3, 1, 1)]).bytes,
                .unsupported(.jpeg, feature: "sampling factors 2×1 of 3×1")
            ),
            (
                "sampling factor 5", JPEGTestFile(components: [(1, 5, 1)]).bytes,
                .corrupt(.jpeg, reason: "a component with sampling factors or a table outside T.81's range")
            ),
            (
                "SOS before SOF", edited(sof..<(sof + 2), [0xFF, 0xFE]),
                .corrupt(.jpeg, reason: "a scan (SOS) before the frame header (SOF)")
            ),
            (
                "a scan naming no frame component", edited((sos + 5)..<(sos + 6), [9]),
                .corrupt(.jpeg, reason: "a scan names a component twice or one the frame lacks")
            ),
            (
                "an undefined Huffman table", edited((sos + 6)..<(sos + 7), [0x11]),
                .corrupt(.jpeg, reason: "a scan uses a Huffman table (DHT) not yet defined")
            ),
            (
                "no Huffman code", edited(scanData..<(scanData + 1), [0xFF, 0x00, 0xFF, 0x00]),
                .corrupt(.jpeg, reason: "a bit string that is no Huffman code")
            ),
            (
                "a marker inside the scan", edited(scanData..<(scanData + 2), [0xFF, 0xFE]),
                .corrupt(.jpeg, reason: "a scan ends before its last block")
            ),
            (
                "a missing restart marker",
                edited(marker(0xD0, in: restartFile)..<(marker(0xD0, in: restartFile) + 2), [], in: restartFile),
                .corrupt(.jpeg, reason: "a restart marker is missing or out of order")
            ),
            (
                "a segment length of 1", edited((sof + 2)..<(sof + 4), [0, 1]),
                .corrupt(.jpeg, reason: "a segment length under 2")
            ),
            (
                "two frames", edited(sos..<sos, Array(valid[sof..<sos])),
                .corrupt(.jpeg, reason: "a second frame header (SOF)")
            ),
            (
                "EOI before any frame", [0xFF, 0xD8, 0xFF, 0xD9],
                .corrupt(.jpeg, reason: "no frame header (SOF) before EOI")
            ),
            (
                "EOI before any scan", edited(sos..<(valid.count - 2), []),
                .corrupt(.jpeg, reason: "a component that no scan carries")
            ),
        ]
    }()

    static let restartFile = JPEGTestFile(width: 32, height: 8, blocks: [40, 80, 120, 160], restartInterval: 1).bytes

    @Test(arguments: errorCases.map(\.0))
    func malformedInputThrowsItsError(name: String) {
        let (_, bytes, expected) = Self.errorCases.first { $0.0 == name }!
        #expect(throws: expected) { try PictureDecoder.decode(bytes) }
        #expect(throws: expected) { try PictureDecoder.decode(bytes, fitting: (1, 1)) }
    }
}
