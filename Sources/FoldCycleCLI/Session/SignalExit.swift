import FoldCycle
internal import FoldCyclePlatform

/// Lets a signal policy, fixed when a ``TerminalSession`` is made, reach the session object made
/// after it (the live cycler, the deck, `render --play`). Set once, before the session starts;
/// read on the session's queue when a termination signal comes.
final class SignalExit: Sendable {
    private let box = LockedBox<(@Sendable (Int32) -> Void)?>(nil)

    /// What a termination signal does: called with the signal's number.
    var handler: (@Sendable (Int32) -> Void)? {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }

    /// The policy that restores the terminal, then calls ``handler``.
    var policy: SignalPolicy { .restoreAndCallBack { [self] number in handler?(number) } }
}
