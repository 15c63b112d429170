#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The two sides of a flashcard: an item whose text has a line `---` is a front (the lines
/// before it) and a back (the lines after); any other item has a front only
/// (docs/DESIGN.md#deck-input-and-output).
///
/// Source: the plain-text flashcard formats of terminal flashcard tools, which separate question
/// and answer with a line of three dashes and reveal the answer with no animation.
public struct CardFaces: Hashable, Sendable {
    /// The front side's text.
    public var front: String
    /// The back side's text, or nil for a card with one side.
    public var back: String?

    /// Creates faces.
    public init(front: String, back: String?) {
        self.front = front
        self.back = back
    }

    /// The faces of `item`: split at its first line that is `---` once white space around it
    /// is trimmed (`\r\n` counts as a line break); later such lines belong to the back.
    public init(item: String) {
        // "\r\n" is one Character in Swift, which a split at "\n" alone would not break.
        let lines = item.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        guard let separator = lines.firstIndex(where: { $0.trimmingSpaces == Self.separator }) else {
            self.init(front: item, back: nil)
            return
        }
        self.init(
            front: lines[..<separator].joined(separator: "\n"),
            back: lines[(separator + 1)...].joined(separator: "\n"))
    }

    /// Whether the card has a back side.
    public var hasBack: Bool { back != nil }

    /// The text of the side shown: the back when `showsBack` and there is one, else the front.
    public func text(showingBack showsBack: Bool) -> String {
        showsBack ? back ?? front : front
    }
}

extension CardFaces {
    /// The text of the line that separates the front from the back, spaces and tabs around it
    /// aside.
    static let separator = "---"

    /// Whether `line` is the separator line.
    static func isSeparator(_ line: String) -> Bool {
        Substring(line).trimmingSpaces == separator
    }
}

extension Substring {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
