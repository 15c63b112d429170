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
    /// The last reply to a typed command, one text per paragraph (the footer wraps each to the
    /// terminal's width, whatever it is when drawn).
    private var reply: (lines: [String], isError: Bool)?
    private var transitionsEnded = 0
    private var finishing = false
    private var launched = false
    /// Keys are read one by one (stdin and stdout are terminals) and a command line is shown.
    private var readsKeys = false
    /// Piped commands ended (EOF on stdin that is not a terminal): only Ctrl-C is left.
    private var commandsEnded = false
    /// Whether the duration follows a typed `interval` (no `--duration`, no `duration` typed).
    private var durationFollowsInterval: Bool

    /// - Throws: ``CLIError/runtime(_:)`` for a cycler the options do not allow, or a recording
    ///   that cannot be made.
    init(command: LiveCommand) throws(CLIError) {
        self.command = command
        durationFollowsInterval = command.durationFollowsInterval
        do {
            cycler = try Cycler(
                dataSource: ArrayDataSource(command.items), interval: command.interval, duration: command.duration,
                style: TransitionStyle(
                    kind: command.transition, direction: command.direction,
                    timingFunction: command.timingFunction))
        } catch {
            throw .runtime("\(error)")
        }
        // The library's one rule: a dumb terminal cannot move the cursor, so like a pipe it gets
        // plain text and no escapes.
        drawsFrames = TerminalCapabilities.detect(for: TerminalDevice.standardOutput).drawsFrames
        let exitBySignal = ExitCodeBox()
        terminal = TerminalSession(
            configuration: .init(
                input: drawsFrames ? .keys : .lines,
                signalPolicy: .restoreAndCallBack { number in exitBySignal.handler?(number) },
                silencesEcho: drawsFrames))
        let output: Player.Output = !drawsFrames ? .plainText : command.fullscreen ? .fullscreen : .inline
        // Items written as text read back with --file when any spans several lines.
        let multiline = command.items.contains { TextLayout.plainText($0).contains("\n") }
        recorder = try SessionRecording.open(command.record, clock: cycler.clock, drawsFrames: drawsFrames)
        player = Player(
            cycler: cycler, cardSize: command.cardSize, style: command.style, cellAspect: command.cellAspect,
            fitsWidth: command.fitsWidth,
            configuration: .init(
                framesPerSecond: command.framesPerSecond, output: output, colorDepth: .fixed(command.colorDepth),
                motion: command.motion, keepsHostLine: false, itemSeparation: multiline ? .paragraphs : .lines),
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
        terminal.setOverlongLineHandler { [self] length in
            respond(
                "command line of \(length) bytes ignored (the most a command line may have: "
                    + "\(Limits.commandLineBytes) bytes)", isError: true)
        }
        terminal.setInputEndHandler { [self] in inputEnded() }
        terminal.setOutputClosedHandler { [self] in finish(exitCode: 0) }
        terminal.setResumeHandler { [self] in updateFooter() }
        terminal.start()
        readsKeys = terminal.isReadingKeys
        if let failure = terminal.modeError, drawsFrames, TerminalDevice.standardInput.isTerminal {
            reply = (["cannot read keys (\(failure)); type commands and press Enter"], true)
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
        // Commands end; the animation goes on until a signal or --cycles, and the footer says
        // so. In key mode, stdin closing means the terminal went away: quit.
        if readsKeys {
            finish(exitCode: 0)
            return
        }
        commandsEnded = true
        updateFooter()
    }

    private func handleKey(_ key: KeyPress) {
        // A reply of several lines (help) is read once it is seen: the next key puts the hint back.
        if let reply, reply.lines.count > 1 {
            self.reply = nil
        }
        switch key {
        case .text(let text):
            if typed.isEmpty && text == " " {
                togglePause()
            } else if typed.isEmpty && (text == "q" || text == "Q") {
                // As in pagers: q on an empty line quits (no command starts with q but quit).
                finish(exitCode: 0)
                return
            } else if typed.utf8.count + text.utf8.count > Limits.typedLineBytes {
                // A paste beyond the limit: what fits is kept, the rest dropped, and the reply says so.
                for character in text where typed.utf8.count + character.utf8.count <= Limits.typedLineBytes {
                    typed.append(character)
                }
                respond("command line full (the most it holds: \(Limits.typedLineBytes) bytes)", isError: true)
                return
            } else {
                typed += text
            }
        case .escape:
            if typed.isEmpty {
                finish(exitCode: 0)
                return
            }
            typed = ""
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
                if durationFollowsInterval {
                    // The default duration follows the interval: shorten it first when it must.
                    let duration = LiveCommand.defaultDuration(forInterval: seconds)
                    if duration < cycler.interval { try cycler.setDuration(duration) }
                    try cycler.setInterval(seconds)
                    try cycler.setDuration(duration)
                } else {
                    try cycler.setInterval(seconds)
                }
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
                durationFollowsInterval = false
                respond("duration \(shortestText(cycler.duration))s")
            } catch {
                respond("\(error)", isError: true)
            }
        case .status:
            respond(statusText())
        case .help:
            respond(
                "commands: \(SessionCommand.summary)"
                    + (readsKeys ? "\nkeys: \(SessionCommand.keysSummary)" : "\nCtrl-C quits"))
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

    /// Shows a reply, whole: to a typed command under the card, wrapped to the terminal's width
    /// (several lines when it needs them); to a piped command printed above the card, where it
    /// stays; when stdout is not a terminal, on stderr. The text is sanitized either way: typed
    /// input is data, never a control sequence.
    private func respond(_ text: String, isError: Bool = false) {
        let paragraphs = TextLayout.plainText(text).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { index, line in (index == 0 && isError ? "error: " : "") + line }
        if drawsFrames && readsKeys {
            reply = (paragraphs, isError)
            updateFooter()
        } else if drawsFrames {
            for line in paragraphs { player.print(line) }
        } else {
            StandardError.write(paragraphs.map { $0 + "\n" }.joined())
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
        let motion = player.motion == .full ? "" : " · \(player.motion) motion"
        let summary =
            "\(state) · item \(itemNumber) · \(cycler.style) · every \(shortestText(cycler.interval))s\(motion)"
        var lines = [FooterLine(summary, attributes: [.dim])]
        if let reply {
            lines += reply.lines.map { FooterLine($0, attributes: reply.isError ? [.bold] : [], wraps: true) }
        } else {
            let hint =
                readsKeys
                ? "type a command and Enter (help) · Space pause · arrows turn · q quit"
                : commandsEnded
                    ? "commands ended (stdin closed) · Ctrl-C quits"
                    : "commands on stdin: \(SessionCommand.summary) · Ctrl-C quits"
            lines.append(FooterLine(hint, attributes: [.dim]))
        }
        if readsKeys {
            lines.append(FooterLine("› " + visibleTail(of: typed), showsCaret: true))
        }
        player.setFooter(lines)
    }

    /// The end of the typed line that fits the terminal beside "› " and the caret, with "…" in
    /// front when the start is cut: what is being typed stays in view. Reads the line from its
    /// end and stops once the room is full, so a key costs time for what fits, not for the line.
    private func visibleTail(of text: String) -> String {
        Self.visibleTail(of: text, room: max((TerminalDevice.standardOutput.size?.columns ?? 80) - 3, 1))
    }

    /// The end of `text` that fits `room` columns (≥ 1): all of it, or "…" and as much of its end
    /// as fits beside it.
    static func visibleTail(of text: String, room: Int) -> String {
        var tail: [Character] = []
        var width = 0
        var cut = false
        for character in text.reversed() {
            width += DisplayWidth.of(character)
            if width > room {
                cut = true
                break
            }
            tail.append(character)
        }
        guard cut else { return text }
        // Room for the "…": drop clusters from the front of the tail until it fits.
        var shown = tail.reduce(0) { $0 + DisplayWidth.of($1) }
        while shown + 1 > room, let first = tail.popLast() { shown -= DisplayWidth.of(first) }
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
            recordingFailure.report()
            exit(exitCode == 0 ? recordingFailure.exitCode : exitCode)
        }
        if let failure, exitCode == 0 {
            if case .writeFailed(errno: EPIPE) = failure { exit(0) }
            if case .writeFailed(errno: EIO) = failure { exit(0) }  // The terminal went away.
            CLIError.runtime("\(failure)").report()
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
