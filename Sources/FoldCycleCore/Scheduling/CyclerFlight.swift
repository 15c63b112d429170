#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``Cycler``'s in-flight transition: its two slots keep their roles (outgoing, incoming) and
/// its style for its whole life; a reversal only turns the direction its normalized time runs in.
///
/// Indices are positions in the data source, moved by item changes
/// (docs/DESIGN.md#live-item-changes); a slot whose item is no longer at its place (removed or
/// replaced) is *stale*: the flight never reverses onto it, and a stale landing is followed by a
/// transition to the item that is there now.
struct CyclerFlight<Item: Sendable> {
    var outgoing: ItemSlot<Item>
    var incoming: ItemSlot<Item>
    var fromIndex: Int
    var toIndex: Int
    var style: TransitionStyle
    /// When `t` was ``startT``: the begin, or the last reversal or resume.
    var start: TimeInterval
    var duration: TimeInterval
    /// Normalized time at ``start`` (0 for a transition just begun).
    var startT: Double = 0
    /// Whether `t` runs from ``startT`` down to 0 (back toward the outgoing item).
    var isReversed = false
    /// Set while frozen by a pause.
    var frozenAt: TimeInterval?
    /// Whether the outgoing slot's item was removed or replaced since it was configured.
    var outgoingIsStale = false
    /// Whether the incoming slot's item was removed or replaced since it was configured.
    var incomingIsStale = false

    func t(at time: TimeInterval) -> Double {
        let elapsed = ((frozenAt ?? time) - start) / duration
        let t = isReversed ? startT - elapsed : startT + elapsed
        return min(max(t.isNaN ? 0 : t, 0), 1)
    }

    /// The clock time `t` reaches its end (1 forward, 0 reversed), while not frozen.
    var end: TimeInterval { start + (isReversed ? startT : 1 - startT) * duration }

    /// The item the flight lands on, and the one it leaves.
    var landingIndex: Int { isReversed ? fromIndex : toIndex }
    var leavingIndex: Int { isReversed ? toIndex : fromIndex }

    /// The slot it lands on.
    var landingSlot: ItemSlot<Item> { isReversed ? outgoing : incoming }

    /// Whether the slot it lands on, or the one it leaves, is stale.
    var landingIsStale: Bool {
        get { isReversed ? outgoingIsStale : incomingIsStale }
        set { if isReversed { outgoingIsStale = newValue } else { incomingIsStale = newValue } }
    }
    var leavingIsStale: Bool {
        get { isReversed ? incomingIsStale : outgoingIsStale }
        set { if isReversed { incomingIsStale = newValue } else { outgoingIsStale = newValue } }
    }

    /// The item a reversal would land on: the one it leaves, unless that is stale.
    var reversalTarget: Int? { leavingIsStale ? nil : leavingIndex }

    /// Moves both indices as `change` (an item event) moves positions.
    mutating func shift(by change: CyclerEvent) {
        fromIndex = change.shifting(fromIndex)
        toIndex = change.shifting(toIndex)
    }
}
