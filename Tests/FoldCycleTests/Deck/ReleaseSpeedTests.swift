import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycle

/// Frame by frame across a release: the card's horizontal velocity (card widths per second,
/// signed, +x to the right) over each 1/60 s frame just before and just after the pointer lets
/// go, and over the first millisecond. The speed carries over: no reversal, no jump; only the
/// spring's pull (or the fly-off's acceleration) changes it, by what the closed form says.
struct ReleaseSpeedTests {
    static let frame = 1.0 / 60

    /// Drags right at `speed` card widths per second over 12 frames, releases, and returns the
    /// card's x velocity over the last drag frame, over the first two frames after release and
    /// over the first millisecond.
    static func trace(speed: Double) -> (outcome: ReleaseOutcome?, before: Double, after: [Double], first: Double) {
        let (deck, clock, _) = makeDeck()
        clock.advance(to: 1)
        let step = DeckPoint(x: speed * frame, y: 0)
        var positions: [Double] = []
        deck.beginDrag(at: .zero)
        for index in 1...12 {
            clock.advance(by: frame)
            deck.drag(to: step * Double(index))
            positions.append(deck.topPose()?.offset.x ?? .nan)
        }
        let before = (positions[11] - positions[10]) / frame
        let outcome = deck.endDrag(at: step * 12)
        let release = clock.now
        func x(_ seconds: Double) -> Double {
            let time = release + seconds
            return (deck.leavingCard(at: time)?.pose ?? deck.topPose(at: time))?.offset.x ?? .nan
        }
        let after = [(x(frame) - x(0)) / frame, (x(2 * frame) - x(frame)) / frame]
        return (outcome, before, after, (x(0.001) - x(0)) / 0.001)
    }

    @Test("released slowly (0.5 card widths/s): the spring-back leaves at the release speed")
    func slow() {
        let trace = Self.trace(speed: 0.5)
        #expect(trace.outcome == .springBack)
        #expect(abs(trace.before - 0.5) <= 1e-9)
        // 0.1 card widths from its place at 0.5 cw/s away: initialVelocity −5 on ω₀ = 4π,
        // ζ = 0.75. The offset is 0.1·e(t), e = exp(−ζω₀t)·(cos ωd t + b·sin ωd t), b = (ζω₀ + 5)/ωd.
        let omega = 4 * Double.pi
        let decay = 0.75 * omega
        let damped = omega * (1 - 0.5625).squareRoot()
        let b = (decay + 5) / damped
        func offset(_ t: Double) -> Double { 0.1 * exp(-decay * t) * (cos(damped * t) + b * sin(damped * t)) }
        #expect(abs(trace.after[0] - (offset(Self.frame) - 0.1) / Self.frame) <= 1e-9, "after \(trace.after)")
        // The pull back (0.1·(ω₀² + 2ζω₀·5) = 25.2 cw/s²) takes 0.21 cw/s off the first frame's
        // mean: 0.29 cw/s, the same sign; the first millisecond is within 3 % of the release.
        #expect(trace.after[0] / trace.before >= 0.5, "before \(trace.before), after \(trace.after)")
        #expect(abs(trace.first / trace.before - 1) <= 0.03, "first ms \(trace.first)")
    }

    @Test("released quickly (3 card widths/s): the fly-off leaves at the release speed and never slows")
    func quick() {
        let trace = Self.trace(speed: 3)
        #expect(trace.outcome == .remove(.right, .fling))
        #expect(abs(trace.before - 3) <= 1e-9)
        // 0.3 s at 3 cw/s covers less than the way out: constant acceleration from 3 cw/s.
        let ratio = trace.after[0] / trace.before
        #expect(ratio >= 1 && ratio <= 1.1, "before \(trace.before), after \(trace.after)")
        #expect(trace.after[1] >= trace.after[0])
        #expect(abs(trace.first / trace.before - 1) <= 0.01, "first ms \(trace.first)")
    }
}
