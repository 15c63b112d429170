import FoldCycle
import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycleCLI

#if canImport(Glibc)
    import Glibc
#endif

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
            // The item-files fuzz target: a CR before CRLF fused with it (one grapheme cluster).
            ("\r\r\n\n\n", []),
            ("a\r\r\nb", ["a\r\nb"]),
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
        #expect(try ItemInput.items(fromFile: good, split: .paragraphs) == ["one", "two"])
        let latin1 = try file("latin1.txt", [0x63, 0x61, 0x66, 0xE9, 0x0A])
        #expect(throws: CLIError.unreadableInput("file '\(latin1)' is not valid UTF-8 text")) {
            try ItemInput.items(fromFile: latin1, split: .auto)
        }
        let blank = try file("blank.txt", Array("\n  \n\t\n".utf8))
        #expect(throws: CLIError.unreadableInput("file '\(blank)' has no items (it is empty or only white space)")) {
            try ItemInput.items(fromFile: blank, split: .paragraphs)
        }
        #expect(throws: CLIError.unreadableInput("file '\(blank)' has no items (it is empty or only white space)")) {
            try ItemInput.items(fromFile: blank, split: .auto)
        }
        #expect(throws: CLIError.unreadableInput("file '\(blank)' has no items (it is empty or only white space)")) {
            try ItemInput.items(fromFile: blank, split: .nul)
        }
        let missing = directory.appendingPathComponent("missing.txt").path
        #expect(throws: CLIError.unreadableInput("cannot read file '\(missing)': no such file or directory")) {
            try ItemInput.items(fromFile: missing, split: .auto)
        }
        #expect(throws: CLIError.unreadableInput("cannot read file '\(directory.path)': is a directory")) {
            try ItemInput.items(fromFile: directory.path, split: .paragraphs)
        }
        #expect(throws: CLIError.unreadableInput("cannot read file '\(directory.path)': is a directory")) {
            try ItemInput.items(fromFile: directory.path, split: .lines)
        }
    }

    /// Issue 15: errors named "permission denied" or "NSCocoaErrorDomain error 256" whatever the
    /// cause; now the cause is errno's, as strerror words it.
    @Test(
        "a file that cannot be read is named with the real cause",
        arguments: [
            (ENOENT, "cannot read file 'x': no such file or directory"),
            (EISDIR, "cannot read file 'x': is a directory"),
            (EACCES, "cannot read file 'x': permission denied"),
            (EBADF, "cannot read file 'x': bad file descriptor"),
            (ENXIO, "cannot read file 'x': no such device or address"),
            (ELOOP, "cannot read file 'x': too many levels of symbolic links"),
        ])
    func causes(_ code: Int32, _ message: String) {
        #expect(InputFile.failure("file 'x'", errno: code) == .unreadableInput(message))
    }

    /// Issue 15: `--file /dev/zero` read without end and grew memory without limit.
    @Test("an endless input and a file over the limit fail, naming the limit")
    func endlessInput() throws {
        #expect(
            throws: CLIError.unreadableInput("file '/dev/zero' is larger than 64 MiB (the most an input file may have)")
        ) {
            try ItemInput.items(fromFile: "/dev/zero", split: .paragraphs)
        }
        #expect(
            throws: CLIError.unreadableInput("file '/dev/zero' is larger than 64 MiB (the most an input file may have)")
        ) {
            try ItemInput.items(fromFile: "/dev/zero", split: .lines)
        }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("foldcycle-large-\(UInt64.random(in: 0...UInt64.max)).txt")
        // A sparse file one byte over the limit: its size alone is enough to refuse it.
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(Limits.inputFileBytes + 1))
        try handle.close()
        #expect(
            throws: CLIError.unreadableInput(
                "file '\(url.path)' is larger than 64 MiB (the most an input file may have)")
        ) {
            try ItemInput.items(fromFile: url.path, split: .auto)
        }
    }
}
