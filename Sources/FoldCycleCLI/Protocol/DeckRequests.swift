import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A command to a running deck over the JSON-lines protocol (docs/DESIGN.md#control-protocol).
package enum DeckCommandRequest: Equatable, Sendable {
    /// Swipe the top card off toward a side (`left`, `right`).
    case swipe(SwipeSide)
    /// Page to the next or previous item (`next`, `prev`).
    case page(PageDirection)
    /// Take back the last swipe (`undo`).
    case undo
    /// Click the top card (`click`).
    case click
    /// Turn a flashcard (`flip`).
    case flip
    /// Append an item (`add`, `value`).
    case add(String)
    /// List the items (`items`).
    case items
    /// The deck's position and tallies (`status`).
    case status
    /// The commands (`help`).
    case help
    /// End the run (`quit`).
    case quit
    /// No more cards will be added: a deck waiting for more (`--wait`, a subscribed client)
    /// finishes once no card is left (`end`).
    case end
    /// Send events to this client (`subscribe`), or no more (`unsubscribe`).
    case subscribe, unsubscribe
}

/// The deck's commands in the JSON-lines protocol, as the keys name them.
package enum DeckRequests {
    /// The commands, in the order `help` lists them.
    package static let specs: [ProtocolCommandSpec] = [
        .init("left"), .init("right"), .init("next"), .init("prev", aliases: ["previous"]), .init("undo"),
        .init("click"), .init("flip"), .init("add", fields: [.init("value", .text)]), .init("items"),
        .init("status"), .init("help"), .init("quit", aliases: ["exit"]), .init("end"), .init("subscribe"),
        .init("unsubscribe"),
    ]

    /// Every command's name, as `help` answers.
    package static var commandNames: [String] { specs.map(\.name) }

    /// Decodes one request line into its `id` and command: a pure function of the bytes that
    /// never traps (the fuzzing entry point for the deck's protocol).
    package static func decode<Bytes: Collection>(_ line: Bytes) -> Result<
        (id: JSONValue?, command: DeckCommandRequest), ProtocolRequest.Failure
    > where Bytes.Element == UInt8 {
        switch ProtocolRequest.decode(line) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let request):
            switch command(for: request) {
            case .success(let command): return .success((request.id, command))
            case .failure(let error): return .failure(.init(id: request.id, error))
            }
        }
    }

    /// The command a decoded request asks for.
    package static func command(for request: ProtocolRequest) -> Result<DeckCommandRequest, ProtocolError> {
        switch ProtocolCommandSpec.resolve(request, among: specs) {
        case .failure(let error):
            return .failure(error)
        case .success(let (spec, arguments)):
            switch spec.name {
            case "left": return .success(.swipe(.left))
            case "right": return .success(.swipe(.right))
            case "next": return .success(.page(.next))
            case "prev": return .success(.page(.previous))
            case "undo": return .success(.undo)
            case "click": return .success(.click)
            case "flip": return .success(.flip)
            case "add": return .success(.add(arguments.text("value") ?? ""))
            case "items": return .success(.items)
            case "status": return .success(.status)
            case "help": return .success(.help)
            case "quit": return .success(.quit)
            case "end": return .success(.end)
            case "subscribe": return .success(.subscribe)
            default: return .success(.unsubscribe)
            }
        }
    }
}

extension ProtocolEvent {
    /// The protocol's event for a deck's event (nil for `changed`, which is only a redraw), the
    /// items' texts read from `text`.
    package static func deck(_ event: DeckEvent, text: (Int) -> String) -> ProtocolEvent? {
        switch event {
        case .removed(let index, let side, let cause, let velocity):
            return .swiped(index: index, item: text(index), side: side, by: cause, velocity: velocity)
        case .clicked(let index, let cause):
            return .clicked(index: index, item: text(index), by: cause)
        case .undone(let index, let side):
            return .undone(index: index, item: text(index), from: side)
        case .paged(let from, let to, let direction, let cause, let velocity):
            return .paged(from: from, to: to, direction: direction, by: cause, velocity: velocity)
        case .flipped(let index, let showsBack):
            return .flipped(index: index, showsBack: showsBack)
        case .finished:
            return .finished
        case .changed:
            return nil
        }
    }
}
