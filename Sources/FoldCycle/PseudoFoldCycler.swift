internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The design card's cycler: a card that swaps its items through two slots on a Dispatch timer,
/// in any of four directions, with the fold (or any transition of the family), drawn as ANSI
/// frames in the terminal.
///
/// ```swift
/// let cycler = try PseudoFoldCycler(items: ["Search by name or email", "搜索姓名、手机号或邮箱"], direction: .up)
/// cycler.start()          // the first fold one interval later, then one every interval
/// cycler.print("working") // host output scrolls above the card
/// cycler.finish()         // the terminal given back
/// ```
///
/// The controls follow the card: ``start()``, ``pause()``, ``stop()``, plus ``resume()``,
/// ``next()``, ``previous()``, ``print(_:)`` and ``finish()``. The fold's geometry is readable
/// without a clock (``transforms(atProgress:)``, the card's "affine scale+translate pair"), and
/// so is one frame (``frame(atProgress:colorDepth:)``, ``lines(atProgress:)``); a running
/// transition's state is read at a time (``transforms(atTime:)``, ``progress(atTime:)``).
///
/// Built on the seams, not beside them: ``cycler`` is the ``Cycler`` that keeps the schedule
/// and the two slots, ``player`` the ``Player`` that draws it; both may be used directly. The
/// semantics are in docs/DESIGN.md and the <doc:GettingStarted> article.
///
/// Thread safety: every method may be called from any thread.
public final class PseudoFoldCycler: Sendable {
    /// The items' plain text, in cycling order (at least one; ``cycler`` can insert, remove and
    /// replace them): what identifies each item (without its styles).
    public var items: [String] { cycler.withDataSource { $0.items.map(\.plainText) } }
    /// The items with their styles, in cycling order.
    public var styledItems: [StyledString] { cycler.withDataSource { $0.items } }
    /// The cycler that schedules the transitions (its clock, state and events).
    public let cycler: Cycler<ArrayDataSource<StyledString>>
    /// The player that draws the card.
    public let player: Player
    /// The card's size in cells (the slot size the transforms are computed for).
    public let cardSize: TerminalSize
    /// The card's colours and alignment.
    public let cardStyle: CardStyle
    /// A cell's height over its width, for the cube's and the flip's perspective.
    public let cellAspect: Double

    // Whether the card has been given back (the controls are inert then); the player's own
    // state is on its queue.
    private let finished = LockedBox(false)

    /// Creates a stopped card showing `items[0]`; nothing is drawn until ``start()``.
    ///
    /// - Parameters:
    ///   - items: the texts to cycle, at least one; a text may hold several lines and ANSI
    ///     escape sequences (as Rainbow or Noora style a string), read as
    ///     ``Configuration-swift.struct/ansi`` says.
    ///   - direction: where content moves; default `.down`.
    ///   - interval: seconds between transitions; finite and ≥ 0.001 (1 ms,
    ///     ``Cycler/minimumInterval``). Default 2.
    ///   - configuration: the rest of the card: duration, transition, timing, size, style, the
    ///     player's settings (``Configuration-swift.struct``); default everything default.
    ///   - output: where frames go; default standard output (any ``OutputSink``: a file, a
    ///     recorder, a test's ``CapturingSink``). Not a terminal: each item is printed once as text.
    ///   - clock: the time source; ``DispatchClock`` by default, ``ManualClock`` in tests.
    /// - Throws: ``CyclerError/noItems``, ``CyclerError/invalidInterval(_:)``,
    ///   ``CyclerError/invalidDuration(_:interval:)`` when the duration is not shorter than the
    ///   interval (its message names both values), or ``CyclerError/invalidCardSize(columns:rows:)``.
    public convenience init(
        items: [String], direction: TransitionDirection = .down, interval: TimeInterval = 2,
        configuration: Configuration = Configuration(), output: any OutputSink = TerminalDevice.standardOutput,
        clock: any CycleClock = DispatchClock()
    ) throws(CyclerError) {
        try self.init(
            styledItems: items.map(configuration.ansi.styledString), direction: direction, interval: interval,
            configuration: configuration, output: output, clock: clock)
    }

    /// Creates a stopped card showing `styledItems[0]` with its styles (as
    /// ``init(items:direction:interval:configuration:output:clock:)``; the configuration's
    /// ``Configuration-swift.struct/ansi`` does not apply: the styles are given).
    ///
    /// - Parameters:
    ///   - styledItems: the styled texts to cycle, at least one; a text may hold several lines.
    ///   - direction: where content moves; default `.down`.
    ///   - interval: seconds between transitions; finite and ≥ 0.001. Default 2.
    ///   - configuration: the rest of the card (``Configuration-swift.struct``).
    ///   - output: where frames go; default standard output.
    ///   - clock: the time source; ``DispatchClock`` by default, ``ManualClock`` in tests.
    /// - Throws: as ``init(items:direction:interval:configuration:output:clock:)``.
    public init(
        styledItems: [StyledString], direction: TransitionDirection = .down, interval: TimeInterval = 2,
        configuration: Configuration = Configuration(), output: any OutputSink = TerminalDevice.standardOutput,
        clock: any CycleClock = DispatchClock()
    ) throws(CyclerError) {
        cycler = try Cycler(
            dataSource: ArrayDataSource(styledItems), interval: interval, duration: configuration.duration,
            style: TransitionStyle(
                kind: configuration.transition, direction: direction, timingFunction: configuration.timingFunction),
            clock: clock)
        if let cardSize = configuration.cardSize, cardSize.bounded != cardSize {
            throw .invalidCardSize(columns: cardSize.columns, rows: cardSize.rows)
        }
        let size = configuration.cardSize ?? CardScene.fittingSize(for: styledItems).bounded
        self.cardSize = size
        self.cardStyle = configuration.cardStyle
        self.cellAspect = configuration.cellAspect
        player = Player(
            cycler: cycler, cardSize: size, style: configuration.cardStyle, cellAspect: configuration.cellAspect,
            configuration: configuration.player, sink: output)
    }

    /// A card dropped without ``finish()`` finishes: its timer stops and the terminal is given
    /// back (cursor shown, modes restored), so a card left behind neither keeps drawing nor
    /// leaves the terminal raw.
    deinit {
        if !isFinished { player.finish() }
    }

    // MARK: - The card's controls

    /// Starts cycling. The first time: draws the card and starts the timer, the first
    /// transition one interval later. After ``stop()``: a transition begins at once, then one
    /// every interval. While paused: resumes. While running, or after ``finish()``: nothing.
    public func start() {
        guard !isFinished else { return }
        player.start()
        if cycler.state != .running { cycler.start() }
    }

    /// Freezes the timer and an in-flight transition at its exact progress (Core Animation's
    /// layer pause). Only while running.
    public func pause() {
        guard !isFinished else { return }
        cycler.pause()
    }

    /// Continues from where ``pause()`` froze; the schedule shifts by the paused time.
    public func resume() {
        guard !isFinished else { return }
        cycler.resume()
    }

    /// Cancels the timer and settles an in-flight transition on its incoming item; a later
    /// ``start()`` works.
    public func stop() {
        guard !isFinished else { return }
        cycler.stop()
    }

    /// One transition now, in ``direction``; while running, the next tick is a full interval
    /// later.
    public func next() {
        guard !isFinished else { return }
        cycler.next()
    }

    /// One transition now, in the opposite direction (mid-transition: reverses it from where
    /// it is).
    public func previous() {
        guard !isFinished else { return }
        cycler.previous()
    }

    /// Writes a line of the host's own output above the card, which moves down: whole, in
    /// order, with nothing of the card left behind (in plain-text output: in order with the
    /// items). The text is data: controls become visible pictures.
    public func print(_ text: String) {
        player.print(text)
    }

    /// Stops the timer, draws the last frame and gives the terminal back (cursor shown, below
    /// the card). Idempotent; the controls do nothing afterwards.
    ///
    /// - Returns: the first write error met while drawing, if any (e.g. `EPIPE`).
    @discardableResult
    public func finish() -> TerminalError? {
        finished.withLock { $0 = true }
        return player.finish()
    }

    private var isFinished: Bool { finished.withLock { $0 } }

    // MARK: - State

    /// Running, paused or stopped.
    public var state: CyclerState { cycler.state }

    /// The index of the item shown (the one an in-flight transition lands on).
    public var index: Int { cycler.index }

    /// Where content moves for ``next()`` and the timer's transitions; a change applies to
    /// transitions that begin afterwards.
    public var direction: TransitionDirection {
        get { cycler.direction }
        set { cycler.direction = newValue }
    }

    /// Seconds between transitions.
    public var interval: TimeInterval { cycler.interval }

    /// Seconds each transition runs (always shorter than ``interval``).
    public var duration: TimeInterval { cycler.duration }

    // MARK: - Geometry and frames without a clock

    /// The fold's two transforms at eased progress `progress`, for ``direction`` and
    /// ``cardSize``: the card's "affine scale+translate pair".
    ///
    /// In cells about the slot's centre (CGAffineTransform's `a b c d tx ty`, y down); the
    /// keyframes and their interpolation: docs/DESIGN.md#fold-keyframes.
    ///
    /// - Parameter progress: 0 ... 1 (values outside extrapolate).
    /// - Returns: `(outgoing, incoming)`.
    public func transforms(atProgress progress: Double) -> (outgoing: LayerTransform, incoming: LayerTransform) {
        FoldTransition(direction: direction, slotSize: slotSize).transforms(atProgress: progress)
    }

    /// The in-flight transition's slot transforms at `time` on the cycler's clock, when a
    /// transition is in flight and its slots are affine (the fold, push, move-in, reveal and
    /// fade); nil when the card is at rest or the transition turns in perspective (read the
    /// cube's and flip's ``Transform3D`` through ``cycler``'s ``Cycler/snapshot(at:)``).
    ///
    /// - Parameter time: seconds on the cycler's clock; nil for now.
    public func transforms(atTime time: TimeInterval? = nil) -> (outgoing: LayerTransform, incoming: LayerTransform)? {
        guard let transition = cycler.snapshot(at: time).transition else { return nil }
        let frame = transition.frame(slotSize: slotSize, cellAspect: cellAspect)
        guard let outgoing = frame.presentation(of: .outgoing)?.affineTransform,
            let incoming = frame.presentation(of: .incoming)?.affineTransform
        else { return nil }
        return (outgoing, incoming)
    }

    /// The in-flight transition's eased progress at `time` (frozen while paused); nil at rest.
    ///
    /// - Parameter time: seconds on the cycler's clock; nil for now.
    public func progress(atTime time: TimeInterval? = nil) -> Double? {
        guard let transition = cycler.snapshot(at: time).transition else { return nil }
        return transition.style.timingFunction.progress(at: transition.t)
    }

    /// One interpolated frame at eased progress `progress`: of the in-flight transition, or at
    /// rest from the shown item to the next with the cycler's transition: the ANSI bytes that draw it as rows at
    /// the cursor (SGR colours at `colorDepth`, rows joined by CR LF, inside synchronized
    /// output, ending with an SGR reset).
    ///
    /// - Parameters:
    ///   - progress: 0 ... 1.
    ///   - colorDepth: default the player's.
    public func frame(atProgress progress: Double, colorDepth: ColorDepth? = nil) -> String {
        let depth = colorDepth ?? player.colorDepth
        let cells = composed(atProgress: progress, colorDepth: depth)
        var encoder = ANSIEncoder(mode: .inline, depth: depth)
        var bytes: [UInt8] = []
        encoder.encodeFull(cells, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same frame as ``frame(atProgress:colorDepth:)`` as plain text, one string per row
    /// (block eighths where an edge crosses a cell; no colour).
    ///
    /// - Parameter progress: 0 ... 1.
    public func lines(atProgress progress: Double) -> [String] {
        // Composed at truecolor: without colour a terminal is drawn no edge blocks, but these lines
        // show them.
        PlainTextEncoder.lines(composed(atProgress: progress, colorDepth: .truecolor))
    }

    private var slotSize: LayerSize { LayerSize(width: cardSize.columns, height: cardSize.rows) }

    /// The card composed at `progress`: the in-flight transition's two items and style, or at
    /// rest the shown item and the next with the cycler's style (a fresh scene per call:
    /// nothing shared between threads).
    private func composed(atProgress progress: Double, colorDepth: ColorDepth) -> CellBuffer {
        let snapshot = cycler.snapshot()
        let outgoing: (index: Int, content: StyledString)
        let incoming: (index: Int, content: StyledString)
        var style = cycler.style
        if let transition = snapshot.transition {
            outgoing = (transition.outgoingConfiguredIndex, transition.outgoingItem)
            incoming = (transition.incomingConfiguredIndex, transition.incomingItem)
            style = transition.style
        } else {
            let shown = snapshot.index
            outgoing = (snapshot.configuredIndex, snapshot.item)
            incoming = cycler.withDataSource { items in
                let next = (shown + 1) % items.count
                return (next, items.item(at: next))
            }
        }
        // Linear timing: the frame's fraction complete is the progress itself.
        style.timingFunction = .linear
        let frame = style.transition(slotSize: slotSize, cellAspect: cellAspect).frame(atFractionComplete: progress)
        var scene = CardScene(cardSize: cardSize, style: cardStyle, cellAspect: cellAspect)
        scene.compositor.colorDepth = colorDepth
        var cells = CellBuffer(width: cardSize.columns, height: cardSize.rows)
        scene.render(
            frame, outgoing: outgoing, incoming: incoming, into: &cells)
        return cells
    }
}
