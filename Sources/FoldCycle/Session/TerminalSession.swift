import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Something that draws on the terminal a ``TerminalSession`` owns (a ``Player``): the session
/// tells it when to give the terminal back and when to take it again.
///
/// Calls come on the session's queue, which an attached ``Player`` shares; implementations do
/// their work synchronously on it (so the terminal is given back before the process stops or
/// dies) and never wait for another queue.
public protocol TerminalSessionParticipant: AnyObject, Sendable {
    /// Job control is about to stop the process (Ctrl-Z): end the region, cursor shown.
    func sessionWillSuspend()
    /// The process was continued in the foreground (`fg`): start a new region at the cursor.
    func sessionDidResume()
    /// The terminal was resized (SIGWINCH).
    func sessionDidResize()
    /// The session ends (quit, a termination signal, an error): draw the last frame and give the
    /// terminal back.
    func sessionWillEnd()
}

/// The one owner of a terminal's modes, signals, job control, resizes, input and the closed-pipe
/// watch, with one exit path (``end()``): what every program that draws with FoldCycle needs,
/// in the library so that embedding programs get it too.
///
/// - Modes: with ``TerminalSession/Input/keys`` (or ``TerminalSession/Input/keyBytes``) and the input a terminal, non-canonical
///   no-echo key input (ISIG kept, so Ctrl-C is SIGINT and Ctrl-Z SIGTSTP); otherwise, when the
///   output is a terminal, echo off (typing never lands on the frames). With
///   ``Configuration/reportsMouse``, mouse reports on (modes 1002 and 1006) while keys are read.
///   Restored exactly on ``end()``, on a suspend, and at process exit (`atexit`) if the program
///   exits without ending the session; mouse reports first.
/// - Termination signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT): as ``SignalPolicy`` says, within
///   `Limits/terminationDeadline` even when the queue is stuck in a write to a terminal that
///   stopped reading (Ctrl-S): then the terminal is restored as far as it can be without the
///   queue and the process ends as the policy says (see ``SignalPolicy``).
/// - Job control: on SIGTSTP participants give the terminal back, modes are restored and the
///   process stops with SIGTSTP itself (at its default disposition for the moment of the stop:
///   the shell sees 148; in an orphaned process group the kernel discards it and the session
///   takes the terminal again). On SIGCONT in the foreground modes and participants come back;
///   continued in the background (`bg`) the session stops again as the kernel stops a
///   background job that changes its
///   terminal's modes (SIGTTOU: "Stopped (tty output)"), and stays suspended until a SIGCONT
///   finds it in the foreground. Started in the background (`&`), ``start()`` stops the same way
///   before it changes modes, until it is continued in the foreground. The input is read on a
///   thread that takes the kernel's SIGTTIN stop ("Stopped (tty input)"); a read's EIO ends the
///   input only when the terminal is gone, not when another job has it.
/// - SIGWINCH: participants redraw.
/// - Input: keys (decoded, ``KeyPress``; Esc alone after a short wait) and mouse reports
///   (``MouseEvent``), or lines, from the input descriptor (standard input, or a terminal device
///   of its own such as `/dev/tty` when standard input carries data), on the session's queue;
///   then one end of input. Input is read no faster than the event handler handles it (at most
///   `Limits/pendingInputChunks` lines or reads wait on the queue), and a line longer than
///   `Limits/commandLineBytes` is dropped and reported by its length.
/// - Closed pipe: when the output is a pipe, its reader going away is reported at once.
///
/// What the session reads and what happens to the terminal come as one sequence of stamped
/// ``TerminalEvent``s, in order: to one handler on the queue (``setEventHandler(_:)``) and to
/// any number of `AsyncSequence`s (``events()``).
///
/// Threading: every callback runs on the session's serial queue; methods may be called from any
/// thread. Handlers are `@Sendable` and never main-actor isolated.
///
/// Source: POSIX job control and termios (`tcsetattr`, `tcgetpgrp`); signals are caught with a
/// `sigaction` handler and a self-pipe (`SignalRelay`), so a signal that arrives right after
/// ``start()`` is never lost.
public final class TerminalSession: Sendable {
    /// How the session reads input.
    public enum Input: Hashable, Sendable {
        /// No input is read.
        case none
        /// Newline-terminated lines (a script piping commands).
        case lines
        /// Key presses from a terminal in non-canonical mode (falls back to lines when the
        /// input is not a terminal).
        case keys
        /// The bytes read from a terminal in non-canonical mode, undecoded
        /// (``TerminalEvent/Kind/keyBytes(_:)``): for a program that hands the keys on to another
        /// terminal (`foldcycle run` writes them to its command's pseudo-terminal). Falls back to
        /// lines when the input is not a terminal, as ``keys`` does.
        case keyBytes

        /// Whether the input is read in non-canonical mode when it is a terminal.
        var readsTerminalKeys: Bool { self == .keys || self == .keyBytes }
    }

    /// The session's settings.
    public struct Configuration: Sendable {
        /// Where input is read from (default standard input).
        public var inputDevice: TerminalDevice
        /// The terminal frames go to (default standard output).
        public var outputDevice: TerminalDevice
        /// What is read from ``inputDevice``.
        public var input: Input
        /// What termination signals do.
        public var signalPolicy: SignalPolicy
        /// Whether Ctrl-Z / `fg` are handled (the terminal given back and taken again). Default true.
        public var handlesJobControl: Bool
        /// Whether the output's reader going away is watched when the output is a pipe. Default true.
        public var watchesOutputPipe: Bool
        /// Whether echo is turned off on the output terminal when keys are not read from it, so
        /// typing never lands on the frames. Default true; false when nothing is drawn (a dumb
        /// terminal gets plain text).
        public var silencesEcho: Bool
        /// Whether mouse reports are turned on while keys are read from a terminal: button-event
        /// tracking (mode 1002) in SGR form (mode 1006), decoded into ``MouseEvent``s (``TerminalEvent/Kind/mouse(_:)``).
        /// They are turned off on every restore (end, suspend, termination
        /// signal, `atexit`) and on again on resume. Default false, which leaves the terminal's
        /// own selection alone.
        public var reportsMouse: Bool

        /// Creates a configuration.
        public init(
            inputDevice: TerminalDevice = .standardInput, outputDevice: TerminalDevice = .standardOutput,
            input: Input = .none, signalPolicy: SignalPolicy = .restoreAndReraise,
            handlesJobControl: Bool = true, watchesOutputPipe: Bool = true, silencesEcho: Bool = true,
            reportsMouse: Bool = false
        ) {
            self.inputDevice = inputDevice
            self.outputDevice = outputDevice
            self.input = input
            self.signalPolicy = signalPolicy
            self.handlesJobControl = handlesJobControl
            self.watchesOutputPipe = watchesOutputPipe
            self.silencesEcho = silencesEcho
            self.reportsMouse = reportsMouse
        }
    }

    /// The signals that end a process by default and that the ``SignalPolicy`` governs.
    package static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The settings given at creation.
    public let configuration: Configuration
    /// The serial queue every callback runs on. A ``Player`` attached to the session draws on it
    /// too, so that terminal output, modes and signals are ordered on one queue and a half-written
    /// frame never interleaves with a restore.
    public let queue = DispatchQueue(label: "FoldCycle.session", qos: .userInteractive)

    let inputModes: TerminalModes
    let outputModes: TerminalModes
    private let mouse: MouseReporting

    /// Everything that changes, confined to ``queue``.
    let state: QueueConfined<State>

    struct State {
        var participants: [any TerminalSessionParticipant] = []
        var signalTokens: [Int] = []
        /// The termination signals' tokens among ``signalTokens``.
        var terminationTokens: Set<Int> = []
        var decoder = KeyDecoder()
        var started = false
        var ended = false
        var suspended = false
        /// Suspended by a stop not taken here (SIGSTOP), found on the continue: the participants
        /// give the terminal back once it is ours again (``resume()``).
        var stoppedFromOutside = false
        var readsKeys = false
        var eventHandler: (@Sendable (TerminalEvent) -> Void)?
        /// The open streams of ``events()``, by the number each was given.
        var streams: [Int: AsyncStream<TerminalEvent>.Continuation] = [:]
        var nextStream = 0
        var modeFailure: TerminalError?
        /// The open launch query's completion (``queryTerminal(asksGraphics:timeout:completion:)``).
        var backgroundQuery: (@Sendable (TerminalAnswers) -> Void)?
        /// What the open query has been answered so far.
        var answers = TerminalAnswers()
        /// Input decoded while the query is open, with when it was read: handed on after it.
        var heldInput: [(input: TerminalEvent.Kind, readAt: UInt64)] = []
    }

    /// Creates a session; nothing changes until ``start()``.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        inputModes = TerminalModes(device: configuration.inputDevice)
        outputModes = TerminalModes(device: configuration.outputDevice)
        mouse = MouseReporting(device: configuration.outputDevice)
        state = QueueConfined(State(), on: queue)
        queue.setSpecific(key: sessionQueueKey, value: ObjectIdentifier(self))
    }

    // MARK: - Participants

    /// Adds a participant (a player) that is told to give the terminal back and take it again.
    public func addParticipant(_ participant: any TerminalSessionParticipant) {
        onQueue { state.value.participants.append(participant) }
    }

    /// Removes a participant (it no longer hears from the session).
    public func removeParticipant(_ participant: any TerminalSessionParticipant) {
        onQueue { state.value.participants.removeAll { $0 === participant } }
    }

    // MARK: - Lifecycle

    /// Whether keys are being read from a terminal (after ``start()``; false when key input was
    /// asked for but the input is not a terminal or its modes could not be changed).
    package var isReadingKeys: Bool { onQueue { state.value.readsKeys } }

    /// Why key input mode could not be entered, if it could not.
    package var modeError: TerminalError? { onQueue { state.value.modeFailure } }

    /// Installs the signal handlers, enters the terminal modes and starts reading input.
    /// Idempotent. In the background of a terminal it touches (started with `&`), with
    /// ``Configuration/handlesJobControl``, it first stops (SIGTTOU) until continued in the
    /// foreground.
    public func start() {
        onQueue {
            guard !state.value.started else { return }
            state.value.started = true
            installSignalHandlers()
            if configuration.handlesJobControl { waitForForeground() }
            // Ended by `kill %1` while it waited in the background (SIGTERM, then SIGCONT): the
            // terminal is another job's. Its modes are left alone and it is not read (that would
            // stop us again: SIGTTOU, SIGTTIN); the termination handler, next on the queue, ends
            // the run.
            let endedInBackground =
                configuration.handlesJobControl && SignalRelay.hasTerminationSignalArrived && isInBackground
            if !endedInBackground { enterModes() }
            ExitRegistry.shared.register(self) { [self] in restoreModes() }
            if !endedInBackground { startInput() }
            if configuration.watchesOutputPipe {
                OutputPipeWatch.start(descriptor: configuration.outputDevice.fileDescriptor, queue: queue) {
                    [weak self] in self?.emit(.outputClosed)
                }
            }
        }
    }

    /// The one exit path: participants give the terminal back, modes are restored, signal
    /// handlers are removed and dispositions restored. Idempotent; safe from any thread,
    /// including the session's own callbacks.
    public func end() {
        onQueue {
            guard state.value.started, !state.value.ended else { return }
            state.value.ended = true
            for participant in state.value.participants { participant.sessionWillEnd() }
            restoreModes()
            // The signals' earlier dispositions come back (the relay restores them), but for the
            // termination signals of a program that keeps them caught until it exits.
            let keeps = Self.keepsTerminationSignals.withLock { $0 }
            for token in state.value.signalTokens where !(keeps && state.value.terminationTokens.contains(token)) {
                SignalRelay.shared.unregister(token)
            }
            state.value.signalTokens.removeAll()
            state.value.terminationTokens.removeAll()
            ExitRegistry.shared.unregister(self)
            finishEventStreams()
        }
    }

    /// Keeps the termination signals caught after ``end()``, by every session of the process,
    /// until it exits: for a program that still writes after the terminal is restored (the
    /// `foldcycle` tool's recordings and summaries), so that a second signal then (Ctrl-C twice,
    /// a closed window's two SIGHUPs) does not end it by its default action halfway through. A
    /// signal after the end does nothing but arm the termination deadline: if the writes are not
    /// done by then, the process ends as on a stuck queue (``SignalPolicy``). The program ends
    /// itself (by the first signal, `Platform.end(bySignal:)`, or `exit`). Call before any
    /// session starts; never undone.
    package static func keepTerminationSignalsCaughtUntilExit() {
        keepsTerminationSignals.withLock { $0 = true }
    }

    private static let keepsTerminationSignals = LockedBox(false)

    /// Reports all pointer motion, with no button held too (mode 1003), or only motion with a
    /// button held again; while mouse reports are on (a suspend or the end turns it off). A
    /// deck turns it on while a drag is open, so that a pointer back with its button up (the
    /// release was outside the window, never reported) ends the drag.
    package func setReportsAllMotion(_ on: Bool) { mouse.setTracksAllMotion(on) }

    /// Whether mouse reports are on right now.
    public var isReportingMouse: Bool { mouse.isEnabled }

    /// Restores the terminal modes without ending the session (for a last-resort exit path such
    /// as `atexit`): mouse reports off, then the saved termios. Safe from any thread.
    public func restoreModes() {
        mouse.disable()
        inputModes.restore()
        outputModes.restore()
    }

    // MARK: - Internals (on `queue`)

    func onQueue<T>(_ body: () -> T) -> T {
        if DispatchQueue.getSpecific(key: sessionQueueKey) == ObjectIdentifier(self) { return body() }
        return queue.sync(execute: body)
    }

    private let sessionQueueKey = DispatchSpecificKey<ObjectIdentifier>()

    private func installSignalHandlers() {
        switch configuration.signalPolicy {
        case .none:
            break
        case .restoreAndReraise, .restoreAndCallBack:
            let policy = configuration.signalPolicy
            let watchdog = SignalRelay.Watchdog(deadline: Limits.terminationDeadline) { number in
                Self.terminateWithoutQueue(by: number, policy: policy)
            }
            for number in Self.terminationSignals {
                watch(number, watchdog: watchdog) { session in session.terminate(by: number) }
            }
        }
        if configuration.handlesJobControl {
            watch(SIGTSTP) { session in session.suspend() }
            watch(SIGCONT) { session in session.resume() }
        }
        watch(SIGWINCH) { session in
            for participant in session.state.value.participants { participant.sessionDidResize() }
            guard !session.state.value.ended else { return }
            session.emit(.resized(session.configuration.outputDevice.size))
        }
    }

    private func watch(
        _ number: Int32, watchdog: SignalRelay.Watchdog? = nil, _ handler: @escaping @Sendable (TerminalSession) -> Void
    ) {
        let token = SignalRelay.shared.register(number, queue: queue, watchdog: watchdog) { [weak self] _ in
            guard let self else { return }
            handler(self)
        }
        guard let token else { return }
        state.value.signalTokens.append(token)
        if Self.terminationSignals.contains(number) { state.value.terminationTokens.insert(token) }
    }

    private func terminate(by number: Int32) {
        // A signal after the end (kept caught: `keepTerminationSignalsCaughtUntilExit()`) finds
        // the program in its last writes, which it lets finish.
        guard !state.value.ended else { return }
        end()
        switch configuration.signalPolicy {
        case .restoreAndReraise:
            // Die of the signal, as the program would have without us.
            SignalRelay.shared.restoreDefault(number)
            kill(getpid(), number)
        case .restoreAndCallBack(let handler):
            handler(number)
        case .none:
            break
        }
    }

    /// What must still be written when a termination signal ends the process without the
    /// session's queue (stuck in a write to a terminal that stopped reading): a recording that
    /// is written only at its end (an SVG) writes itself here, after the terminal's rescue.
    /// Each must return in bounded time whatever the stuck queue holds (take its locks with a
    /// timeout: ``Limits/recordingFinishWait`` for a picture being written).
    package static func addFinalWrite(_ write: @escaping @Sendable () -> Void) {
        finalWrites.withLock { $0.append(write) }
    }

    private static let finalWrites = LockedBox<[@Sendable () -> Void]>([])

    /// A termination signal the queue did not take in time (a write to the terminal is blocked):
    /// restore what can be restored without the queue (``TerminalRescue``: output restarted if
    /// stopped by Ctrl-S, the kept restoration bytes written without blocking, termios back),
    /// then end the process as the policy would have: die of the signal, or exit 128 + N. Runs
    /// on the signal relay's thread; never returns.
    private static func terminateWithoutQueue(by number: Int32, policy: SignalPolicy) {
        TerminalRescue.shared.rescue(resumingOutput: true)
        for write in finalWrites.withLock({ $0 }) { write() }
        // Die of the signal, as the callback would have had `main` do (a calling shell loop stops
        // at Ctrl-C), unless it dumps core (SIGQUIT) where the program chose to call back.
        let reraises: Bool
        switch policy {
        case .restoreAndReraise: reraises = true
        case .restoreAndCallBack: reraises = number != SIGQUIT
        default: reraises = false
        }
        // atexit handlers would wait on the blocked terminal: end now (`_exit`, not `exit`).
        if reraises { Platform.end(bySignal: number) }
        _exit(128 + number)
    }

    func enterModes() {
        state.value.readsKeys = false
        if configuration.input.readsTerminalKeys && configuration.inputDevice.isTerminal {
            do {
                try inputModes.enterKeyInputMode()
                state.value.readsKeys = true
                if configuration.reportsMouse { mouse.enable() }
                return
            } catch {
                state.value.modeFailure = error
            }
        }
        // Not fatal: typing would only echo over the frames.
        if configuration.silencesEcho, configuration.outputDevice.isTerminal { try? outputModes.enterNoEchoMode() }
    }

    private func startInput() {
        guard configuration.input != .none else { return }
        let reader = InputReader(
            descriptor: configuration.inputDevice.fileDescriptor,
            mode: state.value.readsKeys ? .bytes : .lines, queue: queue)
        reader.start(
            onBytes: { [weak self] bytes, readAt in self?.handleKeyBytes(bytes, readAt: readAt) },
            onLine: { [weak self] line in self?.handleLine(line) },
            onOverlongLine: { [weak self] length in
                guard let self, !state.value.ended else { return }
                emit(.overlongLine(byteCount: length))
            },
            onEscapeTimeout: { [weak self] in self?.handleEscapeTimeout() },
            onEnd: { [weak self] in
                guard let self, !state.value.ended else { return }
                emit(.inputEnded)
            })
    }

    private func handleKeyBytes(_ bytes: [UInt8], readAt: UInt64) {
        guard !state.value.ended, !state.value.suspended else { return }
        if configuration.input == .keyBytes {
            emit(.keyBytes(bytes), readAt: readAt)
            return
        }
        for decoded in state.value.decoder.decodeWithReports(bytes) {
            guard state.value.backgroundQuery != nil else {
                deliver(decoded, readAt: readAt)
                continue
            }
            switch decoded {
            case .report(.backgroundColor(let colour)): state.value.answers.background = colour
            case .report(.kittyGraphics(let ok)): state.value.answers.graphics.kittyGraphics = ok
            case .report(.terminalName(let name)): state.value.answers.graphics.terminalName = name
            case .report(.cellSize(let width, let height)):
                state.value.answers.graphics.cellPixels = (width, height)
            case .report(.sixelGeometry(let width, let height)):
                state.value.answers.graphics.sixelGeometry = (width, height)
            case .report(.deviceAttributes(let attributes)):
                state.value.answers.graphics.deviceAttributes = attributes
                endBackgroundQuery()
            default: state.value.heldInput.append((decoded, readAt))
            }
        }
    }

    /// Nothing followed an ESC: it was the Esc key.
    private func handleEscapeTimeout() {
        guard let key = state.value.decoder.flushPendingEscape(), !state.value.ended, !state.value.suspended else {
            return
        }
        if state.value.backgroundQuery != nil {
            state.value.heldInput.append((.key(key), DispatchTime.now().uptimeNanoseconds))
            return
        }
        emit(.key(key))
    }

    private func handleLine(_ line: String) {
        guard !state.value.ended else { return }
        emit(.line(line))
    }
}
