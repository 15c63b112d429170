import FoldCycle
internal import FoldCyclePlatform

/// Tells which settled transitions `--cycles` counts: every one but those that show a picture in
/// place of its loading card (docs/decisions/0232-a-large-picture-shows-a-loading-card.md): the
/// same item, read at last, not a cycle (docs/decisions/0241-cycles-count-changes-of-item.md).
///
/// Follows the cycler's events as they are delivered (in order, on the thread that changed the
/// cycler, before that change returns), so it knows which transition each settle ends: one is
/// begun for each, and they settle in the order they began. Thread-safe (a `LockedBox`).
final class CycleCount: Sendable {
    private let box = LockedBox(State())

    private struct State {
        /// Inside ``replacingLoadingCards(_:)``.
        var replacing = false
        /// Items whose loading card was replaced since the last transition began: one of them
        /// shown or landed on begins a transition from and to its own index.
        var replaced: Set<Int> = []
        /// Whether each transition begun and not yet settled counts, oldest first.
        var flights: [Bool] = []
    }

    /// Carries out `body`, which puts pictures in place of their loading cards.
    func replacingLoadingCards(_ body: () -> Void) {
        box.withLock { $0.replacing = true }
        body()
        box.withLock { $0.replacing = false }
    }

    /// A cycler event, as delivered (register before the cycler starts).
    func observe(_ event: CyclerEvent) {
        box.withLock { state in
            switch event {
            case .itemReplaced(let index) where state.replacing:
                state.replaced.insert(index)
            case .itemInserted, .itemRemoved:
                state.replaced = Set(
                    state.replaced.compactMap { event == .itemRemoved(index: $0) ? nil : event.shifting($0) })
            case .transitionBegan(let from, let to, _):
                state.flights.append(!(from == to && state.replaced.contains(to)))
                state.replaced = []
            default:
                break
            }
        }
    }

    /// A transition settled on screen: whether it counts (the oldest begun and not yet settled).
    func settled() -> Bool {
        box.withLock { state in state.flights.isEmpty ? true : state.flights.removeFirst() }
    }
}
