internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``Cycler``'s card as a ``FrameSource``: the settled item, or its in-flight transition's
/// slots, composed by a ``CardScene``.
///
/// - Size: the card is ``preferredSize`` where the terminal is wide enough; with ``fitsWidth``
///   it narrows to the terminal (``fit(columns:)``), re-laid out with lines cut by "…", and
///   grows back when the terminal does.
/// - Motion (``setMotion(_:)``): ``Motion/full`` plays each transition as styled;
///   ``Motion/reduced`` plays every transition as a cross-fade of at most
///   `Motion/reducedCrossFadeDuration` from its begin (or, reversed, in its last moments), so
///   nothing moves; ``Motion/none`` shows the item each transition lands on at once.
///
/// A value the player owns (docs/decisions/0252-the-scene-a-value-the-player-owns.md): give it to
/// a ``Player``, which keeps it on its queue and calls its drawing methods there; change it
/// through ``Player/updateScene(as:_:)``. The cycler is a shared, thread-safe model: commands
/// may be sent to it from any thread, and the scene reports its events through the change handler.
public struct CyclerScene<DataSource: CycleDataSource>: FrameSource, Sendable
where DataSource.Item: CardContent {
    /// The cycler shown. Commands may be sent to it directly from any thread.
    public let cycler: Cycler<DataSource>
    /// Composes the card: this scene's own.
    private var card: CardScene
    /// The card's size when the terminal is wide enough, in cells (the CLI widens it for wider
    /// items read while it plays).
    public private(set) var preferredSize: TerminalSize
    /// The columns last given to ``fit(columns:)`` (the terminal's width), nil before.
    private var fittedColumns: Int?
    /// Whether the card narrows to a narrower terminal (true) or keeps its width and is clipped.
    public let fitsWidth: Bool
    /// How much the card moves (``setMotion(_:)``).
    private var motion = Motion.full
    /// The handler given to ``setChangeHandler(_:)``, which the cycler's observer calls.
    private var changeHandler: (@Sendable (SceneChange) -> Void)?
    /// The observer of the cycler that reports to ``changeHandler`` (removed by ``stop()``).
    private var observerToken: Int?
    /// Sizes the card to the terminal (a slideshow of pictures, decision 0196): given, the card
    /// is `cardSize(terminal)` at start and after every resize, growing and shrinking, instead
    /// of narrowing from ``preferredSize``. Set through ``Player/updateScene(as:_:)`` before the
    /// player starts.
    package var terminalCardSize: (@Sendable (TerminalSize) -> TerminalSize)?

    /// Creates the scene.
    ///
    /// - Parameters:
    ///   - cycler: the cycler to show.
    ///   - cardSize: the card's size in cells (its ``preferredSize``).
    ///   - style: colours and alignment.
    ///   - cellAspect: a cell's height over its width (> 0), for transitions in world units.
    ///   - fitsWidth: whether the card narrows to a terminal narrower than `cardSize` (default
    ///     true; false keeps the width, and the player clips the card at the terminal's edge).
    public init(
        cycler: Cycler<DataSource>, cardSize: TerminalSize, style: CardStyle = CardStyle(),
        cellAspect: Double = 2, fitsWidth: Bool = true
    ) {
        self.cycler = cycler
        preferredSize = cardSize
        self.fitsWidth = fitsWidth
        card = CardScene(cardSize: cardSize, style: style, cellAspect: cellAspect)
    }

    /// The card's current size (``preferredSize``, or narrower after ``fit(columns:)``).
    public var frameSize: TerminalSize { card.cardSize }

    /// The cycler's clock.
    public var clock: any CycleClock { cycler.clock }

    /// The card at `time`: the settled item, or the transition frame at the snapshot's `t` (as
    /// the motion allows).
    public mutating func render(at time: TimeInterval, into frame: inout CellBuffer) {
        Self.render(cycler.snapshot(at: time), motion: motion, card: &card, into: &frame)
    }

    private static func render(
        _ snapshot: CyclerSnapshot<DataSource.Item>, motion: Motion, card: inout CardScene,
        into frame: inout CellBuffer
    ) {
        guard let transition = snapshot.transition, motion != .none else {
            // The look follows the index the item came on screen with (docs/DESIGN.md#live-item-changes).
            card.render(index: snapshot.configuredIndex, content: snapshot.item.styledString, into: &frame)
            return
        }
        let size = LayerSize(width: card.cardSize.columns, height: card.cardSize.rows)
        let state: TransitionFrame
        switch motion {
        case .full, .none:
            state = transition.frame(slotSize: size, cellAspect: card.cellAspect)
        case .reduced:
            // At colour depth none there is nothing to blend: the card switches at once.
            let progress =
                card.compositor.colorDepth == .none
                ? 1 : Self.crossFadeProgress(t: transition.t, duration: transition.duration)
            state = TransitionStyle(kind: .fade, direction: transition.style.direction, timingFunction: .linear)
                .transition(slotSize: size, cellAspect: card.cellAspect)
                .frame(atFractionComplete: progress)
        }
        card.render(
            state, outgoing: (transition.outgoingConfiguredIndex, transition.outgoingItem.styledString),
            incoming: (transition.incomingConfiguredIndex, transition.incomingItem.styledString), into: &frame)
    }

    /// The cross-fade's progress under reduced motion at normalized time `t` of a transition of
    /// `duration` seconds: 0 → 1 over the first ``Motion/reducedCrossFadeDuration`` seconds (or
    /// the whole duration when shorter), then 1. A reversed transition runs `t` back down, so it
    /// fades back over its last moments.
    static func crossFadeProgress(t: Double, duration: TimeInterval) -> Double {
        let fade = min(Motion.reducedCrossFadeDuration, duration)
        guard fade > 0 else { return 1 }
        return min(max(t * duration / fade, 0), 1)
    }

    /// Whether the frame changes with time: a transition playing (not frozen by a pause) that
    /// the motion shows moving.
    public func isMoving(at time: TimeInterval) -> Bool {
        guard cycler.isAnimating else { return false }
        switch motion {
        case .full: return true
        case .none: return false
        case .reduced:
            guard let transition = cycler.snapshot(at: time).transition else { return false }
            // Forward, the fade is done once it reaches 1; reversed, it must be drawn until it lands.
            return transition.isReversed || Self.crossFadeProgress(t: transition.t, duration: transition.duration) < 1
        }
    }

    /// The shown item (the one a transition lands on).
    public func plainText(at time: TimeInterval) -> String {
        cycler.snapshot(at: time).item.plainText
    }

    /// Narrows the card to `columns` (never below 1 nor above ``preferredSize``) when it
    /// ``fitsWidth``; the layouts are made again.
    public mutating func fit(columns: Int) {
        guard fitsWidth else { return }
        fittedColumns = columns
        card.cardSize = TerminalSize(columns: max(min(preferredSize.columns, columns), 1), rows: preferredSize.rows)
    }

    /// Widens ``preferredSize`` to `columns` when that is wider (never narrows it), and the card
    /// with it as far as the terminal's width last given to ``fit(columns:)``: a list read while
    /// it plays, whose later items are wider than the first (the CLI's streamed slideshow,
    /// docs/decisions/0262-a-streamed-card-widens-for-wider-items.md). Nothing for a card that
    /// keeps its width (``fitsWidth`` false) or is sized to the terminal.
    package mutating func widen(toColumns columns: Int) {
        guard fitsWidth, terminalCardSize == nil, columns > preferredSize.columns else { return }
        preferredSize.columns = columns
        card.cardSize = TerminalSize(
            columns: max(min(columns, fittedColumns ?? columns), 1), rows: preferredSize.rows)
    }

    /// Sets the motion (see ``CyclerScene``).
    public mutating func setMotion(_ motion: Motion) {
        self.motion = motion
    }

    /// Sets the handler for the cycler's changes: `.changed` when a transition begins or
    /// reverses and on pause, resume and stop; `.settled` with the item's text when a transition
    /// ends. The handler is kept, and a cycler observer calls it (on the thread of the cycler's
    /// event); nil removes the observer.
    public mutating func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?) {
        removeObserver()
        changeHandler = handler
        guard let handler else { return }
        observerToken = cycler.addObserver { [weak cycler] event in
            guard let cycler else { return }
            Self.report(event, of: cycler, to: handler)
        }
    }

    /// Removes the cycler observer, if there is one.
    private mutating func removeObserver() {
        if let observerToken { cycler.removeObserver(observerToken) }
        observerToken = nil
    }

    /// Launches the cycler (its first tick one interval later).
    public func start(paused: Bool) {
        cycler.launch(paused: paused)
    }

    /// Stops the cycler for good (``Cycler/cancel()``): an in-flight transition is removed, not
    /// settled, so the last item that settled is what the player's final frame shows, and no
    /// item that never settled is written as text or marked in a recording.
    /// Its cycler observer is removed afterwards: the change the cancel reports is the last.
    public mutating func stop() {
        cycler.cancel()
        removeObserver()
    }

    /// Composes the card's blends in `depth`'s palette (`Compositor/colorDepth`). Call on the
    /// player's queue, as ``render(at:into:)``.
    public mutating func setColorDepth(_ depth: ColorDepth) {
        card.compositor.colorDepth = depth
    }

    /// Tells `handler` what `event` of `cycler` changes on screen.
    private static func report(
        _ event: CyclerEvent, of cycler: Cycler<DataSource>, to handler: @Sendable (SceneChange) -> Void
    ) {
        if case .transitionEnded(let index) = event {
            // Read now, while the cycler is still at this event's state: the outgoing item when a
            // newer transition already began from it (a follow-up of a replaced item begins from
            // and to the same index), or the item that settled.
            let snapshot = cycler.snapshot()
            let text =
                snapshot.transition?.fromIndex == index
                ? snapshot.transition?.outgoingItem
                : snapshot.index == index ? snapshot.item : nil
            handler(.settled(text: (text ?? snapshot.item).plainText))
            return
        }
        switch event {
        case .transitionBegan, .transitionReversed, .paused, .resumed, .stopped:
            handler(.changed)
        case .indexChanged, .started, .transitionEnded, .itemInserted, .itemRemoved, .itemReplaced:
            // indexChanged comes with transitionBegan; started changes nothing on screen, nor does
            // an item change by itself (one that does begins a transition).
            break
        }
    }
}

extension CyclerScene: RestingPictureSource {
    /// The settled item's picture area when nothing moves at `time` (call after
    /// ``render(at:into:)`` for `time`, on the player's queue).
    package func restingPicture(at time: TimeInterval) -> RestingPicture? {
        guard motion != .none, !isMoving(at: time), cycler.snapshot(at: time).transition == nil else { return nil }
        return card.restingPicture
    }
}

extension CyclerScene: TerminalSizedScene {
    /// The card becomes ``terminalCardSize``'s size for `terminal`, when set.
    package mutating func fit(terminal: TerminalSize) -> Bool {
        guard let terminalCardSize else { return false }
        card.cardSize = terminalCardSize(terminal)
        return true
    }
}

extension CyclerScene: TerminalBackgroundScene {
    /// The card takes `background` (``CardScene/adapt(toBackground:)``); its layouts are made
    /// again. Call through ``Player/updateScene(as:_:)``: between frames, on the player's queue.
    package mutating func adapt(toBackground background: RGBColor) {
        card.adapt(toBackground: background)
    }
}
