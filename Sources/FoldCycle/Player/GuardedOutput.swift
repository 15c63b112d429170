import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A player's output sink behind a lock, with the bytes that give the terminal back kept ready:
/// if the process exits while the player draws (a host's early `exit(1)` without
/// ``Player/finish()``), an `atexit` handler writes them without waiting for the player's queue,
/// which may be busy or stopped, and no frame is written after them.
///
/// The lock is held only while bytes go to the sink, so the exit path never sees half a frame.
final class GuardedOutput: @unchecked Sendable {
    /// Where the bytes go.
    let sink: any OutputSink
    private let lock = NSLock()
    private var restoration: [UInt8] = []
    private var closed = false

    init(sink: any OutputSink) {
        self.sink = sink
    }

    /// Writes `bytes` (nothing once the exit path has run) and keeps `restoration`, the bytes
    /// that give the terminal back in the state the bytes leave it in.
    func write(_ bytes: [UInt8], restoration: [UInt8]) throws(TerminalError) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        self.restoration = restoration
        if !bytes.isEmpty { try sink.write(bytes) }
    }

    /// Writes the restoration bytes kept, once, and closes the output. Waits at most half a second
    /// for a write in progress (a terminal that stopped reading must not hang the exit).
    func restoreForExit() {
        let locked = lock.lock(before: Date(timeIntervalSinceNow: 0.5))
        defer { if locked { lock.unlock() } }
        guard !closed else { return }
        closed = true
        if !restoration.isEmpty { try? sink.write(restoration) }
    }

    /// Registers this output with the process's `atexit` handler (while the player draws).
    func guardExit() { ExitRestorations.shared.register(self) }

    /// Removes this output from the `atexit` handler (the player gave the terminal back).
    func releaseExitGuard() { ExitRestorations.shared.unregister(self) }
}

/// The outputs of the players still drawing, restored by one `atexit` handler (after the
/// host's own handlers registered later, and before the standard streams are flushed).
final class ExitRestorations: @unchecked Sendable {
    static let shared = ExitRestorations()

    private let lock = NSLock()
    private var outputs: [ObjectIdentifier: GuardedOutput] = [:]
    private var installed = false

    func register(_ output: GuardedOutput) {
        lock.withLock {
            outputs[ObjectIdentifier(output)] = output
            if !installed {
                installed = true
                atexit { ExitRestorations.shared.restoreAll() }
            }
        }
    }

    func unregister(_ output: GuardedOutput) {
        _ = lock.withLock { outputs.removeValue(forKey: ObjectIdentifier(output)) }
    }

    private func restoreAll() {
        let active = lock.withLock { Array(outputs.values) }
        for output in active { output.restoreForExit() }
    }
}
