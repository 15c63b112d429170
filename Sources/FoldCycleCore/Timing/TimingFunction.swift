#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A timing function that maps normalized time `t` (0...1) to eased progress `p`, defined, like
/// `CAMediaTimingFunction`, by a cubic Bézier from (0, 0) to (1, 1) with two control points.
///
/// Source: Core Animation. The presets carry `CAMediaTimingFunction`'s control points; the
/// default of FoldCycle's transitions is ``easeInEaseOut`` (0.42, 0, 0.58, 1), the curve
/// `UIView.animate` uses, which the source view's fold animation ran with.
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// The first control point's x, in 0...1.
    public let x1: Double
    /// The first control point's y, in `controlPointYRange` (outside 0...1 overshoots).
    public let y1: Double
    /// The second control point's x, in 0...1.
    public let x2: Double
    /// The second control point's y, in `controlPointYRange`.
    public let y2: Double
    /// The spring that drives progress instead of the curve, if any (``init(spring:)``); the
    /// control points are then the linear curve's (0, 0, 1, 1) and unused.
    public let spring: Spring?

    /// The precision in x to which ``progress(at:)`` solves the curve.
    package static let precision = 1e-6

    /// The y control points allowed: −10...10. Core Animation and CSS allow any finite y, but a
    /// curve through (0.3, 1e19) makes progress absurd (1e19 card heights) and, further out, not
    /// finite; ±10 keeps every overshoot in use (CSS's "back" curves reach −0.6 and 1.6) while
    /// bounding progress to about −8...9 (docs/DESIGN.md#timing-functions). A deliberate difference.
    package static let controlPointYRange = -10.0...10.0

    /// Creates a cubic Bézier timing function, as `CAMediaTimingFunction(controlPoints:::)` or CSS
    /// `cubic-bezier(x1, y1, x2, y2)`.
    ///
    /// - Throws: ``TimingFunctionError/invalidControlPoints(x1:y1:x2:y2:)`` when any value is not
    ///   finite, when `x1` or `x2` is outside 0...1 (the curve would not be a function of time), or
    ///   when `y1` or `y2` is outside `controlPointYRange`.
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(TimingFunctionError) {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite,
            (0...1).contains(x1), (0...1).contains(x2),
            Self.controlPointYRange.contains(y1), Self.controlPointYRange.contains(y2)
        else { throw .invalidControlPoints(x1: x1, y1: y1, x2: x2, y2: y2) }
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.spring = nil
    }

    private init(uncheckedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.spring = nil
    }

    /// A spring timing: normalized time `t` runs the spring over its ``Spring/settlingDuration``,
    /// so progress is `spring.position(at: t · settlingDuration)` and exactly 1 from `t = 1` on
    /// (the last jump is below ``Spring/settlingTolerance``). Progress may pass 1 (an overshoot)
    /// and, with a negative initial velocity, go below 0; a transition decides what that shows
    /// (the fold clamps it, ``FoldTransition/frame(atFractionComplete:)``).
    public init(spring: Spring) {
        self.x1 = 0
        self.y1 = 0
        self.x2 = 1
        self.y2 = 1
        self.spring = spring
    }

    // MARK: - Presets (CAMediaTimingFunctionName)

    /// `kCAMediaTimingFunctionLinear`: control points (0, 0, 1, 1); progress equals time.
    public static let linear = TimingFunction(uncheckedX1: 0, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseIn`: control points (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(uncheckedX1: 0.42, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseOut`: control points (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(uncheckedX1: 0, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: control points (0.42, 0, 0.58, 1). FoldCycle's
    /// default, as `UIView.animate`'s default curve.
    public static let easeInEaseOut = TimingFunction(uncheckedX1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionDefault`: control points (0.25, 0.1, 0.25, 1), Core Animation's
    /// implicit-animation curve.
    public static let `default` = TimingFunction(uncheckedX1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// The presets by their command-line names, in the order help text lists them.
    public static let presets: [(name: String, function: TimingFunction)] = [
        ("linear", .linear), ("ease-in", .easeIn), ("ease-out", .easeOut),
        ("ease-in-out", .easeInEaseOut), ("default", .default), ("spring", TimingFunction(spring: .default)),
    ]

    /// The parameterized forms, as help and errors name them.
    public static let parameterizedForms = [
        "cubic-bezier(x1,y1,x2,y2)", "spring(mass,stiffness,damping,velocity)", "spring(duration,bounce)",
    ]

    /// Parses a timing function name: a preset of ``presets`` (`linear`, `ease-in`, `ease-out`,
    /// `ease-in-out`, `default`, `spring`), `cubic-bezier(x1,y1,x2,y2)` (CSS syntax),
    /// `spring(mass,stiffness,damping,velocity)` (``Spring/init(mass:stiffness:damping:initialVelocity:)``)
    /// or `spring(duration,bounce)` (``Spring/init(duration:bounce:initialVelocity:)``). Spaces
    /// allowed; case-insensitive.
    ///
    /// - Throws: ``TimingFunctionError/unknownName(_:)`` for any other text,
    ///   ``TimingFunctionError/invalidControlPoints(x1:y1:x2:y2:)`` for out-of-range points and
    ///   ``TimingFunctionError/invalidSpring(_:)`` for out-of-range spring parameters.
    public init(name: String) throws(TimingFunctionError) {
        let text = name.trimmingWhitespace().lowercased()
        if let preset = Self.presets.first(where: { $0.name == text }) {
            self = preset.function
            return
        }
        if let values = Self.arguments(of: text, function: "spring") {
            switch values.count {
            case 4:
                self.init(
                    spring: try Spring(
                        mass: values[0], stiffness: values[1], damping: values[2], initialVelocity: values[3]))
            case 2: self.init(spring: try Spring(duration: values[0], bounce: values[1]))
            default: throw .unknownName(name)
            }
            return
        }
        guard let values = Self.arguments(of: text, function: "cubic-bezier"), values.count == 4
        else { throw .unknownName(name) }
        try self.init(controlPoints: values[0], values[1], values[2], values[3])
    }

    /// The numbers of `function(a,b,…)`, nil unless the text is that with every argument a number.
    private static func arguments(of text: String, function: String) -> [Double]? {
        guard text.hasPrefix(function + "("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(function.count + 1).dropLast()
        let values = inner.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingWhitespace()) }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        return values.compactMap { $0 }
    }

    // MARK: - Evaluation

    /// The eased progress at normalized time `t`.
    ///
    /// - Parameter t: normalized time; clamped to 0...1.
    /// - Returns: progress `p = y(s)` where `x(s) = t`, with `s` solved to `precision` in x by
    ///   Newton's method, falling back to bisection where the slope is too flat. `p(0) == 0` and
    ///   `p(1) == 1` exactly.
    public func progress(at t: Double) -> Double {
        if t.isNaN || t <= 0 { return 0 }
        if t >= 1 { return 1 }
        if let spring { return spring.position(at: t * spring.settlingDuration) }
        if x1 == y1 && x2 == y2 { return t }  // A straight line: linear.
        return sampleY(solveParameter(forX: t))
    }

    /// Solves `x(s) = x` for the curve parameter `s` in 0...1.
    private func solveParameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < Self.precision { return s }
            let slope = sampleDerivativeX(s)
            if abs(slope) < 1e-7 { break }
            s = min(max(s - error / slope, 0), 1)
        }
        // Bisection: x(s) is monotonic on 0...1 because x1 and x2 lie in 0...1.
        var low = 0.0
        var high = 1.0
        s = x
        while high - low > 1e-12 {
            let value = sampleX(s)
            if abs(value - x) < Self.precision { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    // Bernstein form with P0 = (0, 0) and P3 = (1, 1): B(s) = 3(1−s)²s·P1 + 3(1−s)s²·P2 + s³.
    private func sampleX(_ s: Double) -> Double {
        ((1 - 3 * x2 + 3 * x1) * s + (3 * x2 - 6 * x1)) * s * s + 3 * x1 * s
    }

    private func sampleY(_ s: Double) -> Double {
        ((1 - 3 * y2 + 3 * y1) * s + (3 * y2 - 6 * y1)) * s * s + 3 * y1 * s
    }

    private func sampleDerivativeX(_ s: Double) -> Double {
        3 * (1 - 3 * x2 + 3 * x1) * s * s + 2 * (3 * x2 - 6 * x1) * s + 3 * x1
    }

    /// The command-line name of a preset, `spring(mass,stiffness,damping,velocity)` or
    /// `cubic-bezier(x1,y1,x2,y2)`.
    public var description: String {
        if let preset = Self.presets.first(where: { $0.function == self }) { return preset.name }
        if let spring { return spring.description }
        return "cubic-bezier(\(x1),\(y1),\(x2),\(y2))"
    }
}

/// Errors from creating a ``TimingFunction``.
public enum TimingFunctionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A control point is not finite, x1/x2 lies outside 0...1, or y1/y2 outside
    /// `TimingFunction/controlPointYRange`.
    case invalidControlPoints(x1: Double, y1: Double, x2: Double, y2: Double)
    /// The text names no preset and is none of ``TimingFunction/parameterizedForms``.
    case unknownName(String)
    /// A spring's parameters are out of range: the message names them and what is allowed.
    case invalidSpring(String)

    /// A one-line message naming the input and what is allowed.
    public var description: String {
        switch self {
        case .invalidControlPoints(let x1, let y1, let x2, let y2):
            return
                "invalid control points (\(x1), \(y1), \(x2), \(y2)): all must be finite, x1 and x2 in 0...1, y1 and y2 in -10...10"
        case .unknownName(let name):
            let names = (TimingFunction.presets.map(\.name) + TimingFunction.parameterizedForms)
                .joined(separator: ", ")
            return "unknown timing function '\(name)' (values: \(names))"
        case .invalidSpring(let message):
            return "invalid \(message)"
        }
    }
}
