import Dispatch
import FoldCycle
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Wires a live run together: cycler → player, terminal session (modes, signals, job control,
/// input) → commands, and the one exit path.
///
/// Everything mutable lives on the terminal session's serial queue, which the player shares.
/// Handlers handed to Dispatch and to the reader thread are `@Sendable` closures created here, in
/// a nonisolated type, never on the main actor.
final class LiveSession: @unchecked Sendable {
    private let command: LiveCommand
    private let cycler: Cycler<ArrayDataSource<String>>
    private let terminal: TerminalSession
    private let player: Player
    /// `--record`: the tee of the terminal's bytes, if recording.
    private let recorder: AsciicastRecorder?
    private var queue: DispatchQueue { terminal.queue }
    /// stdout is a terminal: frames are drawn and replies go to the status line.
    private let drawsFrames: Bool

    // MARK: State (on `queue`)

    private var typed = ""
    private var reply: (text: String, isError: Bool)?
    private var transitionsEnded = 0
    private var finishing = false
    private var launched = false
    /// Keys are read one by one (stdin and stdout are terminals) and a command line is shown.
    private var readsKeys = false

    /// - Throws: ``CLIError/runtime(_:)`` for a cycler the options do not allow, or a recording
    ///   that cannot be made.
    init(command: LiveCommand) throws(CLIError) {
        self.command = command
        do {
            cycler = try Cycler(
                dataSource: ArrayDataSource(command.items), interval: command.interval, duration: command.duration,
                style: TransitionStyle(
                    kind: command.transition, direction: command.direction,
                    timingFunction: command.timingFunction))
        } catch {
            throw .runtime("\(error)")
        }
        // A dumb terminal cannot move the cursor: treat it like a pipe (plain text, no escapes).
        drawsFrames = TerminalDevice.standardOutput.isTerminal && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        let exitBySignal = ExitCodeBox()
        terminal = TerminalSession(
            configuration: .init(
                input: drawsFrames ? .keys : .lines,
                signalPolicy: .restoreAndCallBack { number in exitBySignal.handler?(number) },
                silencesEcho: drawsFrames))
        let output: Player.Output = !drawsFrames ? .plainText : command.fullscreen ? .fullscreen : .inline
        recorder = try SessionRecording.open(command.record, clock: cycler.clock, drawsFrames: drawsFrames)
        player = Player(
            cycler: cycler, cardSize: command.cardSize, style: command.style, cellAspect: command.cellAspect,
            configuration: .init(
                framesPerSecond: command.framesPerSecond, output: output, colorDepth: command.colorDepth),
            sink: SessionRecording.sink(recorder), session: terminal)
        exitBySignal.handler = { [self] number in finish(exitCode: 128 + number) }
    }

    /// Starts everything and parks the main thread in `dispatchMain()`.
    func run() -> Never {
        queue.sync { start() }
        dispatchMain()
    }

    private func start() {
        // The session lives until exit(): strong captures are fine and keep the closures simple.
        terminal.setKeyHandler { [self] key in handleKey(key) }
        terminal.setLineHandler { [self] line in handleLine(line) }
        terminal.setInputEndHandler { [self] in inputEnded() }
        terminal.setOutputClosedHandler { [self] in finish(exitCode: 0) }
        terminal.setResumeHandler { [self] in updateFooter() }
        terminal.start()
        readsKeys = terminal.isReadingKeys
        if let failure = terminal.modeError, drawsFrames, TerminalDevice.standardInput.isTerminal {
            reply = ("cannot read keys (\(failure)); type commands and press Enter", true)
        }
        // Called on this queue once the player has drawn (or printed) the change.
        player.setChangeHandler { [self] change in handle(change) }
        player.setFailureHandler { [self] _ in
            // The output is gone (EPIPE: `| head -1` is done, or the terminal closed): stop.
            queue.async { self.finish(exitCode: 0) }
        }
        updateFooter()
        player.start(paused: command.paused)
        launched = true
        // With one item nothing ever transitions: --cycles N is done at once.
        if command.cycles == 0 || (command.cycles != nil && command.items.count == 1) {
            finish(exitCode: 0)
        }
    }

    // MARK: - Input

    private func inputEnded() {
        // Commands end; the animation goes on until quit, a signal or --cycles. In key mode,
        // stdin closing means the terminal went away: quit.
        if readsKeys { finish(exitCode: 0) }
    }

    private func handleKey(_ key: KeyPress) {
        switch key {
        case .text(let text):
            if typed.isEmpty && text == " " {
                togglePause()
            } else {
                typed += text
            }
        case .enter:
            let line = typed
            typed = ""
            handleLine(line)
        case .backspace:
            if !typed.isEmpty { typed.removeLast() }
        case .clearLine:
            typed = ""
        case .endOfTransmission:
            // As in a shell: Ctrl-D quits on an empty line and does nothing otherwise.
            if typed.isEmpty {
                finish(exitCode: 0)
                return
            }
        case .arrow(let arrow):
            execute(.direction(Self.direction(of: arrow)))
        case .escape:
            break  // Esc alone does nothing in live mode.
        }
        updateFooter()
    }

    /// The direction an arrow key turns the transition to.
    static func direction(of arrow: ArrowKey) -> TransitionDirection {
        switch arrow {
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        }
    }

    private func togglePause() {
        execute(cycler.state == .running ? .pause : .start)
    }

    private func handleLine(_ line: String) {
        guard let parsed = SessionCommand.parse(line) else {
            updateFooter()
            return
        }
        switch parsed {
        case .success(let command): execute(command)
        case .failure(let error): respond(error.message, isError: true)
        }
    }

    // MARK: - Commands

    private func execute(_ command: SessionCommand) {
        switch command {
        case .start:
            let before = cycler.state
            let changed = cycler.start()
            respond(!changed ? "already running" : before == .paused ? "resumed" : "started")
        case .pause:
            let state = cycler.state
            respond(cycler.pause() ? "paused" : state == .paused ? "already paused" : "not running (\(state))")
        case .resume:
            respond(cycler.resume() ? "resumed" : "not paused (\(cycler.state))")
        case .stop:
            respond(cycler.stop() ? "stopped" : "already stopped")
        case .next:
            respond(cycler.next() ? "next: item \(itemNumber)" : "only one item")
        case .previous:
            respond(cycler.previous() ? "previous: item \(itemNumber)" : "only one item")
        case .direction(let direction):
            cycler.setDirection(direction)
            respond("direction \(direction)")
        case .transition(let kind):
            cycler.setTransitionKind(kind)
            respond("transition \(kind)")
        case .interval(let seconds):
            guard LiveCommand.intervalRange.contains(seconds) else {
                respond(
                    "interval \(shortestText(seconds)) is out of range (seconds: \(LiveCommand.intervalRangeText))",
                    isError: true)
                return
            }
            do {
                try cycler.setInterval(seconds)
                respond("interval \(shortestText(cycler.interval))s, duration \(shortestText(cycler.duration))s")
            } catch CyclerError.invalidDuration(let duration, _) {
                respond(
                    "interval \(shortestText(seconds)) must be longer than the duration, \(shortestText(duration))s "
                        + "(set a shorter duration first)", isError: true)
            } catch {
                respond("\(error)", isError: true)
            }
        case .duration(let seconds):
            do {
                try cycler.setDuration(seconds)
                respond("duration \(shortestText(cycler.duration))s")
            } catch {
                respond("\(error)", isError: true)
            }
        case .status:
            respond(statusText())
        case .help:
            respond("commands: \(SessionCommand.summary)")
        case .quit:
            finish(exitCode: 0)
        }
    }

    /// The shown (or incoming) item as people count: `3/7`.
    private var itemNumber: String { "\(cycler.index + 1)/\(command.items.count)" }

    private func statusText() -> String {
        "state=\(cycler.state) item=\(itemNumber) direction=\(cycler.direction) "
            + "interval=\(shortestText(cycler.interval)) duration=\(shortestText(cycler.duration)) "
            + "transition=\(cycler.transitionKind)"
    }

    /// Shows a reply: on the status line when stdout is a terminal, else one line on stderr.
    /// The text is sanitized either way: typed input is data, never a control sequence.
    private func respond(_ text: String, isError: Bool = false) {
        let clean = TextLayout.sanitized(text).replacingOccurrences(of: "\n", with: " ")
        if drawsFrames {
            reply = (clean, isError)
            updateFooter()
        } else {
            let line = (isError ? "error: " : "") + clean + "\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    // MARK: - Events and footer

    /// A change the player has drawn (or written as plain text).
    private func handle(_ change: SceneChange) {
        guard !finishing else { return }
        switch change {
        case .settled:
            transitionsEnded += 1
            if let cycles = command.cycles, transitionsEnded >= cycles {
                finish(exitCode: 0)
                return
            }
        case .changed:
            break
        }
        updateFooter()
    }

    private func updateFooter() {
        guard drawsFrames, !finishing else { return }
        let state: String
        // Before launch the cycler is still stopped: show the state it is about to take.
        switch launched ? cycler.state : command.paused ? .paused : .running {
        case .running: state = "▶ running"
        case .paused: state = "‖ paused"
        case .stopped: state = "■ stopped"
        }
        let summary = "\(state) · item \(itemNumber) · \(cycler.style) · every \(shortestText(cycler.interval))s"
        var lines = [FooterLine(summary, attributes: [.dim])]
        if let reply {
            lines.append(
                FooterLine((reply.isError ? "error: " : "") + reply.text, attributes: reply.isError ? [.bold] : []))
        } else {
            let hint =
                readsKeys
                ? "type a command and Enter (help) · Space pause · arrows turn · Ctrl-C quit"
                : "commands on stdin: \(SessionCommand.summary)"
            lines.append(FooterLine(hint, attributes: [.dim]))
        }
        if readsKeys {
            lines.append(FooterLine("› " + visibleTail(of: typed), showsCaret: true))
        }
        player.setFooter(lines)
    }

    /// The end of the typed line that fits the terminal beside "› " and the caret, with "…" in
    /// front when the start is cut: what is being typed stays in view.
    private func visibleTail(of text: String) -> String {
        let room = max((TerminalDevice.standardOutput.size?.columns ?? 80) - 3, 1)
        guard DisplayWidth.of(text) > room else { return text }
        var tail: [Character] = []
        var width = 1  // The "…".
        for character in text.reversed() {
            let characterWidth = DisplayWidth.of(character)
            if width + characterWidth > room { break }
            width += characterWidth
            tail.append(character)
        }
        return "…" + String(tail.reversed())
    }

    // MARK: - Exit

    /// Restores the terminal and exits: the one exit path for quit, EOF, signals and errors.
    private func finish(exitCode: Int32) {
        guard !finishing else { return }
        finishing = true
        let failure = player.finish()
        terminal.end()
        if let recordingFailure = SessionRecording.finish(recorder) {
            FileHandle.standardError.write(Data(recordingFailure.message.utf8))
            exit(exitCode == 0 ? recordingFailure.exitCode : exitCode)
        }
        if let failure, exitCode == 0 {
            if case .writeFailed(errno: EPIPE) = failure { exit(0) }
            if case .writeFailed(errno: EIO) = failure { exit(0) }  // The terminal went away.
            FileHandle.standardError.write(Data(CLIError.runtime("\(failure)").message.utf8))
            exit(1)
        }
        exit(exitCode)
    }
}

/// Lets the signal policy, fixed when the session is made, reach the live session created after
/// it. Set once, before the session starts; read on the session's queue.
private final class ExitCodeBox: @unchecked Sendable {
    var handler: (@Sendable (Int32) -> Void)?
}
