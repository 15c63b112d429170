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
/// Thread safety: every method may be called from any thread (the player calls the drawing ones
/// on its queue). The card scene (not thread-safe) is in a `LockedBox` of its own, the motion and
/// the change handler in another, so the scene is checked `Sendable`
/// (docs/decisions/0200-checked-sendable.md).
public final class CyclerScene<DataSource: CycleDataSource>: FrameSource, Sendable
where DataSource.Item: CardContent {
    /// The cycler shown. Commands may be sent to it directly from any thread.
    public let cycler: Cycler<DataSource>
    /// Composes the card; reached only under its lock, and only by this scene.
    private let card: LockedBox<CardScene>
    /// The card's size when the terminal is wide enough, in cells.
    public let preferredSize: TerminalSize
    /// Whether the card narrows to a narrower terminal (true) or keeps its width and is clipped.
    public let fitsWidth: Bool

    private let settings = LockedBox(Settings())

    private struct Settings {
        var changeHandler: (@Sendable (SceneChange) -> Void)?
        var observerToken: Int?
        var motion = Motion.full
        var terminalCardSize: (@Sendable (TerminalSize) -> TerminalSize)?
    }

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
        card = LockedBox(CardScene(cardSize: cardSize, style: style, cellAspect: cellAspect))
    }

    deinit {
        if let observerToken = settings.withLock({ $0.observerToken }) { cycler.removeObserver(observerToken) }
    }

    /// The card's current size (``preferredSize``, or narrower after ``fit(columns:)``).
    public var frameSize: TerminalSize { card.withLock { $0.cardSize } }

    /// The cycler's clock.
    public var clock: any CycleClock { cycler.clock }

    /// The card at `time`: the settled item, or the transition frame at the snapshot's `t` (as
    /// the motion allows).
    public func render(at time: TimeInterval, into frame: inout CellBuffer) {
        let snapshot = cycler.snapshot(at: time)
        let motion = settings.withLock { $0.motion }
        card.withLock { card in Self.render(snapshot, motion: motion, card: card, into: &frame) }
    }

    private static func render(
        _ snapshot: CyclerSnapshot<DataSource.Item>, motion: Motion, card: CardScene, into frame: inout CellBuffer
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
        switch settings.withLock({ $0.motion }) {
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
    public func fit(columns: Int) {
        guard fitsWidth else { return }
        let size = TerminalSize(columns: max(min(preferredSize.columns, columns), 1), rows: preferredSize.rows)
        card.withLock { $0.cardSize = size }
    }

    /// Sizes the card to the terminal (a slideshow of pictures, decision 0196): given, the card
    /// is `cardSize(terminal)` at start and after every resize, growing and shrinking, instead
    /// of narrowing from ``preferredSize``. Set through ``Player/updateScene(as:_:)`` before the
    /// player starts; used on its queue.
    package var terminalCardSize: (@Sendable (TerminalSize) -> TerminalSize)? {
        get { settings.withLock { $0.terminalCardSize } }
        set { settings.withLock { $0.terminalCardSize = newValue } }
    }

    /// Sets the motion (see ``CyclerScene``).
    public func setMotion(_ motion: Motion) {
        settings.withLock { $0.motion = motion }
    }

    /// Sets the handler for the cycler's changes: `.changed` when a transition begins or
    /// reverses and on pause, resume and stop; `.settled` with the item's text when a transition
    /// ends.
    public func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?) {
        let needsObserver = settings.withLock { settings in
            settings.changeHandler = handler
            return settings.observerToken == nil
        }
        guard needsObserver else { return }
        let token = cycler.addObserver { [weak self] event in self?.cyclerDidChange(event) }
        settings.withLock { $0.observerToken = token }
    }

    /// Launches the cycler (its first tick one interval later).
    public func start(paused: Bool) {
        cycler.launch(paused: paused)
    }

    /// Stops the cycler for good (``Cycler/cancel()``): an in-flight transition is removed, not
    /// settled, so the last item that settled is what the player's final frame shows, and no
    /// item that never settled is written as text or marked in a recording.
    public func stop() {
        cycler.cancel()
    }

    /// Composes the card's blends in `depth`'s palette (`Compositor/colorDepth`). Call on the
    /// player's queue, as ``render(at:into:)``.
    public func setColorDepth(_ depth: ColorDepth) {
        card.withLock { $0.compositor.colorDepth = depth }
    }

    private func cyclerDidChange(_ event: CyclerEvent) {
        guard let handler = settings.withLock({ $0.changeHandler }) else { return }
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
        guard settings.withLock({ $0.motion }) != .none, !isMoving(at: time),
            cycler.snapshot(at: time).transition == nil
        else { return nil }
        return card.withLock { $0.restingPicture }
    }
}

extension CyclerScene: TerminalSizedScene {
    /// The card becomes ``terminalCardSize``'s size for `terminal`, when set.
    package func fit(terminal: TerminalSize) -> Bool {
        guard let terminalCardSize else { return false }
        let size = terminalCardSize(terminal)
        card.withLock { $0.cardSize = size }
        return true
    }
}

extension CyclerScene: TerminalBackgroundScene {
    /// The card takes `background` (``CardScene/adapt(toBackground:)``); its layouts are made
    /// again. Call through ``Player/updateScene(as:_:)``: between frames, on the player's queue.
    package func adapt(toBackground background: RGBColor) {
        card.withLock { $0.adapt(toBackground: background) }
    }
}
