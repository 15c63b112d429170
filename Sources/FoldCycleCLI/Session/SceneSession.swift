import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What every run with a player shares, the live cycler's and the deck's: the terminal session,
/// the control channel (JSON lines, `--listen`), the recording (`--record`), the player, the exit
/// status and the one exit path (docs/DESIGN.md#cli-sessions). The cycler and the deck supply
/// what differs: the terminal's configuration, how the player is made, what they handle, and
/// what is written once the terminal is restored.
///
/// Made once; its parts are used on the terminal session's queue, which the player shares.
final class SceneSession: Sendable {
    /// What `--record` asks for, checked when the session is made.
    struct Recording {
        let request: SessionRecording.Request?
        /// The scene's clock: recordings are timed on it.
        let clock: any CycleClock
        /// Whether frames go to a terminal (a recording of plain text is refused).
        let drawsFrames: Bool
        /// Whether cards are drawn (an SVG needs them; not with motion none).
        var drawsCards = true
        /// The terminal the frames are drawn on.
        let terminal: TerminalDevice
        /// The command whose usage a refused path shows.
        let command: CLICommand
    }

    let terminal: TerminalSession
    let control: ControlChannel
    let recorder: SessionRecorder?
    let player: Player
    /// Where ``finish(exitCode:output:afterRestore:)`` hands the exit status to ``run(_:)``.
    let exitStatus = ExitStatus()
    private let signalExit = SignalExit()
    private let finishing = LockedBox(false)

    /// Makes the terminal session (`configuration` given the signal policy to use), the control
    /// channel, the recording and then the player (`makePlayer`, given the recorder, whose sink
    /// it writes to, and the session); nothing is drawn yet.
    ///
    /// - Throws: the control channel's ``CLIError`` (a socket that cannot be made), or the
    ///   recording's (``SessionRecording/open(_:clock:drawsFrames:drawsCards:terminal:command:)``);
    ///   a socket made before a refused recording is removed.
    init(
        terminal configuration: (SignalPolicy) -> TerminalSession.Configuration, control endpoints: ControlEndpoints,
        recording: Recording, player makePlayer: (SessionRecorder?, TerminalSession) -> Player
    ) throws(CLIError) {
        terminal = TerminalSession(configuration: configuration(signalExit.policy))
        control = try ControlChannel(endpoints: endpoints, queue: terminal.queue)
        do {
            recorder = try SessionRecording.open(
                recording.request, clock: recording.clock, drawsFrames: recording.drawsFrames,
                drawsCards: recording.drawsCards, terminal: recording.terminal, command: recording.command)
        } catch {
            // The socket file goes with the run that made it (on the queue, which owns the channel).
            let control = control
            terminal.queue.sync { control.close() }
            throw error
        }
        player = makePlayer(recorder, terminal)
        recorder?.attach(to: player)
    }

    /// The terminal session's queue, where everything of the run happens.
    var queue: DispatchQueue { terminal.queue }

    /// Sets what a termination signal does (after the terminal is restored): called on the
    /// queue with the signal's number. Set before ``run(_:)``.
    func onSignal(_ handler: @escaping @Sendable (Int32) -> Void) { signalExit.handler = handler }

    /// Runs `start` on the queue and waits on the calling (main) thread until the run finishes;
    /// returns its exit status. Started asynchronously: a run that ends at once finishes on the
    /// queue, which then stops, while this thread waits.
    func run(_ start: @escaping @Sendable () -> Void) -> Int32 {
        queue.async(execute: start)
        return exitStatus.wait()
    }

    /// The launch every run with cards shares, on the queue: `--background` resolved (`auto`,
    /// nil, asks the terminal first, as does `asksGraphics` for how settled pictures are drawn;
    /// keys typed meanwhile wait, not lost: ``BackgroundDetection``); then, unless the run is
    /// finishing, the player is told the picture graphics, its scene is set up for the
    /// background (``BackgroundDetection/apply(_:to:)``, before the player starts), and `start`
    /// begins the run's drawing.
    func launch(
        background setting: RGBColor?, asksGraphics: Bool, drawsFrames: Bool,
        start: @escaping @Sendable () -> Void
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        BackgroundDetection.resolve(
            setting, asksGraphics: asksGraphics, terminal: terminal, drawsFrames: drawsFrames,
            environment: ProcessInfo.processInfo.environment
        ) { [self] background, graphics in
            dispatchPrecondition(condition: .onQueue(queue))
            guard !isFinishing else { return }
            player.setPictureGraphics(graphics)
            BackgroundDetection.apply(background, to: player)
            start()
        }
    }

    /// After a resize, on the queue: a terminal that shows pictures at rest is asked again for a
    /// cell's size in pixels (a font change resizes the window, and so may a change of pixel
    /// size: docs/decisions/0248-the-cell-size-asked-after-each-resize.md), and a sixel terminal
    /// for the largest image it takes (xterm's is its window), so a settled picture fills a grown
    /// card (docs/decisions/0221-the-largest-sixel-asked-at-launch.md).
    func terminalResized() {
        dispatchPrecondition(condition: .onQueue(queue))
        let graphics = player.pictureGraphics
        guard !isFinishing, graphics != .cells else { return }
        terminal.requestCellSize(after: player)
        if case .sixel = graphics { terminal.requestSixelGeometry(after: player) }
    }

    /// A `CSI 16 t` answer after the launch, on the queue: the cell size pictures at rest are
    /// drawn for (the player redraws when it changed).
    func cellSizeAnswered(width: Int, height: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isFinishing else { return }
        player.setPictureGraphics(player.pictureGraphics.withCellPixels(width: width, height: height))
    }

    /// An XTSMGRAPHICS answer after the launch, on the queue: the sixel limit the player draws
    /// settled pictures within.
    func sixelGeometryAnswered(width: Int, height: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isFinishing, case .sixel(let cellWidth, let cellHeight, _, _) = player.pictureGraphics else { return }
        player.setPictureGraphics(
            .sixel(cellWidth: cellWidth, cellHeight: cellHeight, maximumWidth: width, maximumHeight: height))
    }

    /// Whether ``finish(exitCode:output:afterRestore:)`` has begun (it runs once).
    var isFinishing: Bool { finishing.withLock { $0 } }

    /// The one exit path, on the queue: the player's last frame, the terminal restored, the
    /// control channel closed (its last lines written, its socket removed), the recording closed;
    /// then `afterRestore` (messages, held lines, a summary); then the status is handed over and
    /// the queue stops. The status is `exitCode`, unless the run would succeed but did not: a
    /// recording that failed (its error, 1), output that failed (a closed pipe: 0, as `head` is
    /// done; a lost terminal on `output`: ``LostTerminal/exitCode``; else its error, 1). A second
    /// call, or one after the first began, does nothing.
    func finish(exitCode: Int32, output: TerminalDevice?, afterRestore: () -> Void = {}) {
        let first = finishing.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else { return }
        let failure = player.finish()
        terminal.end()
        control.close()
        let recordingFailure = SessionRecording.finish(recorder)
        afterRestore()
        if let recordingFailure {
            recordingFailure.report()
            exitStatus.finish(exitCode == 0 ? recordingFailure.exitCode : exitCode)
        }
        if let failure, exitCode == 0 {
            if case .writeFailed(errno: EPIPE) = failure { exitStatus.finish(0) }
            if LostTerminal.isLost(failure, writingTo: output) { exitStatus.finish(LostTerminal.exitCode) }
            CLIError.runtime("\(failure)").report()
            exitStatus.finish(1)
        }
        exitStatus.finish(exitCode)
    }
}
