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
    fileprivate func tickDidFire(generation expected: Int) {
        mutate { $0.tickDidFire(generation: expected) }
    }

    fileprivate func transitionDidEnd(generation expected: Int) {
        mutate { $0.transitionDidEnd(generation: expected) }
    }
}

extension Cycler {
    /// A cycler's state, reached only under its box's lock: the schedule, and the reusable item
    /// slots (classes the settled slot, the flight and the pool share), which is why it is not
    /// `Sendable` and never leaves the box.
    struct Core {
        var dataSource: DataSource
        let clock: any CycleClock
        let channel: EventChannel<CyclerEvent>
        /// The cycler, for the timers' handlers (set once it exists).
        weak var owner: Cycler?

        var runState: CyclerState = .stopped
        var launched = false
        var currentIndex = 0
        /// The slot shown when no flight is in the air (then it always holds the data source's
        /// item at `currentIndex`), or the one the flight lands on.
        var settledSlot: ItemSlot<Item>
        var pool = SlotReusePool<Item>()
        var flight: CyclerFlight<Item>?
        var storedInterval: TimeInterval
        var durationOverride: TimeInterval?
        var storedStyle: TransitionStyle

        /// The schedule: ticks fall at `anchor + k·interval`; `pendingTick` is the k of the next one.
        var anchor: TimeInterval = 0
        var pendingTick = 0
        var pausedAt: TimeInterval?
        var tickTimer: (any ClockTimer)?
        var endTimer: (any ClockTimer)?
        /// Bumped whenever a tick / end timer is scheduled, so a stale firing is recognised.
        var tickGeneration = 0
        var endGeneration = 0
        var transitionCount = 0

        init(
            dataSource: DataSource, clock: any CycleClock, channel: EventChannel<CyclerEvent>,
            interval: TimeInterval, duration: TimeInterval?, style: TransitionStyle
        ) {
            self.dataSource = dataSource
            self.clock = clock
            self.channel = channel
            storedInterval = interval
            durationOverride = duration
            storedStyle = style
            settledSlot = pool.dequeue(reuseIdentifier: dataSource.reuseIdentifier(at: 0))
            settledSlot.configure(index: 0, item: dataSource.item(at: 0))
        }

        var effectiveDuration: TimeInterval {
            durationOverride ?? Cycler.defaultDuration(forInterval: storedInterval)
        }

        // MARK: Commands

        mutating func launch(paused: Bool) -> Bool {
            guard !launched, runState == .stopped else { return false }
            launched = true
            let now = clock.now
            runState = .running
            restartSchedule(from: now)
            emit(.started)
            if paused { pause(at: now) }
            return true
        }

        mutating func start() -> Bool {
            switch runState {
            case .running:
                return false
            case .paused:
                return resume()
            case .stopped:
                launched = true
                let now = clock.now
                runState = .running
                emit(.started)
                beginTransition(to: nextIndex(after: currentIndex, step: 1), style: storedStyle, at: now)
                restartSchedule(from: now)
                return true
            }
        }

        mutating func stop() -> Bool {
            guard runState != .stopped else { return false }
            cancelTick()
            pausedAt = nil
            settle()
            runState = .stopped
            emit(.stopped)
            return true
        }

        mutating func cancel() -> Bool {
            guard runState != .stopped || flight != nil else { return false }
            cancelTick()
            pausedAt = nil
            if let removed = flight {
                flight = nil
                endTimer?.cancel()
                endTimer = nil
                pool.enqueue(removed.incoming)
                settledSlot = removed.outgoing
                currentIndex = removed.fromIndex
                emit(.indexChanged(currentIndex))
            }
            if runState != .stopped {
                runState = .stopped
                emit(.stopped)
            }
            return true
        }

        // MARK: Internals

        func emit(_ event: CyclerEvent) {
            channel.enqueue(event)
        }

        func nextIndex(after index: Int, step: Int) -> Int {
            let count = max(dataSource.count, 1)
            return ((index + step) % count + count) % count
        }

        mutating func step(by step: Int, style: TransitionStyle) -> Bool {
            guard dataSource.count > 1 else { return false }
            let now = clock.now
            let target = nextIndex(after: currentIndex, step: step)
            if flight?.reversalTarget == target {
                reverseFlight(at: now)
            } else {
                beginTransition(to: target, style: style, at: now)
            }
            stepSchedule(at: now)
            return true
        }

        /// After a transition a command began (or reversed) at `now`: running, the schedule
        /// restarts so the new item gets a full interval; paused, the frozen schedule's next tick
        /// is a full interval after the step once resumed.
        mutating func stepSchedule(at now: TimeInterval) {
            switch runState {
            case .running: restartSchedule(from: now)
            case .paused:
                pausedAt = now
                anchorPausedSchedule()
            case .stopped: break
            }
        }

        /// Begins a transition from the shown item to item `index`, settling an in-flight one
        /// first. With `outgoingIsStale` (the shown item was removed or replaced: a change, not a
        /// tick) it begins even when one item is left, and never reverses back onto the outgoing
        /// item.
        mutating func beginTransition(
            to index: Int, style: TransitionStyle, at now: TimeInterval, outgoingIsStale: Bool = false
        ) {
            guard dataSource.count > 1 || outgoingIsStale else { return }
            settle()
            let outgoing = settledSlot
            let incoming = pool.dequeue(reuseIdentifier: dataSource.reuseIdentifier(at: index))
            incoming.configure(index: index, item: dataSource.item(at: index))
            let from = currentIndex
            flight = CyclerFlight(
                outgoing: outgoing, incoming: incoming, fromIndex: from, toIndex: index, style: style,
                start: now, duration: effectiveDuration, frozenAt: nil, outgoingIsStale: outgoingIsStale)
            settledSlot = incoming
            currentIndex = index
            transitionCount += 1
            emit(.transitionBegan(from: from, to: index, style: style))
            emit(.indexChanged(index))
            scheduleEnd()
        }

        /// Turns the in-flight transition around at its progress now: it lands on the item it
        /// was leaving, playing (unfrozen, as any step asked for while paused plays).
        mutating func reverseFlight(at now: TimeInterval) {
            guard var reversing = flight else { return }
            reversing.startT = reversing.t(at: now)
            reversing.start = now
            reversing.frozenAt = nil
            reversing.isReversed.toggle()
            flight = reversing
            settledSlot = reversing.landingSlot
            currentIndex = reversing.landingIndex
            emit(.transitionReversed(toward: currentIndex))
            emit(.indexChanged(currentIndex))
            scheduleEnd()
        }

        /// Ends the in-flight transition on the item it lands on (its incoming item, or the
        /// outgoing one when reversed), if any. A stale landing slot (its item removed or
        /// replaced in flight) is given the data source's item for its place, unless
        /// `keepingStaleLanding` (the flight ended by itself and a transition to that item
        /// follows).
        mutating func settle(keepingStaleLanding: Bool = false) {
            guard let finished = flight else { return }
            flight = nil
            endTimer?.cancel()
            endTimer = nil
            pool.enqueue(finished.isReversed ? finished.incoming : finished.outgoing)
            emit(.transitionEnded(index: finished.landingIndex))
            if finished.landingIsStale && !keepingStaleLanding {
                // Settling early is already the end of the transition: the card shows what the
                // list holds there now.
                currentIndex = finished.landingIndex % max(dataSource.count, 1)
                settledSlot.configure(index: currentIndex, item: dataSource.item(at: currentIndex))
            }
        }

        private mutating func scheduleEnd() {
            endTimer?.cancel()
            endTimer = nil
            guard let flight, flight.frozenAt == nil else { return }
            endGeneration += 1
            let expected = endGeneration
            endTimer = clock.schedule(at: flight.end) { [weak owner] in
                owner?.transitionDidEnd(generation: expected)
            }
        }

        mutating func transitionDidEnd(generation expected: Int) {
            guard endGeneration == expected, let landed = flight, landed.frozenAt == nil else { return }
            endTimer = nil
            settle(keepingStaleLanding: true)
            guard landed.landingIsStale else { return }
            // The card landed on an item that was removed or replaced on the way: the item now
            // at its place comes in at once (docs/DESIGN.md#live-item-changes).
            let now = clock.now
            beginTransition(
                to: landed.landingIndex % dataSource.count, style: storedStyle, at: now, outgoingIsStale: true)
            stepSchedule(at: now)
        }

        /// Starts the schedule afresh: the next tick one interval after `now`.
        mutating func restartSchedule(from now: TimeInterval) {
            anchor = now
            pendingTick = 1
            scheduleTick()
        }

        /// While paused, makes the frozen schedule's next tick a full interval after the pause
        /// point.
        mutating func anchorPausedSchedule() {
            guard let pausedAt else { return }
            anchor = pausedAt
            pendingTick = 1
        }

        private mutating func scheduleTick() {
            cancelTick()
            guard dataSource.count > 1 else { return }  // One item: static, no ticks.
            tickGeneration += 1
            let expected = tickGeneration
            let deadline = anchor + Double(pendingTick) * storedInterval
            tickTimer = clock.schedule(at: deadline) { [weak owner] in
                owner?.tickDidFire(generation: expected)
            }
        }

        private mutating func cancelTick() {
            tickTimer?.cancel()
            tickTimer = nil
        }

        mutating func tickDidFire(generation expected: Int) {
            guard tickGeneration == expected, tickTimer != nil, runState == .running else { return }
            tickTimer = nil
            let now = clock.now
            beginTransition(to: nextIndex(after: currentIndex, step: 1), style: storedStyle, at: now)
            // The next deadline is the first of anchor + k·interval still ahead: a late tick does
            // not stack up the ones it missed.
            pendingTick = Cycler.firstTickAhead(after: pendingTick, anchor: anchor, interval: storedInterval, now: now)
            scheduleTick()
        }

        mutating func pause(at now: TimeInterval) {
            cancelTick()
            pausedAt = now
            if flight != nil {
                flight?.frozenAt = now
                endTimer?.cancel()
                endTimer = nil
            }
            runState = .paused
            emit(.paused)
        }

        mutating func resume() -> Bool {
            guard runState == .paused else { return false }
            let now = clock.now
            let pausedFor = now - (pausedAt ?? now)
            anchor += pausedFor
            pausedAt = nil
            if var frozen = flight, let frozenAt = frozen.frozenAt {
                frozen.start += now - frozenAt
                frozen.frozenAt = nil
                flight = frozen
                scheduleEnd()
            }
            runState = .running
            scheduleTick()
            emit(.resumed)
            return true
        }
    }
}
