import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``CycleClock`` backed by `DispatchSourceTimer`s on a private serial queue.
///
/// Time is `DispatchTime` (monotonic uptime), in seconds since the clock was created. Each
/// scheduled deadline is a one-shot strict timer with no leeway, scheduled at an absolute
/// `DispatchTime`, so a periodic schedule built on it does not drift.
///
/// Handlers run on the clock's serial queue, never on the main actor: they must be `@Sendable`.
/// Source: the source view's `NSTimer` on the main run loop; a Dispatch timer is the Linux-friendly
/// equivalent, and absolute deadlines replace `NSTimer`'s repeating interval.
public final class DispatchClock: CycleClock, Sendable {
    private let origin: UInt64
    private let queue: DispatchQueue

    /// Creates a clock whose handlers run on a new private serial queue.
    ///
    /// - Parameter label: the queue label, for debugging.
    public init(label: String = "FoldCycle.DispatchClock") {
        origin = DispatchTime.now().uptimeNanoseconds
        queue = DispatchQueue(label: label, qos: .userInteractive)
    }

    /// Seconds since this clock was created (monotonic).
    public var now: TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds &- origin) / 1e9
    }

    /// The latest deadline a timer is scheduled at, in seconds on the clock's time line: about 31
    /// years. A later (or infinite) deadline is scheduled at this one, so the conversion to
    /// nanoseconds can never overflow.
    public static let latestDeadline: TimeInterval = 1e9

    /// Schedules a one-shot `DispatchSourceTimer` at `deadline` seconds on this clock's time line:
    /// a deadline in the past (or not a number) fires at once, one beyond ``latestDeadline`` (or
    /// infinite) at that.
    public func schedule(at deadline: TimeInterval, _ handler: @escaping @Sendable () -> Void) -> any ClockTimer {
        let seconds = deadline > 0 ? min(deadline, Self.latestDeadline) : 0
        let when = DispatchTime(uptimeNanoseconds: origin &+ UInt64((seconds * 1e9).rounded()))
        let source = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        let timer = DispatchClockTimer(source: source)
        source.setEventHandler { [weak timer] in
            // One-shot: cancel so the source is released once the handler returns.
            timer?.cancel()
            handler()
        }
        source.schedule(deadline: when, repeating: .never, leeway: .nanoseconds(0))
        // A source must be resumed (activated) before it may be released; activate it at once.
        source.activate()
        return timer
    }
}

/// A one-shot Dispatch timer; cancelling it cancels the underlying source.
final class DispatchClockTimer: ClockTimer, @unchecked Sendable {
    // audited: a platform handle: `DispatchSourceTimer` is thread-safe (cancel from any thread) but
    // not `Sendable` in Linux's Dispatch; the one stored property is that `let`.
    private let source: any DispatchSourceTimer

    init(source: any DispatchSourceTimer) {
        self.source = source
    }

    func cancel() {
        source.cancel()
    }

    deinit {
        source.cancel()
    }
}
