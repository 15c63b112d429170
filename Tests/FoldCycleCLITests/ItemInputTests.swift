import Foundation
import Testing

@testable import FoldCycleCLI

@Suite("Items from file text")
struct ItemInputTests {
    @Test(
        "blank lines separate items; an item keeps its inner line breaks",
        arguments: [
            ("A\n\nB", ["A", "B"]),
            ("A\nB", ["A\nB"]),
            ("first\nstill first\n\n\nsecond\n   \nthird", ["first\nstill first", "second", "third"]),
            ("\n\nA\n\n", ["A"]),
            ("  A\n\tB", ["  A\n\tB"]),
            ("a\r\nb\r\n\r\nc\r\n", ["a\nb", "c"]),
            ("a\n\r\nb", ["a", "b"]),
            ("a\n \t \nb", ["a", "b"]),
            ("\u{FEFF}A\n\nB", ["A", "B"]),
            ("\u{FEFF}\n\nA", ["A"]),
            ("A\u{FEFF}", ["A\u{FEFF}"]),
            ("折叠\n\n🎴", ["折叠", "🎴"]),
            ("", []),
            ("\n \n\t\n", []),
            ("\u{FEFF}", []),
        ])
    func split(_ text: String, _ expected: [String]) {
        #expect(ItemInput.items(fromFileText: text) == expected)
    }

    @Test("files: read strictly as UTF-8, errors name the file")
    func files() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("foldcycle-item-input-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ name: String, _ bytes: [UInt8]) throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url.path
        }
        let good = try file("good.txt", Array("\u{FEFF}one\r\n\r\ntwo\n".utf8))
        #expect(try ItemInput.items(fromFile: good) == ["one", "two"])
        let latin1 = try file("latin1.txt", [0x63, 0x61, 0x66, 0xE9, 0x0A])
        #expect(throws: CLIError.unreadableInput("file '\(latin1)' is not valid UTF-8 text")) {
            try ItemInput.items(fromFile: latin1)
        }
        let blank = try file("blank.txt", Array("\n  \n\t\n".utf8))
        #expect(throws: CLIError.unreadableInput("file '\(blank)' has no items (items are separated by blank lines)")) {
            try ItemInput.items(fromFile: blank)
        }
        let missing = directory.appendingPathComponent("missing.txt").path
        #expect(throws: CLIError.unreadableInput("cannot read file '\(missing)': no such file")) {
            try ItemInput.items(fromFile: missing)
        }
        #expect(throws: CLIError.unreadableInput("cannot read file '\(directory.path)': it is a directory")) {
            try ItemInput.items(fromFile: directory.path)
        }
    }
}
