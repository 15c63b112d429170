import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Plays a ``FrameSource`` (a cycler's card, a deck) in a terminal: the data flow's last stages
/// (scene → frame → region → encoder → output sink) driven by a `FrameLoop` that ticks only
/// while the scene moves, so nothing is drawn and no CPU is used while nothing moves.
///
/// - ``Output/inline`` and ``Output/fullscreen`` draw frames (see `TerminalRegion`) at up to
///   `framesPerSecond` frames per second: inline, a blank host line (``Configuration/keepsHostLine``),
///   the scene at the left and footer lines under it; fullscreen, the scene centred. The scene
///   re-fits the terminal's width (``FrameSource/fit(columns:)``) at start and after every
///   resize; what still does not fit is clipped (with a notice in place of the first footer
///   line, when there is a footer).
/// - ``Output/plainText`` (output is not a terminal): no escape bytes, no animation; each item
///   is written once as text when it settles (the first at ``start(paused:)``), flushed per item.
/// - ``Motion/reduced`` plays transitions as short cross-fades; ``Motion/none`` shows no scene:
///   each settled item is printed as a line above the footer (and a heartbeat line after
///   ``Configuration/heartbeatInterval`` seconds without one).
/// - The host writes its own output with ``print(_:terminator:)`` or ``write(_:)``: above an
///   inline region, which moves down (the screen scrolls up) with no half-drawn frame and no copy
///   of the card left behind; in plain-text output, in order with the items.
/// - If the process exits while the player draws (an early `exit` without ``finish()``), an
///   `atexit` handler gives the terminal back from bytes kept ready (`TerminalRegion/exitRestoration`),
///   without waiting for the player's queue.
///
/// Output mode, colour depth and motion are decided once, at creation, from the configuration,
/// the sink and the environment (`TerminalCapabilities`): ``output``, ``colorDepth``,
/// ``motion``.
///
/// Threading: all drawing state lives on one private serial queue; public methods may be called
/// from any thread. Timer and event handlers are `@Sendable` and never main-actor isolated.
public final class Player: Sendable {
    /// The scene's clock (``FrameSource/clock``, read once at creation): frames are drawn for its
    /// time. The scene itself is the player's, in ``state`` (``updateScene(as:_:)``,
    /// ``withScene(as:_:)``).
    let clock: any CycleClock
    /// The settings given at creation.
    public let configuration: Configuration
    /// The output mode in use (never ``Output/automatic``).
    public let output: Output
    /// The colour depth frames are encoded at.
    public let colorDepth: ColorDepth
    /// How much the scene moves.
    public let motion: Motion

    /// The player's serial queue: the session's when there is one.
    let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<Bool>()
    let guarded: GuardedOutput
    /// Writes frames in the background (a sink that reaches a terminal): nil writes on the queue.
    let writer: OutputWriter?
    var sink: any OutputSink { guarded.sink }
    /// The session the player draws in (given, or its own when it guards the terminal).
    private let session: TerminalSession?
    private let ownsSession: Bool

    /// Renders resting pictures (a second decode and the sixel or kitty encoding) off ``queue``,
    /// one at a time (docs/decisions/0220-pictures-at-rest-rendered-in-the-background.md).
    let pictureQueue = DispatchQueue(label: "FoldCycle.pictures", qos: .userInitiated)
    /// The picture the frame on screen waits for (``State/pictureWaiting``), read by
    /// ``pictureQueue`` to skip a picture that no longer rests before rendering it.
    let pictureWanted = LockedBox<RestingPictureRenderer.Key?>(nil)

    /// Everything that changes, confined to ``queue`` (`QueueConfined`).
    let state: QueueConfined<State>

    /// Set while ``finish()`` stops the scene on the queue (apart from ``state``: the scene's
    /// change handler reads it while the scene is being changed).
    let stoppingScene: QueueConfined<Bool>

    struct State {
        var region: TerminalRegion
        /// The scene played: the player's own value, changed only here, on the queue
        /// (docs/decisions/0252-the-scene-a-value-the-player-owns.md).
        var scene: any FrameSource
        var composer = FrameComposer()
        var sceneFrame = CellBuffer(width: 0, height: 0)
        var frame = CellBuffer(width: 0, height: 0)
        var bytes: [UInt8] = []
        var footer: [FooterLine] = []
        /// Set while drawing a last frame before giving the terminal back: scene only, no host line.
        var drawsFinalFrame = false
        var terminalSize: TerminalSize?
        var frameLoop: FrameLoop?
        var started = false
        var finished = false
        var framesDrawn = 0
        /// Frames not composed because the one before was still being written.
        var framesDropped = 0
        /// Whether a frame was dropped since the last one composed: one is drawn when the output
        /// catches up.
        var frameDeferred = false
        /// Marks (``OutputSink/mark(_:)``) waiting for the owed frame that shows their item.
        var pendingMarks: [String] = []
        var drawnRows = 0
        var rowsHandler: (@Sendable () -> Void)?
        var changeHandler: (@Sendable (SceneChange) -> Void)?
        var writeFailure: TerminalError?
        var failureHandler: (@Sendable (TerminalError) -> Void)?
        var frameObserver: (@Sendable (CellBuffer, TimeInterval, ColorDepth) -> Void)?
        var text: HostText
        /// Host text written while the alternate screen shows: it goes to the normal screen when
        /// the player leaves it.
        var heldForNormalScreen: [UInt8] = []
        var heartbeat: HeartbeatTimer?
        /// How a settled picture is drawn (``setPictureGraphics(_:)``).
        var graphics = PictureGraphics.cells
        /// The results of ``pictureQueue`` kept (the last few).
        var pictures = RestingPictureRenderer()
        /// Pictures submitted to ``pictureQueue`` and not back yet.
        var picturesPending: Set<RestingPictureRenderer.Key> = []
        /// The picture the last frame would have drawn but had no bytes for yet: drawn by the
        /// frame that follows its result, if it still rests then.
        var pictureWaiting: RestingPictureRenderer.Key?
        /// The picture drawn with terminal graphics over the frame on screen, and where (its
        /// area's top-left cell in the frame).
        var shownPicture: (resting: RestingPicture, at: CellPosition)?
    }

    /// Creates a player; nothing is written until ``start(paused:)``.
    ///
    /// - Parameters:
    ///   - scene: what to draw: copied into the player, whose own it is from then on (change it
    ///     with ``updateScene(as:_:)``, read it with ``withScene(as:_:)``; the models it shows,
    ///     such as a ``Cycler``, stay shared).
    ///   - configuration: fps, output, colour depth, motion and the rest.
    ///   - sink: where bytes go, default standard output (``TerminalDevice/standardError`` keeps
    ///     stdout for a tool's results; any descriptor works). Its size is read at
    ///     ``start(paused:)``, ``terminalResized()`` and before every frame, and taken as at most
    ///     `Limits/terminalColumns` × `Limits/terminalRows`.
    ///   - session: the terminal session to draw in (its queue becomes the player's; the player
    ///     joins it as a participant at ``start(paused:)``). When nil and
    ///     ``Configuration/guardsTerminal`` is on, frames go to a terminal and the sink reaches a
    ///     ``TerminalDevice`` (``OutputSink/terminalDevice``: a device, or a recorder teeing to
    ///     one), the player makes and owns a session of its own.
    public init(
        scene: any FrameSource, configuration: Configuration = Configuration(),
        sink: any OutputSink = TerminalDevice.standardOutput, session: TerminalSession? = nil
    ) {
        clock = scene.clock
        self.configuration = configuration
        guarded = GuardedOutput(sink: sink)
        let resolved = configuration.resolved(for: sink, environment: ProcessInfo.processInfo.environment)
        (output, colorDepth, motion) = resolved
        let text = HostText(drawsFrames: resolved.output != .plainText, separation: configuration.itemSeparation)
        if let session {
            self.session = session
            ownsSession = false
        } else if configuration.guardsTerminal, resolved.output != .plainText,
            let device = sink.terminalDevice, device.isTerminal
        {
            self.session = TerminalSession(configuration: .init(outputDevice: device))
            ownsSession = true
        } else {
            self.session = nil
            ownsSession = false
        }
        queue = self.session?.queue ?? DispatchQueue(label: "FoldCycle.player", qos: .userInteractive)
        let background = configuration.writesInBackground ?? (sink.terminalDevice != nil)
        writer = background && resolved.output != .plainText ? OutputWriter(output: guarded) : nil
        let region = TerminalRegion(
            placement: resolved.output == .fullscreen ? .fullscreen : .inline, depth: resolved.depth,
            hyperlinks: HyperlinkSupport.detect(
                choice: configuration.hyperlinks, environment: ProcessInfo.processInfo.environment,
                isTerminal: sink.isTerminal),
            // REP where the terminal is known to take it (docs/decisions/0255-rep-for-runs-of-one-glyph-where-the-terminal-takes-it.md).
            repeats: RepeatSupport.detect(environment: ProcessInfo.processInfo.environment, isTerminal: sink.isTerminal))
        state = QueueConfined(State(region: region, scene: scene, text: text), on: queue)
        stoppingScene = QueueConfined(false, on: queue)
        queue.setSpecific(key: queueKey, value: true)
    }

    /// Creates a player of a cycler's card (a ``CyclerScene``).
    ///
    /// - Parameters:
    ///   - cycler: the cycler to play (not launched yet, or launched: either works). Commands may
    ///     be sent to it directly from any thread.
    ///   - cardSize: the card's size in cells (narrower in a narrower terminal when `fitsWidth`).
    ///   - style: card colours and alignment.
    ///   - cellAspect: a cell's height over its width, for transitions in world units.
    ///   - fitsWidth: whether the card narrows to a narrower terminal, its text re-laid out with
    ///     lines cut by "…" (default true); false keeps the width and clips the card.
    ///   - configuration: fps, output, colour depth, motion and the rest.
    ///   - sink: where bytes go, default standard output.
    ///   - session: the terminal session to draw in (see ``init(scene:configuration:sink:session:)``).
    public convenience init<DataSource: CycleDataSource>(
        cycler: Cycler<DataSource>, cardSize: TerminalSize, style: CardStyle = CardStyle(), cellAspect: Double = 2,
        fitsWidth: Bool = true, configuration: Configuration = Configuration(),
        sink: any OutputSink = TerminalDevice.standardOutput, session: TerminalSession? = nil
    ) where DataSource.Item: CardContent {
        self.init(
            scene: CyclerScene(
                cycler: cycler, cardSize: cardSize, style: style, cellAspect: cellAspect, fitsWidth: fitsWidth),
            configuration: configuration, sink: sink, session: session)
    }

    /// Frames written so far (a measure of idle cost: it does not grow while nothing moves).
    public var frameCount: Int { onQueue { state.value.framesDrawn } }

    /// Frames not composed because the output was still writing the one before (a terminal
    /// reading slowly).
    package var droppedFrameCount: Int { onQueue { state.value.framesDropped } }

    /// Returns once every frame written in the background so far has reached the sink and the
    /// frame owed for the ones dropped meanwhile (if any) is written too, with the marks after it.
    package func waitForOutput() {
        guard let writer else { return }
        while true {
            writer.drain()
            // The writer's completion reaches the player's queue after the drain: let it run.
            let pending = onQueue { writer.isBusy || state.value.frameDeferred }
            if !pending {
                // Marks the completion enqueued after the owed frame (not counted as busy) run
                // on the writer's queue behind it: wait for them too.
                writer.drain()
                return
            }
        }
    }

    /// Calls `handler` for every scene change after the player has drawn it, on the player's
    /// queue.
    public func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?) {
        onQueue { state.value.changeHandler = handler }
    }

    /// Calls `handler` once, on the player's queue, when writing output fails (e.g. `EPIPE`: the
    /// reader of a pipe went away). Nothing more is written after a failure.
    public func setFailureHandler(_ handler: (@Sendable (TerminalError) -> Void)?) {
        onQueue { state.value.failureHandler = handler }
    }

    /// Calls `observer` on the player's queue with every frame it draws (the region's cells:
    /// scene, footer), the scene clock's time of the frame and the depth it is sent at; nil
    /// stops. An ``SVGRecorder`` is one.
    package func setFrameObserver(_ observer: (@Sendable (CellBuffer, TimeInterval, ColorDepth) -> Void)?) {
        onQueue { state.value.frameObserver = observer }
    }

    /// Calls `handler` on the player's queue after a frame with another number of rows than the
    /// one before has been submitted (the first one too): an inline region that grew scrolled
    /// the screen, so where it starts may have moved (the deck asks the terminal again, with
    /// ``afterFrames(_:)``, so that the question reaches the terminal after the frame).
    package func setRowsChangedHandler(_ handler: (@Sendable () -> Void)?) {
        onQueue { state.value.rowsHandler = handler }
    }

    /// Runs `body` after every frame submitted so far has been written: on the writer's queue
    /// when frames are written there, else on the player's queue. The session writes a request
    /// to the terminal (such as `CSI 6n`) this way, to its device and not through the sink: a
    /// recorder's cast holds frames, not questions. Nothing runs once the exit path has run or
    /// a write has failed.
    package func afterFrames(_ body: @escaping @Sendable () -> Void) {
        onQueue {
            guard state.value.writeFailure == nil, !state.value.finished else { return }
            if let writer {
                writer.enqueue(body)
            } else {
                body()
            }
        }
    }

    /// Reserves the region (or enters the alternate screen), draws the first frame, and starts
    /// the scene (a cycler's first tick one interval later), paused when `paused`. The sink is
    /// told the item on screen (``OutputSink/mark(_:)``) after the first frame and after each
    /// item settles.
    public func start(paused: Bool = false) {
        onQueue {
            guard !state.value.started else { return }
            state.value.started = true
            let queue = self.queue
            let queueKey = self.queueKey
            let motion = self.motion
            state.value.scene.setMotion(motion)
            let handler: @Sendable (SceneChange) -> Void = { [weak self] change in
                // While finish() stops the scene on this queue, the last change (the item that
                // settled) is handled at once, before the player is done; otherwise later, on
                // the queue.
                if DispatchQueue.getSpecific(key: queueKey) == true, let self, self.stoppingScene.value {
                    self.handle(change)
                    return
                }
                queue.async { [weak self] in self?.handle(change) }
            }
            changeScene { $0.setChangeHandler(handler) }
            if let session {
                session.addParticipant(self)
                if ownsSession { session.start() }
            }
            if output == .plainText {
                writeItem(scenePlainText())
            } else {
                let colorDepth = self.colorDepth
                state.value.scene.setColorDepth(colorDepth)
                state.value.terminalSize = sink.size?.bounded
                fitScene()
                state.withValue { $0.region.begin(into: &$0.bytes) }
                guarded.guardExit()
                if motion == .none {
                    // The first item as a line, and the region (the footer) drawn below it.
                    writeItem(scenePlainText())
                } else {
                    drawFrame()
                }
                sink.mark(scenePlainText())
            }
            // Its first events (a cycler's `started`) reach the handler, which queues them.
            changeScene { $0.start(paused: paused) }
        }
    }

    /// Replaces the lines under the scene and redraws (no-op in plain-text output).
    public func setFooter(_ lines: [FooterLine]) {
        queue.async { [self] in
            guard state.value.footer != lines else { return }
            state.value.footer = lines
            if state.value.started, !state.value.finished, output != .plainText { requestFrame() }
        }
    }

    /// Writes `text` and `terminator` as the host's own output: above the live region, which
    /// moves down, as lines (a last line without a line feed waits for the rest of its line, or
    /// for ``finish()``); or, in plain-text output, at once, in order with the items. The text is
    /// data: controls become visible pictures and tabs spaces (``TextLayout/plainText(_:)``).
    /// With the alternate screen (``Output/fullscreen``) it is written to the normal screen
    /// when the player leaves it. Returns once the text is written (or held). Output written by
    /// other means: docs/DESIGN.md#embedding (the host line).
    public func print(_ text: String, terminator: String = "\n") {
        onQueue { writeHost(state.value.text.printed(text + terminator)) }
    }

    /// Writes raw bytes as the host's own output, as ``print(_:terminator:)`` does but unchanged
    /// (colours and styles of the host's making; a line feed relies on the tty's ONLCR, or write
    /// `\r\n`). They must leave the cursor at the start of a line with default attributes, as
    /// they found it.
    public func write(_ bytes: [UInt8]) {
        onQueue { writeHost(bytes) }
    }

    /// Re-reads the terminal size, re-fits the scene and redraws the region from scratch (call on
    /// SIGWINCH).
    public func terminalResized() {
        queue.async { [self] in
            guard state.value.started, !state.value.finished, output != .plainText else { return }
            state.value.terminalSize = sink.size?.bounded
            fitScene()
            state.withValue {
                // The new width: the erase reaches the whole row (TerminalRegion.reset(into:)).
                $0.region.terminalColumns = $0.terminalSize?.columns
                $0.region.reset(into: &$0.bytes)
            }
            requestFrame()
        }
    }

    /// Gives the terminal back for a job-control stop (SIGTSTP): the region ends as on
    /// ``finish()`` (cursor shown, below the region or out of the alternate screen) while the
    /// scene keeps its state. ``resumeOutput()`` starts a new region at the cursor.
    public func suspendOutput() {
        onQueue {
            guard state.value.started, !state.value.finished, output != .plainText, state.value.region.isActive else {
                return
            }
            state.value.frameLoop?.stop()
            cancelHeartbeat()
            giveTerminalBack()
        }
    }

    /// Takes the terminal back after ``suspendOutput()`` (on SIGCONT): a new region at the
    /// cursor, drawn in full.
    public func resumeOutput() {
        onQueue {
            guard state.value.started, !state.value.finished, output != .plainText, !state.value.region.isActive else {
                return
            }
            state.value.region = TerminalRegion(
                placement: state.value.region.placement, depth: state.value.region.depth,
                hyperlinks: state.value.region.hyperlinks, repeats: state.value.region.repeats)
            state.value.region.graphicsRemoval = Self.removal(for: state.value.graphics)
            state.value.terminalSize = sink.size?.bounded
            fitScene()
            state.withValue { $0.region.begin(into: &$0.bytes) }
            drawFrame()
            if sceneIsMoving(at: clock.now) { startFrameLoop() }
            scheduleHeartbeat()
        }
    }

    /// Stops the frame loop and the scene, draws the final frame (the scene without footer
    /// lines or host line, or nothing at all when ``Configuration/isTransient``) and restores
    /// the terminal (cursor shown on the line below the scene, or where the region began, or the
    /// alternate screen left). Idempotent; safe from any thread, including the player's own
    /// change handler.
    ///
    /// - Returns: the first write error met while playing, if any (e.g. EPIPE).
    @discardableResult
    public func finish() -> TerminalError? {
        return onQueue {
            if state.value.started, !state.value.finished {
                stoppingScene.value = true
                changeScene { $0.stop() }
                stoppingScene.value = false
                session?.removeParticipant(self)
                state.value.frameLoop?.stop()
                cancelHeartbeat()
                changeScene { $0.setChangeHandler(nil) }
                if output != .plainText, state.value.region.isActive { giveTerminalBack() }
                guarded.releaseExitGuard()
                state.value.finished = true
                // Its own session ends with it (modes and signal dispositions restored). On the
                // session's queue, which is this one: nothing waits for another queue.
                if ownsSession { session?.end() }
            } else if !state.value.started {
                changeScene { $0.stop() }
            }
            writer?.drain()
            return state.value.writeFailure
        }
    }

    /// Draws a settled picture (the scene's ``RestingPictureSource/restingPicture(at:)``) with
    /// `graphics` over its cells from the next frame on (docs/decisions/0154-pictures-at-rest.md);
    /// ``PictureGraphics/cells`` (the default) draws cells only. The player takes the picture
    /// off (its cells drawn again, a kitty image deleted) when motion starts, on a resize, a
    /// suspend and at the end.
    package func setPictureGraphics(_ graphics: PictureGraphics) {
        onQueue {
            guard state.value.graphics != graphics else { return }
            if let shown = state.value.shownPicture {
                // Drawn for the old graphics (another cell size, limit or protocol): its cells are
                // drawn again, and the picture for the new ones over them when it is rendered.
                state.withValue {
                    $0.region.invalidate(
                        column: shown.at.column, row: shown.at.row, columns: shown.resting.columns,
                        rows: shown.resting.rows)
                    $0.bytes += $0.region.graphicsRemoval
                }
                state.value.shownPicture = nil
            }
            state.value.graphics = graphics
            state.value.region.graphicsRemoval = Self.removal(for: graphics)
            if state.value.started, !state.value.finished, output != .plainText { drawFrame() }
        }
    }

    /// How a settled picture is drawn now (``setPictureGraphics(_:)``).
    package var pictureGraphics: PictureGraphics { onQueue { state.value.graphics } }

    /// What takes graphics of `graphics` off the screen besides drawing the cells again: a
    /// kitty image's deletion (a sixel image is part of the screen, which the cells replace).
    private static func removal(for graphics: PictureGraphics) -> [UInt8] {
        if case .kitty = graphics { return KittyGraphicsEncoder.delete() }
        return []
    }

    /// The bytes an early exit would write now (``TerminalRegion/exitRestoration``).
    func restorationAtExit() -> [UInt8] { onQueue { state.value.region.exitRestoration } }

    // MARK: - Queue work

    func onQueue<T>(_ body: () -> T) -> T {
        if DispatchQueue.getSpecific(key: queueKey) == true { return body() }
        return queue.sync(execute: body)
    }

    private func handle(_ change: SceneChange) {
        guard !state.value.finished else { return }
        if output == .plainText {
            if case .settled(let text) = change { writeItem(text) }
        } else if motion == .none {
            // No scene on screen: the settled item is printed above the footer.
            if case .settled(let text) = change { writeItem(text) }
        } else if sceneIsMoving(at: clock.now) {
            // The loop's first tick draws at once; a running loop draws the change on its next.
            startFrameLoop()
        } else {
            state.value.frameLoop?.stop()
            requestFrame()
        }
        // After the bytes that show it: a recorder's marker names the item now on screen.
        if output != .plainText, case .settled(let text) = change { mark(text) }
        state.value.changeHandler?(change)
    }

    private func startFrameLoop() {
        if state.value.frameLoop == nil {
            state.value.frameLoop = FrameLoop(
                clock: clock, framesPerSecond: configuration.framesPerSecond,
                queue: queue
            ) { [unowned self] in frameTick() }
        }
        state.value.frameLoop?.start()
    }

    /// One frame of the loop; returns whether the scene still moves.
    private func frameTick() -> Bool {
        guard !state.value.finished else { return false }
        // One reading of the clock for the frame and the question whether to go on: read twice,
        // a motion that ended in between would stop the loop with its last frame never drawn.
        let now = clock.now
        let wasMoving = sceneIsMoving(at: now)
        requestFrame(at: now)
        // Nothing moves any more (settled, paused): no more ticks until the next change.
        guard sceneIsMoving(at: now) else {
            // The motion ended while the frame was composed (a deck's settle timer, on its own
            // queue, landed the card): that frame may show it in mid-air and no change follows,
            // so the settled frame is drawn now (docs/decisions/0259-a-motion-that-ends-during-a-frame.md).
            if wasMoving { requestFrame(at: max(now, clock.now)) }
            return false
        }
        return true
    }

    /// The scene lays itself out for the terminal's width (or its whole size, for a scene sized
    /// to the terminal: ``TerminalSizedScene``).
    func fitScene() {
        guard let size = state.value.terminalSize, size.columns > 0 else { return }
        state.withValue { state in
            if var sized = state.scene as? any TerminalSizedScene {
                let fitted = sized.fit(terminal: size)
                state.scene = sized
                if fitted { return }
            }
            state.scene.fit(columns: size.columns)
        }
    }

    /// Whether the scene moves at `time` (``FrameSource/isMoving(at:)``), asked in place.
    func sceneIsMoving(at time: TimeInterval) -> Bool {
        state.withValue { $0.scene.isMoving(at: time) }
    }

    /// What the scene shows now, as text (``FrameSource/plainText(at:)``).
    func scenePlainText() -> String {
        let now = clock.now
        return state.withValue { $0.scene.plainText(at: now) }
    }

    /// Runs `body` on a copy of the scene and keeps the copy: for the scene's methods that may
    /// call its change handler at once (start, stop, a new handler), which reads the player's
    /// state. On the queue; the copy costs a reference count (the card's storage is shared until
    /// the next frame changes it, once).
    func changeScene<Result>(_ body: (inout any FrameSource) -> Result) -> Result {
        var scene = state.value.scene
        let result = body(&scene)
        state.value.scene = scene
        return result
    }

    /// Ends the region (suspend or finish): the host's partial line above it, then the final
    /// frame (or nothing, transient), then host text held back from the alternate screen.
    private func giveTerminalBack() {
        let partial = state.value.text.takePartialLine()
        if !partial.isEmpty {
            if output == .inline { writeAbove(partial) } else { state.value.heldForNormalScreen += partial }
        }
        if configuration.isTransient {
            // The erase takes a sixel image with the rows; a kitty image is deleted.
            if state.value.shownPicture != nil {
                state.withValue { $0.bytes += $0.region.graphicsRemoval }
                state.value.shownPicture = nil
            }
            state.withValue { $0.region.end(into: &$0.bytes, erasing: true) }
        } else {
            // The final frame keeps the scene and drops the footer (status, command line) and
            // the host line: they describe a session that is over.
            state.value.drawsFinalFrame = true
            drawFrame()
            state.value.drawsFinalFrame = false
            state.withValue { $0.region.end(into: &$0.bytes) }
        }
        state.withValue {
            $0.bytes += $0.heldForNormalScreen
            $0.heldForNormalScreen.removeAll()
        }
        flush()
        // The final frame shows the items of any marks held for an owed frame.
        state.value.frameDeferred = false
        releaseMarks()
    }

}
