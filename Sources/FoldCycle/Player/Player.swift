import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A line of text drawn under the card (a status line, a command line).
public struct FooterLine: Hashable, Sendable {
    /// The text; control characters are shown as visible substitutes, long text is clipped with "…".
    public var text: String
    /// Whether a caret (a reverse-video cell) follows the text, as on a command line.
    public var showsCaret: Bool
    /// Attributes of the text (e.g. dim).
    public var attributes: CellAttributes

    /// Creates a footer line.
    public init(_ text: String, showsCaret: Bool = false, attributes: CellAttributes = []) {
        self.text = text
        self.showsCaret = showsCaret
        self.attributes = attributes
    }
}

/// Plays a ``Cycler`` in a terminal: the data flow's last stages (snapshot → card →
/// region frame → encoder → bytes) driven by a frame timer that runs only while a transition is in
/// flight, so nothing is drawn and no CPU is used while nothing moves.
///
/// - ``Output/inline`` and ``Output/fullscreen`` draw frames (see ``TerminalRegion``) at up to
///   `fps` frames per second, the card at the top-left (inline) or centred (fullscreen), footer
///   lines under it. A terminal smaller than the card shows it clipped, with a one-line notice in
///   place of the footer, and recovers on the next ``terminalResized()``.
/// - ``Output/plainText`` (output is not a terminal): no escape bytes, no animation; each item is
///   written once as text when it settles (the first at ``start()``), flushed per item.
///
/// Threading: all drawing state lives on one private serial queue; public methods may be called
/// from any thread. Timer and event handlers are `@Sendable` and never main-actor isolated.
public final class FoldCyclePlayer<DataSource: CycleDataSource>: @unchecked Sendable where DataSource.Item == String {
    /// Where and how frames are written.
    public enum Output: Hashable, Sendable {
        /// Rows reserved at the cursor, redrawn in place.
        case inline
        /// The alternate screen, card centred.
        case fullscreen
        /// Not a terminal: settled items as plain text lines.
        case plainText
    }

    /// The player's settings.
    public struct Configuration: Sendable {
        /// The card's size in cells.
        public var cardSize: TerminalSize
        /// Card colours and alignment.
        public var style: CardStyle
        /// Frames per second while a transition runs, 1...240.
        public var framesPerSecond: Int
        /// Inline, fullscreen or plain text.
        public var output: Output
        /// Colour depth of the encoded frames.
        public var colorDepth: ColorDepth
        /// Whether the player guards the terminal while it draws (inline or fullscreen output to a
        /// terminal): SIGINT, SIGTERM and SIGHUP restore it (cursor shown, region ended) before
        /// the process dies of the signal as it would have, and echo is off on the output terminal
        /// so typing (and `^C`) never lands on the frames. Default true; a program that handles
        /// those signals and the terminal's modes itself (as the `foldcycle` CLI does) sets false.
        public var guardsTerminal: Bool

        /// Creates a configuration.
        public init(cardSize: TerminalSize, style: CardStyle = CardStyle(), framesPerSecond: Int = 60,
                    output: Output = .inline, colorDepth: ColorDepth = .truecolor, guardsTerminal: Bool = true) {
            self.cardSize = cardSize
            self.style = style
            self.framesPerSecond = min(max(framesPerSecond, 1), 240)
            self.output = output
            self.colorDepth = colorDepth
            self.guardsTerminal = guardsTerminal
        }
    }

    /// The cycler being played. Commands may be sent to it directly from any thread.
    public let cycler: Cycler<DataSource>
    /// The settings given at creation.
    public let configuration: Configuration

    private let queue = DispatchQueue(label: "FoldCycle.player", qos: .userInteractive)
    private let queueKey = DispatchSpecificKey<Bool>()
    private let device: TerminalDevice

    // MARK: State (on `queue`)

    private let renderer: CardRenderer
    private var region: TerminalRegion
    private var card = CellBuffer(width: 0, height: 0)
    private var frame = CellBuffer(width: 0, height: 0)
    private var bytes: [UInt8] = []
    private var footer: [FooterLine] = []
    private var footerCache: (lines: [FooterLine], width: Int, rows: [CellBuffer])?
    /// Set while drawing a last frame before giving the terminal back: card only.
    private var hidesFooter = false
    private var terminalSize: TerminalSize?
    private var frameTimer: (any DispatchSourceTimer)?
    private var started = false
    private var finished = false
    private var framesDrawn = 0
    private var observerToken: Int?
    private var eventHandler: (@Sendable (CyclerEvent) -> Void)?
    private var writeFailure: TerminalError?
    private var failureHandler: (@Sendable (TerminalError) -> Void)?
    private var signalSources: [any DispatchSourceSignal] = []
    private lazy var echoModes = TerminalModes(device: device)

    /// Creates a player; nothing is written until ``start()``.
    ///
    /// - Parameters:
    ///   - cycler: the cycler to play (not launched yet, or launched: either works).
    ///   - configuration: card size, style, fps, output and colour depth.
    ///   - device: where bytes go, default standard output. Its size is read at ``start()`` and
    ///     ``terminalResized()``.
    public init(cycler: Cycler<DataSource>, configuration: Configuration,
                device: TerminalDevice = .standardOutput) {
        self.cycler = cycler
        self.configuration = configuration
        self.device = device
        renderer = CardRenderer(cardSize: configuration.cardSize, style: configuration.style)
        region = TerminalRegion(
            placement: configuration.output == .fullscreen ? .fullscreen : .inline, depth: configuration.colorDepth)
        queue.setSpecific(key: queueKey, value: true)
    }

    /// Frames written so far (a measure of idle cost: it does not grow while nothing moves).
    public var frameCount: Int { onQueue { framesDrawn } }

    /// Calls `handler` for every cycler event after the player has drawn it, on the player's queue.
    public func setEventHandler(_ handler: (@Sendable (CyclerEvent) -> Void)?) {
        onQueue { eventHandler = handler }
    }

    /// Installs the signal handlers and echo-off mode of ``Configuration/guardsTerminal``.
    private func guardTerminal() {
        if device.isTerminal { try? echoModes.enterNoEchoMode() }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in
                self?.finish()
                // Die of the signal, as the program would have without us.
                signal(number, SIG_DFL)
                kill(getpid(), number)
            }
            source.activate()
            signalSources.append(source)
        }
    }

    /// Calls `handler` once, on the player's queue, when writing output fails (e.g. `EPIPE`: the
    /// reader of a pipe went away). Nothing more is written after a failure.
    public func setFailureHandler(_ handler: (@Sendable (TerminalError) -> Void)?) {
        onQueue { failureHandler = handler }
    }

    /// Reserves the region (or enters the alternate screen), draws the first frame, and launches
    /// the cycler (its first tick one interval later), paused when `paused`.
    public func start(paused: Bool = false) {
        onQueue {
            guard !started else { return }
            started = true
            let queue = self.queue
            let cycler = self.cycler
            observerToken = cycler.addObserver { [weak self] event in
                // Events are handled on the player's queue, later; the item that settled is read
                // now, while the cycler is still at this event's state.
                let settled: String?
                if case .transitionEnded(let index) = event {
                    settled = Self.item(at: index, in: cycler.snapshot())
                } else {
                    settled = nil
                }
                queue.async { [weak self] in self?.handle(event, settledItem: settled) }
            }
            if configuration.output == .plainText {
                writePlain(cycler.snapshot().item)
            } else {
                if configuration.guardsTerminal { guardTerminal() }
                terminalSize = device.size
                region.begin(into: &bytes)
                drawFrame()
            }
        }
        cycler.launch(paused: paused)
    }

    /// Replaces the lines under the card and redraws (no-op in plain-text output).
    public func setFooter(_ lines: [FooterLine]) {
        queue.async { [self] in
            guard footer != lines else { return }
            footer = lines
            if started, !finished, configuration.output != .plainText { drawFrame() }
        }
    }

    /// Re-reads the terminal size and redraws the region from scratch (call on SIGWINCH).
    public func terminalResized() {
        queue.async { [self] in
            guard started, !finished, configuration.output != .plainText else { return }
            terminalSize = device.size
            region.reset(into: &bytes)
            drawFrame()
        }
    }

    /// Gives the terminal back for a job-control stop (SIGTSTP): the region ends as on
    /// ``finish()`` (cursor shown, below the region or out of the alternate screen) while the
    /// cycler keeps its state. ``resumeOutput()`` starts a new region at the cursor.
    public func suspendOutput() {
        onQueue {
            guard started, !finished, configuration.output != .plainText, region.isActive else { return }
            stopFrameTimer()
            // As on finish(): the card stays, the footer (a live command line) does not.
            hidesFooter = true
            drawFrame()
            hidesFooter = false
            region.end(into: &bytes)
            flush()
        }
    }

    /// Takes the terminal back after ``suspendOutput()`` (on SIGCONT): a new region at the
    /// cursor, drawn in full.
    public func resumeOutput() {
        onQueue {
            guard started, !finished, configuration.output != .plainText, !region.isActive else { return }
            region = TerminalRegion(placement: region.placement, depth: region.depth)
            terminalSize = device.size
            region.begin(into: &bytes)
            drawFrame()
            if cycler.isTransitioning { startFrameTimer() }
        }
    }

    /// Stops the frame timer, draws the final frame (the card without footer lines) and restores
    /// the terminal (cursor shown on the line below the card, or the alternate screen left). The cycler is stopped. Idempotent; safe
    /// from any thread, including the player's own event handler.
    ///
    /// - Returns: the first write error met while playing, if any (e.g. EPIPE).
    @discardableResult
    public func finish() -> TerminalError? {
        cycler.stop()
        return onQueue {
            if started, !finished {
                stopFrameTimer()
                if let observerToken { cycler.removeObserver(observerToken) }
                if configuration.output != .plainText, region.isActive {
                    // The final frame keeps the card and drops the footer (status, command line):
                    // they describe a session that is over.
                    hidesFooter = true
                    drawFrame()
                    region.end(into: &bytes)
                    flush()
                }
                echoModes.restore()
                finished = true
            }
            return writeFailure
        }
    }

    /// The bytes that restore the terminal right now without drawing (for a last-resort exit
    /// path): cursor shown and below the region, or alternate screen left.
    public func restorationBytes() -> [UInt8] {
        onQueue {
            var copy = region
            var restore: [UInt8] = []
            copy.end(into: &restore)
            return restore
        }
    }

    // MARK: - Queue work

    private func onQueue<T>(_ body: () -> T) -> T {
        if DispatchQueue.getSpecific(key: queueKey) == true { return body() }
        return queue.sync(execute: body)
    }

    /// The item at `index` in a snapshot taken right after an event: the shown or incoming item,
    /// or the outgoing one when a newer transition already began.
    private static func item(at index: Int, in snapshot: CyclerSnapshot<String>) -> String? {
        if snapshot.index == index { return snapshot.item }
        if let transition = snapshot.transition, transition.fromIndex == index { return transition.outgoingItem }
        return nil
    }

    private func handle(_ event: CyclerEvent, settledItem: String?) {
        guard !finished else { return }
        switch event {
        case .transitionBegan:
            if configuration.output != .plainText { startFrameTimer() }
        case .transitionEnded:
            if configuration.output == .plainText {
                writePlain(settledItem ?? cycler.snapshot().item)
            } else {
                drawFrame()
            }
        case .paused, .stopped:
            if configuration.output != .plainText {
                stopFrameTimer()
                drawFrame()
            }
        case .resumed:
            if configuration.output != .plainText, cycler.isTransitioning { startFrameTimer() }
        case .indexChanged, .started:
            break
        }
        eventHandler?(event)
    }

    private func startFrameTimer() {
        guard frameTimer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let period = 1.0 / Double(configuration.framesPerSecond)
        timer.schedule(deadline: .now(), repeating: period, leeway: .milliseconds(1))
        timer.setEventHandler { [weak self] in self?.frameTick() }
        timer.activate()
        frameTimer = timer
    }

    private func stopFrameTimer() {
        frameTimer?.cancel()
        frameTimer = nil
    }

    private func frameTick() {
        guard !finished else { return }
        drawFrame()
        // Nothing moves any more (settled): no more ticks until the next transition begins.
        if cycler.snapshot().transition == nil { stopFrameTimer() }
    }

    private func writePlain(_ text: String) {
        var line = TextLayout.sanitized(text)
        line += "\n"
        bytes.append(contentsOf: line.utf8)
        flush()
    }

    private func flush() {
        guard !bytes.isEmpty else { return }
        if writeFailure == nil {
            do {
                try device.write(bytes)
            } catch {
                writeFailure = error
                failureHandler?(error)
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: - Composing a frame

    private func drawFrame() {
        guard started, !finished, region.isActive else { return }
        // Check the size before every frame (one ioctl), not only on SIGWINCH: a frame drawn for
        // a taller terminal than the one on screen would move the cursor past the bottom row.
        if device.isTerminal, let size = device.size, size != terminalSize {
            terminalSize = size
            region.reset(into: &bytes)
        }
        composeFrame()
        region.draw(frame, into: &bytes)
        framesDrawn += 1
        flush()
    }

    /// The footer lines laid out as rows of `width` cells, shaped once per change rather than per
    /// frame.
    private func footerCells(for lines: [FooterLine], width: Int) -> [CellBuffer] {
        if let cached = footerCache, cached.lines == lines, cached.width == width { return cached.rows }
        let rows = lines.map { line -> CellBuffer in
            var row = CellBuffer(width: width, height: 1)
            row.drawText(line, row: 0)
            return row
        }
        footerCache = (lines, width, rows)
        return rows
    }

    /// Lays out card and footer in the region: inline, the card at the top-left and the footer
    /// under it; fullscreen, the card centred and the footer on the last rows.
    private func composeFrame() {
        renderer.render(cycler.snapshot(), into: &card)
        let cardSize = configuration.cardSize
        let footer = hidesFooter ? [] : self.footer
        let needRows = cardSize.rows + footer.count
        let size = terminalSize ?? TerminalSize(columns: max(cardSize.columns, 80), rows: needRows)
        let footerWidth = footer.isEmpty ? 0 : size.columns
        let fullscreen = configuration.output == .fullscreen
        let width = fullscreen ? size.columns : min(size.columns, max(cardSize.columns, footerWidth))
        let height = fullscreen ? size.rows : min(size.rows, needRows)
        frame.reset(width: max(width, 0), height: max(height, 0))
        guard width > 0, height > 0 else { return }

        let tooSmall = size.columns < cardSize.columns || size.rows < needRows
        var lines = footer
        if tooSmall && !hidesFooter {
            // The notice takes the status line's place; the reply and command lines stay.
            let notice = FooterLine(
                "terminal too small: the card needs \(cardSize.columns)x\(needRows), this is \(size)",
                attributes: .reverse)
            lines = [notice] + footer.dropFirst()
        }
        var footerRows = min(lines.count, height)
        if footerRows < lines.count {
            // Not even the footer fits: keep the notice (or status) and the last lines.
            lines = footerRows > 0 ? Array(lines.prefix(1) + lines.suffix(footerRows - 1)) : []
            footerRows = lines.count
        }
        let cardRows = height - footerRows
        let origin: CellPosition
        if fullscreen {
            origin = CellPosition(
                column: max((width - cardSize.columns) / 2, 0), row: max((cardRows - cardSize.rows) / 2, 0))
        } else {
            origin = .zero
        }
        frame.blit(card, at: origin, clippingRows: cardRows)
        for (offset, row) in footerCells(for: Array(lines.suffix(footerRows)), width: width).enumerated() {
            frame.blit(row, at: CellPosition(column: 0, row: height - footerRows + offset))
        }
    }
}
