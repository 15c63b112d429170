import FoldCycleCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads typed option values from split arguments by their declarations: checks each value
/// against its declared kind and range, applies the declared default, and on failure names the
/// option and the allowed values (the same text help shows).
package struct OptionReader<Context: OptionUsageContext> {
    /// The split command line.
    package let parsed: ParsedArguments
    /// Who parses: makes the usage errors (the CLI's name the command, for its usage line).
    package let context: Context

    /// A reader of `parsed` whose errors `context` makes.
    package init(parsed: ParsedArguments, context: Context) {
        self.parsed = parsed
        self.context = context
    }

    /// Whether the flag was given.
    package func flag(_ option: FlagOption) -> Bool { parsed.flags.contains(option.spec.name) }

    /// The option's text, or nil when absent.
    package func text(_ option: TextOption) -> String? { parsed.values[option.spec.name] }

    /// The option's whole number, or its default when absent.
    ///
    /// - Parameter resolved: the value of a named upper bound (e.g. the last item's index).
    /// - Throws: the context's usage error: `invalid value 'ten' for '--fps' (a whole number from
    ///   1 to 240)` or `value 0 for '--fps' is out of range (…)`.
    package func value<Value>(_ option: IntegerOption<Value>, upperBound resolved: Int? = nil) throws(Context.Failure)
        -> Value
    {
        guard let text = parsed.values[option.spec.name] else { return option.defaultValue }
        let allowed = option.range.allowedText(upperBound: resolved)
        guard let value = Int(text.trimmingWhitespace()) else {
            throw usage(.invalid, text, option.spec, allowed: allowed)
        }
        guard option.range.contains(value, upperBound: resolved) else {
            throw usage(.outOfRange, text, option.spec, allowed: allowed)
        }
        return option.wrap(value)
    }

    /// The option's finite number, or its default when absent.
    ///
    /// - Parameter resolved: the value of a named upper bound (e.g. the interval).
    /// - Throws: the context's usage error: `invalid value 'nan' for '--interval' (seconds: a finite
    ///   number ≥ 0.01 and ≤ 86400)` or `value 0 for '--interval' is out of range (…)`.
    package func value<Value>(_ option: NumberOption<Value>, upperBound resolved: Double? = nil) throws(Context.Failure)
        -> Value
    {
        guard let text = parsed.values[option.spec.name] else { return option.defaultValue }
        let allowed = option.range.allowedText(upperBound: resolved)
        guard let value = Double(text.trimmingWhitespace()), value.isFinite else {
            throw usage(.invalid, text, option.spec, allowed: allowed)
        }
        guard option.range.contains(value, upperBound: resolved) else {
            throw usage(.outOfRange, text, option.spec, allowed: allowed)
        }
        return option.wrap(value)
    }

    /// The value named by the option (case-insensitive), or its default when absent.
    ///
    /// - Throws: the context's usage error: `invalid value 'sideways' for '--direction' (values:
    ///   down, up, left, right)`, or with the pattern's reason in parentheses.
    package func value<Value>(_ option: ChoiceOption<Value>) throws(Context.Failure) -> Value {
        guard let text = parsed.values[option.spec.name] else { return option.defaultValue }
        let name = text.trimmingWhitespace().lowercased()
        if let match = option.choices.first(where: { $0.name == name }) { return match.value }
        let allowed =
            Suggestion.didYouMean(name, among: option.choices.map(\.name)) + "values: "
            + option.names.joined(separator: ", ")
        do {
            if let value = try option.pattern?.parse(text) { return value }
        } catch {
            throw usage(error, text, option.spec, allowed: allowed)
        }
        throw usage(.invalid, text, option.spec, allowed: allowed)
    }

    /// The one wording of a bad value, by kind of failure.
    private func usage(_ error: OptionValueError, _ text: String, _ spec: OptionSpec, allowed: String)
        -> Context.Failure
    {
        switch error {
        case .invalid:
            return context.usage("invalid value '\(context.excerpt(text))' for '--\(spec.name)' (\(allowed))")
        case .outOfRange: return context.usage("value \(text) for '--\(spec.name)' is out of range (\(allowed))")
        case .rejected(let reason):
            return context.usage("invalid value '\(context.excerpt(text))' for '--\(spec.name)' (\(reason))")
        }
    }
}
