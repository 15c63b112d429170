import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Plays a ``FrameSource`` (a cycler's card, a deck) in a terminal: the data flow's last stages
/// (scene → frame → region → encoder → output sink) driven by a ``FrameLoop`` that ticks only
/// while the scene moves, so nothing is drawn and no CPU is used while nothing moves.
///
/// - ``Output/inline`` and ``Output/fullscreen`` draw frames (see ``TerminalRegion``) at up to
///   `framesPerSecond` frames per second, the scene at the top-left (inline) or centred
///   (fullscreen), footer lines under it. A terminal smaller than the scene shows it clipped,
///   with a one-line notice in place of the footer, and recovers on the next
///   ``terminalResized()`` (or frame: the size is read before every frame).
/// - ``Output/plainText`` (output is not a terminal): no escape bytes, no animation; each item
///   is written once as text when it settles (the first at ``start(paused:)``), flushed per item.
///
/// Threading: all drawing state lives on one private serial queue; public methods may be called
/// from any thread. Timer and event handlers are `@Sendable` and never main-actor isolated.
public final class Player: @unchecked Sendable {
    /// Where and how frames are written.
    public enum Output: Hashable, Sendable {
        /// Rows reserved at the cursor, redrawn in place.
        case inline
        /// The alternate screen, scene centred.
        case fullscreen
        /// Not a terminal: settled items as plain text lines.
        case plainText
    }

    /// The player's settings.
    public struct Configuration: Sendable {
        /// Frames per second while the scene moves, 1...240.
        public var framesPerSecond: Int
        /// Inline, fullscreen or plain text.
        public var output: Output
        /// Colour depth of the encoded frames.
        public var colorDepth: ColorDepth
        /// Whether the player guards the terminal while it draws (inline or fullscreen output to a
        /// terminal) with a ``TerminalSession`` of its own when none is given: SIGINT, SIGTERM,
        /// SIGHUP and SIGQUIT restore it (cursor shown, region ended) before the process dies of
        /// the signal as it would have; Ctrl-Z gives the terminal back and `fg` takes it again;
        /// resizes redraw; echo is off on the output terminal so typing (and `^C`) never lands on
        /// the frames; and an `exit` without ``finish()`` still restores the modes. Default true.
        public var guardsTerminal: Bool

        /// Creates a configuration.
        public init(
            framesPerSecond: Int = 60, output: Output = .inline, colorDepth: ColorDepth = .truecolor,
            guardsTerminal: Bool = true
        ) {
            self.framesPerSecond = min(max(framesPerSecond, 1), 240)
            self.output = output
            self.colorDepth = colorDepth
            self.guardsTerminal = guardsTerminal
        }
    }

    /// The scene being played.
    public let scene: any FrameSource
    /// The settings given at creation.
    public let configuration: Configuration

    /// The player's serial queue: the session's when there is one.
    private let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<Bool>()
    private let sink: any OutputSink
    /// The session the player draws in (given, or its own when it guards the terminal).
    private let session: TerminalSession?
    private let ownsSession: Bool

    // MARK: State (on `queue`)

    private var region: TerminalRegion
    private var sceneFrame = CellBuffer(width: 0, height: 0)
    private var frame = CellBuffer(width: 0, height: 0)
    private var bytes: [UInt8] = []
    private var footer: [FooterLine] = []
    private var footerCache: (lines: [FooterLine], width: Int, rows: [CellBuffer])?
    /// Set while drawing a last frame before giving the terminal back: scene only.
    private var hidesFooter = false
    private var terminalSize: TerminalSize?
    private var frameLoop: FrameLoop?
    private var started = false
    private var finished = false
    private var framesDrawn = 0
    private var changeHandler: (@Sendable (SceneChange) -> Void)?
    /// Set while ``finish()`` stops the scene on the queue.
    private var stoppingScene = false
    private var writeFailure: TerminalError?
    private var failureHandler: (@Sendable (TerminalError) -> Void)?

    /// Creates a player; nothing is written until ``start(paused:)``.
    ///
    /// - Parameters:
    ///   - scene: what to draw.
    ///   - configuration: fps, output and colour depth.
    ///   - sink: where bytes go, default standard output. Its size is read at
    ///     ``start(paused:)``, ``terminalResized()`` and before every frame.
    ///   - session: the terminal session to draw in (its queue becomes the player's; the player
    ///     joins it as a participant at ``start(paused:)``). When nil and
    ///     ``Configuration/guardsTerminal`` is on, frames go to a terminal and the sink reaches a
    ///     ``TerminalDevice`` (``OutputSink/terminalDevice``: a device, or a recorder teeing to
    ///     one), the player makes and owns a session of its own.
    public init(
        scene: any FrameSource, configuration: Configuration = Configuration(),
        sink: any OutputSink = TerminalDevice.standardOutput, session: TerminalSession? = nil
    ) {
        self.scene = scene
        self.configuration = configuration
        self.sink = sink
        if let session {
            self.session = session
            ownsSession = false
        } else if configuration.guardsTerminal, configuration.output != .plainText,
            let device = sink.terminalDevice, device.isTerminal
        {
            self.session = TerminalSession(configuration: .init(outputDevice: device))
            ownsSession = true
        } else {
            self.session = nil
            ownsSession = false
        }
        queue = self.session?.queue ?? DispatchQueue(label: "FoldCycle.player", qos: .userInteractive)
        region = TerminalRegion(
            placement: configuration.output == .fullscreen ? .fullscreen : .inline, depth: configuration.colorDepth)
        queue.setSpecific(key: queueKey, value: true)
    }

    /// Creates a player of a cycler's card (a ``CyclerScene``).
    ///
    /// - Parameters:
    ///   - cycler: the cycler to play (not launched yet, or launched: either works). Commands may
    ///     be sent to it directly from any thread.
    ///   - cardSize: the card's size in cells.
    ///   - style: card colours and alignment.
    ///   - cellAspect: a cell's height over its width, for transitions in world units.
    ///   - configuration: fps, output and colour depth.
    ///   - sink: where bytes go, default standard output.
    ///   - session: the terminal session to draw in (see ``init(scene:configuration:sink:session:)``).
    public convenience init<DataSource: CycleDataSource>(
        cycler: Cycler<DataSource>, cardSize: TerminalSize, style: CardStyle = CardStyle(), cellAspect: Double = 2,
        configuration: Configuration = Configuration(), sink: any OutputSink = TerminalDevice.standardOutput,
        session: TerminalSession? = nil
    ) where DataSource.Item == String {
        self.init(
            scene: CyclerScene(cycler: cycler, cardSize: cardSize, style: style, cellAspect: cellAspect),
            configuration: configuration, sink: sink, session: session)
    }

    /// Frames written so far (a measure of idle cost: it does not grow while nothing moves).
    public var frameCount: Int { onQueue { framesDrawn } }

    /// Calls `handler` for every scene change after the player has drawn it, on the player's
    /// queue.
    public func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?) {
        onQueue { changeHandler = handler }
    }

    /// Calls `handler` once, on the player's queue, when writing output fails (e.g. `EPIPE`: the
    /// reader of a pipe went away). Nothing more is written after a failure.
    public func setFailureHandler(_ handler: (@Sendable (TerminalError) -> Void)?) {
        onQueue { failureHandler = handler }
    }

    /// Reserves the region (or enters the alternate screen), draws the first frame, and starts
    /// the scene (a cycler's first tick one interval later), paused when `paused`. The sink is
    /// told the item on screen (``OutputSink/mark(_:)``) after the first frame and after each
    /// item settles.
    public func start(paused: Bool = false) {
        onQueue {
            guard !started else { return }
            started = true
            let queue = self.queue
            let queueKey = self.queueKey
            scene.setChangeHandler { [weak self] change in
                // While finish() stops the scene on this queue, the last change (the item that
                // settled) is handled at once, before the player is done; otherwise later, on
                // the queue.
                if DispatchQueue.getSpecific(key: queueKey) == true, let self, self.stoppingScene {
                    self.handle(change)
                    return
                }
                queue.async { [weak self] in self?.handle(change) }
            }
            if let session {
                session.addParticipant(self)
                if ownsSession { session.start() }
            }
            if configuration.output == .plainText {
                writePlain(scene.plainText(at: scene.clock.now))
            } else {
                terminalSize = sink.size
                region.begin(into: &bytes)
                drawFrame()
                sink.mark(scene.plainText(at: scene.clock.now))
            }
        }
        scene.start(paused: paused)
    }

    /// Replaces the lines under the scene and redraws (no-op in plain-text output).
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
            terminalSize = sink.size
            region.reset(into: &bytes)
            drawFrame()
        }
    }

    /// Gives the terminal back for a job-control stop (SIGTSTP): the region ends as on
    /// ``finish()`` (cursor shown, below the region or out of the alternate screen) while the
    /// scene keeps its state. ``resumeOutput()`` starts a new region at the cursor.
    public func suspendOutput() {
        onQueue {
            guard started, !finished, configuration.output != .plainText, region.isActive else { return }
            frameLoop?.stop()
            // As on finish(): the scene stays, the footer (a live command line) does not.
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
            terminalSize = sink.size
            region.begin(into: &bytes)
            drawFrame()
            if scene.isMoving(at: scene.clock.now) { startFrameLoop() }
        }
    }

    /// Stops the frame loop and the scene, draws the final frame (the scene without footer
    /// lines) and restores the terminal (cursor shown on the line below the scene, or the
    /// alternate screen left). Idempotent; safe from any thread, including the player's own
    /// change handler.
    ///
    /// - Returns: the first write error met while playing, if any (e.g. EPIPE).
    @discardableResult
    public func finish() -> TerminalError? {
        return onQueue {
            if started, !finished {
                stoppingScene = true
                scene.stop()
                stoppingScene = false
                session?.removeParticipant(self)
                frameLoop?.stop()
                scene.setChangeHandler(nil)
                if configuration.output != .plainText, region.isActive {
                    // The final frame keeps the scene and drops the footer (status, command line):
                    // they describe a session that is over.
                    hidesFooter = true
                    drawFrame()
                    region.end(into: &bytes)
                    flush()
                }
                finished = true
                // Its own session ends with it (modes and signal dispositions restored). On the
                // session's queue, which is this one: nothing waits for another queue.
                if ownsSession { session?.end() }
            } else if !started {
                scene.stop()
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

    private func handle(_ change: SceneChange) {
        guard !finished else { return }
        if configuration.output == .plainText {
            if case .settled(let text) = change { writePlain(text) }
        } else if scene.isMoving(at: scene.clock.now) {
            // The loop's first tick draws at once; a running loop draws the change on its next.
            startFrameLoop()
        } else {
            frameLoop?.stop()
            drawFrame()
        }
        // After the bytes that show it: a recorder's marker names the item now on screen.
        if configuration.output != .plainText, case .settled(let text) = change { sink.mark(text) }
        changeHandler?(change)
    }

    private func startFrameLoop() {
        if frameLoop == nil {
            frameLoop = FrameLoop(
                clock: scene.clock, framesPerSecond: configuration.framesPerSecond,
                queue: queue
            ) { [unowned self] in frameTick() }
        }
        frameLoop?.start()
    }

    /// One frame of the loop; returns whether the scene still moves.
    private func frameTick() -> Bool {
        guard !finished else { return false }
        // One reading of the clock for the frame and the question whether to go on: read twice,
        // a motion that ended in between would stop the loop with its last frame never drawn.
        let now = scene.clock.now
        drawFrame(at: now)
        // Nothing moves any more (settled, paused): no more ticks until the next change.
        return scene.isMoving(at: now)
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
                try sink.write(bytes)
            } catch {
                writeFailure = error
                failureHandler?(error)
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: - Composing a frame

    /// Draws the scene at `time` (default: now on the scene's clock).
    private func drawFrame(at time: TimeInterval? = nil) {
        guard started, !finished, region.isActive else { return }
        // Check the size before every frame (one ioctl), not only on SIGWINCH: a frame drawn for
        // a taller terminal than the one on screen would move the cursor past the bottom row.
        if sink.isTerminal, let size = sink.size, size != terminalSize {
            terminalSize = size
            region.reset(into: &bytes)
        }
        composeFrame(at: time ?? scene.clock.now)
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

    /// Lays out the scene and footer in the region: inline, the scene at the top-left and the
    /// footer under it; fullscreen, the scene centred and the footer on the last rows.
    private func composeFrame(at time: TimeInterval) {
        scene.render(at: time, into: &sceneFrame)
        let sceneSize = scene.frameSize
        let footer = hidesFooter ? [] : self.footer
        let needRows = sceneSize.rows + footer.count
        let size = terminalSize ?? TerminalSize(columns: max(sceneSize.columns, 80), rows: needRows)
        let footerWidth = footer.isEmpty ? 0 : size.columns
        let fullscreen = configuration.output == .fullscreen
        let width = fullscreen ? size.columns : min(size.columns, max(sceneSize.columns, footerWidth))
        let height = fullscreen ? size.rows : min(size.rows, needRows)
        frame.reset(width: max(width, 0), height: max(height, 0))
        guard width > 0, height > 0 else { return }

        let tooSmall = size.columns < sceneSize.columns || size.rows < needRows
        var lines = footer
        if tooSmall && !hidesFooter {
            // The notice takes the status line's place; the reply and command lines stay.
            let notice = FooterLine(
                "terminal too small: the card needs \(sceneSize.columns)x\(needRows), this is \(size)",
                attributes: .reverse)
            lines = [notice] + footer.dropFirst()
        }
        var footerRows = min(lines.count, height)
        if footerRows < lines.count {
            // Not even the footer fits: keep the notice (or status) and the last lines.
            lines = footerRows > 0 ? Array(lines.prefix(1) + lines.suffix(footerRows - 1)) : []
            footerRows = lines.count
        }
        let sceneRows = height - footerRows
        let origin: CellPosition
        if fullscreen {
            origin = CellPosition(
                column: max((width - sceneSize.columns) / 2, 0), row: max((sceneRows - sceneSize.rows) / 2, 0))
        } else {
            origin = .zero
        }
        frame.blit(sceneFrame, at: origin, clippingRows: sceneRows)
        for (offset, row) in footerCells(for: Array(lines.suffix(footerRows)), width: width).enumerated() {
            frame.blit(row, at: CellPosition(column: 0, row: height - footerRows + offset))
        }
    }
}

extension Player: TerminalSessionParticipant {
    /// Ctrl-Z: ``suspendOutput()``.
    public func sessionWillSuspend() { suspendOutput() }
    /// `fg`: ``resumeOutput()``.
    public func sessionDidResume() { resumeOutput() }
    /// SIGWINCH: ``terminalResized()``.
    public func sessionDidResize() { terminalResized() }
    /// The session ends: ``finish()``.
    public func sessionWillEnd() { finish() }
}
