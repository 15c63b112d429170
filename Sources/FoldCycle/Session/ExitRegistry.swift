internal import FoldCyclePlatform

/// The package's one `atexit` handler: what must be given back when the process exits without
/// ending it (an embedding program's early `exit(1)`): the players' outputs (cursor, scroll
/// region) and the sessions' terminal modes.
///
/// Entries are restored last registered first, as `atexit` runs its handlers, so a session or
/// output made inside another's lifetime gives back its state before the outer one restores its
/// own. The handler is installed on the first registration, after the host's own handlers
/// registered before it (which therefore run after it), and before the standard streams are
/// flushed.
final class ExitRegistry: Sendable {
    static let shared = ExitRegistry()

    private let state = LockedBox(State())

    private struct State {
        var entries: [(owner: ObjectIdentifier, restore: @Sendable () -> Void)] = []
        var installed = false
    }

    /// Registers `restore` for `owner` (replacing what `owner` registered before).
    func register(_ owner: AnyObject, restore: @escaping @Sendable () -> Void) {
        let key = ObjectIdentifier(owner)
        state.withLock {
            $0.entries.removeAll { $0.owner == key }
            $0.entries.append((key, restore))
            if !$0.installed {
                $0.installed = true
                atexit { ExitRegistry.shared.restoreAll() }
            }
        }
    }

    /// Removes `owner`'s entry (it gave its state back itself).
    func unregister(_ owner: AnyObject) {
        let key = ObjectIdentifier(owner)
        state.withLock { $0.entries.removeAll { $0.owner == key } }
    }

    /// Runs every entry, last registered first, outside the lock.
    private func restoreAll() {
        let entries = state.withLock { $0.entries }
        for entry in entries.reversed() { entry.restore() }
    }
}
