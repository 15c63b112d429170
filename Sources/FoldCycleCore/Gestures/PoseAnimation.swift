#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A card moving from one pose to another over a span of the deck's clock, as
/// `UIView.animate(withDuration:delay:options:animations:)` moves a view. Pure: the pose at a
/// time is computed, never stored.
package struct PoseAnimation: Hashable, Sendable {
    /// The pose before and at ``start``.
    package var from: CardPose
    /// The pose at and after ``end``.
    package var to: CardPose
    /// When the motion begins, in seconds on the deck's clock (a delay is already added).
    package var start: TimeInterval
    /// How long it runs, in seconds (≤ 0: it jumps to ``to`` at ``start``).
    package var duration: TimeInterval
    /// The curve from normalized time to progress.
    package var timingFunction: TimingFunction

    /// Creates an animation.
    package init(
        from: CardPose, to: CardPose, start: TimeInterval, duration: TimeInterval,
        timingFunction: TimingFunction = .easeInEaseOut
    ) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.timingFunction = timingFunction
    }

    /// When the motion ends: `start + duration`.
    package var end: TimeInterval { start + max(duration, 0) }

    /// The pose at `time`: ``from`` until ``start``, ``to`` from ``end`` on, and in between the
    /// interpolation at the eased progress `timing((time − start) / duration)`.
    package func pose(at time: TimeInterval) -> CardPose {
        if time >= end { return to }
        if time <= start { return from }
        return from.interpolated(to: to, fraction: timingFunction.progress(at: (time - start) / duration))
    }

    /// Whether the pose still changes after `time` (`time < end`).
    package func isMoving(at time: TimeInterval) -> Bool { time < end }
}
