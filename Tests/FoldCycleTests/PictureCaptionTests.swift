import Testing

@testable import FoldCycle

/// A picture card's caption: the file's name and the size the file declares, same-named files
/// told apart by their paths, cut from the left so the name stays
/// (docs/decisions/0196-picture-cards-sized-to-the-terminal.md).
@Suite struct PictureCaptionTests {
    /// A PNG signature and an IHDR declaring `width` × `height` (no pixels: the size is read
    /// from the header alone).
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return signature + [0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// SOI, an APP1 Exif segment whose Orientation is `orientation` (when given), a SOF0 of
    /// `width` × `height`, one component.
    static func jpegHeader(width: Int, height: Int, orientation: UInt8? = nil, marker: UInt8 = 0xC0) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let orientation {
            // "Exif\0\0", big-endian TIFF header, IFD0 at 8 with one entry: 0x0112, SHORT, 1.
            let tiff: [UInt8] = [
                0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0,
            ]
            let payload = Array("Exif".utf8) + [0, 0] + tiff + [0, 0, 0, 0]
            bytes += [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        bytes += [0xFF, marker, 0, 11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8)]
        bytes += [UInt8(width & 0xFF), 1, 1, 0x11, 0]
        return bytes + [0xFF, 0xD9]
    }

    @Test func theSourceSizeIsReadFromTheHeader() throws {
        let png = try #require(PictureDecoder.sourceSize(of: Self.pngHeader(width: 4000, height: 3000)))
        #expect(png == (4000, 3000))
        let jpeg = try #require(PictureDecoder.sourceSize(of: Self.jpegHeader(width: 6000, height: 4000)))
        #expect(jpeg == (6000, 4000))
        // Progressive (SOF2) too; orientation 6 (turned a quarter) swaps the sides, 3 does not.
        let progressive = try #require(
            PictureDecoder.sourceSize(of: Self.jpegHeader(width: 640, height: 480, marker: 0xC2)))
        #expect(progressive == (640, 480))
        let turned = try #require(
            PictureDecoder.sourceSize(of: Self.jpegHeader(width: 6000, height: 4000, orientation: 6)))
        #expect(turned == (4000, 6000))
        let upsideDown = try #require(
            PictureDecoder.sourceSize(of: Self.jpegHeader(width: 6000, height: 4000, orientation: 3)))
        #expect(upsideDown == (6000, 4000))
    }

    @Test func noSizeIsFoundInBytesThatDeclareNone() {
        #expect(PictureDecoder.sourceSize(of: Array("hello".utf8)) == nil)
        #expect(PictureDecoder.sourceSize(of: Array(Self.pngHeader(width: 4, height: 3).prefix(20))) == nil)
        #expect(PictureDecoder.sourceSize(of: Self.pngHeader(width: 0, height: 3)) == nil)
        // A DHT (0xC4) is no frame header; the bytes end before one.
        #expect(PictureDecoder.sourceSize(of: Array(Self.jpegHeader(width: 8, height: 8, marker: 0xC4))) == nil)
        #expect(PictureDecoder.sourceSize(of: Array(Self.jpegHeader(width: 8, height: 8).prefix(6))) == nil)
    }

    @Test(
        "same-named files are told apart by the fewest path components; others keep their name",
        arguments: [
            (
                ["dup1/IMG_0001.png", "dup2/IMG_0001.png", "x/a.png"],
                ["dup1/IMG_0001.png", "dup2/IMG_0001.png", "a.png"]
            ),
            (["a/b/c.png", "d/b/c.png", "e/c.png"], ["a/b/c.png", "d/b/c.png", "e/c.png"]),
            (["/p/x/c.png", "/q/x/c.png"], ["/p/x/c.png", "/q/x/c.png"]),
            (["/r/p/x/c.png", "/q/x/c.png"], ["p/x/c.png", "/q/x/c.png"]),
            (["./a.png", "a.png"], ["./a.png", "a.png"]),
            (["s/a.png", "s/a.png"], ["a.png", "a.png"]),
            (["/a.png", "a.png"], ["/a.png", "a.png"]),
        ])
    func labels(paths: [String], expected: [String]) {
        #expect(PictureCaptions.labels(for: paths) == expected)
    }

    @Test func disambiguatedKeepsTheSizeNoteAndLeavesTextAlone() {
        func picture(_ path: String, note: String) -> StyledString {
            var picture = CardPicture(failure: "", caption: CardPicture.fileName(of: path), path: path)
            picture.sizeNote = note
            picture.caption = CardPicture.caption(label: picture.caption, sizeNote: note)
            return StyledString(picture: picture)
        }
        let items = [
            picture("dup1/IMG_0001.png", note: "4000×3000"), StyledString("dup1/IMG_0001.png"),
            picture("dup2/IMG_0001.png", note: "640×480"),
        ]
        let captions = PictureCaptions.disambiguated(items).map { $0.picture?.caption }
        #expect(captions == ["dup1/IMG_0001.png · 4000×3000", nil, "dup2/IMG_0001.png · 640×480"])
        #expect(PictureCaptions.disambiguated(items).map(\.plainText) == items.map(\.plainText))
    }

    @Test(
        "a caption too wide is cut from the left, the name and then the size kept",
        arguments: [
            (30, "dup1/IMG_0001.png · 4000×3000"),
            (26, "…/IMG_0001.png · 4000×3000"),
            (24, "IMG_0001.png · 4000×3000"),
            (23, "dup1/IMG_0001.png"),
            (12, "IMG_0001.png"),
            (8, "…001.png"),
        ])
    func captionLine(width: Int, expected: String) {
        var picture = CardPicture(failure: "", caption: "", path: "dup1/IMG_0001.png")
        picture.sizeNote = "4000×3000"
        picture.caption = CardPicture.caption(label: "dup1/IMG_0001.png", sizeNote: picture.sizeNote)
        #expect(PictureCardLayout.captionLine(picture, width: width) == expected)
    }
}
