import FoldCycleCore

// The typed option declarations: each holds its value kind, default and summary once, builds
// the ``OptionSpec`` that help and the argument splitter use, and is what ``OptionValues``
// reads a value by, so the allowed values in help and in errors cannot drift apart.

/// A flag: `--fullscreen`, `-h, --help`.
package struct FlagOption: Sendable {
    /// Help's and the splitter's view of the flag.
    package internal(set) var spec: OptionSpec

    /// Creates `--name` (and `-short`), described by `summary`.
    package init(_ name: String, short: Character? = nil, summary: String) {
        spec = OptionSpec(name: name, short: short, valueName: nil, summary: summary, kind: .flag)
    }
}

/// `--name <value>` whose text the command reads itself (a path, a colour list).
package struct TextOption: Sendable {
    /// Help's and the splitter's view of the option.
    package internal(set) var spec: OptionSpec

    /// Creates `--name <valueName>`; `defaultText` is what help says applies when it is absent.
    /// `isPath`: the value names a file (completions offer files, the manual says so).
    package init(
        _ name: String, value valueName: String, summary: String, defaultText: String? = nil, isPath: Bool = false
    ) {
        spec = OptionSpec(
            name: name, valueName: valueName, summary: summary, kind: isPath ? .path : .text, defaultText: defaultText)
    }
}

/// `--name <n>`: a whole number in a range.
///
/// `Value` is `Int` when the default is a number (``OptionValues`` returns it when the option
/// is absent) and `Int?` when the default depends on other input and is described in help
/// (absent reads as nil).
package struct IntegerOption<Value: Sendable>: Sendable {
    /// Help's and the splitter's view of the option.
    package internal(set) var spec: OptionSpec
    /// The allowed values.
    package let range: IntegerRange
    /// The value when the option is absent.
    package internal(set) var defaultValue: Value
    /// Turns a parsed number into `Value`.
    package let wrap: @Sendable (Int) -> Value
}

extension IntegerOption where Value == Int {
    /// An integer option whose default is `defaultValue`.
    package init(
        _ name: String, value valueName: String, summary: String, range: IntegerRange, default defaultValue: Int
    ) {
        spec = OptionSpec(
            name: name, valueName: valueName, summary: summary, kind: .integer(range), defaultText: String(defaultValue)
        )
        self.range = range
        self.defaultValue = defaultValue
        wrap = { $0 }
    }
}

extension IntegerOption where Value == Int? {
    /// An integer option that reads as nil when absent; help shows `defaultText` as its default.
    package init(_ name: String, value valueName: String, summary: String, range: IntegerRange, defaultText: String) {
        spec = OptionSpec(
            name: name, valueName: valueName, summary: summary, kind: .integer(range), defaultText: defaultText)
        self.range = range
        defaultValue = nil
        wrap = { $0 }
    }
}

/// `--name <value>`: a finite number in a range, in a unit.
///
/// `Value` is `Double` when the default is a number and `Double?` when it is described in help
/// (absent reads as nil), as for ``IntegerOption``.
package struct NumberOption<Value: Sendable>: Sendable {
    /// Help's and the splitter's view of the option.
    package internal(set) var spec: OptionSpec
    /// The allowed values.
    package let range: NumberRange
    /// The value when the option is absent.
    package internal(set) var defaultValue: Value
    /// Turns a parsed number into `Value`.
    package let wrap: @Sendable (Double) -> Value
}

extension NumberOption where Value == Double {
    /// A number option whose default is `defaultValue`.
    package init(
        _ name: String, value valueName: String, summary: String, range: NumberRange, default defaultValue: Double
    ) {
        spec = OptionSpec(
            name: name, valueName: valueName, summary: summary, kind: .number(range),
            defaultText: shortestDecimalText(defaultValue))
        self.range = range
        self.defaultValue = defaultValue
        wrap = { $0 }
    }
}

extension NumberOption where Value == Double? {
    /// A number option that reads as nil when absent; help shows `defaultText` as its default.
    package init(_ name: String, value valueName: String, summary: String, range: NumberRange, defaultText: String) {
        spec = OptionSpec(
            name: name, valueName: valueName, summary: summary, kind: .number(range), defaultText: defaultText)
        self.range = range
        defaultValue = nil
        wrap = { $0 }
    }
}

/// `--name <value>`: one of a list of names (case-insensitive), each standing for a value; or,
/// when the declaration has a ``Pattern``, text of that form.
package struct ChoiceOption<Value: Sendable>: Sendable {
    /// A form of value beyond the named choices, such as `cubic-bezier(x1,y1,x2,y2)`.
    package struct Pattern: Sendable {
        /// The form as help and errors list it after the names.
        package let syntax: String
        /// Reads text that named no choice: the value, or nil when the text is not of this form.
        /// Throws ``OptionValueError/rejected(_:)`` with the reason when it is of this form but
        /// not allowed.
        package let parse: @Sendable (String) throws(OptionValueError) -> Value?

        /// A form written `syntax`, read by `parse`.
        package init(syntax: String, parse: @escaping @Sendable (String) throws(OptionValueError) -> Value?) {
            self.syntax = syntax
            self.parse = parse
        }
    }

    /// Help's and the splitter's view of the option.
    package internal(set) var spec: OptionSpec
    /// The names and the values they stand for, in the order help lists them.
    package let choices: [(name: String, value: Value)]
    /// A further form of value, if any.
    package let pattern: Pattern?
    /// The value when the option is absent.
    package let defaultValue: Value

    /// Every allowed name (and the pattern's syntax), in help's order.
    package var names: [String] { choices.map(\.name) + (pattern.map { [$0.syntax] } ?? []) }
}

extension ChoiceOption where Value: Equatable {
    /// A choice among `choices`, defaulting to `defaultValue` (help names it by its choice).
    package init(
        _ name: String, value valueName: String, summary: String, choices: [(name: String, value: Value)],
        pattern: Pattern? = nil, default defaultValue: Value
    ) {
        spec = OptionSpec(
            name: name, valueName: valueName, summary: summary,
            kind: .choice(choices.map(\.name), pattern: pattern?.syntax),
            defaultText: choices.first { $0.value == defaultValue }?.name)
        self.choices = choices
        self.pattern = pattern
        self.defaultValue = defaultValue
    }

    /// A choice among the cases of a `String`-backed enum, named by their raw values.
    package init(_ name: String, value valueName: String, summary: String, cases: [Value], default defaultValue: Value)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(
            name, value: valueName, summary: summary, choices: cases.map { ($0.rawValue, $0) }, default: defaultValue)
    }
}

/// Why an option's text is not an allowed value; ``OptionValues`` turns it into the message.
package enum OptionValueError: Error, Equatable, Sendable {
    /// Not a value of the option's kind at all (`ten` for a number, an unknown name).
    case invalid
    /// A value of the right kind outside the range.
    case outOfRange
    /// Of the right form but not allowed, for this reason (shown in parentheses).
    case rejected(String)
}
