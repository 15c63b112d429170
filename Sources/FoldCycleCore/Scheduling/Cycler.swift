internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Cycles a data source's items through two slots with transitions (the fold, or any
/// ``TransitionKind``), on a clock: the schedule and the state the design card's cycler is built on.
///
/// ``launch(paused:)`` starts the timer (the first tick one interval later), ``start()``,
/// ``pause()``, ``resume()``, ``stop()``, ``next()`` and ``previous()`` are the card's controls,
/// ``cancel()`` ends it for good. Ticks fall on absolute deadlines (no drift, no stacked late
/// ticks); pause freezes an in-flight transition at its exact progress (Core Animation's layer
/// pause); a step back mid-transition reverses it from where it is. Only two items are
/// materialized at a time. The exact rules: docs/DESIGN.md#cycler-schedule and
/// docs/DESIGN.md#live-item-changes.
///
/// Presentation is pulled with ``snapshot(at:)``; changes are pushed as ``CyclerEvent``s to
/// observers (``addObserver(_:)``, ``events()``), in order, without any lock held.
///
/// Thread safety: every method may be called from any thread. The state (the schedule, and the
/// reusable item slots the settled card, the flight and the pool share) is in a `LockedBox`, so
/// the cycler is checked `Sendable` (docs/decisions/0200-checked-sendable.md).
public final class Cycler<DataSource: CycleDataSource>: Sendable {
    /// The data source's item type.
    public typealias Item = DataSource.Item

    private let channel = EventChannel<CyclerEvent>()
    /// The time source ticks and transitions run on.
    public let clock: any CycleClock
    /// Everything that changes (internal: the item changes, Cycler+ItemChanges.swift, use it).
    let core: LockedBox<Core>

    // MARK: - Creating

    /// Creates a stopped cycler showing item 0. Nothing moves until ``launch(paused:)`` or
    /// ``start()``.
    ///
    /// - Parameters:
    ///   - dataSource: the items; `count` must be ≥ 1.
    ///   - interval: seconds between ticks; finite and ≥ ``minimumInterval`` (1 ms). Default 2
    ///     (the CLI's default).
    ///   - duration: seconds each transition runs; nil for ``defaultDuration(forInterval:)``,
    ///     `min(0.6, interval/3)` (the design card's was interval − 0.1 s). Finite,
    ///     ≥ ``minimumDuration`` (1 ms), < interval.
    ///   - style: the transition (kind, the direction ticks and ``next()`` move in, timing
    ///     function); default the source's fold, down, ease-in-ease-out.
    ///   - clock: the time source; ``DispatchClock`` in programs, ``ManualClock`` in tests.
    /// - Throws: ``CyclerError/noItems``, ``CyclerError/invalidInterval(_:)``,
    ///   ``CyclerError/invalidDuration(_:interval:)``.
    public init(
        dataSource: DataSource,
        interval: TimeInterval = 2,
        duration: TimeInterval? = nil,
        style: TransitionStyle = TransitionStyle(),
        clock: any CycleClock = DispatchClock()
    ) throws(CyclerError) {
        guard dataSource.count > 0 else { throw .noItems }
        try Self.validate(interval: interval, duration: duration)
        self.clock = clock
        core = LockedBox(
            Core(
                dataSource: dataSource, clock: clock, channel: channel, interval: interval, duration: duration,
                style: style))
        core.withLock { $0.owner = self }
    }

    deinit {
        core.withLock { core in
            core.tickTimer?.cancel()
            core.endTimer?.cancel()
        }
    }

    /// The default duration for `interval`: `min(0.6, interval/3)` seconds, the one rule of the
    /// library, the live CLI and `render` (docs/decisions/0091-one-default-duration.md): the card
    /// is at rest, and a one-row ticker readable, at least two thirds of every interval.
    public static func defaultDuration(forInterval interval: TimeInterval) -> TimeInterval {
        min(0.6, interval / 3)
    }

    /// The shortest interval a cycler takes: 1 ms (0.001 s). A shorter one is no animation a
    /// terminal can show, and its schedule would be ticks closer than a clock's resolution.
    public static var minimumInterval: TimeInterval { CyclerError.minimumSeconds }

    /// The shortest explicit duration a cycler takes: 1 ms (0.001 s).
    public static var minimumDuration: TimeInterval { CyclerError.minimumSeconds }

    static func validate(interval: TimeInterval, duration: TimeInterval?) throws(CyclerError) {
        guard interval.isFinite, interval >= minimumInterval else { throw .invalidInterval(interval) }
        if let duration {
            guard duration.isFinite, duration >= minimumDuration, duration < interval else {
                throw .invalidDuration(duration, interval: interval)
            }
        }
    }

    // MARK: - Configuration

    /// Seconds between ticks. Setting it validates it against an explicit duration and, while
    /// running, restarts the schedule from now.
    ///
    /// - Throws: ``CyclerError/invalidInterval(_:)``, or ``CyclerError/invalidDuration(_:interval:)``
    ///   when an explicit duration would not be shorter than the new interval.
    public func setInterval(_ interval: TimeInterval) throws(CyclerError) {
        try mutate { (core) throws(CyclerError) in
            try Self.validate(interval: interval, duration: core.durationOverride)
            core.storedInterval = interval
            if core.runState == .running { core.restartSchedule(from: clock.now) }
            if core.runState == .paused, core.pausedAt != nil { core.anchorPausedSchedule() }
        }
    }

    /// Seconds each transition runs; nil restores the default for the interval. Applies to
    /// transitions that begin afterwards.
    ///
    /// - Throws: ``CyclerError/invalidDuration(_:interval:)`` when not finite, ≤ 0 or ≥ the interval.
    public func setDuration(_ duration: TimeInterval?) throws(CyclerError) {
        try mutate { (core) throws(CyclerError) in
            try Self.validate(interval: core.storedInterval, duration: duration)
            core.durationOverride = duration
        }
    }

    /// Seconds between ticks.
    public var interval: TimeInterval { core.withLock { $0.storedInterval } }
    /// Seconds each transition runs (explicit, or the default for the interval).
    public var duration: TimeInterval { core.withLock { $0.effectiveDuration } }
    /// The style (kind, direction, timing) of new transitions; a change applies to transitions
    /// that begin afterwards.
    public var style: TransitionStyle {
        get { core.withLock { $0.storedStyle } }
        set { mutate { $0.storedStyle = newValue } }
    }
    /// The direction ticks and ``next()`` move in; a change applies to transitions that begin
    /// afterwards.
    public var direction: TransitionDirection {
        get { core.withLock { $0.storedStyle.direction } }
        set { mutate { $0.storedStyle.direction = newValue } }
    }
    /// The kind of new transitions (built-in, or `TransitionKind(MyTransition.self)`); a change
    /// applies to transitions that begin afterwards.
    public var transitionKind: TransitionKind {
        get { core.withLock { $0.storedStyle.kind } }
        set { mutate { $0.storedStyle.kind = newValue } }
    }
    /// The progress curve of new transitions; a change applies to transitions that begin
    /// afterwards.
    public var timingFunction: TimingFunction {
        get { core.withLock { $0.storedStyle.timingFunction } }
        set { mutate { $0.storedStyle.timingFunction = newValue } }
    }
    /// The run state.
    public var state: CyclerState { core.withLock { $0.runState } }
    /// The shown item's index, or during a transition the index of the item it lands on.
    public var index: Int { core.withLock { $0.currentIndex } }
    /// The number of items the data source holds now.
    public var count: Int { core.withLock { $0.dataSource.count } }
    /// The number of transitions begun since creation.
    package var transitionsBegun: Int { core.withLock { $0.transitionCount } }
    /// Whether ticks stop at the last item instead of wrapping to the first: set while the list
    /// is still read (a live run of piped items), so that the cards wait at the end of what was
    /// read. A tick that finds the last item shown is held (no transition, none scheduled); an
    /// item then added after it comes in at once, as does the first item when the hold ends
    /// (the last card had its interval). One item shown for an interval counts as held. Commands
    /// (``next()``, ``show(index:)``) still wrap. False by default
    /// (docs/decisions/0240-a-live-run-streams-its-piped-items.md).
    package var holdsAtLastItem: Bool {
        get { core.withLock { $0.holdsAtLastItem } }
        set { mutate { $0.setHoldsAtLastItem(newValue) } }
    }
    /// Whether a transition is in flight (possibly frozen by a pause).
    public var isTransitioning: Bool { core.withLock { $0.flight != nil } }
    /// Whether a transition is in flight and playing (not frozen by a pause): what a renderer
    /// must draw frames for.
    public var isAnimating: Bool { core.withLock { $0.flight != nil && $0.flight?.frozenAt == nil } }
    /// Slots created so far (at most two: the rest are reused).
    package var slotsCreated: Int { core.withLock { $0.pool.createdCount } }
    /// Items held right now: 1 when settled, 2 during a transition.
    package var itemsMaterialized: Int { core.withLock { $0.flight == nil ? 1 : 2 } }
    /// The absolute clock time of the next tick, or nil when none is scheduled (stopped, paused,
    /// one item).
    package var nextTickDeadline: TimeInterval? {
        core.withLock { $0.tickTimer == nil ? nil : $0.anchor + Double($0.pendingTick) * $0.storedInterval }
    }

    // MARK: - Commands

    /// Begins cycling: the first tick comes one interval from now. With `paused`, the schedule is
    /// frozen at once, and ``resume()`` or ``start()`` lets it run. Does nothing when already
    /// launched or started.
    ///
    /// - Returns: whether anything changed.
    @discardableResult
    public func launch(paused: Bool = false) -> Bool {
        mutate { $0.launch(paused: paused) }
    }

    /// From stopped: a transition begins now, then one every interval. While paused: resumes.
    /// While running: nothing (never a second timer).
    ///
    /// - Returns: whether anything changed.
    @discardableResult
    public func start() -> Bool {
        mutate { $0.start() }
    }

    /// Freezes the schedule and any in-flight transition at its exact progress. Only while running.
    ///
    /// - Returns: whether anything changed.
    @discardableResult
    public func pause() -> Bool {
        mutate { core in
            guard core.runState == .running else { return false }
            core.pause(at: clock.now)
            return true
        }
    }

    /// Continues a paused schedule and transition from where they froze; the schedule shifts by
    /// the paused time.
    ///
    /// - Returns: whether anything changed (false unless paused).
    @discardableResult
    public func resume() -> Bool {
        mutate { $0.resume() }
    }

    /// Cancels the schedule and settles an in-flight transition on its incoming item.
    ///
    /// - Returns: whether anything changed (false when already stopped).
    @discardableResult
    public func stop() -> Bool {
        mutate { $0.stop() }
    }

    /// Stops for good, as a presentation that is torn down: cancels the schedule and removes an
    /// in-flight transition without settling it, so what is shown is the item it began from (the
    /// last that settled; for a reversed transition, the one it was returning to). No
    /// ``CyclerEvent/transitionEnded(index:)`` is emitted for the removed transition:
    /// ``CyclerEvent/indexChanged(_:)`` (when it was in flight) and ``CyclerEvent/stopped`` (when it
    /// was not already stopped) are. A later ``start()`` works as after ``stop()``.
    ///
    /// A player that finishes uses this rather than ``stop()``: quitting mid-transition (or
    /// `--cycles N` reached just as the next transition began) must not show, print or record an
    /// item that never settled.
    ///
    /// - Returns: whether anything changed.
    @discardableResult
    public func cancel() -> Bool {
        mutate { $0.cancel() }
    }

    /// One transition now to the next item, in the current direction; or, when the in-flight
    /// transition is leaving that item (a ``previous()`` just reversed it), that transition
    /// reversed again from its current progress.
    ///
    /// - Returns: false when there is only one item.
    @discardableResult
    public func next() -> Bool {
        mutate { $0.step(by: 1, style: $0.storedStyle) }
    }

    /// One transition now to the previous item, in the opposite direction; or, when the in-flight
    /// transition is leaving that item (the usual case: `previous` during a tick's transition), that
    /// transition reversed from its current progress, so the card goes back the way it came with
    /// no jump (docs/DESIGN.md#cycler-schedule).
    ///
    /// - Returns: false when there is only one item.
    @discardableResult
    public func previous() -> Bool {
        mutate { $0.step(by: -1, style: $0.storedStyle.reversed) }
    }

    // MARK: - Observing

    /// Registers `handler` for every later event, delivered in order on the thread that caused it
    /// (a command's caller or the clock's queue), with no cycler lock held.
    ///
    /// - Returns: a token for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (CyclerEvent) -> Void) -> Int {
        channel.addObserver(handler)
    }

    /// Unregisters the observer with `token`.
    public func removeObserver(_ token: Int) {
        channel.removeObserver(token)
    }

    /// An asynchronous sequence of every later event, in order. Ends when the consumer's task is
    /// cancelled or the stream is released.
    public func events() -> AsyncStream<CyclerEvent> {
        channel.stream()
    }

    // MARK: - Internals

    /// Runs `body` on the state under its lock, then delivers the events it emitted, in order,
    /// without the lock.
    func mutate<Result: Sendable, Failure: Error>(
        _ body: @Sendable (inout Core) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result = try core.withLock { (core) throws(Failure) -> Result in try body(&core) }
        channel.deliver()
        return result
    }

    /// The first tick number after `done` whose time `anchor + k·interval` is after `now`,
    /// computed, not counted up to: a tick late by hours on a 1 ms interval costs the same as a
    /// punctual one (a count would spin through every missed tick).
    package static func firstTickAhead(after done: Int, anchor: TimeInterval, interval: TimeInterval, now: TimeInterval)
        -> Int
    {
        var tick = done + 1
        let passed = ((now - anchor) / interval).rounded(.down)
        // Beyond 2^53 ticks a Double no longer counts whole ticks; no clock gets there at 1 ms.
        if passed.isFinite, passed >= Double(tick), passed < 0x1p53 { tick = Int(passed) }
        // The division is exact within a rounding: at most a step or two.
        for _ in 0..<4 where anchor + Double(tick) * interval <= now { tick += 1 }
        return tick
    }

    /// A tick timer fired (a stale one, its generation passed, does nothing).
    func tickDidFire(generation expected: Int) {
        mutate { $0.tickDidFire(generation: expected) }
    }

    /// A transition's end timer fired (a stale one does nothing).
    func transitionDidEnd(generation expected: Int) {
        mutate { $0.transitionDidEnd(generation: expected) }
    }
}
