/// How the text of `--file` (or piped items) is cut into items: `--split`, one rule for the
/// cycler, `render`, `status` and the deck (docs/DESIGN.md#items-and-input).
enum ItemSplit: String, CaseIterable, Equatable, Sendable {
    /// ``nul`` when the text holds a NUL byte; else ``paragraphs`` when a blank line stands
    /// between two lines that are not blank; else ``lines``. `grep … | foldcycle --file -` gives
    /// one card per line, and a file of blank-line-separated cards (Examples/*.txt, or what the
    /// plain output prints) reads back as those cards.
    case auto
    /// One item per line (`ls`, `find`, `grep`); blank lines are skipped.
    case lines
    /// Items separated by one or more blank lines; an item keeps its inner line breaks.
    case paragraphs
    /// Items ended by a NUL byte (`find -print0`, as `fzf --read0` and `xargs -0` read them); an
    /// item keeps its line breaks; blank items are skipped.
    case nul

    /// The split `auto` comes to for `text` (any other split is itself).
    func resolved(for text: String) -> ItemSplit {
        guard self == .auto else { return self }
        if text.unicodeScalars.contains("\0") { return .nul }
        var seenText = false
        var blankAfterText = false
        for line in ItemInput.lines(of: text) {
            if ItemInput.isBlank(line) {
                blankAfterText = seenText
            } else {
                if blankAfterText { return .paragraphs }
                seenText = true
            }
        }
        return .lines
    }

    /// The items of `text`: a leading byte-order mark is dropped, CRLF counts as a line break.
    func items(of text: String) -> [String] {
        switch resolved(for: text) {
        case .auto, .lines: return ItemInput.items(fromLineText: text)
        case .paragraphs: return ItemInput.items(fromFileText: text)
        case .nul: return ItemInput.items(fromNulText: text)
        }
    }
}
