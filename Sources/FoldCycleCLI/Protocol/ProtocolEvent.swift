import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Something that happened in a live run or a deck, as the JSON-lines protocol reports it:
/// `{"event":"transition-began","from":0,"to":1,"transition":"fold","direction":"down"}`
/// (docs/DESIGN.md#control-protocol). Keys come in a fixed order, `event` first; indices are
/// 0-based positions in the items as they are when the event is written.
package enum ProtocolEvent: Equatable, Sendable {
    /// A transition's two ends and style, as events name them.
    package struct Transition: Equatable, Sendable {
        /// The outgoing item's index.
        package var from: Int
        /// The incoming item's index.
        package var to: Int
        /// The transition.
        package var kind: TransitionKind
        /// The direction it moves in.
        package var direction: TransitionDirection

        /// A transition from `from` to `to`.
        package init(from: Int, to: Int, kind: TransitionKind, direction: TransitionDirection) {
            self.from = from
            self.to = to
            self.kind = kind
            self.direction = direction
        }
    }

    /// The cycler started running.
    case started
    /// The cycler paused.
    case paused
    /// The cycler resumed.
    case resumed
    /// The cycler stopped.
    case stopped
    /// A transition began from item `from` to item `to`.
    case transitionBegan(Transition)
    /// The in-flight transition turned around and now plays back toward item `toward`.
    case transitionReversed(Transition, toward: Int)
    /// The transition landed on item `index` (`to`, or `from` when it was reversed).
    case transitionEnded(Transition, index: Int)
    /// Item `index` is on screen, at rest (drawn, or written as text).
    case itemSettled(index: Int, item: String)
    /// `item` was inserted at `index`; there are `count` items now.
    case itemAdded(index: Int, item: String, count: Int)
    /// `item` was removed from `index`.
    case itemRemoved(index: Int, item: String, count: Int)
    /// The item at `index` became `item` (it was `previous`).
    case itemReplaced(index: Int, item: String, previous: String, count: Int)
    /// The deck's: the card of item `index` was swiped off toward `side`.
    case swiped(index: Int, item: String, side: SwipeSide, by: DecisionCause, velocity: DeckPoint?)
    /// The top card (item `index`) was clicked.
    case clicked(index: Int, item: String, by: DecisionCause)
    /// The swipe of item `index` toward `from` was undone: its card is back on top.
    case undone(index: Int, item: String, from: SwipeSide)
    /// The top card went from item `from` to item `to` without a decision.
    case paged(from: Int, to: Int, direction: PageDirection, by: DecisionCause, velocity: DeckPoint?)
    /// The top card (item `index`) began turning to its back or its front.
    case flipped(index: Int, showsBack: Bool)
    /// The deck runs low: `remaining` cards are left of `count` items (add some with `add`).
    case needsMoreData(remaining: Int, count: Int)
    /// No card is left and nothing moves.
    case finished

    /// The `event` member's value: `transition-began`, `item-settled`, `needs-more-data`, ….
    package var name: String {
        switch self {
        case .started: return "started"
        case .paused: return "paused"
        case .resumed: return "resumed"
        case .stopped: return "stopped"
        case .transitionBegan: return "transition-began"
        case .transitionReversed: return "transition-reversed"
        case .transitionEnded: return "transition-ended"
        case .itemSettled: return "item-settled"
        case .itemAdded: return "item-added"
        case .itemRemoved: return "item-removed"
        case .itemReplaced: return "item-replaced"
        case .swiped: return "swiped"
        case .clicked: return "clicked"
        case .undone: return "undone"
        case .paged: return "paged"
        case .flipped: return "flipped"
        case .needsMoreData: return "needs-more-data"
        case .finished: return "finished"
        }
    }

    /// The event as one JSON object.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("event", .string(name))]
        switch self {
        case .started, .paused, .resumed, .stopped, .finished:
            break
        case .transitionBegan(let transition):
            members += Self.members(of: transition)
        case .transitionReversed(let transition, let toward):
            members += Self.members(of: transition) + [("toward", .int(toward))]
        case .transitionEnded(let transition, let index):
            members += Self.members(of: transition) + [("index", .int(index))]
        case .itemSettled(let index, let item):
            members += [("index", .int(index)), ("item", .string(item))]
        case .itemAdded(let index, let item, let count), .itemRemoved(let index, let item, let count):
            members += [("index", .int(index)), ("item", .string(item)), ("count", .int(count))]
        case .itemReplaced(let index, let item, let previous, let count):
            members += [
                ("index", .int(index)), ("item", .string(item)), ("previous", .string(previous)),
                ("count", .int(count)),
            ]
        case .swiped(let index, let item, let side, let cause, let velocity):
            members += [
                ("index", .int(index)), ("item", .string(item)), ("side", .string(side.rawValue)),
                ("by", .string(cause.rawValue)), ("velocity", Self.velocity(velocity)),
            ]
        case .clicked(let index, let item, let cause):
            members += [("index", .int(index)), ("item", .string(item)), ("by", .string(cause.rawValue))]
        case .undone(let index, let item, let side):
            members += [("index", .int(index)), ("item", .string(item)), ("from", .string(side.rawValue))]
        case .paged(let from, let to, let direction, let cause, let velocity):
            members += [
                ("from", .int(from)), ("to", .int(to)), ("direction", .string(direction.rawValue)),
                ("by", .string(cause.rawValue)), ("velocity", Self.velocity(velocity)),
            ]
        case .flipped(let index, let showsBack):
            members += [("index", .int(index)), ("side", .string(showsBack ? "back" : "front"))]
        case .needsMoreData(let remaining, let count):
            members += [("remaining", .int(remaining)), ("count", .int(count))]
        }
        return .object(members)
    }

    /// The event's line: its JSON and a line feed.
    package var line: String { json.serialized + "\n" }

    private static func members(of transition: Transition) -> [(String, JSONValue)] {
        [
            ("from", .int(transition.from)), ("to", .int(transition.to)),
            ("transition", .string(transition.kind.rawValue)), ("direction", .string("\(transition.direction)")),
        ]
    }

    /// `{"x":…,"y":…}` in card widths per second, rounded to 4 decimals as the deck's lines are;
    /// `null` without one.
    private static func velocity(_ velocity: DeckPoint?) -> JSONValue {
        guard let velocity else { return .null }
        return .object([
            ("x", .number(DeckDecisionLine.number(velocity.x))), ("y", .number(DeckDecisionLine.number(velocity.y))),
        ])
    }
}
