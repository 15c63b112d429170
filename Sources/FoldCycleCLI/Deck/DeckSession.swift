import Dispatch
import FoldCycle
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Wires a deck run together: the items' deck → its scene → the player on the terminal
/// (`/dev/tty`), the terminal session's keys and mouse reports → drags and commands, the deck's
/// decisions → JSON lines on stdout, and the one exit path.
///
/// Everything mutable lives on the terminal session's serial queue, which the player shares;
/// deck events (delivered on whichever thread issued the command, or the clock's queue for a
/// landing) hop onto it in order. Handlers are `@Sendable` closures made here, never on the
/// main actor.
final class DeckSession: @unchecked Sendable {
    private let command: DeckCommand
    private let items: [String]
    private let tty: TerminalDevice
    private let metrics: CardMetrics
    private let deck: SwipeDeck<ArrayDataSource<String>>
    private let scene: DeckScene<ArrayDataSource<String>>
    private let terminal: TerminalSession
    private let player: Player
    private var queue: DispatchQueue { terminal.queue }
    /// Standard output is the terminal: decisions are held and printed after the deck is gone,
    /// so that they never land on the cards.
    private let holdsDecisions: Bool

    // MARK: State (on `queue`)

    private var held: [String] = []
    private var kept = 0
    private var discarded = 0
    private var clicks = 0
    private var dragging = false
    private var finishing = false

    /// The footer's rows under the deck: a status line and a line of key hints.
    static let footerRows = 2

    /// Builds the deck, its scene, the session and the player; nothing is drawn yet.
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` when there are no items.
    init(command: DeckCommand, items: [String], terminal tty: TerminalDevice) throws(CLIError) {
        guard !items.isEmpty else { throw .unreadableInput("no items") }
        self.command = command
        self.items = items
        self.tty = tty
        let screen = Self.usableSize(tty.size)
        let cardSize = command.cardSize(items: items, maxWidth: screen.columns - 2)
        metrics = CardMetrics(columns: cardSize.columns, rows: cardSize.rows, cellAspect: command.cellAspect)
        deck = SwipeDeck(
            dataSource: ArrayDataSource(items),
            configuration: DeckConfiguration(
                behavior: command.behavior,
                layout: StackLayout(metrics: metrics, visibleCount: command.visibleCount),
                loops: command.loops))
        scene = DeckScene(
            deck: deck, cardSize: cardSize,
            frameSize: Self.frameSize(
                screen: screen, cardRows: cardSize.rows, visibleCount: command.visibleCount,
                fullscreen: command.fullscreen),
            style: command.style, cellAspect: command.cellAspect)
        holdsDecisions = TerminalDevice.standardOutput.isTerminal
        let exitBySignal = DeckExitBox()
        terminal = TerminalSession(
            configuration: .init(
                inputDevice: tty, outputDevice: tty, input: .keys,
                signalPolicy: .restoreAndCallBack { number in exitBySignal.handler?(number) },
                watchesOutputPipe: false, reportsMouse: command.usesMouse))
        player = Player(
            scene: scene,
            configuration: .init(
                framesPerSecond: command.framesPerSecond, output: command.fullscreen ? .fullscreen : .inline,
                colorDepth: .fixed(
                    ColorDepth.detect(
                        choice: command.colorChoice, environment: ProcessInfo.processInfo.environment, isTTY: true)),
                // The deck's own animations are its interface (a swipe must be seen to land); it
                // owns its terminal, so no host line is kept above it.
                motion: .fixed(.full), keepsHostLine: false),
            sink: tty, session: terminal)
        exitBySignal.handler = { [self] number in finish(exitCode: 128 + number) }
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

    /// Starts everything and parks the main thread in `dispatchMain()`.
    func run() -> Never {
        queue.sync { start() }
        dispatchMain()
    }

    private func start() {
        // The session lives until exit(): strong captures keep the closures simple.
        terminal.setKeyHandler { [self] key in handleKey(key) }
        terminal.setMouseHandler { [self] report in handleMouse(report) }
        terminal.setInputEndHandler { [self] in finish(exitCode: 0) }
        terminal.setResumeHandler { [self] in updateFooter() }
        terminal.addParticipant(self)
        terminal.start()
        guard terminal.isReadingKeys else {
            let reason = terminal.modeError.map { "\($0)" } ?? "unknown error"
            terminal.end()
            CLIError.runtime("cannot read keys from \(DeckTerminal.path): \(reason)").report()
            exit(1)
        }
        deck.addObserver { [self] event in queue.async { self.handle(event) } }
        player.setFailureHandler { [self] _ in queue.async { self.finish(exitCode: 0) } }
        player.start()
        // After the first cards are placed, so that the status names the top one.
        updateFooter()
    }

    // MARK: - Input

    private func handleKey(_ key: KeyPress) {
        switch key {
        case .arrow(.left): deck.swipe(.left)
        case .arrow(.right): deck.swipe(.right)
        case .arrow(.up): deck.page(.previous)
        case .arrow(.down): deck.page(.next)
        case .enter: deck.click()
        case .escape, .endOfTransmission: quit()
        case .text(let text):
            for character in text.lowercased() { handleLetter(character) }
        case .backspace, .clearLine: break
        }
    }

    private func handleLetter(_ character: Character) {
        switch character {
        case "h": deck.swipe(.left)
        case "l": deck.swipe(.right)
        case "k": deck.page(.previous)
        case "j": deck.page(.next)
        case "u": deck.undo()
        case " ":
            if let top = deck.topIndex, CardFaces(item: items[top]).hasBack { deck.flip() }
        case "q": quit()
        default: break
        }
    }

    private func handleMouse(_ report: MouseEvent) {
        let point = metrics.point(column: report.column, row: report.row)
        switch (report.action, report.button) {
        case (.press, .left):
            dragging = deck.beginDrag(at: point)
        case (.motion, .left) where dragging:
            deck.drag(to: point)
        case (.release, _) where dragging:
            dragging = false
            deck.endDrag(at: point)
        default:
            break
        }
    }

    /// Quits after whatever the queue already holds (a decision just made is printed first).
    private func quit() {
        queue.async { self.finish(exitCode: 0) }
    }

    // MARK: - Decisions

    private func handle(_ event: DeckEvent) {
        guard !finishing else { return }
        switch event {
        case .removed(_, let side, _, _):
            if side == .right { kept += 1 } else { discarded += 1 }
        case .undone(_, let side):
            if side == .right { kept -= 1 } else { discarded -= 1 }
        case .clicked:
            clicks += 1
        case .finished:
            finish(exitCode: 0)
            return
        case .paged, .flipped, .changed:
            break
        }
        if let line = DeckDecisionLine.line(for: event, items: items) {
            emit(line)
            updateFooter()
        } else if case .flipped = event {
            updateFooter()
        }
    }

    /// Writes a decision line to stdout now, or holds it while stdout is the terminal.
    private func emit(_ line: String) {
        if holdsDecisions {
            held.append(line)
            return
        }
        do {
            try TerminalDevice.standardOutput.write(line)
        } catch {
            // The reader is gone (`| head -1` is done): nothing more to say.
            finish(exitCode: 0)
        }
    }

    // MARK: - Footer

    private func updateFooter() {
        guard !finishing else { return }
        let position = deck.topIndex.map { "card \($0 + 1) of \(items.count)" } ?? "no card left"
        let status = "\(position)\(command.loops ? " (looping)" : "") · kept \(kept) · discarded \(discarded)"
        var hint = "← discard · → keep · ↑↓ page · u undo · Enter click · q quit"
        // A flashcard's own key first: it is the one that matters on this card.
        if let top = deck.topIndex, CardFaces(item: items[top]).hasBack { hint = "Space turn · " + hint }
        player.setFooter([FooterLine(status, attributes: [.dim]), FooterLine(hint, attributes: [.dim])])
    }

    /// One line for the terminal when the deck closes.
    private var summary: String {
        "\(kept) kept · \(discarded) discarded · \(clicks) clicked · "
            + "\(deck.remainingCount) of \(items.count) cards left\n"
    }

    // MARK: - Exit

    /// Restores the terminal (the deck's last frame stays, mouse reports off, cursor shown),
    /// writes any held decisions to stdout and the summary to the terminal, and exits: the one exit path
    /// for the end of the deck, quit, EOF, signals and errors.
    private func finish(exitCode: Int32) {
        guard !finishing else { return }
        finishing = true
        let failure = player.finish()
        terminal.end()
        // Held decisions first (stdout is this terminal), so that the summary is the last line.
        for line in held { try? TerminalDevice.standardOutput.write(line) }
        try? tty.write(TextLayout.sanitized(summary))
        if let failure, exitCode == 0 {
            if case .writeFailed(errno: EPIPE) = failure { exit(0) }
            if case .writeFailed(errno: EIO) = failure { exit(0) }  // The terminal went away.
            CLIError.runtime("\(failure)").report()
            exit(1)
        }
        exit(exitCode)
    }
}

extension DeckSession: TerminalSessionParticipant {
    /// Ctrl-Z: a drag in progress is dropped (its release would come to a stopped process).
    func sessionWillSuspend() {
        dragging = false
        deck.cancelDrag()
    }

    /// `fg`: nothing beyond the player's redraw.
    func sessionDidResume() {}

    /// A resize: the deck's area follows the terminal's width (and height, fullscreen).
    func sessionDidResize() {
        scene.setFrameSize(
            Self.frameSize(
                screen: Self.usableSize(tty.size), cardRows: metrics.rows, visibleCount: command.visibleCount,
                fullscreen: command.fullscreen))
    }

    /// The session ends: the player draws the last frame itself.
    func sessionWillEnd() {}
}

/// Lets the signal policy, fixed when the session is made, reach the deck session created after
/// it. Set once, before the session starts; read on the session's queue.
private final class DeckExitBox: @unchecked Sendable {
    var handler: (@Sendable (Int32) -> Void)?
}
