import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// `--markdown`: auto for `.md` and `.markdown` files, the plain text names the items, a
/// Markdown item is not read for ANSI styles.
@Suite("--markdown: Markdown items")
struct MarkdownItemTests {
    static let bold = StyledString.Style(attributes: .bold)

    /// A file `name` holding `text` in a new directory; removed by `body`'s end.
    func withFile(_ name: String, _ text: String, _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("foldcycle-markdown-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        try body(url.path)
    }

    @Test("a .md file is read as Markdown unless --markdown never; the items are the plain text")
    func autoByFileName() throws {
        try withFile("tips.md", "**Tip** one\n\n`ls` two\n") { (path: String) throws in
            let command = try renderCommand(["--file", path, "--format", "plain"])
            #expect(command.items == ["Tip one", "ls two"])
            #expect(command.contents[0].runs == [.init("Tip", style: Self.bold), .init(" one")])
            let never = try renderCommand(["--file", path, "--markdown", "never"])
            #expect(never.items == ["**Tip** one", "`ls` two"])
        }
        try withFile("tips.txt", "**Tip**\n") { (path: String) throws in
            #expect(try renderCommand(["--file", path]).items == ["**Tip**"])
            #expect(try renderCommand(["--file", path, "--markdown", "always"]).items == ["Tip"])
        }
        #expect(try renderCommand(["*a*", "b"]).items == ["*a*", "b"])
        #expect(try renderCommand(["--markdown", "always", "*a*", "b"]).items == ["a", "b"])
    }

    @Test("the name decides auto: .md and .markdown in any case")
    func names() {
        #expect(
            ["a.md", "A.MD", "x/y.markdown", "a.mdx", "md", "a.txt"].map(ItemReading.namesMarkdown)
                == [true, true, true, false, false, false])
    }

    @Test("a Markdown item's escape sequences are dropped whole (keep, strip) or shown (show)")
    func escapesInMarkdown() {
        let text = "\u{1B}[31m**a**\u{1B}[0m"
        #expect(ItemReading(ansi: .keep, markdown: true).styledString(text).runs == [.init("a", style: Self.bold)])
        #expect(ItemReading(ansi: .strip, markdown: true).styledString(text).runs == [.init("a", style: Self.bold)])
        #expect(
            ItemReading(ansi: .show, markdown: true).styledString(text).runs == [
                .init("␛[31m"), .init("a", style: Self.bold), .init("␛[0m"),
            ])
        #expect(ItemReading(ansi: .keep, markdown: false).styledString("**a**").plainText == "**a**")
    }

    @Test("the deck and the live run take --markdown too")
    func deckAndLive() throws {
        let deck = try DeckCommand.parse(["--markdown", "always", "*a*"])
        #expect(deck?.reading == ItemReading(ansi: .keep, markdown: true))
        guard case .run(let live) = try LiveCommand.parse(["--markdown", "always", "*a*", "`b`"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(live.items.map(\.plainText) == ["a", "b"])
        #expect(throws: CLIError.self) { try LiveCommand.parse(["--markdown", "sometimes", "a"]) }
    }
}
