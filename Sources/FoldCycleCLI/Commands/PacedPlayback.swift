import Dispatch
import FoldCycle
internal import FoldCyclePlatform

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
/// Everything mutable lives on the session's serial queue (``QueueConfined``).
final class PacedPlayback: TerminalSessionParticipant, Sendable {
    /// What changes as frames are written: on the session's queue only.
    private struct State {
        let frames: any RenderSource
        var stream: any FrameWriter
        /// The index of the next frame to write.
        var next = 0
        /// Seconds on ``clock`` that frame times are measured from (moved on by a stop).
        var origin: TimeInterval = 0
        var suspendedAt: TimeInterval?
        var timer: (any ClockTimer)?
        var finished = false
    }

    private let session: TerminalSession
    private let clock = DispatchClock(label: "FoldCycle.render.play")
    private let state: QueueConfined<State>
    /// Where ``finish(exitCode:)`` hands the exit status to ``run()``.
    private let exitStatus = ExitStatus()

    init(frames: any RenderSource, command: RenderCommand) {
        let exitBySignal = SignalExit()
        session = TerminalSession(
            configuration: .init(
                input: .none, signalPolicy: exitBySignal.policy))
        state = QueueConfined(State(frames: frames, stream: command.writer(for: frames)), on: session.queue)
        let exitStatus = exitStatus
        exitBySignal.handler = { number in exitStatus.finish(128 + number) }
    }

    /// The frames played (on the session's queue).
    private var frames: any RenderSource { state.value.frames }

    /// Plays the frames and waits on the calling (main) thread until the last one is written, a
    /// signal or a closed reader; returns the exit status.
    func run() -> Int32 {
        session.queue.async { [self] in
            session.addParticipant(self)
            session.setEventHandler { [self] event in
                if event.kind == .outputClosed { finish(exitCode: 0) }
            }
            session.start()
            state.value.origin = clock.now
            writeDueFrame()
        }
        return exitStatus.wait()
    }

    /// Writes frame ``State/next`` and schedules the one after it, or ends after the last.
    private func writeDueFrame() {
        let (frames, next) = (self.frames, state.value.next)
        guard !state.value.finished, state.value.suspendedAt == nil, next < frames.count else { return }
        frames.render(next)
        let frame = frames.frame(next)
        write(state.value.stream.write(frame))
        state.value.next = next + 1
        if next + 1 < frames.count { scheduleNext() } else { finish(exitCode: 0) }
    }

    /// Schedules frame ``State/next`` at its time after ``State/origin``.
    private func scheduleNext() {
        let queue = session.queue
        let due = state.value.origin + frames.time(ofFrame: state.value.next)
        state.value.timer = clock.schedule(at: due) { [weak self] in
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
            // The reader went away (EPIPE, 0), the terminal closed (129), or the output failed
            // (1, with a message): nothing more to show.
            state.value.finished = true
            session.end()
            exitStatus.finish(OutputFailure.exitCode(error, writing: "frames to standard output", to: .standardOutput))
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
        guard !state.value.finished else { return }
        state.value.finished = true
        state.value.timer?.cancel()
        let end = frames.endTime
        write(state.value.stream.end(at: end))
    }

    // MARK: - TerminalSessionParticipant (on the session's queue)

    func sessionWillSuspend() {
        guard !state.value.finished, state.value.suspendedAt == nil else { return }
        state.value.timer?.cancel()
        state.value.suspendedAt = clock.now
        write(state.value.stream.suspend())
    }

    func sessionDidResume() {
        guard !state.value.finished, let stoppedAt = state.value.suspendedAt else { return }
        state.value.suspendedAt = nil
        state.value.origin += clock.now - stoppedAt
        let cells = frames.cells
        write(state.value.stream.resume(showing: cells))
        if state.value.next < frames.count { scheduleNext() }
    }

    func sessionDidResize() {
        guard !state.value.finished, state.value.suspendedAt == nil, state.value.next > 0 else { return }
        let cells = frames.cells
        write(state.value.stream.resize(showing: cells))
    }

    func sessionWillEnd() { endStream() }
}
