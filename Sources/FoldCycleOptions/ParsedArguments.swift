/// The result of splitting argv by a command's ``OptionSpec``s, before any value is checked.
///
/// Follows swift-argument-parser's conventions: `--name value` and `--name=value`; `-h` for a
/// declared one-letter alias; `--` ends the options (everything after it is an item); `-` alone
/// and negative numbers (`-5`, `-0.5`) are items.
package struct ParsedArguments: Equatable {
    /// Option values by long name (the last occurrence wins).
    package var values: [String: String] = [:]
    /// Flags given, by long name.
    package var flags: Set<String> = []
    /// Positional arguments (items), in order.
    package var positionals: [String] = []

    /// Splits `arguments` (without the program name) by `specs`.
    ///
    /// - Throws: the context's usage error (``OptionUsageContext/usage(_:)``) for an unknown option (with the nearest option's name
    ///   when one is close: `unknown option '--direciton' (did you mean '--direction'?)`), a
    ///   missing value (the option is last, or the next argument is another `--option`; with the
    ///   allowed values, as the invalid-value error lists them: ``OptionValueKind/allowedText``),
    ///   or a value given to a flag.
    package init<Context: OptionUsageContext>(_ arguments: [String], specs: [OptionSpec], context: Context)
        throws(Context.Failure)
    {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else if argument.count == 2, let short = argument.last,
                let spec = specs.first(where: { $0.short == short })
            {
                name = spec.name
            } else if Double(argument) != nil {
                // A negative number where an item was expected: an item.
                positionals.append(argument)
                continue
            } else {
                // `-direction`: suggest the long option it resembles.
                throw Self.unknownOption(argument, typedName: String(argument.dropFirst()), specs: specs, context)
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                let shown = name.isEmpty ? argument : "--\(name)"
                throw Self.unknownOption(shown, typedName: name, specs: specs, context)
            }
            guard let valueName = spec.valueName else {
                if inlineValue != nil { throw context.usage("option '--\(name)' takes no value") }
                flags.insert(name)
                continue
            }
            if let inlineValue {
                values[name] = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                // A value never starts with `--`: that is the next option (pass such text as
                // `--name=--text`). One dash is a value: `-` (stdin), `-1`.
                values[name] = arguments[index]
                index += 1
            } else {
                let allowed = spec.kind.allowedText.map { " (\($0))" } ?? ""
                throw context.usage("missing value for '--\(name) <\(valueName)>'\(allowed)")
            }
        }
    }

    /// `unknown option 'shown'`, with a suggestion when `typedName` is close to an option's name.
    private static func unknownOption<Context: OptionUsageContext>(
        _ shown: String, typedName: String, specs: [OptionSpec], _ context: Context
    ) -> Context.Failure {
        if typedName.count > 1, let near = Suggestion.nearest(to: typedName, among: specs.map(\.name)) {
            return context.usage("unknown option '\(shown)' (did you mean '--\(near)'?)")
        }
        if typedName == "v" || typedName == "version", let hint = context.versionHint {
            // A subcommand has no version of its own: say where it is.
            return context.usage("unknown option '\(shown)' (\(hint))")
        }
        return context.usage("unknown option '\(shown)'")
    }
}
