import FoldCycle
import FoldCycleOptions

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The live run's commands in the JSON-lines protocol: every word of the word protocol, plus
/// `subscribe` and `unsubscribe` (docs/DESIGN.md#control-protocol).
///
/// `{"cmd":"direction","value":"up"}` — `value` is what a command sets or adds (a direction, a
/// transition, seconds, an item's text) and `index` where (0-based): `add` (`value`, optional
/// `index`; without it, at the end), `insert` (`index`, `value`), `replace` (`index`, `value`),
/// `remove` and `goto` (`index`).
package enum LiveRequests {
    /// The commands, in the order `help` lists them.
    package static let specs: [ProtocolCommandSpec] = [
        .init("start"), .init("pause"), .init("resume"), .init("stop"), .init("next"),
        .init("prev", aliases: ["previous"]),
        .init("goto", fields: [.init("index", .index)]),
        .init("direction", fields: [.init("value", .choice(SharedOptions.direction.names))]),
        .init("transition", fields: [.init("value", .choice(SharedOptions.transition.names))]),
        .init("interval", fields: [.init("value", .seconds)]),
        .init("duration", fields: [.init("value", .seconds)]),
        .init("add", fields: [.init("value", .text), .init("index", .index, required: false)]),
        .init("insert", fields: [.init("index", .index), .init("value", .text)]),
        .init("remove", fields: [.init("index", .index)]),
        .init("replace", fields: [.init("index", .index), .init("value", .text)]),
        .init("items"), .init("status"), .init("help"), .init("quit", aliases: ["exit"]),
        .init("subscribe"), .init("unsubscribe"),
    ]

    /// Every command's name, as `help` answers.
    package static var commandNames: [String] { specs.map(\.name) }

    /// Decodes one request line into its `id` and command: a pure function of the bytes that
    /// never traps (the fuzzing entry point for the live protocol).
    ///
    /// - Returns: the command, or a failure (with the `id` when the line gave one) whose error is
    ///   `bad-json`, `unknown-command` or `bad-value`.
    package static func decode<Bytes: Collection>(_ line: Bytes) -> Result<
        (id: JSONValue?, command: SessionCommand), ProtocolRequest.Failure
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
    package static func command(for request: ProtocolRequest) -> Result<SessionCommand, ProtocolError> {
        let spec: ProtocolCommandSpec
        let arguments: ProtocolCommandSpec.Arguments
        switch ProtocolCommandSpec.resolve(request, among: specs) {
        case .failure(let error): return .failure(error)
        case .success(let resolved): (spec, arguments) = resolved
        }
        // The table has checked every field's presence and type: the values below are there.
        let index = arguments.index("index") ?? 0
        let text = arguments.text("value") ?? ""
        switch spec.name {
        case "start": return .success(.start)
        case "pause": return .success(.pause)
        case "resume": return .success(.resume)
        case "stop": return .success(.stop)
        case "next": return .success(.next)
        case "prev": return .success(.previous)
        case "goto": return .success(.goto(index))
        case "direction":
            return .success(.direction(TransitionDirection(name: arguments.choice("value") ?? "") ?? .down))
        case "transition":
            return .success(.transition(TransitionKind(rawValue: arguments.choice("value") ?? "") ?? .fold))
        case "interval": return .success(.interval(arguments.seconds("value") ?? 0))
        case "duration": return .success(.duration(arguments.seconds("value") ?? 0))
        case "add": return .success(.add(text, at: arguments.index("index")))
        case "insert": return .success(.add(text, at: index))
        case "remove": return .success(.remove(index))
        case "replace": return .success(.replace(index, text))
        case "items": return .success(.items)
        case "status": return .success(.status)
        case "help": return .success(.help)
        case "quit": return .success(.quit)
        case "subscribe": return .success(.subscribe)
        default: return .success(.unsubscribe)
        }
    }
}
