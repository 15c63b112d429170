import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// `--pictures`: items naming picture files become picture cards; bad input gets a card that
/// says what is wrong (docs/DESIGN.md#picture-cards).
@Suite("--pictures: picture items and their failure cards")
struct PictureItemTests {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A new directory holding the bad inputs, removed by `body`'s end.
    func withInputs(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("foldcycle-pictures-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o644], ofItemAtPath: directory.appendingPathComponent("locked.png").path)
            try? FileManager.default.removeItem(at: directory)
        }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("folder.png"), withIntermediateDirectories: false)
        let mkfifo = Process()
        mkfifo.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
        mkfifo.arguments = [directory.appendingPathComponent("pipe.jpg").path]
        try mkfifo.run()
        mkfifo.waitUntilExit()
        try Data("hello\n".utf8).write(to: directory.appendingPathComponent("text.png"))
        try Data("hello\n".utf8).write(to: directory.appendingPathComponent("locked.png"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0], ofItemAtPath: directory.appendingPathComponent("locked.png").path)
        try Data(Self.pngSignature + [0, 0, 0]).write(to: directory.appendingPathComponent("truncated.png"))
        try Data(Self.pngSignature + [0, 0, 0]).write(to: directory.appendingPathComponent("no-extension"))
        try Data("hello\n".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        try Data().write(to: directory.appendingPathComponent("empty.png"))
        try body(directory)
    }

    @Test("each bad input is a card naming what is wrong, with the file's name as its caption")
    func failureCards() throws {
        try withInputs { directory in
            let reading = ItemReading(pictures: .auto)
            func failure(_ name: String) -> String? {
                let item = reading.styledString(directory.appendingPathComponent(name).path)
                #expect(item.plainText == directory.appendingPathComponent(name).path)
                #expect(item.picture?.caption == name)
                return item.picture?.failure
            }
            // What the decoder says of these bytes, whatever it is: the card says it.
            let decoded: String
            do {
                _ = try PictureDecoder.decode(Self.pngSignature + [0, 0, 0])
                decoded = "decoded"
            } catch let error as PictureDecodingError {
                decoded = error.description
            }
            #expect(failure("folder.png") == "is a directory")
            #expect(failure("pipe.jpg") == "is a named pipe (FIFO), not a file")
            #expect(failure("text.png") == "not a PNG or JPEG picture")
            #expect(failure("empty.png") == "is empty (0 bytes)")
            #expect(failure("truncated.png") == decoded)
            #expect(failure("no-extension") == decoded)
            // Run as root, chmod 000 still reads.
            let readable = FileManager.default.isReadableFile(
                atPath: directory.appendingPathComponent("locked.png").path)
            #expect(failure("locked.png") == (readable ? "not a PNG or JPEG picture" : "permission denied"))
        }
    }

    @Test("a mistyped picture path is a card saying the file does not exist; words stay words")
    func missingPictures() throws {
        try withInputs { directory in
            let reading = ItemReading(pictures: .auto)
            let noFile = "no such file or directory"
            for item in [
                directory.appendingPathComponent("missing.png").path, "nonexistent-a.png", "photos/IMG_0001.JPG",
                directory.appendingPathComponent("My Photo.jpeg").path,
                directory.appendingPathComponent("notes.txt/a.png").path,
            ] {
                let read = reading.styledString(item)
                #expect(read.plainText == item)
                #expect(read.picture?.caption == CardPicture.fileName(of: item))
                #expect(read.picture?.failure == (item.hasSuffix("notes.txt/a.png") ? "not a directory" : noFile))
                #expect(reading.namesPicture(item))
            }
            // Words that end in a picture's name, a path without one, and --pictures none stay text.
            for item in [
                "see diagram.png", "see docs/diagram.png", ".png", "a/b", "photos/IMG_0001", "hello",
                directory.appendingPathComponent("missing folder/My Photo.png").path,
            ] {
                #expect(reading.styledString(item) == StyledString(item))
                #expect(!reading.namesPicture(item))
            }
            #expect(ItemReading(pictures: .none).styledString("nonexistent-a.png") == StyledString("nonexistent-a.png"))
        }
    }

    @Test("anything else stays text: other files, a directory without a picture name, words")
    func textStaysText() throws {
        try withInputs { directory in
            let reading = ItemReading(pictures: .auto)
            for item in [directory.appendingPathComponent("notes.txt").path, directory.path, "hello", "a b"] {
                #expect(reading.styledString(item) == StyledString(item))
            }
            let none = ItemReading(pictures: .none)
            let path = directory.appendingPathComponent("folder.png").path
            #expect(none.styledString(path) == StyledString(path))
            #expect(ItemReading(pictures: .cells).styledString(path).picture?.failure == "is a directory")
        }
    }

    @Test("--pictures is taken by render, the deck and the live run; a picture item asks for a 40 × 12 card")
    func options() throws {
        try withInputs { directory in
            let path = directory.appendingPathComponent("folder.png").path
            let render = try renderCommand([path, "x"])
            #expect(render.items == [path, "x"])
            #expect(render.contents[0].picture?.failure == "is a directory")
            #expect(render.cardSize == TerminalSize(columns: 40, rows: 12))
            #expect(try renderCommand(["--pictures", "none", path]).contents[0].picture == nil)
            // The plain format shows the card's text, not colourless half blocks: a failure is text.
            #expect(try renderCommand(["--format", "plain", path]).contents[0].picture != nil)
            #expect(try DeckCommand.parse(["--pictures", "cells", path])?.reading.pictures == .cells)
            // Pictures are decoded for the card: --width × 2·--height half-block pixels.
            let sized = try DeckCommand.parse(["--width", "30", "--height", "5", path])?.reading
            #expect(sized?.pictureFitting.width == 30 && sized?.pictureFitting.height == 10)
            let fitted = try DeckCommand.parse([path])?.reading
            #expect(fitted?.pictureFitting.width == 40 && fitted?.pictureFitting.height == 24)
            guard case .run(let live) = try LiveCommand.parse(["--pictures", "none", path]) else {
                Issue.record("expected a run")
                return
            }
            #expect(live.items == [StyledString(path)])
            #expect(throws: CLIError.self) { try LiveCommand.parse(["--pictures", "sometimes", "a"]) }
            #expect(throws: CLIError.self) { try renderCommand(["--pictures", "kitty", "a"]) }
        }
    }
}
