import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the items of `--file PATH` and the positional arguments.
enum ItemInput {
    /// Splits text into items: items are separated by one or more blank (or white-space-only)
    /// lines; an item keeps its inner line breaks; CRLF counts as a line break; a leading
    /// byte-order mark (U+FEFF) is dropped.
    static func items(fromFileText text: String) -> [String] {
        var items: [String] = []
        var current: [String] = []
        for line in lines(of: text) {
            if isBlank(line) {
                if !current.isEmpty { items.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { items.append(current.joined(separator: "\n")) }
        return items
    }

    /// The lines of `text`, split at each line feed scalar with the carriage return just before
    /// it dropped (CRLF is one line break, however many CRs come before it: only the last is
    /// the line break's), after a leading byte-order mark is dropped. Scalars, not grapheme
    /// clusters: a CR before CRLF must not fuse with it into a line break inside a line.
    static func lines(of text: String) -> [String] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        return scalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line))
        }
    }

    /// Whether `line` shows nothing: only spaces, tabs and carriage returns, or clusters that
    /// every text output drops (zero width: a lone combining mark, bidi and invisible format
    /// characters, ``TextLayout/plainText(_:)``). Such a line separates paragraphs, so an item is
    /// never invisible and plain output always reads back as the same items.
    static func isBlank(_ line: String) -> Bool {
        for scalar in line.unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "\r" { continue }
            // Anything else in ASCII shows (a control as its picture).
            if scalar.isASCII { return false }
            // Its carriage returns at the end go too: in an item the line is followed by "\n",
            // and a CR before it is a line break (CRLF), which plain output drops.
            var visible = Substring(line).unicodeScalars[...]
            while visible.last == "\r" { visible = visible.dropLast() }
            return TextLayout.plainText(String(String.UnicodeScalarView(visible))).allSatisfy { $0 == " " }
        }
        return true
    }

    /// Reads `path` (or standard input for `-`) as strict UTF-8 and cuts it into items as `split`
    /// says. Works for regular files and for pipes, FIFOs and `/dev/stdin` (read to the end), up
    /// to ``Limits/inputFileBytes``.
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` naming the file and the cause when it cannot be
    ///   read (``InputFile/bytes(of:)``), is too large, is not valid UTF-8, or holds no items
    ///   (every split finds items in text that is not all white space).
    static func items(fromFile path: String, split: ItemSplit) throws(CLIError) -> [String] {
        if path == "-" { InputFile.announceTerminalInput("items") }
        let text = try InputFile.text(of: path)
        let items = split.items(of: text)
        guard !items.isEmpty else {
            throw .unreadableInput("\(InputFile.name(of: path)) has no items (it is empty or only white space)")
        }
        return items
    }
}
