import FoldCycle

/// A request the control protocol could not carry out, as its reply says:
/// `{"id":…,"ok":false,"error":{"type":"bad-value","message":"…"}}`.
///
/// The message names the input (the command, the field, or the line itself, shortened) and what
/// is allowed, as the tool's usage errors do.
package struct ProtocolError: Error, Equatable, Sendable {
    /// The error's type, as the reply's `error.type`.
    package enum Kind: String, Equatable, Sendable, CaseIterable {
        /// `cmd` names no command (the nearest is suggested).
        case unknownCommand = "unknown-command"
        /// A field is missing, of the wrong type, out of range or unknown; or the command cannot
        /// be done now (the only item removed).
        case badValue = "bad-value"
        /// The line is not one JSON object (not JSON, not UTF-8, too long, an array…).
        case badJSON = "bad-json"
        /// The change would pass one of the run's limits (`Limits.items`, `Limits.itemBytes`).
        case limitReached = "limit-reached"
    }

    /// The error's type.
    package var kind: Kind
    /// One sentence naming the input and what is allowed.
    package var message: String

    /// An error of `kind` saying `message`.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `{"type":"…","message":"…"}`.
    package var json: JSONValue {
        .object([("type", .string(kind.rawValue)), ("message", .string(message))])
    }
}
