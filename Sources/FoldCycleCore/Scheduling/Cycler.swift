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
/// Thread safety: every method may be called from any thread (one `Lock` guards the state).
public final class Cycler<DataSource: CycleDataSource>: @unchecked Sendable {
    // @unchecked: the state holds the reusable item slots (`ItemSlot`, classes the settled slot, the
    // flight and the pool share), reached only under `lock`; a `LockedBox` needs a `Sendable` state.
    /// The data source's item type.
    public typealias Item = DataSource.Item

    // Internal rather than private where the item changes (Cycler+ItemChanges.swift) need them.
    let lock = Lock()
    private let channel = EventChannel<CyclerEvent>()
    var dataSource: DataSource
    /// The time source ticks and transitions run on.
    public let clock: any CycleClock

    // MARK: State (guarded by `lock`)

    var runState: CyclerState = .stopped
    private var launched = false
    var currentIndex = 0
    /// The slot shown when no flight is in the air (then it always holds the data source's item
    /// at `currentIndex`), or the one the flight lands on.
    var settledSlot: ItemSlot<Item>
    var pool = SlotReusePool<Item>()
    var flight: CyclerFlight<Item>?
    private var storedInterval: TimeInterval
    private var durationOverride: TimeInterval?
    var storedStyle: TransitionStyle

    /// The schedule: ticks fall at `anchor + k·interval`; `pendingTick` is the k of the next one.
    private var anchor: TimeInterval = 0
    private var pendingTick = 0
    var pausedAt: TimeInterval?
    private var tickTimer: (any ClockTimer)?
    private var endTimer: (any ClockTimer)?
    /// Bumped whenever a tick / end timer is scheduled, so a stale firing is recognised.
    private var tickGeneration = 0
    private var endGeneration = 0
    private var transitionCount = 0

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
        self.dataSource = dataSource
        self.clock = clock
        storedInterval = interval
        durationOverride = duration
        storedStyle = style
        settledSlot = pool.dequeue(reuseIdentifier: dataSource.reuseIdentifier(at: 0))
        settledSlot.configure(index: 0, item: dataSource.item(at: 0))
    }

    deinit {
        tickTimer?.cancel()
        endTimer?.cancel()
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

    private static func validate(interval: TimeInterval, duration: TimeInterval?) throws(CyclerError) {
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
        try mutate { () throws(CyclerError) in
            try Self.validate(interval: interval, duration: durationOverride)
            storedInterval = interval
            if runState == .running { restartScheduleLocked(from: clock.now) }
            if runState == .paused, pausedAt != nil { anchorPausedScheduleLocked() }
        }
    }

    /// Seconds each transition runs; nil restores the default for the interval. Applies to
    /// transitions that begin afterwards.
    ///
    /// - Throws: ``CyclerError/invalidDuration(_:interval:)`` when not finite, ≤ 0 or ≥ the interval.
    public func setDuration(_ duration: TimeInterval?) throws(CyclerError) {
        try mutate { () throws(CyclerError) in
            try Self.validate(interval: storedInterval, duration: duration)
            durationOverride = duration
        }
    }

    /// Seconds between ticks.
    public var interval: TimeInterval { lock.withLock { storedInterval } }
    /// Seconds each transition runs (explicit, or the default for the interval).
    public var duration: TimeInterval { lock.withLock { effectiveDurationLocked } }
    /// The style (kind, direction, timing) of new transitions; a change applies to transitions
    /// that begin afterwards.
    public var style: TransitionStyle {
        get { lock.withLock { storedStyle } }
        set { mutate { storedStyle = newValue } }
    }
    /// The direction ticks and ``next()`` move in; a change applies to transitions that begin
    /// afterwards.
    public var direction: TransitionDirection {
        get { lock.withLock { storedStyle.direction } }
        set { mutate { storedStyle.direction = newValue } }
    }
    /// The kind of new transitions (built-in, or `TransitionKind(MyTransition.self)`); a change
    /// applies to transitions that begin afterwards.
    public var transitionKind: TransitionKind {
        get { lock.withLock { storedStyle.kind } }
        set { mutate { storedStyle.kind = newValue } }
    }
    /// The progress curve of new transitions; a change applies to transitions that begin
    /// afterwards.
    public var timingFunction: TimingFunction {
        get { lock.withLock { storedStyle.timingFunction } }
        set { mutate { storedStyle.timingFunction = newValue } }
    }
    /// The run state.
    public var state: CyclerState { lock.withLock { runState } }
    /// The shown item's index, or during a transition the index of the item it lands on.
    public var index: Int { lock.withLock { currentIndex } }
    /// The number of items the data source holds now.
    public var count: Int { lock.withLock { dataSource.count } }
    /// The number of transitions begun since creation.
    package var transitionsBegun: Int { lock.withLock { transitionCount } }
    /// Whether a transition is in flight (possibly frozen by a pause).
    public var isTransitioning: Bool { lock.withLock { flight != nil } }
    /// Whether a transition is in flight and playing (not frozen by a pause): what a renderer
    /// must draw frames for.
    public var isAnimating: Bool { lock.withLock { flight != nil && flight?.frozenAt == nil } }
    /// Slots created so far (at most two: the rest are reused).
    package var slotsCreated: Int { lock.withLock { pool.createdCount } }
    /// Items held right now: 1 when settled, 2 during a transition.
    package var itemsMaterialized: Int { lock.withLock { flight == nil ? 1 : 2 } }
    /// The absolute clock time of the next tick, or nil when none is scheduled (stopped, paused,
    /// one item).
    package var nextTickDeadline: TimeInterval? {
        lock.withLock { tickTimer == nil ? nil : anchor + Double(pendingTick) * storedInterval }
    }

    private var effectiveDurationLocked: TimeInterval {
        durationOverride ?? Self.defaultDuration(forInterval: storedInterval)
    }

    // MARK: - Commands

    /// Begins cycling: the first tick comes one interval from now. With `paused`, the schedule is
    /// frozen at once, and ``resume()`` or ``start()`` lets it run. Does nothing when already
    /// launched or started.
    ///
    /// - Returns: whether anything changed.
    @discardableResult
    public func launch(paused: Bool = false) -> Bool {
        mutate {
            guard !launched, runState == .stopped else { return false }
            launched = true
            let now = clock.now
            runState = .running
            restartScheduleLocked(from: now)
            emit(.started)
            if paused { pauseLocked(at: now) }
            return true
        }
    }

    /// From stopped: a transition begins now, then one every interval. While paused: resumes.
    /// While running: nothing (never a second timer).
    ///
    /// - Returns: whether anything changed.
    @discardableResult
    public func start() -> Bool {
        mutate {
            switch runState {
            case .running:
                return false
            case .paused:
                return resumeLocked()
            case .stopped:
                launched = true
                let now = clock.now
                runState = .running
                emit(.started)
                beginTransitionLocked(to: nextIndex(after: currentIndex, step: 1), style: storedStyle, at: now)
                restartScheduleLocked(from: now)
                return true
            }
        }
    }

    /// Freezes the schedule and any in-flight transition at its exact progress. Only while running.
    ///
    /// - Returns: whether anything changed.
    @discardableResult
    public func pause() -> Bool {
        mutate {
            guard runState == .running else { return false }
            pauseLocked(at: clock.now)
            return true
        }
    }

    /// Continues a paused schedule and transition from where they froze; the schedule shifts by
    /// the paused time.
    ///
    /// - Returns: whether anything changed (false unless paused).
    @discardableResult
    public func resume() -> Bool {
        mutate { resumeLocked() }
    }

    /// Cancels the schedule and settles an in-flight transition on its incoming item.
    ///
    /// - Returns: whether anything changed (false when already stopped).
    @discardableResult
    public func stop() -> Bool {
        mutate {
            guard runState != .stopped else { return false }
            cancelTickLocked()
            pausedAt = nil
            settleLocked()
            runState = .stopped
            emit(.stopped)
            return true
        }
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
        mutate {
            guard runState != .stopped || flight != nil else { return false }
            cancelTickLocked()
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
    }

    /// One transition now to the next item, in the current direction; or, when the in-flight
    /// transition is leaving that item (a ``previous()`` just reversed it), that transition
    /// reversed again from its current progress.
    ///
    /// - Returns: false when there is only one item.
    @discardableResult
    public func next() -> Bool {
        mutate { stepLocked(by: 1, style: storedStyle) }
    }

    /// One transition now to the previous item, in the opposite direction; or, when the in-flight
    /// transition is leaving that item (the usual case: `previous` during a tick's transition), that
    /// transition reversed from its current progress, so the card goes back the way it came with
    /// no jump (docs/DESIGN.md#cycler-schedule).
    ///
    /// - Returns: false when there is only one item.
    @discardableResult
    public func previous() -> Bool {
        mutate { stepLocked(by: -1, style: storedStyle.reversed) }
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

    // MARK: - Internals (call with `lock` held)

    /// Runs `body` under the lock, then delivers the events it emitted, in order, without the lock.
    func mutate<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        let result: Result
        do {
            result = try body()
        } catch {
            lock.unlock()
            throw error
        }
        lock.unlock()
        channel.deliver()
        return result
    }

    func emit(_ event: CyclerEvent) {
        channel.enqueue(event)
    }

    func nextIndex(after index: Int, step: Int) -> Int {
        let count = max(dataSource.count, 1)
        return ((index + step) % count + count) % count
    }

    private func stepLocked(by step: Int, style: TransitionStyle) -> Bool {
        guard dataSource.count > 1 else { return false }
        let now = clock.now
        let target = nextIndex(after: currentIndex, step: step)
        if flight?.reversalTarget == target {
            reverseFlightLocked(at: now)
        } else {
            beginTransitionLocked(to: target, style: style, at: now)
        }
        stepScheduleLocked(at: now)
        return true
    }

    /// After a transition a command began (or reversed) at `now`: running, the schedule restarts
    /// so the new item gets a full interval; paused, the frozen schedule's next tick is a full
    /// interval after the step once resumed.
    func stepScheduleLocked(at now: TimeInterval) {
        switch runState {
        case .running: restartScheduleLocked(from: now)
        case .paused:
            pausedAt = now
            anchorPausedScheduleLocked()
        case .stopped: break
        }
    }

    /// Begins a transition from the shown item to item `index`, settling an in-flight one first.
    /// With `outgoingIsStale` (the shown item was removed or replaced: a change, not a tick) it
    /// begins even when one item is left, and never reverses back onto the outgoing item.
    func beginTransitionLocked(
        to index: Int, style: TransitionStyle, at now: TimeInterval, outgoingIsStale: Bool = false
    ) {
        guard dataSource.count > 1 || outgoingIsStale else { return }
        settleLocked()
        let outgoing = settledSlot
        let incoming = pool.dequeue(reuseIdentifier: dataSource.reuseIdentifier(at: index))
        incoming.configure(index: index, item: dataSource.item(at: index))
        let from = currentIndex
        flight = CyclerFlight(
            outgoing: outgoing, incoming: incoming, fromIndex: from, toIndex: index, style: style,
            start: now, duration: effectiveDurationLocked, frozenAt: nil, outgoingIsStale: outgoingIsStale)
        settledSlot = incoming
        currentIndex = index
        transitionCount += 1
        emit(.transitionBegan(from: from, to: index, style: style))
        emit(.indexChanged(index))
        scheduleEndLocked()
    }

    /// Turns the in-flight transition around at its progress now: it lands on the item it was
    /// leaving, playing (unfrozen, as any step asked for while paused plays).
    func reverseFlightLocked(at now: TimeInterval) {
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
        scheduleEndLocked()
    }

    /// Ends the in-flight transition on the item it lands on (its incoming item, or the outgoing
    /// one when reversed), if any. A stale landing slot (its item removed or replaced in flight)
    /// is given the data source's item for its place, unless `keepingStaleLanding` (the flight
    /// ended by itself and a transition to that item follows).
    func settleLocked(keepingStaleLanding: Bool = false) {
        guard let finished = flight else { return }
        flight = nil
        endTimer?.cancel()
        endTimer = nil
        pool.enqueue(finished.isReversed ? finished.incoming : finished.outgoing)
        emit(.transitionEnded(index: finished.landingIndex))
        if finished.landingIsStale && !keepingStaleLanding {
            // Settling early is already the end of the transition: the card shows what the list
            // holds there now.
            currentIndex = finished.landingIndex % max(dataSource.count, 1)
            settledSlot.configure(index: currentIndex, item: dataSource.item(at: currentIndex))
        }
    }

    private func scheduleEndLocked() {
        endTimer?.cancel()
        endTimer = nil
        guard let flight, flight.frozenAt == nil else { return }
        endGeneration += 1
        let expected = endGeneration
        endTimer = clock.schedule(at: flight.end) { [weak self] in
            self?.transitionDidEnd(generation: expected)
        }
    }

    private func transitionDidEnd(generation expected: Int) {
        mutate {
            guard endGeneration == expected, let landed = flight, landed.frozenAt == nil else { return }
            endTimer = nil
            settleLocked(keepingStaleLanding: true)
            guard landed.landingIsStale else { return }
            // The card landed on an item that was removed or replaced on the way: the item now
            // at its place comes in at once (docs/DESIGN.md#live-item-changes).
            let now = clock.now
            beginTransitionLocked(
                to: landed.landingIndex % dataSource.count, style: storedStyle, at: now, outgoingIsStale: true)
            stepScheduleLocked(at: now)
        }
    }

    /// Starts the schedule afresh: the next tick one interval after `now`.
    func restartScheduleLocked(from now: TimeInterval) {
        anchor = now
        pendingTick = 1
        scheduleTickLocked()
    }

    /// While paused, makes the frozen schedule's next tick a full interval after the pause point.
    func anchorPausedScheduleLocked() {
        guard let pausedAt else { return }
        anchor = pausedAt
        pendingTick = 1
    }

    private func scheduleTickLocked() {
        cancelTickLocked()
        guard dataSource.count > 1 else { return }  // One item: static, no ticks.
        tickGeneration += 1
        let expected = tickGeneration
        let deadline = anchor + Double(pendingTick) * storedInterval
        tickTimer = clock.schedule(at: deadline) { [weak self] in
            self?.tickDidFire(generation: expected)
        }
    }

    private func cancelTickLocked() {
        tickTimer?.cancel()
        tickTimer = nil
    }

    private func tickDidFire(generation expected: Int) {
        mutate {
            guard tickGeneration == expected, tickTimer != nil, runState == .running else { return }
            tickTimer = nil
            let now = clock.now
            beginTransitionLocked(to: nextIndex(after: currentIndex, step: 1), style: storedStyle, at: now)
            // The next deadline is the first of anchor + k·interval still ahead: a late tick does
            // not stack up the ones it missed.
            pendingTick = Self.firstTickAhead(after: pendingTick, anchor: anchor, interval: storedInterval, now: now)
            scheduleTickLocked()
        }
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

    private func pauseLocked(at now: TimeInterval) {
        cancelTickLocked()
        pausedAt = now
        if flight != nil {
            flight?.frozenAt = now
            endTimer?.cancel()
            endTimer = nil
        }
        runState = .paused
        emit(.paused)
    }

    private func resumeLocked() -> Bool {
        guard runState == .paused else { return false }
        let now = clock.now
        let pausedFor = now - (pausedAt ?? now)
        anchor += pausedFor
        pausedAt = nil
        if var frozen = flight, let frozenAt = frozen.frozenAt {
            frozen.start += now - frozenAt
            frozen.frozenAt = nil
            flight = frozen
            scheduleEndLocked()
        }
        runState = .running
        scheduleTickLocked()
        emit(.resumed)
        return true
    }
}
