/// What an option's value may be. One value decides how the value is read, the help line's
/// `(values: …)` or `(1...240)` part, and the "allowed" text of an error.
package enum OptionValueKind: Equatable, Sendable {
    /// No value: the option is given or not (`--paused`).
    case flag
    /// One of these names (matched case-insensitively), in the order help lists them, or text of
    /// the form `pattern` (such as `cubic-bezier(x1,y1,x2,y2)`), listed after them.
    case choice([String], pattern: String? = nil)
    /// A whole number in a range.
    case integer(IntegerRange)
    /// A finite number in a range, in a unit.
    case number(NumberRange)
    /// Text the command reads itself (a colour list, a time).
    case text
    /// A file's path (or a socket's): what completions offer files for.
    case path

    /// The allowed values as help shows them: `values: down, up, left, right`, `1...240`,
    /// `> 0 and < the interval`; nil for flags and text.
    package var helpText: String? {
        switch self {
        case .flag, .text, .path: return nil
        case .choice(let names, let pattern):
            return "values: " + (names + [pattern].compactMap(\.self)).joined(separator: ", ")
        case .integer(let range): return range.helpText
        case .number(let range): return range.helpText
        }
    }

    /// The allowed values as an error states them, before a value is read (a missing value): the
    /// invalid-value error's text with a named bound unresolved (`values: down, up, left,
    /// right`, `a whole number from 1 to 240`, `seconds: a finite number ≥ 0.01 and ≤ 86400`); a
    /// choice's pattern is listed after its names. Nil for flags, text and paths, which the
    /// option reader does not check.
    package var allowedText: String? {
        switch self {
        case .flag, .text, .path: return nil
        case .choice(let names, let pattern):
            return "values: " + (names + [pattern].compactMap(\.self)).joined(separator: ", ")
        case .integer(let range): return range.allowedText(upperBound: nil)
        case .number(let range): return range.allowedText(upperBound: nil)
        }
    }
}

/// One command-line option as help and the argument splitter see it: `--name <value>` or a
/// flag, with its summary, value kind and default.
///
/// Built by the typed declarations (``FlagOption``, ``TextOption``, ``IntegerOption``,
/// ``NumberOption``, ``ChoiceOption``), so an option's allowed values and default are written
/// once and both help and errors are generated from them.
package struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `direction`.
    package let name: String
    /// A one-letter alias, e.g. `h` for `-h`.
    package let short: Character?
    /// The value placeholder (`direction` for `<direction>`), or nil for a flag.
    package let valueName: String?
    /// What the option does: one sentence, ending with a full stop.
    package let summary: String
    /// What the value may be.
    package let kind: OptionValueKind
    /// The default as help shows it (`down`, `60`, `the widest item plus 2`), or nil for none.
    package let defaultText: String?

    /// Creates a spec; `valueName` is nil exactly when `kind` is ``OptionValueKind/flag``.
    package init(
        name: String, short: Character? = nil, valueName: String?, summary: String, kind: OptionValueKind,
        defaultText: String? = nil
    ) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.summary = summary
        self.kind = kind
        self.defaultText = defaultText
    }

    /// The help line's text: the summary, then `(allowed; default: …)` where either applies, e.g.
    /// `Direction content moves in. (values: down, up, left, right; default: down)`.
    package var help: String {
        let parts = [kind.helpText, defaultText.map { "default: \($0)" }].compactMap(\.self)
        return parts.isEmpty ? summary : "\(summary) (\(parts.joined(separator: "; ")))"
    }

    /// `--name`, `-h, --help` or `--name <value>`: the left column of the help line.
    package var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if let valueName { text += " <\(valueName)>" }
        return text
    }

    /// `  name` then `help` at `column`, or on the next line when the name reaches that column:
    /// one row of a help text's OPTIONS or ARGUMENTS.
    package static func helpRow(_ name: String, _ help: String, column: Int = 26) -> String {
        let padded = "  " + name
        if padded.count < column {
            return padded + String(repeating: " ", count: column - padded.count) + help + "\n"
        }
        return padded + "\n" + String(repeating: " ", count: column) + help + "\n"
    }
}
