internal import FoldCyclePlatform

/// A scene's ``CardScene`` (which is not thread-safe) reached only under a lock of its own: a
/// ``CyclerScene`` or ``DeckScene`` draws it on the player's queue, and whoever else changes it
/// (the detected background, the colour depth, a resize) waits for the frame in progress instead
/// of racing it (docs/decisions/0200-checked-sendable.md).
package struct LockedCard: Sendable {
    /// The card; the scenes of this module draw it here (closures the compiler checks: what
    /// they keep of the card, it rejects).
    let box: LockedBox<CardScene>

    /// Holds `card`, which no one else holds.
    init(_ card: sending CardScene) {
        box = LockedBox(card)
    }

    /// Runs `body` with the card, holding its lock. `body` is `@Sendable`, so it can keep nothing
    /// of the card (no capture of a mutable or non-`Sendable` value), and must not call back into
    /// the scene (the lock is not recursive).
    package func withCard<Result: Sendable>(_ body: @Sendable (CardScene) -> Result) -> Result {
        box.withLock { body($0) }
    }
}
