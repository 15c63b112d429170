import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Wires a deck run together: the items' deck → its scene → the player on the terminal
/// (`/dev/tty`), the terminal session's keys and mouse reports → drags and commands, the deck's
/// decisions → JSON lines on stdout (or, with `--protocol jsonl`, the protocol's events, and
/// requests from stdin and `--listen`'s socket through a ``ControlChannel``), and the one exit
/// path.
///
/// Everything mutable lives on the terminal session's serial queue, which the player shares
/// (``QueueConfined``: each access checks it runs there); deck events (delivered on whichever
/// thread issued the command, or the clock's queue for a landing) hop onto it in order. Handlers
/// are `@Sendable` closures made here, never on the main actor.
final class DeckSession: Sendable {
    let command: DeckCommand
    /// The items: those read at start and those clients add.
    let store: DeckItemStore
    private let tty: TerminalDevice
    private let metrics: CardMetrics
    /// Whether the card follows the terminal's size (``DeckCommand/sizesCardToTerminal(items:)``).
    private let sizesToTerminal: Bool
    let deck: SwipeDeck<DeckItemStore>
    /// The terminal session, the control channel (`--protocol jsonl`, `--listen`'s socket), the
    /// recording, the player and the exit path.
    let core: SceneSession
    var control: ControlChannel { core.control }
    var terminal: TerminalSession { core.terminal }
    var player: Player { core.player }
    var queue: DispatchQueue { core.queue }
    /// Standard output is the terminal: decisions are held and printed after the deck is gone,
    /// so that they never land on the cards.
    private let holdsDecisions: Bool

    /// Standard input's items, read while the deck runs (nil: every item was there at start).
    private let stream: ItemStream?
    /// What changes as the deck runs: on `queue` only.
    let state: QueueConfined<State>

    struct State {
        /// The items' count and bytes, checked against ``Limits`` at each `add`.
        var budget: ItemBudget
        var held: [String] = []
        var tally = DeckTally()
        /// Drags from mouse and focus reports, and where the frame is on screen.
        var pointer = DeckPointer()
        /// The cards left when the deck last asked for more data, until the event is written.
        var pendingNeedsMoreData: Int?
        /// Cursor-position requests not answered yet (``DeckPointer/frameTop``: 0 fullscreen;
        /// inline, the terminal's answer to the latest request, made between frames when the
        /// cursor is parked at the frame's top-left). Terminals answer in order, so only the
        /// answer that brings this to 0 is the frame's place now; earlier ones are stale.
        var cursorReportsAwaited = 0
        /// How the stream ended, once it did (a failure is reported on exit, status 66).
        var streamEnd: ItemStream.End?
        /// A client sent `end`: the deck finishes once no card is left, no more are awaited.
        var ended = false
    }

    /// The footer's rows under the deck: a status line and a line of key hints.
    static let footerRows = 2

    /// Builds the deck, its scene, the session and the player; nothing is drawn yet.
    ///
    /// - Parameters:
    ///   - items: the items there are at start, read (the first chunk, when streaming).
    ///   - sizing: the items the card's size is fitted to: every item when they were all known
    ///     at start (arguments, `--file`), else the first read (later items are cut to it).
    ///   - stream: where more items come from while the deck runs, if anywhere.
    /// - Throws: ``CLIError/unreadableInput(_:)`` when there are no items.
    init(
        command: DeckCommand, items: [ItemStream.Item], sizing: [String], terminal tty: TerminalDevice,
        stream: ItemStream? = nil
    ) throws(CLIError) {
        guard !items.isEmpty else { throw .unreadableInput("no items") }
        self.command = command
        self.stream = stream
        let screen = Self.usableSize(tty.size)
        sizesToTerminal = command.sizesCardToTerminal(items: sizing)
        // A card sized to the terminal has its pictures decoded for the terminal at start
        // (``DeckCommand/reading(screen:)``); one that grows later samples those pixels
        // (decision 0196).
        let cardSize =
            sizesToTerminal
            ? command.terminalCardSize(screen: screen) : command.cardSize(items: sizing, maxWidth: screen.columns - 2)
        store = DeckItemStore(read: items.map(\.styled), reading: command.reading(screen: screen))
        self.tty = tty
        metrics = CardMetrics(columns: cardSize.columns, rows: cardSize.rows, cellAspect: command.cellAspect)
        deck = SwipeDeck(
            dataSource: store,
            configuration: DeckConfiguration(
                behavior: command.behavior,
                layout: StackLayout(metrics: metrics, visibleCount: command.visibleCount),
                loops: command.loops))
        let scene = DeckScene(
            deck: deck, cardSize: cardSize,
            frameSize: Self.frameSize(
                screen: screen, cardRows: cardSize.rows, visibleCount: command.visibleCount,
                fullscreen: command.fullscreen),
            style: command.style, cellAspect: command.cellAspect)
        holdsDecisions = TerminalDevice.standardOutput.isTerminal && command.control.language == .words
        core = try SceneSession(
            terminal: { policy in
                .init(
                    inputDevice: tty, outputDevice: tty, input: .keys, signalPolicy: policy, watchesOutputPipe: false,
                    reportsMouse: command.usesMouse)
            },
            control: command.control,
            recording: .init(
                request: command.record, clock: deck.clock, drawsFrames: true, terminal: tty, command: .deck),
            player: { recorder, session in
                var configuration = Player.Configuration(
                    framesPerSecond: command.framesPerSecond, output: command.fullscreen ? .fullscreen : .inline,
                    colorDepth: .fixed(
                        ColorDepth.detect(
                            choice: command.colorChoice, environment: ProcessInfo.processInfo.environment,
                            isTTY: true)),
                    // The deck's own animations are its interface (a swipe must be seen to
                    // land); it owns its terminal, so no host line is kept above it.
                    motion: .fixed(.full), keepsHostLine: false)
                configuration.hyperlinks = command.hyperlinks
                // The deck is gone once it ends: its rows are erased and the cursor goes back to
                // where they began, so the decisions and the summary follow the command line
                // (as `fzf --height` leaves the screen; docs/decisions/0246).
                configuration.isTransient = true
                return Player(
                    scene: scene, configuration: configuration, sink: recorder.sink(terminal: tty), session: session)
            })
        var initial = State(budget: ItemBudget(items.map(\.text)))
        initial.tally.tracksSkips = command.behavior == .swipeDeck
        state = QueueConfined(initial, on: core.queue)
        core.onSignal { [self] number in finish(exitCode: 128 + number) }
    }

    /// A deck of `texts`, every one read (its pictures decoded) before it starts; the card fitted
    /// to them all.
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` when there are no items.
    convenience init(command: DeckCommand, items texts: [String], terminal tty: TerminalDevice) throws(CLIError) {
        let reading = command.reading(screen: Self.usableSize(tty.size))
        let items = zip(texts, reading.styledStrings(texts)).map { ItemStream.Item(text: $0, styled: $1) }
        try self.init(command: command, items: items, sizing: texts, terminal: tty)
    }

    /// The terminal's size, or 80 × 24 when it reports none.
    static func usableSize(_ size: TerminalSize?) -> TerminalSize {
        guard let size, size.columns > 0, size.rows > 0 else { return TerminalSize(columns: 80, rows: 24) }
        return size
    }

    /// The deck's area: the terminal's width, and inline the stack's rows plus one above and one
    /// below; fullscreen, every row but the footer's.
    static func frameSize(screen: TerminalSize, cardRows: Int, visibleCount: Int, fullscreen: Bool) -> TerminalSize {
        let stack = cardRows + visibleCount - 1 + 2
        return TerminalSize(
            columns: screen.columns, rows: fullscreen ? max(screen.rows - footerRows, stack) : stack)
    }

    /// Starts everything on the session's queue and waits on the calling (main) thread until the
    /// session finishes; returns its exit status. Started asynchronously: a run that ends at once
    /// (`--cycles 0`, no keys) finishes on the queue, which then stops, while this thread waits.
    func run() -> Int32 { core.run { self.start() } }

    private func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        // The session lives until the process exits: strong captures keep the closures simple.
        terminal.setEventHandler { [self] event in handleTerminalEvent(event) }
        terminal.addParticipant(self)
        terminal.start()
        guard terminal.isReadingKeys else {
            let reason = terminal.modeError.map { "\($0)" } ?? "unknown error"
            terminal.end()
            CLIError.runtime("cannot read keys from \(DeckTerminal.path): \(reason)").report()
            core.exitStatus.finish(1)
        }
        deck.addObserver { [self] event in queue.async { self.handle(event) } }
        store.setNeedsMoreDataHandler { [self] remaining in
            // The deck asks before it delivers the events of the change that left it low (a
            // swipe): the event is written right after theirs, or, when none comes, a turn later.
            queue.async {
                self.state.value.pendingNeedsMoreData = remaining
                self.queue.async { self.emitNeedsMoreData() }
            }
        }
        player.setFailureHandler { [self] _ in queue.async { self.finish(exitCode: 0) } }
        if command.fullscreen {
            state.value.pointer.frameTop = 0
        } else {
            // After each frame whose rows changed (the first one, a footer line more, a resize):
            // a region that grew scrolled the screen. Asked once the frame is written, when the
            // cursor is parked at its top-left.
            player.setRowsChangedHandler { [self] in queue.async { self.askFramePosition() } }
        }
        core.launch(
            background: command.background, asksGraphics: command.reading.pictures == .auto && store.holdsPictures,
            drawsFrames: true
        ) { [self] in launch() }
    }

    /// The rest of the start, once the background is known and the card set up for it: the
    /// player starts drawing.
    private func launch() {
        player.start()
        // After the first cards are placed, so that the status names the top one.
        updateFooter()
        // Requests wait (in the pipe, in the socket's backlog) until the deck is up: a `right`
        // read while the terminal is asked for its background would find no top card.
        startControl()
        stream?.setConsumer(queue: queue) { [self] in takeStreamedItems() }
    }

    // MARK: - Streamed items

    /// Whether more items may come: the deck waits for them when it runs out.
    private var isReadingInput: Bool { stream != nil && state.value.streamEnd == nil }

    /// Takes the items read since the last batch into the deck (within the run's ``Limits``);
    /// at the end of the input, a deck with no card left is finished.
    private func takeStreamedItems() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !core.isFinishing, isReadingInput, let stream else { return }
        let loaded = stream.takeLoaded()
        if !loaded.isEmpty {
            // The first pictures read, in place of their loading cards.
            store.replaceFirst(read: loaded.map(\.styled))
            deck.reloadVisibleItems()
        }
        let (items, end) = stream.take()
        var admitted = items.endIndex
        for (index, item) in items.enumerated() {
            do throws(ItemLimitError) {
                try state.value.budget.admit(item.text)
            } catch {
                admitted = index
                state.value.streamEnd = .failed(.unreadableInput("\(stream.inputName): \(error)"))
                break
            }
        }
        if admitted > 0 {
            store.append(read: items[..<admitted].map(\.styled))
            deck.reloadData()
        }
        if state.value.streamEnd == nil, let end { state.value.streamEnd = end }
        updateFooter()
        // The deck told of its end while input was open; now that none will come, it ends.
        if !isReadingInput, deck.isFinished { handle(.finished) }
    }

    // MARK: - Decisions

    func handle(_ cardEvent: DeckEvent) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !core.isFinishing else { return }
        if cardEvent == .finished {
            // Delivered late: cards came (returned skips, an add) since it was reported.
            guard deck.isFinished, !returnSkippedCards() else { return }
            if isReadingInput || waitsForCards {
                // No card left, but more may come: the deck waits (the footer says so).
                updateFooter()
                return
            }
        }
        // Everything the session writes names items, not the deck's cards.
        let event = itemEvent(cardEvent)
        // The protocol's event first (`finished` included), to stdout in `--protocol jsonl` and
        // to subscribed socket clients.
        if let translated = ProtocolEvent.deck(event, text: store.text(ofItem:)) {
            control.emit(translated)
            emitNeedsMoreData()
        }
        if event == .finished {
            finish(exitCode: 0)
            return
        }
        if let line = DeckDecisionLine.line(for: event, item: store.text(ofItem:)) {
            // With JSON lines, the events above are stdout's lines instead; with --print, the
            // items go out on exit. A decision is counted only once written: one that could not
            // be is never reported as made.
            if !control.readsJSONLines, command.print == nil, !emit(line) { return }
            state.value.tally.record(event)
            returnSkippedCards()
            updateFooter()
        } else {
            state.value.tally.record(event)
            if case .flipped = event { updateFooter() }
        }
    }

    /// `event` with the deck's card indices turned into item indices.
    private func itemEvent(_ event: DeckEvent) -> DeckEvent {
        switch event {
        case .removed(let index, let side, let cause, let velocity):
            return .removed(index: store.itemIndex(at: index), side: side, cause: cause, velocity: velocity)
        case .clicked(let index, let cause):
            return .clicked(index: store.itemIndex(at: index), cause: cause)
        case .undone(let index, let side):
            return .undone(index: store.itemIndex(at: index), side: side)
        case .paged(let from, let to, let direction, let cause, let velocity):
            return .paged(
                from: store.itemIndex(at: from), to: store.itemIndex(at: to), direction: direction, cause: cause,
                velocity: velocity)
        case .flipped(let index, let showsBack):
            return .flipped(index: store.itemIndex(at: index), showsBack: showsBack)
        case .changed, .finished:
            return event
        }
    }

    /// With `--skipped return` (not looping), once no card is left the items skipped and not
    /// decided since are dealt again, in the order they were skipped; returns whether any were.
    @discardableResult
    private func returnSkippedCards() -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        let skipped = state.value.tally.skippedItems
        guard command.skipped == .return, !command.loops, !skipped.isEmpty, deck.remainingCount == 0 else {
            return false
        }
        store.appendReturns(skipped)
        deck.reloadData()
        return true
    }

    /// Whether the deck, out of cards, waits for more: `--wait`, or a client subscribed to its
    /// events (a feeder), until a client sends `end`.
    private var waitsForCards: Bool {
        !state.value.ended && (command.waits || control.hasSubscribers)
    }

    /// Writes a decision line to stdout now, or holds it while stdout is the terminal: whether
    /// it was written (or held). A failed write ends the deck (``OutputFailure``): quietly with 0
    /// when the reader is gone (`| head -1` is done), else with a message and a failure status.
    func emit(_ line: String) -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        if holdsDecisions {
            state.value.held.append(line)
            return true
        }
        do {
            try TerminalDevice.standardOutput.write(line)
            return true
        } catch {
            finish(
                exitCode: OutputFailure.exitCode(
                    error, writing: "decisions to standard output", to: .standardOutput))
            return false
        }
    }

    // MARK: - Footer

    func updateFooter() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !core.isFinishing else { return }
        let top = topItem
        player.setFooter(
            state.value.tally.footer(
                topIndex: top, count: itemTotal, topItem: top.map(store.text(ofItem:)), loops: command.loops,
                input: inputProgress))
    }

    /// The items the footer and the summary count: those there so far, or, while the pictures
    /// of arguments or a file are decoded, every item named (the count is known from the start;
    /// docs/decisions/0250-streamed-counts-and-waits-in-the-footer.md).
    private var itemTotal: Int {
        guard inputProgress == .loadingPictures, let known = stream?.knownCount else { return store.itemCount }
        return max(store.itemCount, known)
    }

    /// Where the items are, for the footer.
    private var inputProgress: DeckTally.InputProgress {
        if !isReadingInput, waitsForCards { return .waiting }
        guard let stream else { return .complete }
        switch state.value.streamEnd {
        // Arguments and `--file` were all there at start: only their pictures are still read.
        case nil: return stream.readsDescriptor ? .reading : .loadingPictures
        case .complete: return stream.readsDescriptor ? .ended : .complete
        case .failed: return .stopped
        }
    }

    /// One line for the terminal when the deck closes.
    private var summary: String {
        state.value.tally.summary(itemCount: itemTotal, input: inputProgress)
    }

    // MARK: - Exit

    /// On exit: with `--print`, the chosen items as plain lines (NUL-ended with `--print0`;
    /// control characters shown as text when stdout is the terminal); otherwise a `skipped`
    /// decision line for each item skipped and still undecided (``DeckSkippedPolicy``), unless
    /// stdout carries the protocol. Returns false, after saying so, when stdout could not take
    /// them (not a closed pipe: a reader that is done).
    private func writeFinalOutput() -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        let tally = state.value.tally
        let text: String
        if let print = command.print {
            var records = print.records(tally, text: store.text(ofItem:))
            if TerminalDevice.standardOutput.isTerminal { records = records.map(TextLayout.sanitized) }
            text = DeckPrint.output(records, nulTerminated: command.printsNul)
        } else if !control.readsJSONLines {
            text = tally.skips.map { skip in
                DeckDecisionLine.skippedLine(index: skip.index, item: store.text(ofItem: skip.index), by: skip.cause)
            }.joined()
        } else {
            return true
        }
        guard !text.isEmpty else { return true }
        do {
            try TerminalDevice.standardOutput.write(text)
            return true
        } catch {
            if case .writeFailed(errno: EPIPE) = error { return true }
            CLIError.runtime("cannot write to standard output: \(error)").report()
            return false
        }
    }

    /// Restores the terminal (the deck's rows erased, the cursor where they began, mouse reports
    /// off, cursor shown), writes any held decisions to stdout and the summary to the terminal,
    /// and hands the exit status to ``run()``: the one exit path for the end of the deck, quit,
    /// EOF, signals and errors.
    func finish(exitCode: Int32) {
        dispatchPrecondition(condition: .onQueue(queue))
        core.finish(exitCode: exitCode, output: tty) {
            // Held decisions first (stdout is this terminal), so that the summary is the last line.
            var heldFailure: TerminalError?
            for line in state.value.held where heldFailure == nil {
                do throws(TerminalError) {
                    try TerminalDevice.standardOutput.write(line)
                } catch {
                    heldFailure = error
                }
            }
            let finalOutputFailed = !writeFinalOutput()
            try? tty.write(TextLayout.sanitized(summary))
            if let heldFailure, exitCode == 0 {
                core.exitStatus.finish(
                    OutputFailure.exitCode(heldFailure, writing: "decisions to standard output", to: .standardOutput))
            }
            if finalOutputFailed { core.exitStatus.finish(1) }
            if case .failed(let error) = state.value.streamEnd, exitCode == 0 {
                // The items after the failure were never shown: not a finished triage.
                error.report()
                core.exitStatus.finish(error.exitCode)
            }
        }
    }
}

extension DeckSession: TerminalSessionParticipant {
    /// Ctrl-Z: a drag in progress is dropped (its release would come to a stopped process).
    func sessionWillSuspend() {
        state.value.pointer.cancel(deck: deck)
        followDrag()
    }

    /// `fg`: nothing beyond the player's redraw.
    func sessionDidResume() {}

    /// A resize: the deck's area follows the terminal's width (and height, fullscreen).
    func sessionDidResize() {
        dispatchPrecondition(condition: .onQueue(queue))
        let screen = Self.usableSize(tty.size)
        // Through the player, on its queue (this one), between frames.
        if sizesToTerminal {
            let card = command.terminalCardSize(screen: screen)
            let frameSize = Self.frameSize(
                screen: screen, cardRows: card.rows, visibleCount: command.visibleCount,
                fullscreen: command.fullscreen)
            player.updateScene(as: DeckScene<DeckItemStore>.self) { $0.resizeCard(to: card, frameSize: frameSize) }
        } else {
            let frameSize = Self.frameSize(
                screen: screen, cardRows: metrics.rows, visibleCount: command.visibleCount,
                fullscreen: command.fullscreen)
            player.updateScene(as: DeckScene<DeckItemStore>.self) { $0.frameSize = frameSize }
        }
        // A resize may reflow the rows above: ask again once the player has redrawn.
        queue.async { self.askFramePosition() }
    }

    /// The session ends: the player erases the deck's rows itself.
    func sessionWillEnd() {}
}
