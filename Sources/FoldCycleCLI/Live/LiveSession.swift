import Dispatch
import FoldCycle
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Wires a live run together: cycler → player (terminal), stdin → commands, signals → exit.
///
/// Everything mutable lives on `queue` (serial). Handlers handed to Dispatch and to the reader
/// thread are `@Sendable` closures created here, in a nonisolated type, never on the main actor.
final class LiveSession: @unchecked Sendable {
    private let queue = DispatchQueue(label: "foldcycle.session")
    private let command: LiveCommand
    private let cycler: Cycler<ArrayDataSource<String>>
    private let player: Player
    private let modes = TerminalModes(device: .standardInput)
    /// stdout's terminal when stdin is not it: echo off, so typing never lands on the frames.
    private let outputModes = TerminalModes(device: .standardOutput)
    /// stdout is a terminal: frames are drawn and replies go to the status line.
    private let drawsFrames: Bool
    /// stdin and stdout are terminals: keys are read one by one and a command line is shown.
    private let readsKeys: Bool

    // MARK: State (on `queue`)

    private var typed = ""
    private var reply: (text: String, isError: Bool)?
    private var transitionsEnded = 0
    private var finishing = false
    private var signalSources: [any DispatchSourceSignal] = []
    private var decoder = KeyDecoder()
    private var suspended = false
    private var launched = false

    init(command: LiveCommand) throws(CyclerError) {
        self.command = command
        cycler = try Cycler(
            dataSource: ArrayDataSource(command.items), interval: command.interval, duration: command.duration,
            style: TransitionStyle(kind: .fold, direction: command.direction, timingFunction: command.timingFunction))
        // A dumb terminal cannot move the cursor: treat it like a pipe (plain text, no escapes).
        drawsFrames = TerminalDevice.standardOutput.isTerminal && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        readsKeys = drawsFrames && TerminalDevice.standardInput.isTerminal
        let output: Player.Output = !drawsFrames ? .plainText : command.fullscreen ? .fullscreen : .inline
        player = Player(
            cycler: cycler, cardSize: command.cardSize, style: command.style,
            configuration: .init(
                framesPerSecond: command.framesPerSecond, output: output, colorDepth: command.colorDepth,
                guardsTerminal: false))
    }

    /// Starts everything and parks the main thread in `dispatchMain()`.
    func run() -> Never {
        queue.sync { start() }
        dispatchMain()
    }

    private func start() {
        installSignalHandlers()
        enterTerminalModes()
        // The session lives until exit(): strong captures are fine and keep the closures simple.
        cycler.addObserver { [self] event in
            queue.async { self.handle(event) }
        }
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
            return
        }
        startReadingInput()
        watchOutputPipe()
    }

    // MARK: - Signals

    private func installSignalHandlers() {
        let exits: [(Int32, Int32)] = [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)]
        for (number, code) in exits {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in finish(exitCode: code) }
            source.activate()
            signalSources.append(source)
        }
        // Job control: give the terminal back before stopping, take it again on continue.
        signal(SIGTSTP, SIG_IGN)
        let suspend = DispatchSource.makeSignalSource(signal: SIGTSTP, queue: queue)
        suspend.setEventHandler { [self] in suspendForJobControl() }
        suspend.activate()
        signalSources.append(suspend)
        let resume = DispatchSource.makeSignalSource(signal: SIGCONT, queue: queue)
        resume.setEventHandler { [self] in continueAfterJobControl() }
        resume.activate()
        signalSources.append(resume)
        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        resize.setEventHandler { [self] in player.terminalResized() }
        resize.activate()
        signalSources.append(resize)
    }

    private func enterTerminalModes() {
        if readsKeys {
            do {
                try modes.enterKeyInputMode()
            } catch {
                reply = ("cannot read keys (\(error)); type commands and press Enter", true)
            }
        } else if drawsFrames {
            // Not fatal: typing would only echo over the frames.
            try? outputModes.enterNoEchoMode()
        }
    }

    private func restoreTerminalModes() {
        modes.restore()
        outputModes.restore()
    }

    /// Ctrl-Z: give the terminal back (region ended, modes restored) and stop for real. The
    /// SIGCONT handler (`fg`) takes it back.
    private func suspendForJobControl() {
        guard !finishing, !suspended else { return }
        suspended = true
        player.suspendOutput()
        restoreTerminalModes()
        // SIGTSTP is blocked on Dispatch's threads and handled by the signal source, so
        // re-raising it would not stop us; SIGSTOP cannot be blocked. raise() directs it at this
        // thread, which stops before raise() returns (kill(getpid()) may let this thread run on
        // until another thread takes the stop).
        raise(SIGSTOP)
    }

    /// Whether this process group owns the terminal (it is the foreground job).
    private var isForeground: Bool {
        let descriptor: Int32 = TerminalDevice.standardInput.isTerminal ? 0 : 1
        return tcgetpgrp(descriptor) == getpgrp()
    }

    /// SIGCONT: after a job-control stop, take the terminal again and redraw at the cursor.
    private func continueAfterJobControl() {
        guard !finishing, suspended else { return }
        // Continued in the background (`bg`): the terminal belongs to the shell. Stay suspended
        // (the cycler runs on, nothing is drawn) until a SIGCONT finds us in the foreground.
        guard isForeground else { return }
        suspended = false
        enterTerminalModes()
        player.resumeOutput()
        updateFooter()
    }

    // MARK: - Input

    private func startReadingInput() {
        let keys = readsKeys && modes.isActive
        let thread = Thread { [self] in
            if keys {
                var buffer = [UInt8](repeating: 0, count: 256)
                var endedWithEscape = false
                while true {
                    // A lone Esc is a key of its own only if nothing follows it soon: wait 50 ms
                    // for the rest of a sequence, then let the decoder drop the Esc.
                    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&descriptor, 1, endedWithEscape ? 50 : -1)
                    if ready == 0 {
                        endedWithEscape = false
                        queue.async { self.decoder.flushPendingEscape() }
                        continue
                    }
                    if ready < 0 && errno == EINTR { continue }
                    let count = read(0, &buffer, buffer.count)
                    if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    if count <= 0 { break }
                    let bytes = Array(buffer[0..<count])
                    endedWithEscape = bytes.last == 0x1B
                    queue.async { self.handleKeyBytes(bytes) }
                }
            } else {
                while let line = readLine(strippingNewline: true) {
                    queue.async { self.handleLine(line) }
                }
            }
            queue.async { self.inputEnded() }
        }
        thread.name = "foldcycle.stdin"
        thread.start()
    }

    /// When stdout is a pipe, notices its reader going away (`| head -1`) at once rather than at
    /// the next write, which may be a whole interval away, or never while paused.
    private func watchOutputPipe() {
        var status = stat()
        guard fstat(1, &status) == 0, (status.st_mode & S_IFMT) == S_IFIFO else { return }
        let thread = Thread { [self] in
            while true {
                var descriptor = pollfd(fd: 1, events: 0, revents: 0)
                let ready = poll(&descriptor, 1, -1)
                if ready < 0 && errno == EINTR { continue }
                if ready > 0 && descriptor.revents & Int16(POLLERR | POLLHUP) != 0 {
                    queue.async { self.finish(exitCode: 0) }
                    return
                }
                if ready < 0 { return }
            }
        }
        thread.name = "foldcycle.stdout"
        thread.start()
    }

    private func inputEnded() {
        // Commands end; the animation goes on until quit, a signal or --cycles. In key mode,
        // stdin closing means the terminal went away: quit.
        if readsKeys && modes.isActive { finish(exitCode: 0) }
    }

    private func handleKeyBytes(_ bytes: [UInt8]) {
        for key in decoder.feed(bytes) {
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

            case .arrow(let direction):
                execute(.direction(direction))
            }
        }
        updateFooter()
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
        case .interval(let seconds):
            guard LiveCommand.intervalRange.contains(seconds) else {
                respond("interval \(shortestText(seconds)) is out of range (seconds: \(LiveCommand.intervalRangeText))", isError: true)
                return
            }
            do {
                try cycler.setInterval(seconds)
                respond("interval \(shortestText(cycler.interval))s, duration \(shortestText(cycler.duration))s")
            } catch CyclerError.invalidDuration(let duration, _) {
                respond("interval \(shortestText(seconds)) must be longer than the duration, \(shortestText(duration))s "
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
            + "interval=\(shortestText(cycler.interval)) duration=\(shortestText(cycler.duration))"
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

    private func handle(_ event: CyclerEvent) {
        guard !finishing else { return }
        switch event {
        case .transitionEnded:
            transitionsEnded += 1
            if let cycles = command.cycles, transitionsEnded >= cycles {
                finish(exitCode: 0)
                return
            }
        default:
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
        let summary = "\(state) · item \(itemNumber) · \(cycler.direction) · every \(shortestText(cycler.interval))s"
        var lines = [FooterLine(summary, attributes: [.dim])]
        if let reply {
            lines.append(FooterLine((reply.isError ? "error: " : "") + reply.text, attributes: reply.isError ? [.bold] : []))
        } else {
            let hint = readsKeys
                ? "type a command and Enter (help) · Space pause · arrows turn · Ctrl-C quit"
                : "commands on stdin: \(SessionCommand.summary)"
            lines.append(FooterLine(hint, attributes: [.dim]))
        }
        if readsKeys && modes.isActive {
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
        restoreTerminalModes()
        if let failure, exitCode == 0 {
            if case .writeFailed(errno: EPIPE) = failure { exit(0) }
            if case .writeFailed(errno: EIO) = failure { exit(0) }  // The terminal went away.
            FileHandle.standardError.write(Data(CLIError.runtime("\(failure)").message.utf8))
            exit(1)
        }
        exit(exitCode)
    }
}
