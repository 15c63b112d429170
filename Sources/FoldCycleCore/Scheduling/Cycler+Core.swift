internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
        /// ``Cycler/holdsAtLastItem``.
        var holdsAtLastItem = false
        /// A tick found the last item shown while ``holdsAtLastItem``: no tick is scheduled until
        /// an item comes after it or the hold ends (``releaseHeldTick()``).
        var tickHeld = false

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
            tickHeld = false
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
            if holdsAtLastItem, currentIndex == dataSource.count - 1 {
                // The end of what is there so far: the card stays until an item comes after it.
                tickHeld = true
                return
            }
            let now = clock.now
            beginTransition(to: nextIndex(after: currentIndex, step: 1), style: storedStyle, at: now)
            // The next deadline is the first of anchor + k·interval still ahead: a late tick does
            // not stack up the ones it missed.
            pendingTick = Cycler.firstTickAhead(after: pendingTick, anchor: anchor, interval: storedInterval, now: now)
            scheduleTick()
        }

        /// The tick held at the last item comes now: a transition to the next item (the first once
        /// the hold ended), and the schedule restarts from now. Only while running.
        mutating func releaseHeldTick() {
            guard runState == .running else { return }
            let now = clock.now
            tickHeld = false
            beginTransition(to: nextIndex(after: currentIndex, step: 1), style: storedStyle, at: now)
            restartSchedule(from: now)
        }

        /// Sets ``holdsAtLastItem``; a tick held when the hold ends comes at once.
        mutating func setHoldsAtLastItem(_ holds: Bool) {
            holdsAtLastItem = holds
            if !holds, tickHeld { releaseHeldTick() }
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
