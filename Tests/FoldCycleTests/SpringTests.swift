import Foundation
import Testing

@testable import FoldCycle

/// The spring's closed form against an independent solution: the oscillator
/// `m·x″ + c·x′ + k·(x − 1) = 0` integrated by classical Runge–Kutta (RK4) with a step of
/// 1e-5 s, whose global error here is below 1e-12, so the closed form must agree to 1e-9.
struct SpringTests {
    /// (mass, stiffness, damping, initial velocity): under-damped (Core Animation's default and
    /// Apple's damping 5), critically damped (ζ = 1, with and without a velocity), over-damped
    /// (ζ = 2.5), and velocities away from and toward the target.
    static let springs: [(Double, Double, Double, Double)] = [
        (1, 100, 10, 0), (1, 100, 5, 0), (2, 50, 3, -4), (1, 100, 20, 0), (1, 100, 20, 7), (1, 100, 50, 0),
        (0.5, 200, 40, -3),
    ]

    /// RK4 for `x″ = (−c·x′ − k·(x − 1)) / m` from `(0, v0)`, to each of `times` (ascending).
    static func integrate(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, to times: [Double]) -> [Double] {
        func acceleration(_ x: Double, _ v: Double) -> Double { (-c * v - k * (x - 1)) / m }
        let h = 1e-5
        var (x, v, t) = (0.0, v0, 0.0)
        var results: [Double] = []
        for target in times {
            while t < target - h / 2 {
                let (k1x, k1v) = (v, acceleration(x, v))
                let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
                let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
                let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            results.append(x)
        }
        return results
    }

    @Test("position matches a numeric integration at sample times", arguments: springs)
    func closedForm(_ spring: (Double, Double, Double, Double)) throws {
        let (m, k, c, v0) = spring
        let subject = try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0)
        let times = [0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.2, 2.0]
        for (time, expected) in zip(times, Self.integrate(m, k, c, v0, to: times)) {
            let value = subject.position(at: time)
            #expect(abs(value - expected) <= 1e-9, "x(\(time)) = \(value), RK4 \(expected)")
        }
        #expect(subject.position(at: 0) == 0)
        #expect(abs(subject.velocity(at: 0) - v0) <= 1e-12 * max(1, abs(v0)) * 10)
    }

    @Test("velocity is the derivative of position (central difference, h = 1e-6)", arguments: springs)
    func velocity(_ spring: (Double, Double, Double, Double)) throws {
        let (m, k, c, v0) = spring
        let subject = try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0)
        for time in [0.03, 0.1, 0.4, 1.0] {
            let difference = (subject.position(at: time + 1e-6) - subject.position(at: time - 1e-6)) / 2e-6
            #expect(abs(subject.velocity(at: time) - difference) <= 1e-5)
        }
    }

    @Test("the default spring overshoots 1 and settles in 1.4103 s")
    func defaultSpring() {
        let spring = Spring.default
        #expect([spring.mass, spring.stiffness, spring.damping, spring.initialVelocity] == [1, 100, 10, 0])
        #expect(spring.dampingRatio == 0.5)
        // Peak at π/ωd with ωd = √75: 1 + exp(−5π/√75) = 1.16303.
        let peak = Double.pi / 75.0.squareRoot()
        #expect(abs(spring.position(at: peak) - (1 + exp(-5 * peak))) <= 1e-12)
        #expect(abs(spring.settlingDuration - log(1000 * (4.0 / 3).squareRoot()) / 5) <= 1e-12)
        #expect(abs(spring.settlingDuration - 1.4103192630) <= 1e-9)
    }

    @Test("Apple's example: damping 5 settles in 2.7760 s here (Apple: about 2.85 s), damping 15 in 0.9761 s")
    func appleExample() throws {
        #expect(abs(try Spring(damping: 5).settlingDuration - 2.7760098158) <= 1e-9)
        #expect(abs(try Spring(damping: 15).settlingDuration - 0.9761459421) <= 1e-9)
    }

    /// The envelope bound holds from the settling duration on, and the envelope is the tolerance there.
    @Test("after settlingDuration |x − 1| stays within 0.001", arguments: springs)
    func settles(_ spring: (Double, Double, Double, Double)) throws {
        let (m, k, c, v0) = spring
        let subject = try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0)
        let settling = subject.settlingDuration
        #expect(settling > 0)
        for step in 0...4000 {
            let time = settling + Double(step) * 0.001
            // At the settling time itself the envelope equals the tolerance (rounding: 1e-15).
            #expect(abs(subject.position(at: time) - 1) <= Spring.settlingTolerance + 1e-15)
        }
    }

    @Test("the critically damped settling time solves exp(−ω₀t)·(1 + |ω₀ − v₀|·t) = 0.001")
    func criticalSettling() throws {
        for v0 in [0.0, 7, -5, 10] {
            let spring = try Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: v0)
            let t = spring.settlingDuration
            #expect(abs(exp(-10 * t) * (1 + abs(10 - v0) * t) - 0.001) <= 1e-13)
        }
    }

    @Test("SwiftUI's form: stiffness (2π/duration)², damping ratio 1 − bounce (or 1/(1 + bounce))")
    func swiftUIForm() throws {
        let bouncy = try Spring(duration: 0.5, bounce: 0.25)
        #expect(bouncy.mass == 1)
        #expect(abs(bouncy.stiffness - pow(4 * Double.pi, 2)) <= 1e-9)
        #expect(abs(bouncy.dampingRatio - 0.75) <= 1e-12)
        #expect(abs(try Spring(duration: 1, bounce: 0).dampingRatio - 1) <= 1e-12)
        #expect(abs(try Spring(duration: 1, bounce: -0.5).dampingRatio - 2) <= 1e-12)
    }

    @Test(
        "out-of-range springs throw",
        arguments: [(0.0, 100.0, 10.0, 0.0), (1, -1, 10, 0), (1, 100, 0, 0), (1, 100, .nan, 0), (1, 100, 10, 2e6)])
    func invalid(_ m: Double, _ k: Double, _ c: Double, _ v0: Double) {
        #expect(throws: TimingFunctionError.self) { try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0) }
    }

    @Test("SwiftUI-form values out of range throw", arguments: [(0.0, 0.0), (0.5, 1.0), (0.5, -1.0), (.infinity, 0)])
    func invalidPerceptual(_ duration: Double, _ bounce: Double) {
        #expect(throws: TimingFunctionError.self) { try Spring(duration: duration, bounce: bounce) }
    }

    @Test("extreme parameters still settle in finite time")
    func extremes() throws {
        let slow = try Spring(mass: 1e6, stiffness: 1e-6, damping: 1e6, initialVelocity: 0)
        #expect(slow.settlingDuration.isFinite)
        let stiff = try Spring(mass: 1e-6, stiffness: 1e6, damping: 1e-6, initialVelocity: 1e6)
        #expect(stiff.settlingDuration.isFinite)
        #expect(stiff.position(at: 0.5).isFinite)
    }

    // MARK: - As a timing function

    @Test("spring names parse to springs; bad ones name the input")
    func names() throws {
        #expect(try TimingFunction(name: "spring") == TimingFunction(spring: .default))
        #expect(
            try TimingFunction(name: " Spring(2, 50, 3, -4) ").spring
                == Spring(mass: 2, stiffness: 50, damping: 3, initialVelocity: -4))
        #expect(try TimingFunction(name: "spring(0.5,0.25)").spring == Spring(duration: 0.5, bounce: 0.25))
        #expect(throws: TimingFunctionError.unknownName("spring(1,2,3)")) { try TimingFunction(name: "spring(1,2,3)") }
        #expect(throws: TimingFunctionError.self) { try TimingFunction(name: "spring(1,100,-1,0)") }
        let custom = TimingFunction(spring: try Spring(mass: 2, stiffness: 50, damping: 3, initialVelocity: -4))
        #expect(custom.description == "spring(2.0,50.0,3.0,-4.0)")
        #expect(try TimingFunction(name: custom.description) == custom)
        #expect(TimingFunction(spring: .default).description == "spring")
    }

    @Test("spring progress runs the spring over its settling duration, 1 from t = 1")
    func progress() {
        let timing = TimingFunction(spring: .default)
        let settling = Spring.default.settlingDuration
        for t in [0.1, 0.25, 0.5, 0.9] {
            let expected =
                1 - exp(-5 * t * settling)
                * (cos(75.0.squareRoot() * t * settling)
                    + (5 / 75.0.squareRoot()) * sin(75.0.squareRoot() * t * settling))
            #expect(abs(timing.progress(at: t) - expected) <= 1e-12)
        }
        #expect(timing.progress(at: 0) == 0)
        #expect(timing.progress(at: 1) == 1)
        // 0.353 s: past the 0.242 s at which it first reaches 1 (ωd·t = π − atan(√3)).
        #expect(timing.progress(at: 0.25) > 1)
    }

    @Test("the fold clamps a spring's overshoot; the cube does not")
    func foldClamps() {
        let style = TransitionStyle(kind: .fold, direction: .down, timingFunction: TimingFunction(spring: .default))
        let fold = FoldTransition(
            direction: .down, slotSize: LayerSize(width: 7, height: 3), timingFunction: style.timingFunction)
        #expect(fold.frame(atFractionComplete: 0.25).progress == 1)
        #expect(fold.frame(atFractionComplete: 0.25).slots[0].alpha == 0)
        let cube = CubeTransition(
            style: TransitionStyle(kind: .cube, direction: .down, timingFunction: style.timingFunction),
            slotSize: LayerSize(width: 7, height: 3), cellAspect: 2)
        #expect(cube.frame(atFractionComplete: 0.25).progress > 1)
    }
}
