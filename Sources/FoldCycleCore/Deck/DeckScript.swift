#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A scripted deck interaction: actions done to a ``SwipeDeck`` one after another, each once
/// the deck is at rest, so that a run on a ``ManualClock`` draws the same frames on every machine
/// (``DeckScriptRunner``; docs/DESIGN.md#deck-pictures).
///
/// Written as text, actions are separated by commas or white space outside parentheses:
/// `right, left, undo`, `drag(0.6,0.05,0.2) flip`. See ``DeckAction`` for each action's form.
package struct DeckScript: Hashable, Sendable, CustomStringConvertible {
    /// The actions, in order (at least one).
    package var actions: [DeckAction]

    /// The most actions a script may hold.
    package static let maximumActionCount = 1000

    /// Creates a script of `actions`.
    package init(actions: [DeckAction]) {
        self.actions = actions
    }

    /// Reads a script: actions separated by commas or white space outside parentheses
    /// (case-insensitive).
    ///
    /// - Throws: ``DeckScriptError/noActions`` for text with no action,
    ///   ``DeckScriptError/tooManyActions(count:)`` beyond ``maximumActionCount``, and the first
    ///   action's error (``DeckAction/init(parsing:position:)``) with its 1-based position.
    package init(parsing text: String) throws(DeckScriptError) {
        let pieces = Self.split(text)
        guard !pieces.isEmpty else { throw .noActions }
        guard pieces.count <= Self.maximumActionCount else { throw .tooManyActions(count: pieces.count) }
        var actions: [DeckAction] = []
        for (offset, piece) in pieces.enumerated() {
            actions.append(try DeckAction(parsing: piece, position: offset + 1))
        }
        self.init(actions: actions)
    }

    /// The pieces of `text` between commas and white space that are outside parentheses; empty
    /// pieces are dropped.
    static func split(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(":
                depth += 1
                current.append(character)
            case ")":
                depth = max(depth - 1, 0)
                current.append(character)
            case "," where depth == 0, _ where depth == 0 && character.isWhitespace:
                if !current.isEmpty { pieces.append(current) }
                current = ""
            default:
                if !character.isWhitespace { current.append(character) }
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// The actions as a script writes them, separated by commas: reads back as the same script.
    package var description: String { actions.map(\.description).joined(separator: ",") }
}
