// One option, several commands' wordings: a command that takes an option another declares,
// with its own summary (or its own default, or text for a default that depends on its input),
// derives it with `reworded`, so the name, value kind, range and choices stay declared once.

import FoldCycleCore

/// The declarations whose ``OptionSpec`` a rewording replaces (only its words).
protocol RewordableOption {
    var spec: OptionSpec { get set }
}

extension RewordableOption {
    /// This declaration with its spec's summary (and, when given, its default's text) replaced.
    func replacingWords(summary: String?, defaultText: String? = nil) -> Self {
        var copy = self
        copy.spec = OptionSpec(
            name: spec.name, short: spec.short, valueName: spec.valueName, summary: summary ?? spec.summary,
            kind: spec.kind, defaultText: defaultText ?? spec.defaultText)
        return copy
    }
}

extension FlagOption: RewordableOption {
    /// The same flag, summarized as `summary`.
    package func reworded(summary: String) -> Self { replacingWords(summary: summary) }
}

extension TextOption: RewordableOption {
    /// The same option, summarized as `summary`.
    package func reworded(summary: String) -> Self { replacingWords(summary: summary) }
}

extension IntegerOption: RewordableOption {
    /// The same option (range and default), summarized as `summary`.
    package func reworded(summary: String) -> Self { replacingWords(summary: summary) }
}

extension IntegerOption where Value == Int? {
    /// The same option, its default (which depends on the command's input) described as
    /// `defaultText`, and summarized as `summary` when given.
    package func reworded(summary: String? = nil, defaultText: String) -> Self {
        replacingWords(summary: summary, defaultText: defaultText)
    }
}

extension NumberOption: RewordableOption {
    /// The same option (range, unit and default), summarized as `summary`.
    package func reworded(summary: String) -> Self { replacingWords(summary: summary) }
}

extension NumberOption where Value == Double {
    /// The same option (name, range and unit), summarized as `summary`, with the command's own
    /// default, `defaultValue` (in the option's unit), which must lie in the range: `run --interval`
    /// shows each tip 4 s where the live cycler's cards turn every 2 s.
    package func reworded(summary: String, default defaultValue: Double) -> Self {
        precondition(
            range.contains(defaultValue, upperBound: nil), "--\(spec.name)'s default \(defaultValue) is out of range")
        var copy = replacingWords(summary: summary, defaultText: shortestDecimalText(defaultValue))
        copy.defaultValue = defaultValue
        return copy
    }
}

extension ChoiceOption: RewordableOption {
    /// The same option (choices, pattern and default), summarized as `summary`.
    package func reworded(summary: String) -> Self { replacingWords(summary: summary) }
}

extension ChoiceOption where Value: Equatable {
    /// The same choices and pattern with `name` put first, standing for nil, the default: for a
    /// setting that is decided when the command runs unless given (`--background auto`: ask the
    /// terminal), summarized as `summary`.
    package func addingUnset(_ name: String, summary: String) -> ChoiceOption<Value?> {
        ChoiceOption<Value?>(
            spec.name, value: spec.valueName ?? spec.name, summary: summary,
            choices: [(name, nil)] + choices.map { ($0.name, Optional($0.value)) },
            pattern: pattern.map { pattern in
                .init(syntax: pattern.syntax) { text throws(OptionValueError) in
                    try pattern.parse(text).map(Optional.some)
                }
            },
            default: nil)
    }
}
