import FoldCycle
import FoldCycleCLI

/// Item files of any bytes: strict UTF-8 or nothing; paragraphs and lines are never blank; the
/// items written as plain text (the `--file` format) read back as the same items; the card that
/// fits them lays out the first and the last, and the plain text of those cells is data.
enum ItemFilesTarget {
    static func run(_ input: inout FuzzInput) {
        let bytes = input.remaining
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let items = CLIFuzzing.items(fromFileText: text)
        let lines = CLIFuzzing.items(fromLineText: text)
        for item in items + lines {
            FuzzCheck.require(!item.isEmpty, "an empty item")
            for line in item.split(separator: "\n", omittingEmptySubsequences: false) {
                FuzzCheck.require(
                    !line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }, "a blank line in an item")
            }
        }
        for line in lines { FuzzCheck.require(!line.contains("\n"), "a line item with a line break") }
        // Written as plain output writes items (controls as pictures, tabs as spaces), separated by
        // blank lines, they read back as themselves.
        let written = items.map(TextLayout.plainText)
        let joined = written.joined(separator: "\n\n")
        if joined.unicodeScalars.first != "\u{FEFF}" {
            FuzzCheck.require(CLIFuzzing.items(fromFileText: joined) == written, "items do not read back")
        }
        guard let first = items.first, let last = items.last else { return }
        let fitting = CardScene.fittingSize(for: items)
        let size = TerminalSize(columns: min(fitting.columns, 200), rows: min(fitting.rows, 40))
        var scene = CardScene(cardSize: size)
        var cells = CellBuffer(width: 0, height: 0)
        for (index, item) in [(0, first), (items.count - 1, last)] {
            scene.render(index: index, text: item, into: &cells)
            FuzzCheck.require(cells.width == size.columns && cells.height == size.rows, "card size")
            let shown = PlainTextEncoder.lines(cells).joined()
            FuzzCheck.require(!FuzzCheck.hasControl(shown) && !shown.contains("\n"), "a control on the card")
        }
    }
}
