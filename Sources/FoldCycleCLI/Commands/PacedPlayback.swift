import Dispatch
import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `render --play`: writes each frame of a stream format at its time (a transition's at
/// `t × duration` seconds after the start, a deck's at `k / fps`, on absolute deadlines of a
/// monotonic clock) instead of all at once, inside a ``TerminalSession`` so the terminal is
/// restored on every exit path (docs/DESIGN.md#pictures).
///
/// - Ctrl-C, SIGTERM, SIGHUP, SIGQUIT: the ansi stream ends (cursor shown below the card) and
///   the process exits 128 + N.
/// - Ctrl-Z gives the terminal back (as the stream's end does) and `fg` draws the current frame
///   in full at the cursor; the remaining frames shift by the time stopped, as a paused
///   transition does.
/// - A resize redraws the current frame from scratch.
/// - A closed pipe ends the run quietly (exit 0).
///
/// Everything mutable lives on the session's serial queue.
final class PacedPlayback: TerminalSessionParticipant, @unchecked Sendable {
    private let frames: any RenderSource
    private let session: TerminalSession
    private let clock = DispatchClock(label: "FoldCycle.render.play")

    // MARK: State (on the session's queue)

    private var stream: any FrameWriter
    /// The index of the next frame to write.
    private var next = 0
    /// Seconds on ``clock`` that frame times are measured from (moved on by a stop).
    private var origin: TimeInterval = 0
    private var suspendedAt: TimeInterval?
    private var timer: (any ClockTimer)?
    private var finished = false
    /// Where ``finish(exitCode:)`` hands the exit status to ``run()``.
    private let exitStatus = ExitStatus()

    init(frames: any RenderSource, command: RenderCommand) {
        self.frames = frames
        stream = command.writer(for: frames)
        let exitBySignal = SignalExit()
        session = TerminalSession(
            configuration: .init(
                input: .none, signalPolicy: exitBySignal.policy))
        let exitStatus = exitStatus
        exitBySignal.handler = { number in exitStatus.finish(128 + number) }
    }

    /// Plays the frames and waits on the calling (main) thread until the last one is written, a
    /// signal or a closed reader; returns the exit status.
    func run() -> Int32 {
        session.queue.async { [self] in
            session.addParticipant(self)
            session.setOutputClosedHandler { [self] in finish(exitCode: 0) }
            session.start()
            origin = clock.now
            writeDueFrame()
        }
        return exitStatus.wait()
    }

    /// Writes frame ``next`` and schedules the one after it, or ends after the last.
    private func writeDueFrame() {
        dispatchPrecondition(condition: .onQueue(session.queue))
        guard !finished, suspendedAt == nil, next < frames.count else { return }
        frames.render(next)
        write(stream.write(frames.frame(next)))
        next += 1
        if next < frames.count { scheduleNext() } else { finish(exitCode: 0) }
    }

    /// Schedules frame ``next`` at its time after ``origin``.
    private func scheduleNext() {
        dispatchPrecondition(condition: .onQueue(session.queue))
        let queue = session.queue
        timer = clock.schedule(at: origin + frames.time(ofFrame: next)) { [weak self] in
            guard let self else { return }
            queue.async { self.writeDueFrame() }
        }
    }

    private func write(_ bytes: [UInt8]) {
        dispatchPrecondition(condition: .onQueue(session.queue))
        guard !bytes.isEmpty else { return }
        do {
            try TerminalDevice.standardOutput.write(bytes)
        } catch {
            // The reader went away (EPIPE) or the terminal closed: nothing more to show.
            finished = true
            session.end()
            exitStatus.finish(0)
        }
    }

    /// The one exit path: the stream's end, the session's end (modes back), then exit.
    private func finish(exitCode: Int32) {
        dispatchPrecondition(condition: .onQueue(session.queue))
        endStream()
        session.end()
        exitStatus.finish(exitCode)
    }

    private func endStream() {
        dispatchPrecondition(condition: .onQueue(session.queue))
        guard !finished else { return }
        finished = true
        timer?.cancel()
        write(stream.end(at: frames.endTime))
    }

    // MARK: - TerminalSessionParticipant (on the session's queue)

    func sessionWillSuspend() {
        dispatchPrecondition(condition: .onQueue(session.queue))
        guard !finished, suspendedAt == nil else { return }
        timer?.cancel()
        suspendedAt = clock.now
        write(stream.suspend())
    }

    func sessionDidResume() {
        dispatchPrecondition(condition: .onQueue(session.queue))
        guard !finished, let stoppedAt = suspendedAt else { return }
        suspendedAt = nil
        origin += clock.now - stoppedAt
        write(stream.resume(showing: frames.cells))
        if next < frames.count { scheduleNext() }
    }

    func sessionDidResize() {
        dispatchPrecondition(condition: .onQueue(session.queue))
        guard !finished, suspendedAt == nil, next > 0 else { return }
        write(stream.resize(showing: frames.cells))
    }

    func sessionWillEnd() { endStream() }
}
