import FoldCycle

/// Turns a live run's ``CyclerEvent``s, delivered in order, into the JSON-lines protocol's
/// events (docs/DESIGN.md#control-protocol): the cycler says a transition ended on an index, the
/// protocol says which transition (from, to, kind, direction) and keeps those indices where item
/// changes move them, with the cycler's own rule (``CyclerEvent/shifting(_:)``).
///
/// A pure value, used on the session's queue.
struct LiveEventTranslator {
    private var flight: ProtocolEvent.Transition?
    /// The item the last transition landed on (or the first item), as ``itemSettled(_:)`` names it.
    private(set) var settledIndex: Int

    /// Starts with item `index` on screen.
    init(settledIndex index: Int = 0) {
        settledIndex = index
    }

    /// The protocol's events for `event` (none for `indexChanged`, which comes with the begin or
    /// reversal, and none for item changes, which the run reports with their texts itself).
    mutating func events(for event: CyclerEvent) -> [ProtocolEvent] {
        switch event {
        case .started: return [.started]
        case .paused: return [.paused]
        case .resumed: return [.resumed]
        case .stopped: return [.stopped]
        case .transitionBegan(let from, let to, let style):
            let transition = ProtocolEvent.Transition(from: from, to: to, kind: style.kind, direction: style.direction)
            flight = transition
            return [.transitionBegan(transition)]
        case .transitionReversed(let toward):
            guard let flight else { return [] }
            return [.transitionReversed(flight, toward: toward)]
        case .transitionEnded(let index):
            settledIndex = index
            guard let landed = flight else { return [] }
            flight = nil
            return [.transitionEnded(landed, index: index)]
        case .indexChanged:
            return []
        case .itemInserted, .itemRemoved, .itemReplaced:
            settledIndex = event.shifting(settledIndex)
            if var moved = flight {
                moved.from = event.shifting(moved.from)
                moved.to = event.shifting(moved.to)
                flight = moved
            }
            return []
        }
    }

    /// `item-settled` for the item the player has just drawn at rest (or written as text).
    func itemSettled(_ item: String) -> ProtocolEvent {
        .itemSettled(index: settledIndex, item: item)
    }
}
