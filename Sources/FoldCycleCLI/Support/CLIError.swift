import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every way the command line tool fails, mapped to a message and an exit code in one place.
enum CLIError: Error, Equatable, Sendable {
    /// Bad arguments or option values: exit 64 (EX_USAGE), with the usage line and help hint.
    case usage(String, CLICommand)
    /// An input file that cannot be read, is not UTF-8, or has no items: exit 66 (EX_NOINPUT).
    case unreadableInput(String)
    /// Anything that fails while running: exit 1.
    case runtime(String)
    /// Standard output's reader went away (`EPIPE`; `head` is done): stop quietly, exit 0.
    case outputClosed

    var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .unreadableInput: return 66
        case .runtime: return 1
        case .outputClosed: return 0
        }
    }

    /// What every error message of the tool begins with: a command-line error, a runtime one, and
    /// the reply to a typed or piped command that failed, alike.
    static let messagePrefix = "Error: "

    /// The full text for stderr, ending with a newline.
    var message: String {
        switch self {
        case .usage(let text, let command):
            return Self.messagePrefix + "\(text)\nUsage: \(command.usage)\n  \(command.helpHint)\n"
        case .unreadableInput(let text), .runtime(let text):
            return Self.messagePrefix + "\(text)\n"
        case .outputClosed:
            return ""
        }
    }

    /// A value as a message quotes it: whole when short, else its first
    /// ``ProtocolLimits/quotedInputCharacters`` characters then "…" (a 60 kB `--deck` script is
    /// not echoed back whole).
    static func excerpt(_ text: String) -> String {
        let limit = ProtocolLimits.quotedInputCharacters
        return text.count > limit ? text.prefix(limit) + "…" : text
    }

    /// Writes ``message`` to stderr as data and never traps: the arguments, paths and input it
    /// quotes are shown as the replies show them (``StandardError/write(_:)``).
    func report() {
        guard self != .outputClosed else { return }
        StandardError.write(message)
    }
}
