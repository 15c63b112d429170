import FoldCycle
import Foundation

/// One command-line option: `--name <value>` or a flag.
struct OptionSpec {
    /// The long name without dashes, e.g. `direction`.
    let name: String
    /// A one-letter alias, e.g. `h` for `-h`.
    let short: Character?
    /// The value placeholder (`direction`), or nil for a flag.
    let valueName: String?
    /// One line of help, ending with `(values: …; default: …)` where that applies.
    let help: String

    init(_ name: String, short: Character? = nil, value: String? = nil, help: String) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
    }
}

/// The result of splitting argv by a list of ``OptionSpec``s.
struct ParsedArguments {
    /// Option values by long name (the last occurrence wins).
    var values: [String: String] = [:]
    /// Flags given, by long name.
    var flags: Set<String> = []
    /// Positional arguments, in order (everything after `--` counts as positional).
    var positionals: [String] = []

    /// Splits `arguments` (without the program name) by `specs`.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for an unknown option, a missing value, or a value
    ///   given to a flag.
    init(_ arguments: [String], specs: [OptionSpec], command: CLICommand) throws(CLIError) {
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
                      let spec = specs.first(where: { $0.short == short }) {
                name = spec.name
            } else if Double(argument) != nil {
                // A negative number where an item was expected: treat as an item.
                positionals.append(argument)
                continue
            } else {
                throw .usage("unknown option '\(argument)'", command)
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw .usage("unknown option '--\(name)'", command)
            }
            if spec.valueName == nil {
                if inlineValue != nil { throw .usage("option '--\(name)' takes no value", command) }
                flags.insert(name)
                continue
            }
            if let inlineValue {
                values[name] = inlineValue
            } else if index < arguments.count {
                values[name] = arguments[index]
                index += 1
            } else {
                throw .usage("missing value for '--\(name) <\(spec.valueName ?? "value")>'", command)
            }
        }
    }
}

// MARK: - Typed values

/// Parses and range-checks option values, naming the option and the allowed values on failure.
struct OptionValues {
    let parsed: ParsedArguments
    let command: CLICommand

    func flag(_ name: String) -> Bool { parsed.flags.contains(name) }

    func string(_ name: String) -> String? { parsed.values[name] }

    /// A finite number in `range` (seconds, cells, …), or nil when absent.
    func number(_ name: String, in range: ClosedRange<Double>, unit: String, exclusiveLower: Bool = false) throws(CLIError) -> Double? {
        guard let text = parsed.values[name] else { return nil }
        let lower = exclusiveLower ? "> \(Self.format(range.lowerBound))" : "≥ \(Self.format(range.lowerBound))"
        let allowed = "\(unit): a finite number \(lower) and ≤ \(Self.format(range.upperBound))"
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw .usage("invalid value '\(text)' for '--\(name)' (\(allowed))", command)
        }
        guard range.contains(value), !(exclusiveLower && value == range.lowerBound) else {
            throw .usage("value \(text) for '--\(name)' is out of range (\(allowed))", command)
        }
        return value
    }

    /// A whole number in `range`, or nil when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
        guard let text = parsed.values[name] else { return nil }
        let allowed = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw .usage("invalid value '\(text)' for '--\(name)' (\(allowed))", command)
        }
        guard range.contains(value) else {
            throw .usage("value \(text) for '--\(name)' is out of range (\(allowed))", command)
        }
        return value
    }

    /// One of `choices` (case-insensitive), or nil when absent.
    func choice<Value>(_ name: String, _ choices: [(String, Value)]) throws(CLIError) -> Value? {
        guard let text = parsed.values[name] else { return nil }
        guard let match = choices.first(where: { $0.0 == text.lowercased() }) else {
            let names = choices.map(\.0).joined(separator: ", ")
            throw .usage("invalid value '\(text)' for '--\(name)' (values: \(names))", command)
        }
        return match.1
    }

    /// The timing function named by `--timing`, or nil when absent.
    func timingFunction() throws(CLIError) -> TimingFunction? {
        guard let text = parsed.values["timing"] else { return nil }
        do {
            return try TimingFunction(name: text)
        } catch {
            throw .usage("invalid value for '--timing': \(error)", command)
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
