import FoldCycle
import FoldCycleOptions

/// What one command of the JSON-lines protocol takes: its name (and aliases, the word
/// protocol's), its fields and what each may hold. ``resolve(_:among:)`` checks a request
/// against a table of them, so every command's fields are checked, and named in errors, the same
/// way (docs/DESIGN.md#control-protocol).
package struct ProtocolCommandSpec: Sendable {
    /// One field of a request besides `id` and `cmd`.
    package struct Field: Sendable {
        /// What a field may hold.
        package enum Kind: Sendable {
            /// A string: an item's text.
            case text
            /// A whole number: an item's index (0-based; its range is checked when the command runs).
            case index
            /// A number of seconds, finite and > 0 (its range is checked when the command runs).
            case seconds
            /// One of these names, case-insensitively (a direction, a transition).
            case choice([String])
        }

        /// The member's name in the request.
        package var name: String
        /// What it may hold.
        package var kind: Kind
        /// Whether a request without it is refused.
        package var isRequired: Bool

        /// A field `name` of `kind`, required unless `required` is false.
        package init(_ name: String, _ kind: Kind, required: Bool = true) {
            self.name = name
            self.kind = kind
            isRequired = required
        }

        /// What the field allows, as errors say it.
        var allowed: String {
            switch kind {
            case .text: return "a string"
            case .index: return "a whole number, counting from 0"
            case .seconds: return "a number of seconds > 0"
            case .choice(let names): return "values: " + names.joined(separator: ", ")
            }
        }
    }

    /// The command's name, as `cmd` gives it.
    package var name: String
    /// Other names the command answers to (`previous` for `prev`, `exit` for `quit`).
    package var aliases: [String]
    /// The fields it takes besides `id` and `cmd`.
    package var fields: [Field]

    /// A command `name` with `aliases` and `fields`.
    package init(_ name: String, aliases: [String] = [], fields: [Field] = []) {
        self.name = name
        self.aliases = aliases
        self.fields = fields
    }

    /// A request's checked fields, by name.
    package struct Arguments: Sendable {
        fileprivate var values: [String: JSONValue]

        /// A text field's string.
        package func text(_ name: String) -> String? { values[name]?.stringValue }
        /// An index field's whole number.
        package func index(_ name: String) -> Int? { values[name]?.intValue }
        /// A seconds field's number.
        package func seconds(_ name: String) -> Double? { values[name]?.doubleValue }
        /// A choice field's name, lower case.
        package func choice(_ name: String) -> String? { values[name]?.stringValue?.lowercased() }
    }

    /// The spec of `request`'s command in `specs` and its checked fields.
    ///
    /// - Returns: a failure of kind ``ProtocolError/Kind/unknownCommand`` when `cmd` names no
    ///   command (the nearest suggested), or ``ProtocolError/Kind/badValue`` for a missing
    ///   required field, a field of the wrong type or value, or a field the command does not take.
    package static func resolve(_ request: ProtocolRequest, among specs: [ProtocolCommandSpec])
        -> Result<(ProtocolCommandSpec, Arguments), ProtocolError>
    {
        let name = request.command.lowercased()
        guard let spec = specs.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
            let names = specs.map(\.name)
            let near = Suggestion.nearest(to: name, among: names).map { "did you mean '\($0)'? " } ?? ""
            return .failure(
                ProtocolError(
                    .unknownCommand,
                    "unknown command \(JSONValue.quoted(request.command)) (\(near)commands: "
                        + names.joined(separator: ", ") + ")"))
        }
        var values: [String: JSONValue] = [:]
        for member in request.fields {
            guard let field = spec.fields.first(where: { $0.name == member.key }) else {
                let allowed = (["id", "cmd"] + spec.fields.map(\.name)).joined(separator: ", ")
                let near =
                    Suggestion.nearest(to: member.key, among: spec.fields.map(\.name)).map { "did you mean '\($0)'? " }
                    ?? ""
                return .failure(
                    ProtocolError(
                        .badValue,
                        "unknown field \(JSONValue.quoted(member.key)) for '\(spec.name)' (\(near)fields: \(allowed))"))
            }
            if let problem = check(member.value, for: field) {
                return .failure(ProtocolError(.badValue, "\"\(field.name)\" of '\(spec.name)' \(problem)"))
            }
            values[field.name] = member.value
        }
        for field in spec.fields where field.isRequired && values[field.name] == nil {
            return .failure(
                ProtocolError(.badValue, "'\(spec.name)' needs \"\(field.name)\" (\(field.allowed))"))
        }
        return .success((spec, Arguments(values: values)))
    }

    /// Why `value` does not fit `field` (`must be a number of seconds > 0, not a string`), or nil.
    private static func check(_ value: JSONValue, for field: Field) -> String? {
        let shown = shortened(value)
        switch field.kind {
        case .text:
            return value.stringValue == nil ? "must be a string, not \(value.typeName) (\(shown))" : nil
        case .index:
            return value.intValue == nil ? "must be \(field.allowed), not \(shown)" : nil
        case .seconds:
            guard let seconds = value.doubleValue else { return "must be \(field.allowed), not \(shown)" }
            return seconds > 0 ? nil : "must be \(field.allowed), not \(shown)"
        case .choice(let names):
            guard let name = value.stringValue, names.contains(name.lowercased()) else {
                let near = value.stringValue.map { Suggestion.didYouMean($0, among: names) } ?? ""
                return
                    "must be one of \(names.joined(separator: ", ")), not \(shown)\(near.isEmpty ? "" : " (\(near.dropLast()))")"
            }
            return nil
        }
    }

    /// A value as a message quotes it: its JSON text, shortened.
    private static func shortened(_ value: JSONValue) -> String {
        let text = value.serialized
        let limit = ProtocolLimits.quotedInputCharacters
        return text.count > limit ? text.prefix(limit) + "…" : text
    }
}
