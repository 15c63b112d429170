#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One step of a scripted deck interaction (``DeckScript``): what a person does to a
/// ``SwipeDeck`` with a key or the mouse, written as text such as `right`, `undo` or
/// `drag(0.6,0,0.2)` (docs/DESIGN.md#deck-pictures).
///
/// Source: the live deck's keys and drags (docs/DESIGN.md#deck-input-and-output): ←/→ swipe,
/// ↑/↓ page, `u` undo, Enter click, Space flip, and a drag of the top card released after a
/// while; `wait` is the script's own pause.
package enum DeckAction: Hashable, Sendable, CustomStringConvertible {
    /// A key swipe (← or →): the top card flies off toward `side`, decided by key.
    case swipe(SwipeSide)
    /// A page (↑ previous, ↓ next): the top card flies up or down for the item before or after.
    case page(PageDirection)
    /// `u`: the last removal is taken back.
    case undo
    /// Enter: the top card is clicked.
    case click
    /// Space: a flashcard turns to its other side.
    case flip
    /// A drag of the top card by `translation` (card widths) over `duration` seconds at a
    /// constant velocity, then released: the deck's release rule decides (fling, position,
    /// spring back, or a page with `--drag page`).
    case drag(translation: DeckPoint, duration: TimeInterval)
    /// Nothing happens for `seconds`.
    case wait(TimeInterval)

    /// The largest `|dx|` and `|dy|` of a drag, in card widths.
    package static let maximumDragDistance = 10.0
    /// The durations a drag may take, in seconds.
    package static let dragDurations: ClosedRange<TimeInterval> = 0.01...10
    /// The seconds a wait may last.
    package static let waitDurations: ClosedRange<TimeInterval> = 0...60

    /// The actions' forms, as errors and help list them.
    package static let syntaxList =
        "left, right, up (or previous), down (or next), undo, click, flip, drag(dx,dy,seconds), wait(seconds)"

    /// The names of the actions without arguments, and what each stands for.
    static let names: [(name: String, action: DeckAction)] = [
        ("left", .swipe(.left)), ("right", .swipe(.right)), ("up", .page(.previous)), ("previous", .page(.previous)),
        ("down", .page(.next)), ("next", .page(.next)), ("undo", .undo), ("click", .click), ("flip", .flip),
    ]

    /// Every word an action can start with: the names, then `drag` and `wait`.
    package static var words: [String] { names.map(\.name) + ["drag", "wait"] }

    /// Reads one action: a name (case-insensitive, white space around it ignored) or
    /// `drag(dx,dy,seconds)` / `wait(seconds)` with finite numbers.
    ///
    /// - Throws: ``DeckScriptError/unknownAction(position:text:)`` for a word that is no action,
    ///   ``DeckScriptError/invalidArguments(position:text:reason:)`` for a `drag` or `wait`
    ///   whose numbers are missing, not finite or out of range; `position` is the given one.
    package init(parsing text: String, position: Int = 1) throws(DeckScriptError) {
        let trimmed = text.trimmingWhitespace().lowercased()
        if let match = Self.names.first(where: { $0.name == trimmed }) {
            self = match.action
            return
        }
        let open = trimmed.firstIndex(of: "(")
        let word = open.map { trimmed[..<$0].trimmingWhitespace() } ?? trimmed
        guard word == "drag" || word == "wait" else { throw .unknownAction(position: position, text: text) }
        func reject(_ reason: String) -> DeckScriptError {
            .invalidArguments(position: position, text: text, reason: reason)
        }
        let syntax =
            word == "drag" ? "drag(dx,dy,seconds) takes three finite numbers" : "wait(seconds) takes one finite number"
        guard let open, trimmed.hasSuffix(")") else { throw reject(syntax) }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingWhitespace()) }.filter(\.isFinite)
        switch word {
        case "drag":
            guard parts.count == 3, numbers.count == 3 else { throw reject(syntax) }
            guard abs(numbers[0]) <= Self.maximumDragDistance, abs(numbers[1]) <= Self.maximumDragDistance else {
                throw reject(
                    "dx and dy are card widths from −\(shortestDecimalText(Self.maximumDragDistance)) "
                        + "to \(shortestDecimalText(Self.maximumDragDistance))")
            }
            guard Self.dragDurations.contains(numbers[2]) else {
                throw reject("a drag takes \(Self.rangeText(Self.dragDurations)) seconds")
            }
            self = .drag(translation: DeckPoint(x: numbers[0], y: numbers[1]), duration: numbers[2])
        case "wait":
            guard parts.count == 1, numbers.count == 1 else { throw reject(syntax) }
            guard Self.waitDurations.contains(numbers[0]) else {
                throw reject("a wait lasts \(Self.rangeText(Self.waitDurations)) seconds")
            }
            self = .wait(numbers[0])
        default:
            throw .unknownAction(position: position, text: text)
        }
    }

    private static func rangeText(_ range: ClosedRange<Double>) -> String {
        "\(shortestDecimalText(range.lowerBound)) to \(shortestDecimalText(range.upperBound))"
    }

    /// The action as a script writes it: `right`, `up`, `drag(0.6,0,0.2)`, `wait(1)` (numbers in
    /// shortest round-trip form); reads back as the same action.
    package var description: String {
        switch self {
        case .swipe(let side): return side.rawValue
        case .page(let direction): return direction == .previous ? "up" : "down"
        case .undo: return "undo"
        case .click: return "click"
        case .flip: return "flip"
        case .drag(let translation, let duration):
            let numbers = [translation.x, translation.y, duration].map { shortestDecimalText($0 + 0.0) }
            return "drag(" + numbers.joined(separator: ",") + ")"
        case .wait(let seconds): return "wait(\(shortestDecimalText(seconds + 0.0)))"
        }
    }
}
