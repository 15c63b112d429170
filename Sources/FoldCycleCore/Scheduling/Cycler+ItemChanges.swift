internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Live item changes (docs/DESIGN.md#live-item-changes): insert, remove, replace and show while
// the cycler runs, is paused or stopped, mid-transition included, with the two-slot and reuse
// rules intact and nothing on screen changing without a transition.

extension Cycler {
    /// Reads the data source under the cycler's lock: a view consistent with the cycler's indices
    /// while other threads change the items. `body` must not call back into the cycler.
    public func withDataSource<Result>(_ body: (DataSource) -> Result) -> Result {
        core.withLock { body($0.dataSource) }
    }

    /// Shows item `index` now: a transition in the current direction when it comes after the
    /// shown item, in the opposite direction when before (as ``next()`` and ``previous()``), or
    /// the in-flight transition reversed when `index` is the item it is leaving. The schedule
    /// restarts while running (the item gets a full interval); paused, the transition plays.
    ///
    /// - Returns: false when item `index` is already shown (or being landed on).
    /// - Throws: ``CyclerError/indexOutOfRange(_:upperBound:)`` unless `0 ..< count`.
    @discardableResult
    public func show(index: Int) throws(CyclerError) -> Bool {
        try mutate { (core) throws(CyclerError) -> Bool in
            let count = core.dataSource.count
            guard (0..<count).contains(index) else { throw .indexOutOfRange(index, upperBound: count - 1) }
            let now = core.clock.now
            if let flight = core.flight, flight.reversalTarget == index {
                core.reverseFlight(at: now)
            } else {
                // Being landed on: a stale landing is followed by the item now there anyway.
                if let flight = core.flight, flight.landingIndex == index { return false }
                if core.flight == nil, core.currentIndex == index { return false }
                core.beginTransition(
                    to: index, style: index > core.currentIndex ? core.storedStyle : core.storedStyle.reversed, at: now)
            }
            core.stepSchedule(at: now)
            return true
        }
    }
}

extension Cycler where DataSource: MutableCycleDataSource {
    /// Inserts `item` at `index` (nil: at the end). Indices from `index` on move up by one;
    /// nothing on screen changes (inserted right after the shown item, it is the next one). With
    /// one item before, a running cycler starts ticking: the first tick one interval from now.
    ///
    /// - Returns: the index the item was inserted at.
    /// - Throws: ``CyclerError/indexOutOfRange(_:upperBound:)`` unless `0 ... count`.
    @discardableResult
    public func insert(_ item: Item, at index: Int? = nil) throws(CyclerError) -> Int {
        try mutate { (core) throws(CyclerError) -> Int in
            let count = core.dataSource.count
            let position = index ?? count
            guard (0...count).contains(position) else { throw .indexOutOfRange(position, upperBound: count) }
            core.dataSource.insert(item, at: position)
            core.apply(.itemInserted(index: position))
            let oneItemHadItsInterval =
                count == 1 && core.clock.now >= core.anchor + Double(core.pendingTick) * core.storedInterval
            if core.holdsAtLastItem, core.currentIndex < count, core.runState == .running,
                core.tickHeld || oneItemHadItsInterval
            {
                // Held at the end of what was there (or one item, shown a whole interval): the
                // item after it comes in at once.
                core.releaseHeldTick()
            } else if count == 1 {
                // Ticks begin now that there is something to cycle to.
                switch core.runState {
                case .running: core.restartSchedule(from: core.clock.now)
                case .paused: if core.pausedAt != nil { core.anchorPausedSchedule() }
                case .stopped: break
                }
            }
            return position
        }
    }

    /// Removes the item at `index`. Indices after it move down by one. Removing the shown item
    /// begins a transition to the item that takes its place (the next one; the first after the
    /// last) as ``next()`` would; removing the item a transition is landing on reverses it back
    /// to the one it left; removing the one it is leaving lets it go on.
    ///
    /// - Returns: the removed item.
    /// - Throws: ``CyclerError/removingOnlyItem`` with one item;
    ///   ``CyclerError/indexOutOfRange(_:upperBound:)`` unless `0 ..< count`.
    @discardableResult
    public func remove(at index: Int) throws(CyclerError) -> Item {
        try mutate { (core) throws(CyclerError) -> Item in
            let count = core.dataSource.count
            guard count > 1 else { throw .removingOnlyItem }
            guard (0..<count).contains(index) else { throw .indexOutOfRange(index, upperBound: count - 1) }
            let removed = core.dataSource.remove(at: index)
            let now = core.clock.now
            if var changed = core.flight {
                let landingRemoved = changed.landingIndex == index && !changed.landingIsStale
                if changed.leavingIndex == index { changed.leavingIsStale = true }
                if landingRemoved { changed.landingIsStale = true }
                core.flight = changed
                core.apply(.itemRemoved(index: index))
                if landingRemoved && !changed.leavingIsStale {
                    // Back to the item it left: nothing jumps, and no removed item settles.
                    core.reverseFlight(at: now)
                    core.stepSchedule(at: now)
                }
            } else {
                let wasShown = core.currentIndex == index
                core.apply(.itemRemoved(index: index))
                if wasShown {
                    core.beginTransition(
                        to: index % core.dataSource.count, style: core.storedStyle, at: now, outgoingIsStale: true)
                    core.stepSchedule(at: now)
                }
            }
            return removed
        }
    }

    /// Puts `item` at `index`. Replacing the shown item begins a transition from the old item to
    /// the new one (same index, current direction); replacing the item a transition is landing
    /// on lets it land on the old one, then the new one comes in; otherwise nothing on screen
    /// changes. Replacing an item by an equal one (when `Item` is `Equatable`) shows nothing.
    ///
    /// - Returns: the item replaced.
    /// - Throws: ``CyclerError/indexOutOfRange(_:upperBound:)`` unless `0 ..< count`.
    @discardableResult
    public func replace(at index: Int, with item: Item) throws(CyclerError) -> Item {
        try mutate { (core) throws(CyclerError) -> Item in
            let count = core.dataSource.count
            guard (0..<count).contains(index) else { throw .indexOutOfRange(index, upperBound: count - 1) }
            let old = core.dataSource.replace(at: index, with: item)
            core.apply(.itemReplaced(index: index))
            guard !Self.isEqual(old, item) else { return old }
            if var changed = core.flight {
                if changed.landingIndex == index { changed.landingIsStale = true }
                if changed.leavingIndex == index { changed.leavingIsStale = true }
                core.flight = changed
            } else if core.currentIndex == index {
                let now = core.clock.now
                core.beginTransition(to: index, style: core.storedStyle, at: now, outgoingIsStale: true)
                core.stepSchedule(at: now)
            }
            return old
        }
    }

    /// Whether `a` and `b` are equal, for an `Equatable` item type; false otherwise.
    private static func isEqual(_ a: Item, _ b: Item) -> Bool {
        guard let a = a as? any Equatable else { return false }
        return a.isEqual(to: b)
    }
}

extension Cycler.Core {
    /// Moves every index the cycler holds as `change` moves positions, and emits it.
    mutating func apply(_ change: CyclerEvent) {
        currentIndex = change.shifting(currentIndex)
        flight?.shift(by: change)
        emit(change)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to `self`.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
