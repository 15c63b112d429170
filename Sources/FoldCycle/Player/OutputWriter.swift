import Dispatch
internal import FoldCyclePlatform

/// Writes a player's bytes to its ``GuardedOutput`` on a serial queue of its own, so a terminal
/// that reads slowly (a stopped tmux client, a slow ssh link, a paused pty reader) blocks this
/// queue and not the player's: input, resizes and the scene go on, and the player composes no
/// frame while one is still in flight (docs/decisions/0156-slow-output-drops-frames.md).
///
/// Writes reach the output in the order they are submitted, background and waiting ones alike
/// (one serial queue), so each frame's diff applies to the frame before it.
final class OutputWriter: Sendable {
    private let output: GuardedOutput
    private let queue = DispatchQueue(label: "FoldCycle.output", qos: .userInteractive)
    /// Background writes submitted and not yet done.
    private let inFlight = LockedBox(0)

    init(output: GuardedOutput) {
        self.output = output
    }

    /// Whether a background write is still in flight.
    var isBusy: Bool { inFlight.withLock { $0 > 0 } }

    /// Writes `bytes` after every write submitted before it and returns at once; `done` runs on
    /// the writer's queue when they are written (or failed), with the failure if any.
    func submit(
        _ bytes: [UInt8], restoration: [UInt8], done: @escaping @Sendable (TerminalError?) -> Void
    ) {
        inFlight.withLock { $0 += 1 }
        queue.async { [output, inFlight] in
            let failure = Self.write(bytes, restoration: restoration, to: output)
            inFlight.withLock { $0 -= 1 }
            done(failure)
        }
    }

    /// Writes `bytes` after every write submitted before it and returns once they are written.
    func write(_ bytes: [UInt8], restoration: [UInt8]) throws(TerminalError) {
        let failure = queue.sync { Self.write(bytes, restoration: restoration, to: output) }
        if let failure { throw failure }
    }

    private static func write(_ bytes: [UInt8], restoration: [UInt8], to output: GuardedOutput) -> TerminalError? {
        do throws(TerminalError) {
            try output.write(bytes, restoration: restoration)
            return nil
        } catch {
            return error
        }
    }

    /// Runs `body` on the writer's queue after every write submitted before it (a recorder's
    /// mark after the bytes that show it).
    func enqueue(_ body: @escaping @Sendable () -> Void) {
        queue.async(execute: body)
    }

    /// Returns once every write submitted so far is done.
    func drain() {
        queue.sync {}
    }
}
