internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Saves a terminal's termios modes and switches it to the non-canonical, no-echo input that a
/// key-driven command line needs, with signals (ISIG) left on so Ctrl-C still sends SIGINT.
///
/// Changes nest across keepers of one terminal (two players, a deck and a ticker): the first to
/// take the terminal saves its modes, the last to give it back (``restore()``) puts them back
/// (``TerminalModeLedger``), whatever order they end in. ``restore()`` is idempotent and safe to
/// call on every exit path; a keeper released while holding gives the terminal back. While
/// modes are changed, the saved ones are also kept in ``TerminalRescue`` for a crash or a stuck
/// termination signal. Thread-safe (its state in a `LockedBox`).
package final class TerminalModes: Sendable {
    private struct State {
        /// Whether this keeper holds the terminal (``TerminalModeLedger``).
        var saved = false
    }

    private let state = LockedBox(State())
    private let device: TerminalDevice

    /// Creates a mode keeper for `device` (usually standard input); changes nothing yet.
    package init(device: TerminalDevice) {
        self.device = device
    }

    deinit {
        if state.withLock({ $0.saved }) {
            TerminalModeLedger.shared.give(ObjectIdentifier(self), descriptor: device.fileDescriptor)
        }
    }

    /// Whether modes are currently changed (and will be restored).
    package var isActive: Bool { state.withLock { $0.saved } }

    /// Turns off canonical mode and echo (VMIN 1, VTIME 0), keeping ISIG, after saving the
    /// current modes.
    ///
    /// - Throws: ``TerminalError/notATerminal`` or ``TerminalError/termiosFailed(errno:)``.
    package func enterKeyInputMode() throws(TerminalError) {
        try enter(keyInput: true)
    }

    /// Turns off echo only (canonical mode and signals stay), after saving the current modes: for
    /// a terminal that shows frames while its input is not read, so stray typing (and `^C`) never
    /// lands on the animation.
    ///
    /// - Throws: ``TerminalError/notATerminal`` or ``TerminalError/termiosFailed(errno:)``.
    package func enterNoEchoMode() throws(TerminalError) {
        try enter(keyInput: false)
    }

    private func enter(keyInput: Bool) throws(TerminalError) {
        var failure: TerminalError?
        state.withLock { state in
            guard !state.saved else { return }
            guard device.isTerminal else {
                failure = .notATerminal
                return
            }
            do throws(TerminalError) {
                try TerminalModeLedger.shared.take(
                    ObjectIdentifier(self), descriptor: device.fileDescriptor, keyInput: keyInput)
                state.saved = true
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Whether the terminal's modes are no longer the ones this keeper set: held, and the
    /// terminal's echo and canonical bits differ from what the holders asked for (another program,
    /// a shell, set its own while this process was stopped by SIGSTOP, which cannot be caught).
    package var wereChangedByAnother: Bool {
        state.withLock { state in
            state.saved && !TerminalModeLedger.shared.holdsItsModes(descriptor: device.fileDescriptor)
        }
    }

    /// Gives the terminal back, if held: the modes from before the first holder when this is
    /// the last (``TerminalModeLedger``), else what the other holders need. Idempotent.
    package func restore() {
        state.withLock { state in
            guard state.saved else { return }
            TerminalModeLedger.shared.give(ObjectIdentifier(self), descriptor: device.fileDescriptor)
            state.saved = false
        }
    }
}
