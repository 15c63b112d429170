internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Saves a terminal's termios modes and switches it to the non-canonical, no-echo input that a
/// key-driven command line needs, with signals (ISIG) left on so Ctrl-C still sends SIGINT.
///
/// ``restore()`` puts back exactly the saved modes; it is idempotent and safe to call on every
/// exit path. While modes are changed, the saved ones are also kept in ``TerminalRescue`` for a
/// crash or a stuck termination signal. Thread-safe (its state in a `LockedBox`).
package final class TerminalModes: Sendable {
    private struct State {
        var saved: termios?
        var rescueSlot: Int?
    }

    private let state = LockedBox(State())
    private let device: TerminalDevice

    /// Creates a mode keeper for `device` (usually standard input); changes nothing yet.
    package init(device: TerminalDevice) {
        self.device = device
    }

    /// Whether modes are currently changed (and will be restored).
    package var isActive: Bool { state.withLock { $0.saved != nil } }

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
            guard state.saved == nil else { return }
            guard device.isTerminal else {
                failure = .notATerminal
                return
            }
            var original = termios()
            guard tcgetattr(device.fileDescriptor, &original) == 0 else {
                failure = .termiosFailed(errno: errno)
                return
            }
            var raw = original
            if keyInput {
                raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
                raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
                withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                    cc[Int(VMIN)] = 1
                    cc[Int(VTIME)] = 0
                }
            } else {
                raw.c_lflag &= ~tcflag_t(ECHO | ECHOCTL)
            }
            guard tcsetattr(device.fileDescriptor, TCSANOW, &raw) == 0 else {
                failure = .termiosFailed(errno: errno)
                return
            }
            state.saved = original
            state.rescueSlot = TerminalRescue.shared.makeModeSlot()
            if let rescueSlot = state.rescueSlot {
                TerminalRescue.shared.setModes(original, descriptor: device.fileDescriptor, slot: rescueSlot)
            }
        }
        if let failure { throw failure }
    }

    /// Puts back the saved modes, if any. Idempotent.
    package func restore() {
        state.withLock { state in
            guard var original = state.saved else { return }
            _ = tcsetattr(device.fileDescriptor, TCSANOW, &original)
            state.saved = nil
            if let rescueSlot = state.rescueSlot { TerminalRescue.shared.releaseModeSlot(rescueSlot) }
            state.rescueSlot = nil
        }
    }
}
