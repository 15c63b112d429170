internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A player's output sink behind a lock, with the bytes that give the terminal back kept ready:
/// if the process exits while the player draws (a host's early `exit(1)` without
/// ``Player/finish()``), an `atexit` handler writes them without waiting for the player's queue,
/// which may be busy or stopped, and no frame is written after them.
///
/// The lock is held only while bytes go to the sink, so the exit path never sees half a frame.
/// While the player draws, the restoration bytes are also kept in ``TerminalRescue`` (for a
/// crash, or a termination signal the blocked queue cannot take).
final class GuardedOutput: Sendable {
    /// Where the bytes go.
    let sink: any OutputSink
    /// Held while bytes go to the sink (and so, when the terminal stopped reading, for as long as
    /// a write blocks).
    private let lock = Lock()
    /// Held only for a moment, never across a write: the restoration bytes and whether the
    /// output is closed, which the exit path must read and set even while a blocked write holds
    /// `lock`.
    private let state = LockedBox(State())
    /// The terminal the bytes reach, when there is one: where a rescue writes.
    private let rescueDescriptor: Int32?

    private struct State {
        var restoration: [UInt8] = []
        var closed = false
        var rescueSlot: Int?
    }

    init(sink: any OutputSink) {
        self.sink = sink
        rescueDescriptor = sink.terminalDevice?.fileDescriptor
    }

    /// Writes `bytes` (nothing once the exit path has run) and keeps `restoration`, the bytes
    /// that give the terminal back in the state the bytes leave it in.
    func write(_ bytes: [UInt8], restoration: [UInt8]) throws(TerminalError) {
        lock.lock()
        defer { lock.unlock() }
        let rescueDescriptor = self.rescueDescriptor
        let open = state.withLock { state in
            guard !state.closed else { return false }
            if restoration != state.restoration {
                state.restoration = restoration
                if let rescueSlot = state.rescueSlot, let rescueDescriptor {
                    TerminalRescue.shared.setBytes(restoration, descriptor: rescueDescriptor, slot: rescueSlot)
                }
            }
            return true
        }
        if open, !bytes.isEmpty { try sink.write(bytes) }
    }

    /// Writes the restoration bytes kept, once, and closes the output. Waits at most half a second
    /// for a write in progress; when one is still in progress (a terminal that stopped reading),
    /// the bytes are written without blocking instead, so the exit never hangs on it.
    func restoreForExit() {
        let locked = lock.lock(waitingAtMost: 0.5)
        defer { if locked { lock.unlock() } }
        let restoration: [UInt8]? = state.withLock {
            guard !$0.closed else { return nil }
            $0.closed = true
            return $0.restoration
        }
        guard let restoration, !restoration.isEmpty else { return }
        if locked {
            try? sink.write(restoration)
        } else if let rescueDescriptor {
            TerminalRescue.writeWithoutBlocking(restoration, to: rescueDescriptor)
        }
    }

    /// Registers this output with the process's `atexit` handler and the crash rescue (while the
    /// player draws).
    func guardExit() {
        ExitRegistry.shared.register(self) { [self] in restoreForExit() }
        let rescueDescriptor = self.rescueDescriptor
        state.withLock { state in
            guard state.rescueSlot == nil, let rescueDescriptor else { return }
            state.rescueSlot = TerminalRescue.shared.makeByteSlot()
            if let rescueSlot = state.rescueSlot {
                TerminalRescue.shared.setBytes(state.restoration, descriptor: rescueDescriptor, slot: rescueSlot)
            }
        }
    }

    /// Removes this output from the `atexit` handler and the crash rescue (the player gave the
    /// terminal back).
    func releaseExitGuard() {
        ExitRegistry.shared.unregister(self)
        state.withLock {
            if let rescueSlot = $0.rescueSlot { TerminalRescue.shared.releaseByteSlot(rescueSlot) }
            $0.rescueSlot = nil
        }
    }
}
