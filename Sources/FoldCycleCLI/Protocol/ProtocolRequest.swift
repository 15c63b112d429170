import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One request of the control protocol, as read from one line before its command is checked:
/// `{"id":1,"cmd":"direction","value":"up"}` (docs/DESIGN.md#control-protocol).
package struct ProtocolRequest: Equatable, Sendable {
    /// The request's `id`, any JSON value, echoed by its reply; nil when the request has none
    /// (the reply then has none either).
    package var id: JSONValue?
    /// `cmd`, as given.
    package var command: String
    /// Every member but `id` and `cmd`, keys sorted.
    package var fields: [JSONValue.Member]

    /// A request for `command` with `id` and `fields`.
    package init(id: JSONValue?, command: String, fields: [JSONValue.Member] = []) {
        self.id = id
        self.command = command
        self.fields = fields
    }

    /// A request that failed, with the `id` its reply echoes (nil when the line gave none).
    package struct Failure: Error, Equatable, Sendable {
        /// The request's `id`, when the line was an object that had one.
        package var id: JSONValue?
        /// What went wrong.
        package var error: ProtocolError

        /// A failure of the request with `id`.
        package init(id: JSONValue?, _ error: ProtocolError) {
            self.id = id
            self.error = error
        }
    }

    /// Decodes one line (its bytes, without the line feed; a trailing CR is ignored).
    ///
    /// A pure function of the bytes that never traps: every input gives a request or a typed
    /// failure. Lines longer than ``ProtocolLimits/maximumLineBytes`` are refused before they are
    /// parsed; JSON text is parsed by ``JSONParser`` (which bounds nesting at 512 levels and
    /// reports where the text goes wrong); the line must be one JSON object with a string `cmd`.
    ///
    /// - Returns: the request, or a failure of kind ``ProtocolError/Kind/badJSON`` (not one JSON
    ///   object) or ``ProtocolError/Kind/badValue`` (no `cmd`, or `cmd` not a string), carrying
    ///   the `id` when the object has one.
    package static func decode<Bytes: Collection>(_ line: Bytes) -> Result<ProtocolRequest, Failure>
    where Bytes.Element == UInt8 {
        var data = Data(line)
        if data.last == 0x0D { data.removeLast() }
        guard data.count <= ProtocolLimits.maximumLineBytes else {
            return .failure(Failure(id: nil, .init(.badJSON, Self.tooLong(byteCount: data.count))))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            return .failure(Failure(id: nil, .init(.badJSON, "\(quotedInput(data)) is not JSON: \(error.message)")))
        }
        guard case .object(let members) = value else {
            return .failure(
                Failure(
                    id: nil,
                    .init(
                        .badJSON,
                        "a request is one JSON object per line, like {\"cmd\":\"next\"}; got \(value.typeName) "
                            + "(\(quotedInput(data)))")))
        }
        let id = value["id"]
        guard let command = value["cmd"] else {
            return .failure(
                Failure(
                    id: id,
                    .init(.badValue, "the request has no \"cmd\" (\(quotedInput(data))); e.g. {\"cmd\":\"next\"}")))
        }
        guard let name = command.stringValue else {
            return .failure(
                Failure(
                    id: id, .init(.badValue, "\"cmd\" must be a string naming a command, not \(command.typeName)")))
        }
        return .success(
            ProtocolRequest(id: id, command: name, fields: members.filter { $0.key != "id" && $0.key != "cmd" }))
    }

    /// The message for a line of `byteCount` bytes over the limit.
    static func tooLong(byteCount: Int) -> String {
        "a line of \(byteCount) bytes is longer than the limit of \(ProtocolLimits.maximumLineBytes) bytes"
    }

    /// The line as a message quotes it: the first ``ProtocolLimits/quotedInputCharacters``
    /// characters (invalid UTF-8 shown as U+FFFD), then "…", in single quotes; or `an empty line`.
    static func quotedInput(_ data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self)
        guard !text.isEmpty else { return "an empty line" }
        let limit = ProtocolLimits.quotedInputCharacters
        return "'" + (text.count > limit ? text.prefix(limit) + "…" : text) + "'"
    }
}
