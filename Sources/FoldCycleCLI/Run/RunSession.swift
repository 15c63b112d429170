import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `foldcycle run` with a card: the command's output is written above the player's inline region
/// as host output (``Player/write(_:)``: the region gives way and is drawn anew below it), and
/// the card, a one-item cycler whose item is replaced, folds to the latest line as
/// ``LinePacing`` allows (or cycles `--tips`); the footer says the title, the state and the time.
/// The session skeleton (``SceneSession``) owns the terminal: modes, Ctrl-Z, resizes, the exit.
///
/// Typed keys go to the command's pseudo-terminal undecoded; Ctrl-C (a SIGINT to us, the terminal
/// keeping ISIG) ends the card and is sent to the command's process group, whose end then ends
/// the run. Everything mutable is on the session's queue.
final class RunSession: TerminalSessionParticipant, Sendable {
    private let command: RunCommand
    private let wiring: CommandProcess.Wiring
    private let cycler: Cycler<ArrayDataSource<StyledString>>
    private let core: SceneSession
    private let state: QueueConfined<State>
    /// The rows the region takes under the output: the card and one footer line.
    private let regionRows: Int

    private struct State {
        /// The command, once started.
        var process: CommandProcess?
        /// When it started, on the clock.
        var start: TimeInterval = 0
        var lines = OutputLines()
        var pacing: LinePacing
        var tail = OutputTail()
        var footerTimer: DispatchSourceTimer?
        /// A termination signal ended the card; the command was sent it.
        var interrupted = false
    }

    /// The card's rows: the tips' height, or one line of output.
    static func cardRows(for command: RunCommand) -> Int {
        command.tips.map { CardScene.fittingSize(for: $0.map(\.plainText)).rows } ?? 1
    }

    /// The player's settings for `command` (``RunCommand/run()`` resolves them to choose plain
    /// output): inline, transient (the summary takes the card's place), no host line.
    static func playerConfiguration(for command: RunCommand) -> Player.Configuration {
        Player.Configuration(
            output: .automatic, colorDepth: .fixed(command.colorDepth), motion: command.motion, isTransient: true,
            keepsHostLine: false, heartbeatInterval: nil)
    }

    /// Makes the session (a recording refused before anything starts), then starts the command
    /// and runs the card to its end; returns the exit status.
    static func run(_ command: RunCommand, configuration: Player.Configuration) -> Int32 {
        let clock = DispatchClock()
        let regionRows = cardRows(for: command) + 1
        let size = TerminalDevice.standardOutput.size
        let wiring: CommandProcess.Wiring =
            command.usesPseudoTerminal
            ? .pseudoTerminal(
                columns: size?.columns ?? 80, rows: max(1, (size?.rows ?? 24) - regionRows),
                forwardsInput: TerminalDevice.standardInput.isTerminal)
            : .pipe
        do {
            let session = try RunSession(
                command: command, wiring: wiring, clock: clock, regionRows: regionRows, configuration: configuration)
            return session.core.run { session.begin() }
        } catch {
            error.report()
            return error.exitCode
        }
    }

    /// `Error: cannot run 'nosuch': No such file or directory`, on stderr.
    static func reportStartFailure(_ failure: CommandProcess.StartFailure, command: RunCommand) {
        CLIError.runtime("cannot run '\(CLIError.excerpt(command.arguments[0]))': \(failure.reason)").report()
    }

    private init(
        command: RunCommand, wiring: CommandProcess.Wiring, clock: DispatchClock, regionRows: Int,
        configuration: Player.Configuration
    ) throws(CLIError) {
        self.command = command
        self.wiring = wiring
        self.regionRows = regionRows
        let first: [StyledString] = command.tips ?? [StyledString("▶ " + command.title)]
        do {
            cycler = try Cycler(
                dataSource: ArrayDataSource(first), interval: command.tips == nil ? 60 : command.interval,
                duration: command.tips == nil ? min(0.3, max(command.minimumShow, 0.05)) : nil,
                style: TransitionStyle(), clock: clock)
        } catch {
            throw .runtime("\(error)")
        }
        let cycler = cycler
        let cardSize = TerminalSize(
            columns: min(TerminalDevice.standardOutput.size?.columns ?? 80, 100), rows: regionRows - 1)
        core = try SceneSession(
            terminal: { policy in
                .init(
                    inputDevice: .standardInput, outputDevice: .standardOutput,
                    input: wiring.forwardsInput ? .keyBytes : .none, signalPolicy: policy, silencesEcho: true)
            },
            control: ControlEndpoints(language: .words, descriptor: nil, listenPath: nil),
            recording: .init(
                request: command.record, clock: clock, drawsFrames: true, terminal: .standardOutput, command: .run),
            player: { recorder, session in
                Player(
                    cycler: cycler, cardSize: cardSize, style: command.style, fitsWidth: true,
                    configuration: configuration, sink: recorder.sink(terminal: .standardOutput), session: session)
            })
        state = QueueConfined(State(pacing: LinePacing(minimumShow: command.minimumShow)), on: core.queue)
        core.onSignal { [self] number in interrupt(by: number) }
    }

    private var queue: DispatchQueue { core.queue }
    private var player: Player { core.player }

    /// On the queue: the command, the terminal, the card, the output and the footer's clock. A
    /// command that cannot be started ends the run before anything is drawn.
    private func begin() {
        dispatchPrecondition(condition: .onQueue(queue))
        state.value.start = cycler.clock.now
        let process: CommandProcess
        switch CommandProcess.start(command.arguments, wiring: wiring) {
        case .success(let started): process = started
        case .failure(let failure):
            // One message: the error says what and why; no summary line repeats it.
            core.finish(exitCode: failure.outcome.exitStatus, output: .standardOutput) { [self] in
                Self.reportStartFailure(failure, command: command)
            }
            return
        }
        state.value.process = process
        let terminal = core.terminal
        terminal.setEventHandler { [self] event in
            // The keys go to the command's pseudo-terminal as they were read.
            if case .keyBytes(let bytes) = event.kind { state.value.process?.type(bytes) }
        }
        terminal.addParticipant(self)
        terminal.start()
        updateFooter()
        player.start()
        process.start(
            on: queue, chunk: { [self] bytes in output(bytes) },
            end: { [self] end in finish(end.map(RunOutcome.init) ?? .notExecutable) })
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [self] in updateFooter() }
        timer.resume()
        state.value.footerTimer = timer
    }

    /// A chunk of the command's output: above the card (kept instead with `--quiet`), and its
    /// latest line to the card when the pacing allows.
    private func output(_ bytes: [UInt8]) {
        if command.quiet { state.value.tail.append(bytes) } else { player.write(bytes) }
        guard command.tips == nil, !core.isFinishing, state.value.lines.append(bytes) else { return }
        switch state.value.pacing.lineArrived(at: cycler.clock.now) {
        case .showNow:
            showLatestLine()
        case .showAt(let time):
            queue.asyncAfter(deadline: .now() + max(0, time - cycler.clock.now)) { [self] in
                state.value.pacing.due(at: cycler.clock.now)
                showLatestLine()
            }
        case .waiting:
            break
        }
    }

    private func showLatestLine() {
        guard !core.isFinishing, let line = state.value.lines.takeLatest() else { return }
        _ = try? cycler.replace(at: 0, with: line)
    }

    private func updateFooter() {
        let elapsed = RunOutcome.runningText(cycler.clock.now - state.value.start)
        let what = command.quiet ? "running, output hidden" : "running"
        player.setFooter([FooterLine("\(command.title) · \(what) · \(elapsed)", attributes: .dim)])
    }

    /// A termination signal (Ctrl-C): the terminal is already restored; the command gets it, and
    /// its end ends the run.
    private func interrupt(by number: Int32) {
        state.value.interrupted = true
        state.value.process?.signal(number)
    }

    /// The command ended and its output was read: the card gives way to the summary (after the
    /// kept output, with `--quiet`, when it failed), and its status is ours.
    private func finish(_ outcome: RunOutcome) {
        state.value.footerTimer?.cancel()
        let tail = command.quiet && !outcome.succeeded ? state.value.tail.last(lines: command.tail) : []
        let summary = outcome.summary(title: command.title, elapsed: cycler.clock.now - state.value.start)
        core.finish(exitCode: outcome.exitStatus, output: .standardOutput) {
            _ = try? TerminalDevice.standardOutput.write(tail + Array((summary + "\n").utf8))
        }
    }

    // MARK: - TerminalSessionParticipant (on the queue)

    func sessionWillSuspend() { state.value.process?.signal(SIGTSTP) }

    func sessionDidResume() { state.value.process?.signal(SIGCONT) }

    func sessionDidResize() {
        guard let size = TerminalDevice.standardOutput.size else { return }
        state.value.process?.resize(columns: size.columns, rows: max(1, size.rows - regionRows))
    }

    func sessionWillEnd() {}
}
