import FoldCycleCore

/// The upper end of an option's range: a fixed value, or a value known only once the rest of
/// the command line is read (the interval, the number of items), named for help.
package enum UpperBound<Bound: Equatable & Sendable>: Equatable, Sendable {
    /// A value fixed by the declaration.
    case fixed(Bound)
    /// A value given when the option is read, described in help by this name.
    case named(String)

    /// The fixed value, or `resolved` for a named bound.
    package func value(resolving resolved: Bound?) -> Bound? {
        switch self {
        case .fixed(let value): return value
        case .named: return resolved
        }
    }
}

/// The whole numbers an integer option allows: `lowerBound` through an upper bound, inclusive.
package struct IntegerRange: Equatable, Sendable {
    /// The smallest allowed value.
    package let lowerBound: Int
    /// The largest allowed value.
    package let upperBound: UpperBound<Int>

    /// `lowerBound...upperBound`, both fixed.
    package init(_ range: ClosedRange<Int>) {
        lowerBound = range.lowerBound
        upperBound = .fixed(range.upperBound)
    }

    /// From `lowerBound` up to a bound known when the option is read, called `upperBoundName`.
    package init(from lowerBound: Int, upTo upperBoundName: String) {
        self.lowerBound = lowerBound
        upperBound = .named(upperBoundName)
    }

    /// Help's form: `1...240`, `0...the number of items − 1`.
    package var helpText: String {
        switch upperBound {
        case .fixed(let value): return "\(lowerBound)...\(value)"
        case .named(let name): return "\(lowerBound)...\(name)"
        }
    }

    /// An error's form, with a named bound resolved when given: `a whole number from 1 to 240`,
    /// `a whole number from 0 to 1`.
    package func allowedText(upperBound resolved: Int?) -> String {
        let upper: String
        switch upperBound {
        case .fixed(let value): upper = String(value)
        case .named(let name): upper = resolved.map(String.init) ?? name
        }
        return "a whole number from \(lowerBound) to \(upper)"
    }

    /// Whether `value` is in the range; a named bound not given does not limit.
    package func contains(_ value: Int, upperBound resolved: Int?) -> Bool {
        value >= lowerBound && value <= (upperBound.value(resolving: resolved) ?? .max)
    }
}

/// The finite numbers a number option allows, in a unit: each end inclusive or not.
package struct NumberRange: Equatable, Sendable {
    /// The lower end.
    package let lowerBound: Double
    /// Whether `lowerBound` itself is allowed.
    package let includesLowerBound: Bool
    /// The upper end.
    package let upperBound: UpperBound<Double>
    /// Whether the upper end itself is allowed.
    package let includesUpperBound: Bool
    /// What the number counts: `seconds`.
    package let unit: String

    /// `range` with both ends allowed.
    package init(_ range: ClosedRange<Double>, unit: String) {
        lowerBound = range.lowerBound
        includesLowerBound = true
        upperBound = .fixed(range.upperBound)
        includesUpperBound = true
        self.unit = unit
    }

    /// More than `lowerBound` and less than a bound known when the option is read, called
    /// `upperBoundName`.
    package init(above lowerBound: Double, below upperBoundName: String, unit: String) {
        self.lowerBound = lowerBound
        includesLowerBound = false
        upperBound = .named(upperBoundName)
        includesUpperBound = false
        self.unit = unit
    }

    /// At least `lowerBound` and less than a bound known when the option is read, called
    /// `upperBoundName`.
    package init(atLeast lowerBound: Double, below upperBoundName: String, unit: String) {
        self.lowerBound = lowerBound
        includesLowerBound = true
        upperBound = .named(upperBoundName)
        includesUpperBound = false
        self.unit = unit
    }

    /// Help's form: `0.01...86400` when both ends are fixed and allowed, otherwise
    /// `> 0 and < the interval`.
    package var helpText: String {
        if includesLowerBound, includesUpperBound, case .fixed(let upper) = upperBound {
            return "\(shortestDecimalText(lowerBound))...\(shortestDecimalText(upper))"
        }
        return "\(lowerText) and \(upperText(resolved: nil))"
    }

    /// The bounds as an error states them, a named bound followed by its value when given:
    /// `a finite number ≥ 0.01 and ≤ 86400`, `a finite number > 0 and < the interval, 2`.
    package func boundsText(upperBound resolved: Double?) -> String {
        "a finite number \(lowerText) and \(upperText(resolved: resolved))"
    }

    /// An error's form: the unit, then ``boundsText(upperBound:)``.
    package func allowedText(upperBound resolved: Double?) -> String {
        "\(unit): \(boundsText(upperBound: resolved))"
    }

    /// Whether `value` is finite and in the range; a named bound not given does not limit.
    package func contains(_ value: Double, upperBound resolved: Double?) -> Bool {
        guard value.isFinite else { return false }
        let upper = upperBound.value(resolving: resolved) ?? .infinity
        let aboveLower = includesLowerBound ? value >= lowerBound : value > lowerBound
        let belowUpper = includesUpperBound ? value <= upper : value < upper
        return aboveLower && belowUpper
    }

    private var lowerText: String {
        "\(includesLowerBound ? "≥" : ">") \(shortestDecimalText(lowerBound))"
    }

    private func upperText(resolved: Double?) -> String {
        let relation = includesUpperBound ? "≤" : "<"
        switch upperBound {
        case .fixed(let value): return "\(relation) \(shortestDecimalText(value))"
        case .named(let name):
            return "\(relation) \(name)" + (resolved.map { ", \(shortestDecimalText($0))" } ?? "")
        }
    }
}
