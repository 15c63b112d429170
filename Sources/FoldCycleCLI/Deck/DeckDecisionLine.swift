import FoldCycle
import Foundation

/// One decision of a deck as the JSON line `foldcycle deck` prints on stdout
/// (docs/DESIGN.md#deck-input-and-output):
///
/// `{"index":3,"item":"notes.txt","action":"right","by":"fling","velocity":{"x":3.1416,"y":-0.25}}`
///
/// Keys in this order: `index` (the item's 0-based index in the input), `item` (its text),
/// `action` (`left`, `right`, `click`, `undo`, `page`), `by` (`key`, `fling`, `position`,
/// `tap`), for a page `to` (the item now on top), and `velocity` (the release velocity in card
/// widths per second, rounded to 4 decimals; `null` when no drag decided). An undo names the
/// card that came back and the side it had left by, as `"from"`.
enum DeckDecisionLine {
    /// The line for `event` (ending with a newline), or nil for events that decide nothing
    /// (changes, flips, the end).
    static func line(for event: DeckEvent, items: [String]) -> String? {
        func item(_ index: Int) -> String { items.indices.contains(index) ? items[index] : "" }
        switch event {
        case .removed(let index, let side, let cause, let velocity):
            return object(index: index, item: item(index), action: side.rawValue, by: cause, velocity: velocity)
        case .clicked(let index, let cause):
            return object(index: index, item: item(index), action: "click", by: cause, velocity: nil)
        case .undone(let index, let side):
            return object(
                index: index, item: item(index), action: "undo", by: .key, extra: ("from", quoted(side.rawValue)),
                velocity: nil)
        case .paged(let from, let to, _, let cause, let velocity):
            return object(
                index: from, item: item(from), action: "page", by: cause, extra: ("to", String(to)), velocity: velocity)
        case .flipped, .changed, .finished:
            return nil
        }
    }

    private static func object(
        index: Int, item: String, action: String, by cause: DecisionCause, extra: (String, String)? = nil,
        velocity: DeckPoint?
    ) -> String {
        var text =
            "{\"index\":\(index),\"item\":\(quoted(item)),\"action\":\(quoted(action)),\"by\":\(quoted(cause.rawValue))"
        if let (key, value) = extra { text += ",\(quoted(key)):\(value)" }
        text += ",\"velocity\":"
        if let velocity {
            text += "{\"x\":\(number(velocity.x)),\"y\":\(number(velocity.y))}"
        } else {
            text += "null"
        }
        return text + "}\n"
    }

    /// A velocity component rounded to 4 decimals, in shortest form (−0 as 0).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return shortestText((value * 10_000).rounded() / 10_000 + 0.0)
    }

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, `\r`
    /// or `\u00XX` (DEL and C1 controls too), everything else as UTF-8.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
