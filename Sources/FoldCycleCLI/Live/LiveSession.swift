import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Wires a live run together: cycler → player, terminal session (modes, signals, job control,
/// input) → commands (words, or JSON lines and a socket through a ``ControlChannel``), events
/// → JSON lines, and the one exit path.
///
/// Everything mutable lives on the terminal session's serial queue, which the player shares
/// (``QueueConfined``: each access checks it runs there).
/// Handlers handed to Dispatch and to the reader thread are `@Sendable` closures created here, in
/// a nonisolated type, never on the main actor.
final class LiveSession: Sendable {
    let command: LiveCommand
    let cycler: Cycler<ArrayDataSource<StyledString>>
    /// Carries out commands for both protocols (on `queue`).
    let controller: QueueConfined<LiveController>
    /// The terminal session, the control channel (JSON lines on stdin and stdout or
    /// `--protocol-fd`, `--listen`'s socket), the recording, the player and the exit path.
    let core: SceneSession
    var control: ControlChannel { core.control }
    private var terminal: TerminalSession { core.terminal }
    var player: Player { core.player }
    var queue: DispatchQueue { core.queue }
    /// The card's output is a terminal: frames are drawn (and, in the word protocol, replies go
    /// to the status line).
    let drawsFrames: Bool
    /// Where the card is drawn: standard output, or standard error when JSON lines take stdout.
    let cardDevice: TerminalDevice?
    /// Where keys and typed commands are read: standard input, or the controlling terminal when
    /// standard input carried the items (`--file -`); nil when there is none to read.
    let commandDevice: TerminalDevice?

    /// What changes as the run goes: on `queue` only.
    let state: QueueConfined<State>
    /// Which settled transitions `--cycles` counts.
    private let cycleCount = CycleCount()

    struct State {
        /// The command line being typed, its cursor and its history.
        var commandLine = CommandLineEditor()
        /// The last reply to a typed command, one text per paragraph (the footer wraps each to
        /// the terminal's width, whatever it is when drawn).
        var reply: (lines: [String], isError: Bool)?
        var transitionsEnded = 0
        var launched = false
        /// Keys are read one by one (stdin and stdout are terminals) and a command line is shown.
        var readsKeys = false
        /// Piped commands ended (EOF on stdin that is not a terminal): only Ctrl-C is left.
        var commandsEnded = false
        /// Follows the cycler's transitions for the protocol's events.
        var translator = LiveEventTranslator()
        /// Lines read before the start's events were written (`started`, the first
        /// `item-settled`), carried out right after them, so that every reply and event comes
        /// after those.
        var heldLines: [String]? = []
        /// Whether the run's own list is still read (``LiveCommand/stream`` has not ended): the
        /// footer's count is then "so far".
        var readingItems: Bool
        /// The paths of the pictures among the items, those read from standard input so far too:
        /// what captions are told apart among.
        var picturePaths: [String]
        /// The stream failed (unreadable, not UTF-8, past a limit): the items read before stay,
        /// and the run ends with this error (66) where it would have ended with 0.
        var inputFailure: CLIError?
    }

    /// - Throws: ``CLIError/runtime(_:)`` for a cycler the options do not allow, or a recording
    ///   that cannot be made.
    init(command: LiveCommand) throws(CLIError) {
        self.command = command
        let cycler = try Self.makeCycler(for: command)
        self.cycler = cycler
        let controller = LiveController(
            cycler: cycler, durationFollowsInterval: command.durationFollowsInterval, reading: command.reading)
        let devices = Devices(for: command)
        (cardDevice, drawsFrames, commandDevice) = (devices.card, devices.drawsFrames, devices.command)
        if command.stream?.readsDescriptor == true, let keys = devices.command, keys.isTerminal {
            // Keys typed while no card was on screen are not replayed on the first card, as the
            // deck drops them (docs/decisions/0250-streamed-counts-and-waits-in-the-footer.md).
            Platform.discardInput(keys.fileDescriptor)
        }
        core = try Self.makeCore(for: command, cycler: cycler, devices: devices)
        controller.itemsStillRead = command.stream.map { $0.knownCount.map { .counted($0) } ?? .uncounted }
        self.controller = QueueConfined(controller, on: core.queue)
        state = QueueConfined(
            State(readingItems: command.stream != nil, picturePaths: command.picturePaths), on: core.queue)
        // While the list is read, the cards wait at the last item read rather than wrap.
        cycler.holdsAtLastItem = command.stream != nil
        core.onSignal { [self] number in finish(exitCode: 128 + number) }
    }

    /// The cycler the options describe.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` for one the options do not allow.
    private static func makeCycler(for command: LiveCommand) throws(CLIError) -> Cycler<ArrayDataSource<StyledString>> {
        do {
            return try Cycler(
                dataSource: ArrayDataSource(command.items), interval: command.interval, duration: command.duration,
                style: TransitionStyle(
                    kind: command.transition, direction: command.direction,
                    timingFunction: command.timingFunction))
        } catch {
            throw .runtime("\(error)")
        }
    }

    /// Where the card is drawn and where commands are read, as the options and the terminals
    /// allow.
    private struct Devices {
        let card: TerminalDevice?
        let drawsFrames: Bool
        let command: TerminalDevice?

        init(for command: LiveCommand) {
            // JSON lines on stdout leave the card the terminal on stderr, or nothing: the two are
            // never mixed (docs/DESIGN.md#control-protocol).
            if command.control.writesStandardOutput {
                card = TerminalCapabilities.detect(for: TerminalDevice.standardError).drawsFrames ? .standardError : nil
            } else {
                card = .standardOutput
            }
            // The library's one rule: a dumb terminal cannot move the cursor, so like a pipe it
            // gets plain text and no escapes.
            let drawsFrames = card.map { TerminalCapabilities.detect(for: $0).drawsFrames } ?? false
            self.drawsFrames = drawsFrames
            // Items on stdin (`--file -`): keys and typed commands come from the controlling
            // terminal, as fzf reads them; plain output reads no commands then (`--listen` still
            // serves).
            if command.readsItemsFromStandardInput {
                self.command = drawsFrames ? try? DeckTerminal.controllingTerminal().get() : nil
            } else {
                self.command = .standardInput
            }
        }
    }

    /// The terminal session, control channel, recording and player of a run of `cycler` on
    /// `devices`.
    ///
    /// - Throws: ``SceneSession``'s errors: a socket or a recording that cannot be made.
    private static func makeCore(
        for command: LiveCommand, cycler: Cycler<ArrayDataSource<StyledString>>, devices: Devices
    ) throws(CLIError) -> SceneSession {
        let (commandDevice, cardDevice, drawsFrames) = (devices.command, devices.card, devices.drawsFrames)
        let output: Player.Output = !drawsFrames ? .plainText : command.fullscreen ? .fullscreen : .inline
        // Items written as text read back with --file when any spans several lines.
        let multiline = command.itemsSpanLines
        let terminalDevice = cardDevice ?? .standardOutput
        var configuration = Player.Configuration(
            framesPerSecond: command.framesPerSecond, output: output, colorDepth: .fixed(command.colorDepth),
            motion: command.motion, keepsHostLine: false, itemSeparation: multiline ? .paragraphs : .lines)
        configuration.hyperlinks = command.hyperlinks
        let drawsCards =
            configuration.resolved(for: terminalDevice, environment: ProcessInfo.processInfo.environment).motion
            != .none
        return try SceneSession(
            terminal: { policy in
                .init(
                    inputDevice: commandDevice ?? .standardInput, outputDevice: cardDevice ?? .standardOutput,
                    input: commandDevice == nil ? .none : drawsFrames ? .keys : .lines, signalPolicy: policy,
                    silencesEcho: drawsFrames)
            },
            control: command.control,
            recording: .init(
                request: command.record, clock: cycler.clock, drawsFrames: drawsFrames, drawsCards: drawsCards,
                terminal: terminalDevice, command: .live),
            player: { recorder, session in
                let player = Player(
                    cycler: cycler, cardSize: command.cardSize, style: command.style, cellAspect: command.cellAspect,
                    fitsWidth: command.fitsWidth, configuration: configuration,
                    sink: cardDevice == nil ? DiscardingSink() : recorder.sink(terminal: terminalDevice),
                    session: session)
                // Before it starts: a slideshow of pictures sizes its card to the terminal.
                player.updateScene(as: CyclerScene<ArrayDataSource<StyledString>>.self) {
                    $0.terminalCardSize = command.terminalCardSize
                }
                return player
            })
    }

    /// Starts everything on the session's queue and waits on the calling (main) thread until the
    /// session finishes; returns its exit status. Started asynchronously: a run that ends at once
    /// (`--cycles 0`, no keys) finishes on the queue, which then stops, while this thread waits.
    func run() -> Int32 { core.run { self.start() } }

    private func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        // The session lives until the process exits: strong captures are fine and keep the closures simple.
        terminal.setEventHandler { [self] event in handleTerminalEvent(event) }
        terminal.start()
        state.value.readsKeys = terminal.isReadingKeys
        if let failure = terminal.modeError, drawsFrames, commandDevice?.isTerminal == true {
            state.value.reply = (["cannot read keys (\(failure)); type commands and press Enter"], true)
        }
        // Called on this queue once the player has drawn (or printed) the change.
        player.setChangeHandler { [self] change in handle(change) }
        player.setFailureHandler { [self] _ in
            // The output is gone (EPIPE: `| head -1` is done; EIO: the terminal closed): stop.
            // ``finish(exitCode:message:)`` tells the two apart.
            queue.async { self.finish(exitCode: 0) }
        }
        // Before the player starts the cycler, so that `started` is the first event; every event
        // is written on this queue, in the order the cycler sent them.
        cycler.addObserver { [self] event in queue.async { self.cyclerDidChange(event) } }
        cycler.addObserver { [cycleCount] event in cycleCount.observe(event) }
        control.start(
            handler: { [self] request, origin in respond(to: request, from: origin) },
            onQuit: { [self] in queue.async { self.finish(exitCode: 0) } },
            onFailure: { [self] failure in
                queue.async {
                    switch failure {
                    case .readerGone: self.finish(exitCode: 0)
                    case .failed(let message): self.finish(exitCode: 1, message: message)
                    }
                }
            })
        core.launch(
            background: command.background,
            asksGraphics: command.reading.pictures == .auto && command.items.contains { $0.picture != nil },
            drawsFrames: drawsFrames
        ) { [self] in launch() }
    }

    /// The rest of the start, once the background is known and the card set up for it: the
    /// player starts drawing.
    private func launch() {
        updateFooter()
        player.start(paused: command.paused)
        state.value.launched = true
        let first = cycler.snapshot()
        // After the events the launch queued on this queue: the first item, then what was read.
        queue.async { [self] in
            control.emit(state.value.translator.itemSettled(first.item.plainText))
            let lines = state.value.heldLines ?? []
            state.value.heldLines = nil
            for line in lines { handleLine(line) }
        }
        if let stream = command.stream {
            // The rest of a slideshow's pictures, decoded while the first ones show.
            stream.setConsumer(queue: queue) { [self] in takeReadItems(from: stream) }
        }
        // With one item nothing ever transitions: --cycles N is done at once.
        if command.cycles == 0 || (command.cycles != nil && cycler.count == 1 && command.stream == nil) {
            finish(exitCode: 0)
        }
    }

    /// Appends what `stream` read since the last take, captioned among every picture of the list
    /// (of what standard input held so far); at its end the cards wrap again, and `--cycles` with
    /// one item is done.
    private func takeReadItems(from stream: ItemStream) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !core.isFinishing, state.value.readingItems else { return }
        let loaded = stream.takeLoaded().map(\.styled)
        if !loaded.isEmpty {
            // The first pictures read, in place of their loading cards (a transition shows each,
            // which `--cycles` does not count: ``CycleCount``).
            let replaced = PictureCaptions.disambiguated(loaded, among: state.value.picturePaths)
            cycleCount.replacingLoadingCards { controller.value.replaceRead(replaced) }
        }
        let (items, end) = stream.take()
        if stream.readsDescriptor {
            state.value.picturePaths += items.map(\.text).filter(command.reading.namesPicture)
        }
        let read = items.map(\.styled)
        controller.value.appendRead(PictureCaptions.disambiguated(read, among: state.value.picturePaths))
        // A card sized to its items widens for wider ones read later, as far as the terminal
        // allows (docs/decisions/0262-a-streamed-card-widens-for-wider-items.md); pictures' cards
        // are sized to the terminal already.
        let texts = items.filter { !command.reading.namesPicture($0.text) }.map(\.styled)
        if command.fitsWidth, command.terminalCardSize == nil, !texts.isEmpty {
            let columns = DeckCommand.fittedColumns(CardScene.fittingSize(for: texts).columns)
            player.updateScene(as: CyclerScene<ArrayDataSource<StyledString>>.self) { $0.widen(toColumns: columns) }
        }
        if let end {
            state.value.readingItems = false
            controller.value.itemsStillRead = nil
            cycler.holdsAtLastItem = false
            if case .failed(let error) = end {
                state.value.inputFailure = error
                respond(error.message, isError: true)
            }
            // With one item nothing ever transitions: --cycles N is done.
            if command.cycles != nil, cycler.count == 1 {
                finish(exitCode: 0)
                return
            }
        }
        updateFooter()  // The count grew.
    }

    // MARK: - Input

    /// One event of the terminal session, on its queue.
    private func handleTerminalEvent(_ event: TerminalEvent) {
        switch event.kind {
        case .key(let key): handleKey(key)
        case .line(let line): handleLine(line)
        case .overlongLine(let length):
            // In JSON lines the reply is the protocol's own `bad-json` error, as for a socket.
            if control.readsJSONLines {
                control.handleStandardInput(.tooLong(byteCount: length))
                return
            }
            respond(
                "command line of \(length) bytes ignored (the most a command line may have: "
                    + "\(Limits.commandLineBytes) bytes)", isError: true)
        case .inputEnded: inputEnded()
        case .outputClosed: finish(exitCode: 0)
        case .resumed: updateFooter()
        // The player redraws on a resize as a participant; the cell size and a sixel terminal's
        // limit are asked again. No mouse reports are asked for.
        case .resized: core.terminalResized()
        case .report(.sixelGeometry(let width, let height)): core.sixelGeometryAnswered(width: width, height: height)
        case .report(.cellSize(let width, let height)): core.cellSizeAnswered(width: width, height: height)
        case .mouse, .report, .keyBytes: break
        }
    }

    private func inputEnded() {
        // Commands end; the animation goes on until a signal or --cycles, and the footer says
        // so. In key mode (Ctrl-D is a key, not an end) the input ends only when the terminal
        // went away (a closed window): a lost terminal, never success.
        if state.value.readsKeys {
            finish(exitCode: LostTerminal.exitCode)
            return
        }
        state.value.commandsEnded = true
        updateFooter()
    }

    private func handleKey(_ key: KeyPress) {
        // A reply of several lines (help) is read once it is seen: the next key puts the hint back.
        if let reply = state.value.reply, reply.lines.count > 1 {
            state.value.reply = nil
        }
        let lineIsEmpty = state.value.commandLine.isEmpty
        switch key {
        case .text(let text):
            if lineIsEmpty && text == " " {
                togglePause()
            } else if lineIsEmpty && (text == "q" || text == "Q") {
                // As in pagers: q on an empty line quits (no command starts with q but quit).
                finish(exitCode: 0)
                return
            } else if !state.value.commandLine.insert(text, byteLimit: Limits.typedLineBytes) {
                // A paste beyond the limit: what fits is kept, the rest dropped, and the reply says so.
                respond("command line full (the most it holds: \(Limits.typedLineBytes) bytes)", isError: true)
                return
            }
        case .escape:
            if lineIsEmpty {
                finish(exitCode: 0)
                return
            }
            state.value.commandLine.clear()
        case .enter:
            handleLine(state.value.commandLine.submit())
        case .backspace:
            state.value.commandLine.deleteBackward()
        case .clearLine:
            state.value.commandLine.clear()
        case .endOfTransmission:
            // As in a shell: Ctrl-D quits on an empty line and does nothing otherwise.
            if lineIsEmpty {
                finish(exitCode: 0)
                return
            }
        case .arrow(let arrow):
            // With text on the line the arrows edit it (← → move the cursor, ↑ ↓ walk the
            // commands entered before); on an empty line they steer, as the footer says.
            guard !lineIsEmpty else {
                execute(.direction(Self.direction(of: arrow)))
                break
            }
            switch arrow {
            case .left: state.value.commandLine.moveLeft()
            case .right: state.value.commandLine.moveRight()
            case .up: state.value.commandLine.recallPrevious()
            case .down: state.value.commandLine.recallNext()
            }
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
        dispatchPrecondition(condition: .onQueue(queue))
        execute(cycler.state == .running ? .pause : .start)
    }

    private func handleLine(_ line: String) {
        if state.value.heldLines != nil {
            state.value.heldLines?.append(line)
            return
        }
        if control.readsJSONLines {
            control.handleStandardInputLine(line)
            updateFooter()
            return
        }
        guard let parsed = SessionCommand.parse(line) else {
            updateFooter()
            return
        }
        let typedLines = !state.value.readsKeys && commandDevice?.isTerminal == true
        switch parsed {
        case .success(let command): execute(command)
        case .failure(let error):
            if typedLines, error.unknownCommand?.lowercased() == "q" {
                // As in key mode: q quits (a dumb terminal sends lines, so q and Enter).
                finish(exitCode: 0)
            } else if error.unknownCommand != nil, !state.value.readsKeys, !typedLines {
                // A piped line that is no command: the input is not commands (data piped to a
                // run with items named). Stop at the first, rather than one error per line.
                finish(failure: .usage(Self.pipedLineError(error), .live))
            } else {
                respond(error.message, isError: true)
            }
        }
        updateFooter()
    }

    /// The error that ends a run at a piped line that is no command: the line (cut to 24
    /// characters) and the commands there are.
    static func pipedLineError(_ error: SessionCommandError) -> String {
        guard let unknown = error.unknownCommand, error.suggestion == nil else {
            return "standard input: " + error.message
        }
        return "standard input: unknown command \(quotedShort(unknown)) (commands: \(SessionCommand.summary))"
    }

    /// `line` in quotes, cut to 24 characters with "…".
    static func quotedShort(_ line: String) -> String {
        "'" + (line.count > 24 ? line.prefix(23) + "…" : line) + "'"
    }

    // MARK: - Commands

    /// Carries out a command in words and shows its reply.
    private func execute(_ command: SessionCommand) {
        dispatchPrecondition(condition: .onQueue(queue))
        if command == .quit {
            finish(exitCode: 0)
            return
        }
        let reply = controller.value.execute(
            command, numbering: .fromOne,
            helpSuffix: state.value.readsKeys ? "\nkeys: \(SessionCommand.keysSummary)" : "\nCtrl-C quits")
        for event in itemEvents(of: command, reply: reply) { control.emit(event) }
        respond(reply.text, isError: reply.isError)
    }

    /// A JSON-lines request (from stdin or a socket client), carried out.
    private func respond(to request: ProtocolRequest, from origin: ControlChannel.Origin) -> ControlChannel.Response {
        dispatchPrecondition(condition: .onQueue(queue))
        let command: SessionCommand
        switch LiveRequests.command(for: request) {
        case .failure(let error): return .init(outcome: .failure(error))
        case .success(let decoded): command = decoded
        }
        let reply = controller.value.execute(command, numbering: .fromZero)
        defer { updateFooter() }
        return ControlChannel.Response(
            outcome: reply.outcome, events: itemEvents(of: command, reply: reply),
            subscribes: command == .subscribe ? true : command == .unsubscribe ? false : nil,
            quits: command == .quit)
    }

    /// The item-added, -removed and -replaced events of a change that succeeded, with its texts.
    private func itemEvents(of command: SessionCommand, reply: LiveController.Reply) -> [ProtocolEvent] {
        dispatchPrecondition(condition: .onQueue(queue))
        guard case .success(let result) = reply.outcome, let index = result["index"]?.intValue,
            let count = result["count"]?.intValue
        else { return [] }
        // The item as scripts know it: its plain text, as `items` and `status` give it.
        let reading = controller.value.reading
        switch command {
        case .add(let text, _):
            return [.itemAdded(index: index, item: reading.styledString(text).plainText, count: count)]
        case .remove: return [.itemRemoved(index: index, item: result["item"]?.stringValue ?? "", count: count)]
        case .replace(_, let text):
            return [
                .itemReplaced(
                    index: index, item: reading.styledString(text).plainText,
                    previous: result["previous"]?.stringValue ?? "", count: count)
            ]
        default: return []
        }
    }

    /// A cycler event, on this queue in the order sent: the protocol's events for it.
    private func cyclerDidChange(_ event: CyclerEvent) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !core.isFinishing else { return }
        for translated in state.value.translator.events(for: event) { control.emit(translated) }
    }

    /// Shows a reply, whole: to a typed command under the card, wrapped to the terminal's width
    /// (several lines when it needs them); to a piped command printed above the card, where it
    /// stays; when stdout is not a terminal, on stderr. The text is sanitized either way: typed
    /// input is data, never a control sequence.
    private func respond(_ text: String, isError: Bool = false) {
        dispatchPrecondition(condition: .onQueue(queue))
        let paragraphs = TextLayout.plainText(text).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { index, line in (index == 0 && isError ? CLIError.messagePrefix : "") + line }
        if drawsFrames && state.value.readsKeys {
            state.value.reply = (paragraphs, isError)
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
        dispatchPrecondition(condition: .onQueue(queue))
        guard !core.isFinishing else { return }
        switch change {
        case .settled(let text):
            control.emit(state.value.translator.itemSettled(text))
            if cycleCount.settled() { state.value.transitionsEnded += 1 }
            if let cycles = command.cycles, state.value.transitionsEnded >= cycles {
                finish(exitCode: 0)
                return
            }
        case .changed:
            break
        }
        updateFooter()
    }

    // MARK: - Exit

    /// Restores the terminal and hands the exit status to ``run()`` (``ExitStatus``): the one exit
    /// path for quit, EOF, signals and errors.
    /// The control channel's last lines are written first (the reply to `quit`), its socket file
    /// removed; `message` is an error for stderr.
    private func finish(exitCode: Int32, message: String? = nil) {
        finish(exitCode: exitCode, failure: message.map(CLIError.runtime))
    }

    /// Ends the run with `failure`'s exit status, reported on stderr once the terminal is back.
    private func finish(failure: CLIError) {
        finish(exitCode: failure.exitCode, failure: failure)
    }

    private func finish(exitCode: Int32, failure: CLIError?) {
        dispatchPrecondition(condition: .onQueue(queue))
        if exitCode == 0, failure == nil, let inputFailure = state.value.inputFailure {
            // The items after the failure were never shown: not a clean run. Plain output told
            // it on stderr already; the footer's reply is gone with the card.
            core.finish(exitCode: inputFailure.exitCode, output: cardDevice) { [drawsFrames] in
                if drawsFrames { inputFailure.report() }
            }
            return
        }
        core.finish(exitCode: exitCode, output: cardDevice) { failure?.report() }
    }
}
