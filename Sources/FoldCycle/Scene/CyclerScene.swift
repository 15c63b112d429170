import Foundation

/// A ``Cycler``'s card as a ``FrameSource``: the settled item, or its in-flight transition's
/// slots, composed by a ``CardScene``.
///
/// Thread safety: the cycler may be commanded from any thread; the card scene is used only on
/// the player's queue (``render(at:into:)``), and the change handler is guarded by a lock.
public final class CyclerScene<DataSource: CycleDataSource>: FrameSource, @unchecked Sendable
where DataSource.Item == String {
    /// The cycler shown. Commands may be sent to it directly from any thread.
    public let cycler: Cycler<DataSource>
    /// Composes the card (used on the player's queue only).
    public let card: CardScene

    private let lock = NSLock()
    private var changeHandler: (@Sendable (SceneChange) -> Void)?
    private var observerToken: Int?

    /// Creates the scene.
    ///
    /// - Parameters:
    ///   - cycler: the cycler to show.
    ///   - cardSize: the card's size in cells.
    ///   - style: colours and alignment.
    ///   - cellAspect: a cell's height over its width (> 0), for transitions in world units.
    public init(
        cycler: Cycler<DataSource>, cardSize: TerminalSize, style: CardStyle = CardStyle(),
        cellAspect: Double = 2
    ) {
        self.cycler = cycler
        card = CardScene(cardSize: cardSize, style: style, cellAspect: cellAspect)
    }

    deinit {
        if let observerToken { cycler.removeObserver(observerToken) }
    }

    /// The card's size.
    public var frameSize: TerminalSize { card.cardSize }

    /// The cycler's clock.
    public var clock: any CycleClock { cycler.clock }

    /// The card at `time`: the settled item, or the transition frame at the snapshot's `t`.
    public func render(at time: TimeInterval, into frame: inout CellBuffer) {
        let snapshot = cycler.snapshot(at: time)
        guard let transition = snapshot.transition else {
            card.render(index: snapshot.index, text: snapshot.item, into: &frame)
            return
        }
        let size = CGSize(width: card.cardSize.columns, height: card.cardSize.rows)
        card.render(
            transition.frame(slotSize: size, cellAspect: card.cellAspect),
            outgoing: (transition.fromIndex, transition.outgoingItem),
            incoming: (snapshot.index, snapshot.item), into: &frame)
    }

    /// Whether a transition is in flight and the cycler runs (a paused one is frozen).
    public func isMoving(at time: TimeInterval) -> Bool {
        cycler.state == .running && cycler.isTransitioning
    }

    /// The shown (or incoming) item.
    public func plainText(at time: TimeInterval) -> String {
        cycler.snapshot(at: time).item
    }

    /// Sets the handler for the cycler's changes: `.changed` when a transition begins and on
    /// pause, resume and stop; `.settled` with the item's text when a transition ends.
    public func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?) {
        lock.withLock { changeHandler = handler }
        guard observerTokenIfMissing() else { return }
        let token = cycler.addObserver { [weak self] event in self?.cyclerDidChange(event) }
        lock.withLock { observerToken = token }
    }

    /// Launches the cycler (its first tick one interval later).
    public func start(paused: Bool) {
        cycler.launch(paused: paused)
    }

    /// Stops the cycler, settling an in-flight transition.
    public func stop() {
        cycler.stop()
    }

    /// Composes the card's blends in `depth`'s palette (``Compositor/colorDepth``). Call on the
    /// player's queue, as ``render(at:into:)``.
    public func setColorDepth(_ depth: ColorDepth) {
        card.compositor.colorDepth = depth
    }

    private func observerTokenIfMissing() -> Bool {
        lock.withLock { observerToken == nil }
    }

    private func cyclerDidChange(_ event: CyclerEvent) {
        guard let handler = lock.withLock({ changeHandler }) else { return }
        if case .transitionEnded(let index) = event {
            // Read now, while the cycler is still at this event's state: the item that settled,
            // or the outgoing one when a newer transition already began.
            let snapshot = cycler.snapshot()
            let text =
                snapshot.index == index
                ? snapshot.item
                : snapshot.transition?.fromIndex == index ? snapshot.transition?.outgoingItem : nil
            handler(.settled(text: text ?? snapshot.item))
            return
        }
        switch event {
        case .transitionBegan, .paused, .resumed, .stopped:
            handler(.changed)
        case .indexChanged, .started, .transitionEnded:
            // indexChanged comes with transitionBegan; started changes nothing on screen.
            break
        }
    }
}
