import Foundation

/// A card moving from one pose to another over a span of the deck's clock, as
/// `UIView.animate(withDuration:delay:options:animations:)` moves a view. Pure: the pose at a
/// time is computed, never stored.
public struct PoseAnimation: Hashable, Sendable {
    /// The pose before and at ``start``.
    public var from: CardPose
    /// The pose at and after ``end``.
    public var to: CardPose
    /// When the motion begins, in seconds on the deck's clock (a delay is already added).
    public var start: TimeInterval
    /// How long it runs, in seconds (≤ 0: it jumps to ``to`` at ``start``).
    public var duration: TimeInterval
    /// The curve from normalized time to progress.
    public var timingFunction: TimingFunction

    /// Creates an animation.
    public init(
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
    public var end: TimeInterval { start + max(duration, 0) }

    /// The pose at `time`: ``from`` until ``start``, ``to`` from ``end`` on, and in between the
    /// interpolation at the eased progress `timing((time − start) / duration)`.
    public func pose(at time: TimeInterval) -> CardPose {
        if time >= end { return to }
        if time <= start { return from }
        return from.interpolated(to: to, fraction: timingFunction.progress(at: (time - start) / duration))
    }

    /// Whether the pose still changes after `time` (`time < end`).
    public func isMoving(at time: TimeInterval) -> Bool { time < end }
}
