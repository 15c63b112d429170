internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// What is on screen: the cycler's presentation, read under its lock.
extension Cycler {
    /// What is on screen at `time` (default: the clock's now). Pure with respect to the cycler:
    /// reading a snapshot changes nothing.
    ///
    /// - Parameter time: clock seconds; times before the transition's start give t = 0.
    public func snapshot(at time: TimeInterval? = nil) -> CyclerSnapshot<Item> {
        core.withLock { core in
            let now = time ?? clock.now
            if let flight = core.flight, let outgoingItem = flight.outgoing.item,
                let incomingItem = flight.incoming.item
            {
                return CyclerSnapshot(
                    time: now, state: core.runState, index: core.currentIndex,
                    item: flight.isReversed ? outgoingItem : incomingItem,
                    configuredIndex: flight.landingSlot.index ?? core.currentIndex,
                    transition: .init(
                        fromIndex: flight.fromIndex, outgoingItem: outgoingItem, toIndex: flight.toIndex,
                        incomingItem: incomingItem, style: flight.style, t: flight.t(at: now),
                        duration: flight.duration, isReversed: flight.isReversed,
                        outgoingConfiguredIndex: flight.outgoing.index, incomingConfiguredIndex: flight.incoming.index))
            }
            // `settledSlot` always holds the shown item outside a flight.
            let item = core.settledSlot.item ?? core.dataSource.item(at: core.currentIndex)
            return CyclerSnapshot(
                time: now, state: core.runState, index: core.currentIndex, item: item,
                configuredIndex: core.settledSlot.index ?? core.currentIndex, transition: nil)
        }
    }
}
