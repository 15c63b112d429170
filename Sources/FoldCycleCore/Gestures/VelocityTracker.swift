#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The velocity of a drag: a least-squares line fitted through the samples of the last
/// ``horizon`` seconds (docs/DESIGN.md#gesture-velocity).
///
/// Terminals report motion only when the pointer enters a new cell, so the last two samples say
/// little (they are one cell apart at whatever time the cell changed); a fit over ~100 ms uses
/// every report in that window. With fewer than two samples in the window, or all at one
/// instant, the velocity is zero: a pointer held still before its release has let go at rest.
///
/// Source: `UIPanGestureRecognizer.velocity(in:)` gives the speed at release in points per
/// second; its method is not documented. Android's `VelocityTracker` fits a least-squares
/// polynomial over a 100 ms horizon; this is that fit with degree 1, per axis.
package struct VelocityTracker: Hashable, Sendable {
    /// The default window, 0.1 s.
    package static let defaultHorizon: TimeInterval = 0.1

    /// How far back from the newest sample samples count, in seconds (> 0).
    package let horizon: TimeInterval
    /// The samples in the window, oldest first.
    package private(set) var samples: [PointerSample] = []

    /// Creates an empty tracker.
    ///
    /// - Parameter horizon: the window in seconds; values that are not positive and finite
    ///   count as ``defaultHorizon``.
    package init(horizon: TimeInterval = VelocityTracker.defaultHorizon) {
        self.horizon = horizon.isFinite && horizon > 0 ? horizon : Self.defaultHorizon
    }

    /// Adds a sample and drops those older than `sample.time − horizon`. A sample earlier than
    /// the newest one is taken as simultaneous with it (clocks never run backwards).
    package mutating func add(_ sample: PointerSample) {
        var sample = sample
        if let last = samples.last, sample.time < last.time { sample.time = last.time }
        samples.append(sample)
        let oldest = sample.time - horizon
        if let keep = samples.firstIndex(where: { $0.time >= oldest }), keep > 0 {
            samples.removeFirst(keep)
        }
    }

    /// Forgets every sample.
    package mutating func reset() {
        samples.removeAll()
    }

    /// The fitted velocity in card widths per second (zero with fewer than two distinct times).
    package var velocity: DeckPoint { Self.leastSquaresVelocity(samples) }

    /// The slopes of the least-squares lines `x(t)` and `y(t)` through `samples`:
    /// `Σ(t − t̄)(x − x̄) / Σ(t − t̄)²`, per axis. Times are taken relative to the first sample
    /// so that large clock readings lose no precision.
    ///
    /// - Returns: card widths per second; zero when there are fewer than two samples or they
    ///   share one time.
    package static func leastSquaresVelocity(_ samples: [PointerSample]) -> DeckPoint {
        guard samples.count >= 2, let origin = samples.first?.time else { return .zero }
        let count = Double(samples.count)
        var meanT = 0.0
        var meanX = 0.0
        var meanY = 0.0
        for sample in samples {
            meanT += sample.time - origin
            meanX += sample.position.x
            meanY += sample.position.y
        }
        meanT /= count
        meanX /= count
        meanY /= count
        var tt = 0.0
        var tx = 0.0
        var ty = 0.0
        for sample in samples {
            let dt = sample.time - origin - meanT
            tt += dt * dt
            tx += dt * (sample.position.x - meanX)
            ty += dt * (sample.position.y - meanY)
        }
        guard tt > 0 else { return .zero }
        return DeckPoint(x: tx / tt, y: ty / tt)
    }
}
