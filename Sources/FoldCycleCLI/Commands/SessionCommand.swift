import FoldCycle
import Foundation

/// A command typed on stdin while `foldcycle` runs, one per line (package-visible for the fuzz
/// targets).
package enum SessionCommand: Equatable, Sendable {
    case start, pause, resume, stop, next, previous
    case direction(TransitionDirection)
    case transition(TransitionKind)
    case interval(TimeInterval)
    case duration(TimeInterval)
    case status, help, quit

    /// The command list shown by `help` and in errors.
    static let summary =
        "start, pause, resume, stop, next, prev, direction D, transition T, interval S, duration S, status, help, "
        + "quit (or exit)"

    /// The keys, as `help` and `--help` list them (key mode: stdin and stdout a terminal).
    static let keysSummary =
        "type a command, Enter runs it; Backspace edits, Ctrl-U clears; on an empty line Space pauses or "
        + "resumes, and q, Esc or Ctrl-D quits; arrow keys set the direction; Ctrl-C quits."

    /// Parses one line: case-insensitive, surrounding white space ignored.
    ///
    /// - Returns: nil for an empty line; otherwise the command or a one-line error message that
    ///   names the input and lists what is allowed.
    package static func parse(_ line: String) -> Result<SessionCommand, SessionCommandError>? {
        let words = line.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let verb = words.first else { return nil }
        let argument = words.dropFirst().first
        let simple: [String: SessionCommand] = [
            "start": .start, "pause": .pause, "resume": .resume, "stop": .stop, "next": .next,
            "prev": .previous, "previous": .previous, "status": .status, "help": .help, "quit": .quit,
            "exit": .quit,
        ]
        if let command = simple[verb] {
            guard words.count == 1 else {
                return .failure(
                    .init("'\(verb)' takes no argument (got '\(words.dropFirst().joined(separator: " "))')"))
            }
            return .success(command)
        }
        switch verb {
        case "direction":
            let names = SharedOptions.direction.names.joined(separator: ", ")
            guard words.count == 2, let argument, let direction = TransitionDirection(name: argument) else {
                let given = words.dropFirst().joined(separator: " ")
                return .failure(
                    .init(
                        given.isEmpty
                            ? "'direction' needs a direction (values: \(names))"
                            : "invalid direction '\(given)' (values: \(names))"))
            }
            return .success(.direction(direction))
        case "transition":
            let names = SharedOptions.transition.names.joined(separator: ", ")
            guard words.count == 2, let argument, let kind = TransitionKind(rawValue: argument) else {
                let given = words.dropFirst().joined(separator: " ")
                return .failure(
                    .init(
                        given.isEmpty
                            ? "'transition' needs a transition (values: \(names))"
                            : "invalid transition '\(given)' (values: \(names))"))
            }
            return .success(.transition(kind))
        case "interval", "duration":
            guard words.count == 2, let argument, let seconds = Double(argument), seconds.isFinite, seconds > 0 else {
                let given = words.dropFirst().joined(separator: " ")
                let allowed =
                    (verb == "interval"
                    ? LiveCommand.Options.interval.range
                    : LiveCommand.Options.duration.range).allowedText(upperBound: nil)
                return .failure(
                    .init(
                        given.isEmpty
                            ? "'\(verb)' needs a number of seconds (\(allowed))"
                            : "invalid \(verb) '\(given)' (\(allowed))"))
            }
            return .success(verb == "interval" ? .interval(seconds) : .duration(seconds))
        default:
            let shown = line.trimmingCharacters(in: .whitespaces)
            return .failure(.init("unknown command '\(shown)' (commands: \(summary))"))
        }
    }
}

/// A command line that did not parse; the message names it and what is allowed.
package struct SessionCommandError: Error, Equatable, Sendable {
    package let message: String
    init(_ message: String) { self.message = message }
}
