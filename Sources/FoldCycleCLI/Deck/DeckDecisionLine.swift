import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One decision of a deck as the JSON line `foldcycle deck` prints on stdout
/// (docs/DESIGN.md#deck-input-and-output):
///
/// `{"index":3,"item":"notes.txt","action":"right","by":"fling","velocity":{"x":3.1416,"y":-0.25}}`
///
/// Keys in this order: `index` (the item's 0-based index in the input), `item` (its text),
/// `action` (`left`, `right`, `click`, `undo`, `page`; on exit, `skipped` for an item paged
/// past and never decided), `by` (`key`, `fling`, `position`,
/// `tap`), for a page `to` (the item now on top), and `velocity` (the release velocity in card
/// widths per second, rounded to 4 decimals; `null` when no drag decided). An undo names the
/// card that came back and the side it had left by, as `"from"`.
enum DeckDecisionLine {
    /// The line for `event` (ending with a newline), or nil for events that decide nothing
    /// (changes, flips, the end).
    static func line(for event: DeckEvent, items: [String]) -> String? {
        line(for: event) { items.indices.contains($0) ? items[$0] : "" }
    }

    /// The line for `event`, the items' texts read from `item` ("" for an index out of range).
    static func line(for event: DeckEvent, item: (Int) -> String) -> String? {
        value(for: event, item: item).map { $0.serialized + "\n" }
    }

    /// The decision of `event` as a JSON object, or nil for events that decide nothing.
    static func value(for event: DeckEvent, items: [String]) -> JSONValue? {
        value(for: event) { items.indices.contains($0) ? items[$0] : "" }
    }

    /// The decision of `event` as a JSON object, the items' texts read from `item`.
    static func value(for event: DeckEvent, item: (Int) -> String) -> JSONValue? {
        switch event {
        case .removed(let index, let side, let cause, let velocity):
            return object(index: index, item: item(index), action: side.rawValue, by: cause, velocity: velocity)
        case .clicked(let index, let cause):
            return object(index: index, item: item(index), action: "click", by: cause, velocity: nil)
        case .undone(let index, let side):
            return object(
                index: index, item: item(index), action: "undo", by: .key, extra: ("from", .string(side.rawValue)),
                velocity: nil)
        case .paged(let from, let to, _, let cause, let velocity):
            return object(
                index: from, item: item(from), action: "page", by: cause, extra: ("to", .int(to)), velocity: velocity)
        case .flipped, .changed, .finished:
            return nil
        }
    }

    /// The line written on exit for item `index`, skipped (paged past `by` a key or a fling)
    /// and never decided: `{"index":0,"item":"a","action":"skipped","by":"key","velocity":null}`.
    static func skippedLine(index: Int, item: String, by cause: DecisionCause) -> String {
        object(index: index, item: item, action: "skipped", by: cause, velocity: nil).serialized + "\n"
    }

    private static func object(
        index: Int, item: String, action: String, by cause: DecisionCause, extra: (String, JSONValue)? = nil,
        velocity: DeckPoint?
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("index", .int(index)), ("item", .string(item)), ("action", .string(action)),
            ("by", .string(cause.rawValue)),
        ]
        if let extra { members.append(extra) }
        let speed = velocity.map { JSONValue.object([("x", .number(number($0.x))), ("y", .number(number($0.y)))]) }
        members.append(("velocity", speed ?? .null))
        return .object(members)
    }

    /// A velocity component rounded to 4 decimals, in shortest form (−0 as 0).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return shortestText((value * 10_000).rounded() / 10_000 + 0.0)
    }

    /// `text` as a JSON string (``JSONValue/quoted(_:)``, the tool's one JSON string writer).
    static func quoted(_ text: String) -> String {
        JSONValue.quoted(text)
    }
}
