import FoldCycle
import FoldCycleOptions

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A command to a live run: a line on stdin in the word protocol (``parse(_:)``), or a request
/// of the JSON-lines protocol (``LiveRequests``). Item indices are 0-based here; the word
/// protocol counts from 1, as `status` and the footer do (docs/DESIGN.md#control-protocol).
package enum SessionCommand: Equatable, Sendable {
    /// The cycler's run commands (docs/DESIGN.md#cycler-schedule).
    case start, pause, resume, stop, next, previous
    /// Sets the direction of later transitions.
    case direction(TransitionDirection)
    /// Sets the kind of later transitions.
    case transition(TransitionKind)
    /// Sets the seconds between ticks.
    case interval(TimeInterval)
    /// Sets the seconds each transition runs.
    case duration(TimeInterval)
    /// Shows item `index` (`goto N`).
    case goto(Int)
    /// Inserts an item at `index`, or at the end when nil (`add TEXT`, `insert N TEXT`).
    case add(String, at: Int?)
    /// Removes item `index` (`remove N`).
    case remove(Int)
    /// Puts an item at `index` (`replace N TEXT`).
    case replace(Int, String)
    /// Lists the items (`items`).
    case items
    /// The run's state (`status`), the command list (`help`), the end (`quit`).
    case status, help, quit
    /// JSON-lines only: a socket client asks for events (or no more events).
    case subscribe, unsubscribe

    /// The command list shown by `help` and in errors.
    static let summary =
        "start, pause, resume, stop, next, prev, goto N, direction D, transition T, interval S, duration S, "
        + "add TEXT, insert N TEXT, remove N, replace N TEXT, items, status, help, quit (or exit)"

    /// The keys, as `help` and `--help` list them (key mode: stdin and stdout a terminal).
    static let keysSummary =
        "type a command, Enter runs it; Backspace edits, Ctrl-U clears; on an empty line Space pauses or "
        + "resumes, and q, Esc or Ctrl-D quits; arrow keys set the direction; Ctrl-C quits."

    /// Parses one line of the word protocol: the verb and settings case-insensitive, surrounding
    /// white space ignored; an item's text (`add`, `insert`, `replace`) is the rest of the line
    /// as typed. Item numbers count from 1 and become 0-based indices.
    ///
    /// - Returns: nil for an empty line; otherwise the command or a one-line error message that
    ///   names the input and lists what is allowed.
    package static func parse(_ line: String) -> Result<SessionCommand, SessionCommandError>? {
        let trimmed = line.trimmingWhitespace()
        guard let verbEnd = trimmed.firstIndex(where: Self.isBlank) ?? (trimmed.isEmpty ? nil : trimmed.endIndex)
        else { return nil }
        let verb = trimmed[..<verbEnd].lowercased()
        let rest = trimmed[verbEnd...].drop(while: Self.isBlank)
        let words = rest.lowercased().split(whereSeparator: Self.isBlank).map(String.init)
        if let command = simpleCommands[verb] {
            guard words.isEmpty else {
                return .failure(.init("'\(verb)' takes no argument (got '\(words.joined(separator: " "))')"))
            }
            return .success(command)
        }
        switch verb {
        case "direction":
            return choice(verb, words, names: SharedOptions.direction.names, needs: "a direction") {
                TransitionDirection(name: $0).map(SessionCommand.direction)
            }
        case "transition":
            return choice(verb, words, names: SharedOptions.transition.names, needs: "a transition") {
                TransitionKind(rawValue: $0).map(SessionCommand.transition)
            }
        case "interval", "duration":
            return seconds(verb, words)
        case "goto", "remove":
            switch itemNumber(verb, words: words, wholeLine: true) {
            case .failure(let error): return .failure(error)
            case .success(let index): return .success(verb == "goto" ? .goto(index) : .remove(index))
            }
        case "add":
            guard !rest.isEmpty else { return .failure(.init("'add' needs the item's text: add TEXT")) }
            return .success(.add(String(rest), at: nil))
        case "insert", "replace":
            return numberedText(verb, rest)
        default:
            let near = nearestVerb(to: verb)
            return .failure(
                .init(
                    "unknown command '\(trimmed)' (\(near.map { "did you mean '\($0)'? " } ?? "")commands: \(summary))",
                    unknownCommand: trimmed, suggestion: near))
        }
    }

    /// `verb` with one word naming one of `names` (`direction up`).
    private static func choice(
        _ verb: String, _ words: [String], names: [String], needs: String, _ make: (String) -> SessionCommand?
    ) -> Result<SessionCommand, SessionCommandError> {
        if words.count == 1, let command = make(words[0]) { return .success(command) }
        let given = words.joined(separator: " ")
        let list = names.joined(separator: ", ")
        return .failure(
            .init(
                given.isEmpty
                    ? "'\(verb)' needs \(needs) (values: \(list))"
                    : "invalid \(verb) '\(given)' (\(Suggestion.didYouMean(given, among: names))values: \(list))"))
    }

    /// `interval` or `duration` with a positive finite number of seconds.
    private static func seconds(_ verb: String, _ words: [String]) -> Result<SessionCommand, SessionCommandError> {
        guard words.count == 1, let seconds = Double(words[0]), seconds.isFinite, seconds > 0 else {
            let given = words.joined(separator: " ")
            let allowed =
                (verb == "interval"
                ? LiveCommand.Options.interval.range
                : LiveCommand.Options.duration.range).allowedText(upperBound: nil)
            return .failure(
                .init(
                    given.isEmpty
                        ? "'\(verb)' needs a number of seconds (\(allowed))" : "invalid \(verb) '\(given)' (\(allowed))"
                ))
        }
        return .success(verb == "interval" ? .interval(seconds) : .duration(seconds))
    }

    /// `insert` or `replace`: an item number, then the item's text as typed.
    private static func numberedText(_ verb: String, _ rest: Substring) -> Result<SessionCommand, SessionCommandError> {
        let number = rest.prefix(while: { !Self.isBlank($0) })
        let text = rest[number.endIndex...].drop(while: Self.isBlank)
        switch itemNumber(verb, words: number.isEmpty ? [] : [String(number)], wholeLine: false) {
        case .failure(let error): return .failure(error)
        case .success(let index):
            guard !text.isEmpty else {
                return .failure(.init("'\(verb)' needs an item number and the item's text: \(verb) N TEXT"))
            }
            return .success(verb == "insert" ? .add(String(text), at: index) : .replace(index, String(text)))
        }
    }

    /// The commands that take no argument, by verb.
    private static let simpleCommands: [String: SessionCommand] = [
        "start": .start, "pause": .pause, "resume": .resume, "stop": .stop, "next": .next,
        "prev": .previous, "previous": .previous, "status": .status, "help": .help, "quit": .quit,
        "exit": .quit, "items": .items,
    ]

    /// Every verb of the word protocol, in the order ``summary`` lists them.
    static let verbs = [
        "start", "pause", "resume", "stop", "next", "prev", "previous", "goto", "direction", "transition",
        "interval", "duration", "add", "insert", "remove", "replace", "items", "status", "help", "quit", "exit",
    ]

    /// The verb a mistyped `verb` most likely meant: the nearest within
    /// ``CLICommand/maximumTypoDistance(for:)`` edits (one for a verb of up to five letters, so that
    /// `tip` suggests nothing while `nxt` suggests `next`).
    static func nearestVerb(to verb: String) -> String? {
        let typed = Array(verb.lowercased())
        return verbs.map { (verb: $0, distance: Suggestion.distance(typed, Array($0))) }
            .filter { $0.distance <= CLICommand.maximumTypoDistance(for: $0.verb) }
            .min { $0.distance < $1.distance }?.verb
    }

    /// Item `N` (counting from 1) of `verb` as a 0-based index.
    private static func itemNumber(_ verb: String, words: [String], wholeLine: Bool)
        -> Result<Int, SessionCommandError>
    {
        let usage = wholeLine ? "\(verb) N" : "\(verb) N TEXT"
        guard let word = words.first else {
            return .failure(.init("'\(verb)' needs an item number, counting from 1: \(usage)"))
        }
        guard !wholeLine || words.count == 1, let number = Int(word), number > Int.min else {
            let given = wholeLine ? words.joined(separator: " ") : word
            return .failure(.init("invalid item number '\(given)' for '\(verb)' (a whole number, counting from 1)"))
        }
        return .success(number - 1)
    }

    private static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
}

/// A command line that did not parse; the message names it and what is allowed.
package struct SessionCommandError: Error, Equatable, Sendable {
    package let message: String
    /// The line, when its first word is no command at all (not a bad argument of one).
    package let unknownCommand: String?
    /// The command a mistyped first word most likely meant.
    package let suggestion: String?

    init(_ message: String, unknownCommand: String? = nil, suggestion: String? = nil) {
        self.message = message
        self.unknownCommand = unknownCommand
        self.suggestion = suggestion
    }
}
