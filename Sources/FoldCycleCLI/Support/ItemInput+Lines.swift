#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ItemInput {
    /// Splits text into one item per line, as `ls` or `find` print them: `\n` and `\r\n` end a
    /// line; blank (white-space-only) lines are skipped; a leading byte-order mark is dropped.
    static func items(fromLineText text: String) -> [String] {
        lines(of: text).filter { !isBlank($0) }
    }

    /// Splits text into items ended by a NUL byte (`find -print0`): an item keeps its inner line
    /// breaks (CRLF as LF) and loses those at its end; blank (white-space-only) items are skipped;
    /// a leading byte-order mark is dropped.
    static func items(fromNulText text: String) -> [String] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        return scalars.split(separator: "\0").compactMap { nulItem(String(String.UnicodeScalarView($0))) }
    }

    /// The item of the text between two NUL bytes: its inner line breaks kept (CRLF as LF), those
    /// at its end dropped, a leading byte-order mark dropped; nil when it is blank.
    static func nulItem(_ text: String) -> String? {
        var itemLines = lines(of: text)
        while let last = itemLines.last, last.isEmpty { itemLines.removeLast() }
        return itemLines.allSatisfy(isBlank) ? nil : itemLines.joined(separator: "\n")
    }
}
