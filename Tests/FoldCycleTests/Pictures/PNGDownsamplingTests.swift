import Testing

@testable import FoldCycleImageIO

@Suite("PNGDecoder: box downsampling to a fit")
struct PNGDownsamplingTests {
    typealias File = PNGTestFile

    /// A `width` × `height` grey picture whose pixel (x, y) is 10 × (y × width + x) modulo 256, as
    /// stored rows (Adam7 passes when `interlace` is 1).
    static func greyRamp(width: Int, height: Int, interlace: UInt8 = 0) throws -> [UInt8] {
        let value = { (x: Int, y: Int) in UInt8(truncatingIfNeeded: 10 * (y * width + x)) }
        let header = File.header(width: width, height: height, bitDepth: 8, colourType: 0, interlace: interlace)
        guard interlace == 1 else {
            return File.file(header: header, rows: (0..<height).map { y in [0] + (0..<width).map { value($0, y) } })
        }
        var rows: [[UInt8]] = []
        for pass in PNGInterlacePass.passes(for: try PNGHeader(header[...])) {
            for j in 0..<pass.height {
                rows.append([0] + (0..<pass.width).map { value(pass.x + $0 * pass.dx, pass.y + j * pass.dy) })
            }
        }
        return File.file(header: header, rows: rows)
    }

    static func greys(_ image: RGBAImage) -> [UInt8] {
        stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    }

    @Test func boxesOfTwoAverage() throws {
        let image = try PictureDecoder.decode(try Self.greyRamp(width: 4, height: 4), fitting: (width: 2, height: 2))
        #expect(image.width == 2 && image.height == 2)
        // (0 + 10 + 40 + 50) / 4 = 25, (20 + 30 + 60 + 70) / 4 = 45, then + 80 each.
        #expect(Self.greys(image) == [25, 45, 105, 125])
        #expect(image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test func partialEdgeBoxesAverageWhatTheyHold() throws {
        // 5 × 3 fitted to 2 × 1: factor min(5 / 2, 3 / 1) = 2, result 3 × 2.
        let image = try PictureDecoder.decode(try Self.greyRamp(width: 5, height: 3), fitting: (width: 2, height: 1))
        #expect(image.width == 3 && image.height == 2)
        // Row 0: (0,10,50,60)/4 = 30, (20,30,70,80)/4 = 50, (40,90)/2 = 65; row 1: (100,110)/2 = 105,
        // (120,130)/2 = 125, 140.
        #expect(Self.greys(image) == [30, 50, 65, 105, 125, 140])
    }

    @Test func interlacedDownsamplesTheSame() throws {
        let fit = (width: 3, height: 2)
        let plain = try PictureDecoder.decode(try Self.greyRamp(width: 7, height: 5), fitting: fit)
        let interlaced = try PictureDecoder.decode(try Self.greyRamp(width: 7, height: 5, interlace: 1), fitting: fit)
        #expect(plain.width == 4 && plain.height == 3)
        #expect(interlaced == plain)
    }

    @Test func colourIsWeightedByAlpha() throws {
        let file = File.file(
            header: File.header(width: 2, height: 2, bitDepth: 8, colourType: 6),
            rows: [[0, 255, 0, 0, 255, 0, 0, 255, 0], [0, 255, 0, 0, 255, 0, 0, 255, 0]])
        let image = try PictureDecoder.decode(file, fitting: (width: 1, height: 1))
        #expect(image.pixels == [255, 0, 0, 128])
    }

    @Test func aFitAsLargeAsThePictureKeepsItsSize() throws {
        let file = try Self.greyRamp(width: 4, height: 4)
        let full = try PictureDecoder.decode(file)
        #expect(try PictureDecoder.decode(file, fitting: (width: 3, height: 1)) == full)
        #expect(try PictureDecoder.decode(file, fitting: (width: 100, height: 100)) == full)
    }
}
