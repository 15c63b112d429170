import Foundation

/// A damped spring that carries a value from 0 to 1: the damped harmonic oscillator
/// `m·x″ + c·x′ + k·(x − 1) = 0`, `x(0) = 0`, `x′(0) = initialVelocity`, solved in closed form.
///
/// Source: Core Animation's `CASpringAnimation` (mass, stiffness, damping, initialVelocity;
/// defaults 1, 100, 10, 0) and SwiftUI's `Spring(duration:bounce:)`; the solution is the
/// textbook one for the under-damped (ζ < 1), critically damped (ζ = 1) and over-damped (ζ > 1)
/// oscillator, with `ω₀ = √(k/m)` and the damping ratio `ζ = c / (2·√(k·m))`.
public struct Spring: Hashable, Sendable, CustomStringConvertible {
    /// The mass `m` attached to the spring (> 0), as `CASpringAnimation.mass`.
    public let mass: Double
    /// The stiffness `k` (> 0), as `CASpringAnimation.stiffness`.
    public let stiffness: Double
    /// The damping coefficient `c` (≥ 0; 0 never settles and is refused), as
    /// `CASpringAnimation.damping`.
    public let damping: Double
    /// The velocity at time 0, in distances per second: 1 covers the whole distance (0 to 1) in
    /// one second if kept; positive toward 1, as `CASpringAnimation.initialVelocity`.
    public let initialVelocity: Double

    /// The tolerance ε of ``settlingDuration``: 0.001 of the distance, SwiftUI's `epsilon`.
    public static let settlingTolerance = 0.001

    /// The largest magnitude allowed for any parameter (and for the SwiftUI form's duration):
    /// 1e6, which keeps every settling duration finite.
    package static let parameterLimit = 1e6

    /// The smallest mass, stiffness and damping allowed: 1e-6, which with ``parameterLimit``
    /// keeps the decay rate at least 1e-12 per second.
    package static let parameterFloor = 1e-6

    /// Core Animation's default spring: mass 1, stiffness 100, damping 10, initial velocity 0
    /// (ζ = 0.5, it overshoots by 16.3 %; ``settlingDuration`` 1.4103 s).
    public static let `default` = Spring(uncheckedMass: 1, stiffness: 100, damping: 10, initialVelocity: 0)

    /// Creates a spring from Core Animation's parameters (`CASpringAnimation`).
    ///
    /// - Throws: ``TimingFunctionError/invalidSpring(_:)`` unless every value is finite, `mass`,
    ///   `stiffness` and `damping` are in 1e-6...1e6 and `|initialVelocity| ≤ 1e6`.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0)
        throws(TimingFunctionError)
    {
        let range = Self.parameterFloor...Self.parameterLimit
        guard range.contains(mass), range.contains(stiffness), range.contains(damping),
            initialVelocity.isFinite, abs(initialVelocity) <= Self.parameterLimit
        else {
            throw .invalidSpring(
                "spring(\(mass),\(stiffness),\(damping),\(initialVelocity)): mass, stiffness and damping must be "
                    + "in 1e-6...1e6, the velocity in -1e6...1e6")
        }
        self.init(uncheckedMass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Creates a spring from SwiftUI's perceptual parameters, as `Spring(duration:bounce:)`:
    /// mass 1, stiffness `(2π / duration)²` and damping `4π·ζ / duration`, where the damping
    /// ratio ζ is `1 − bounce` for `bounce ≥ 0` and `1 / (1 + bounce)` below.
    ///
    /// - Parameters:
    ///   - duration: the period of the undamped spring, in seconds, in [0.01, 1e6] (SwiftUI's
    ///     default 0.5).
    ///   - bounce: −1 < bounce < 1; 0 is critically damped, above 0 overshoots, below 0 is
    ///     over-damped.
    ///   - initialVelocity: as ``initialVelocity``.
    /// - Throws: ``TimingFunctionError/invalidSpring(_:)`` for values outside those ranges.
    public init(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) throws(TimingFunctionError) {
        guard duration.isFinite, bounce.isFinite, duration >= 0.01, duration <= Self.parameterLimit,
            bounce > -1, bounce < 1
        else {
            throw .invalidSpring(
                "spring(\(duration),\(bounce)): the duration must be in 0.01...1e6 seconds, the bounce in (-1, 1)")
        }
        let omega = 2 * Double.pi / duration
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: initialVelocity)
    }

    private init(uncheckedMass mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The same spring starting at another velocity (distances per second).
    package func with(initialVelocity velocity: Double) -> Spring {
        let clamped = min(max(velocity.isFinite ? velocity : 0, -Self.parameterLimit), Self.parameterLimit)
        return Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping, initialVelocity: clamped)
    }

    /// The undamped angular frequency `ω₀ = √(k/m)`, in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio `ζ = c / (2·√(k·m))`: below 1 under-damped, 1 critical, above 1 over-damped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    // MARK: - Closed form

    /// The displacement from 1, `e(t) = 1 − x(t)`, as two terms `a·f(t) + b·g(t)` whose
    /// envelopes are known: see ``position(at:)`` and ``settlingDuration``.
    private enum Mode {
        /// `e = exp(−λt)·(cos ωd t + b·sin ωd t)`.
        case under(decay: Double, frequency: Double, b: Double)
        /// `e = exp(−ω₀t)·(1 + b·t)`.
        case critical(omega: Double, b: Double)
        /// `e = a·exp(r1 t) + b·exp(r2 t)`, r2 < r1 < 0.
        case over(r1: Double, r2: Double, a: Double, b: Double)
    }

    private var mode: Mode {
        let omega = naturalFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        if abs(zeta - 1) < 1e-9 { return .critical(omega: omega, b: omega - v0) }
        if zeta < 1 {
            let frequency = omega * (1 - zeta * zeta).squareRoot()
            return .under(decay: zeta * omega, frequency: frequency, b: (zeta * omega - v0) / frequency)
        }
        let root = (zeta * zeta - 1).squareRoot()
        // (ζ − √(ζ²−1))·(ζ + √(ζ²−1)) = 1: the slow root without cancellation for large ζ.
        let r1 = -omega / (zeta + root)
        let r2 = -omega * (zeta + root)
        let a = (-v0 - r2) / (r1 - r2)
        return .over(r1: r1, r2: r2, a: a, b: 1 - a)
    }

    /// The position `x(t)` at `time` seconds after the start: 0 at 0, tending to 1; it may pass
    /// 1 (an overshoot) and, with a negative initial velocity, go below 0. `time ≤ 0` (or NaN) is 0.
    public func position(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        switch mode {
        case .under(let decay, let frequency, let b):
            return 1 - exp(-decay * time) * (cos(frequency * time) + b * sin(frequency * time))
        case .critical(let omega, let b):
            return 1 - exp(-omega * time) * (1 + b * time)
        case .over(let r1, let r2, let a, let b):
            return 1 - (a * exp(r1 * time) + b * exp(r2 * time))
        }
    }

    /// The velocity `x′(t)` at `time` seconds, in distances per second (``initialVelocity`` at 0).
    public func velocity(at time: Double) -> Double {
        let t = max(time.isNaN ? 0 : time, 0)
        switch mode {
        case .under(let decay, let frequency, let b):
            let c = cos(frequency * t)
            let s = sin(frequency * t)
            return exp(-decay * t) * ((decay - b * frequency) * c + (frequency + decay * b) * s)
        case .critical(let omega, let b):
            return exp(-omega * t) * (omega * (1 + b * t) - b)
        case .over(let r1, let r2, let a, let b):
            return -(a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t))
        }
    }

    /// How long the spring takes to settle, in seconds: the time after which the envelope of
    /// `|x(t) − 1|` stays below ``settlingTolerance`` (0.001 of the distance). The envelope is
    /// `√(1 + b²)·exp(−ζω₀t)` under-damped, `exp(−ω₀t)·(1 + |b|·t)` critically damped and
    /// `(|a| + |b|)·exp(r₁t)` over-damped (the slower root), so the duration is closed form:
    /// a logarithm, and for the critical case the lower branch of Lambert's W (evaluated to
    /// 1e-12 by Halley's iteration). 0 when the envelope starts below the tolerance.
    ///
    /// Apple documents no rule: `CASpringAnimation`'s example (mass 1, stiffness 100, damping
    /// 5) "approximately 2.85 seconds" gives 2.7760 s here and damping 15 0.9761 s ("just over 1
    /// second"); a tolerance of about 8.3e-4 would match 2.85 s, a value no documented rule
    /// names, so FoldCycle keeps SwiftUI's 0.001. The default spring settles in 1.4103 s.
    public var settlingDuration: Double {
        let epsilon = Self.settlingTolerance
        switch mode {
        case .under(let decay, _, let b):
            return max(log((1 + b * b).squareRoot() / epsilon) / decay, 0)
        case .over(let r1, _, let a, let b):
            return max(log((abs(a) + abs(b)) / epsilon) / -r1, 0)
        case .critical(let omega, let b):
            return Self.criticalSettling(omega: omega, slope: abs(b), epsilon: epsilon)
        }
    }

    /// The last `t ≥ 0` with `exp(−ωt)·(1 + s·t) = ε`: with `u = 1 + s·t`, `u·exp(−ωu/s) =
    /// ε·exp(−ω/s)`, so `u = −(s/ω)·W₋₁(−(ω/s)·ε·exp(−ω/s))`.
    private static func criticalSettling(omega: Double, slope: Double, epsilon: Double) -> Double {
        if slope < 1e-12 * omega { return max(log(1 / epsilon) / omega, 0) }
        let ratio = omega / slope
        let argument = -ratio * epsilon * exp(-ratio)
        // argument in (−1/e, 0): W₋₁ ≤ −1. When the envelope starts below ε there is no root.
        guard argument > -exp(-1.0) else { return 0 }
        let u = -lambertWMinusOne(argument) / ratio
        return max((u - 1) / slope, 0)
    }

    /// The lower branch `W₋₁(z)` for `z` in (−1/e, 0), by Halley's iteration from the
    /// asymptotic start `ln(−z) − ln(−ln(−z))`.
    private static func lambertWMinusOne(_ z: Double) -> Double {
        let l1 = log(-z)
        var w = z > -0.25 ? l1 - log(-l1) : -1 - (2 * (1 + exp(1.0) * z)).squareRoot()
        for _ in 0..<64 {
            let e = exp(w)
            let f = w * e - z
            let step = f / (e * (w + 1) - (w + 2) * f / (2 * w + 2))
            w -= step
            if abs(step) <= 1e-12 * abs(w) { break }
        }
        return w
    }

    /// `spring` for ``default``, else `spring(mass,stiffness,damping,velocity)`.
    public var description: String {
        if self == .default { return "spring" }
        return "spring(\(mass),\(stiffness),\(damping),\(initialVelocity))"
    }
}
