internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``SwipeDeck`` as a ``FrameSource``: its cards composed into a frame wider and taller than a
/// card, so that they can move, turn and fly off inside it; the player, its region and its
/// encoder draw it as they draw a cycler (docs/DESIGN.md#swipe-deck).
///
/// - Cards: each card's `CardPose` becomes an affine geometry in cells about the card's centre
///   (`CardPose/layerTransform(metrics:)`: a true rotation on cells `cellAspect` times taller
///   than wide); rotated cards take the compositor's forward-placing path, so glyphs stay upright
///   and are never duplicated. A card whose item has a back side (``CardFaces``) shows the side
///   it is turned to; a flip in progress is drawn with ``flipStyle``'s transition, its slots
///   placed by the card's pose.
/// - Layout: the card at rest is centred horizontally and the stack (the card and one row per
///   card beneath) vertically; ``deckBounds`` is the frame in card widths relative to the card's
///   place, given to the deck so that cards fly off beyond the frame's edge.
///
/// A value the player owns (docs/decisions/0252-the-scene-a-value-the-player-owns.md): give it to
/// a ``Player``, which keeps it on its queue and calls its drawing methods there; change it
/// (``resizeCard(to:frameSize:)``, ``frameSize``) through ``Player/updateScene(as:_:)`` and read
/// its layout through ``Player/withScene(as:_:)``. The deck is a shared, thread-safe model: its
/// commands may be sent from any thread, and the scene reports its events through the change
/// handler.
public struct DeckScene<DataSource: DeckDataSource>: FrameSource, Sendable
where DataSource.Item: CardContent {
    /// The deck shown. Commands may be sent to it directly from any thread.
    public let deck: SwipeDeck<DataSource>
    /// Composes the cards: this scene's own.
    private var card: CardScene
    /// The card's size and cell aspect (``resizeCard(to:frameSize:)`` changes it).
    package private(set) var metrics: CardMetrics
    /// How a flashcard turns to its other side (kind, direction, timing); its duration is the
    /// deck's ``DeckConfiguration/flipDuration``.
    public let flipStyle: TransitionStyle
    /// The frame's size (see ``frameSize``).
    private var size: TerminalSize
    /// Where a card at rest has its top-left corner (``cardOrigin``).
    private var origin: CellPosition
    /// The handler given to ``setChangeHandler(_:)``, which the deck's observer calls.
    private var changeHandler: (@Sendable (SceneChange) -> Void)?
    /// The observer of the deck that reports to ``changeHandler`` (removed by ``stop()``).
    private var observerToken: Int?

    /// Creates the scene and gives the deck its bounds.
    ///
    /// - Parameters:
    ///   - deck: the deck (not started yet: ``start(paused:)`` starts it).
    ///   - cardSize: one card's size in cells.
    ///   - frameSize: the area the deck draws in, in cells (at least the card).
    ///   - style: card colours and alignment.
    ///   - cellAspect: a cell's height over its width (> 0).
    ///   - flipStyle: the transition a flip is drawn with.
    public init(
        deck: SwipeDeck<DataSource>, cardSize: TerminalSize, frameSize: TerminalSize, style: CardStyle = CardStyle(),
        cellAspect: Double = 2, flipStyle: TransitionStyle = DeckScene.defaultFlipStyle
    ) {
        self.deck = deck
        let metrics = CardMetrics(columns: cardSize.columns, rows: cardSize.rows, cellAspect: cellAspect)
        let visible = deck.configuration.layout.visibleCount
        card = CardScene(cardSize: cardSize, style: style, cellAspect: cellAspect, capacity: 2 * (visible + 1) + 2)
        self.flipStyle = flipStyle
        self.metrics = metrics
        size = frameSize
        origin = Self.cardOrigin(frameSize: frameSize, cardSize: cardSize, visibleCount: visible)
        deck.setBounds(Self.bounds(frameSize: frameSize, cardOrigin: origin, metrics: metrics))
    }

    /// How Space turns a flashcard: the 3-D flip about the vertical axis, right to left
    /// (`UIView.transitionFlipFromRight`, ``TransitionKind/flip`` `left`), ease-in-ease-out.
    public static var defaultFlipStyle: TransitionStyle {
        TransitionStyle(kind: .flip, direction: .left, timingFunction: .easeInEaseOut)
    }

    /// Where a card at rest has its top-left corner in a `frameSize` frame: centred horizontally,
    /// the stack (`cardSize.rows + visibleCount − 1` rows) centred vertically (extra space below).
    package static func cardOrigin(frameSize: TerminalSize, cardSize: TerminalSize, visibleCount: Int) -> CellPosition {
        let stackRows = cardSize.rows + max(visibleCount - 1, 0)
        return CellPosition(
            column: max((frameSize.columns - cardSize.columns) / 2, 0), row: max((frameSize.rows - stackRows) / 2, 0))
    }

    /// The frame as a ``DeckRect``: its edges in card widths from the centre of the card at rest.
    package static func bounds(frameSize: TerminalSize, cardOrigin: CellPosition, metrics: CardMetrics) -> DeckRect {
        let centreX = Double(cardOrigin.column) + Double(metrics.columns) / 2
        let centreY = Double(cardOrigin.row) + Double(metrics.rows) / 2
        return DeckRect(
            minX: -metrics.cardWidths(columns: centreX), minY: -metrics.cardWidths(rows: centreY),
            maxX: metrics.cardWidths(columns: Double(frameSize.columns) - centreX),
            maxY: metrics.cardWidths(rows: Double(frameSize.rows) - centreY))
    }

    /// The frame's size; a change (after a resize) centres the card again and the deck's bounds
    /// follow.
    public var frameSize: TerminalSize {
        get { size }
        set {
            size = newValue
            origin = Self.cardOrigin(
                frameSize: newValue, cardSize: card.cardSize, visibleCount: deck.configuration.layout.visibleCount)
            deck.setBounds(deckBounds)
        }
    }

    /// Makes the card `cardSize` and the frame `frameSize` (a card sized to the terminal, after a
    /// resize): the card is laid out again, centred, the deck's stack layout (inset and peek of
    /// the cards beneath) and bounds follow. Poses are in card widths, so a card in the air
    /// keeps its place relative to the card.
    public mutating func resizeCard(to cardSize: TerminalSize, frameSize: TerminalSize) {
        let visible = deck.configuration.layout.visibleCount
        card.cardSize = cardSize
        let applied = card.cardSize
        metrics = CardMetrics(columns: applied.columns, rows: applied.rows, cellAspect: metrics.cellAspect)
        size = frameSize
        origin = Self.cardOrigin(frameSize: frameSize, cardSize: applied, visibleCount: visible)
        deck.setLayout(StackLayout(metrics: metrics, visibleCount: visible))
        deck.setBounds(deckBounds)
    }

    /// Where a card at rest has its top-left corner.
    public var cardOrigin: CellPosition { origin }

    /// The frame in card widths relative to the card's place.
    public var deckBounds: DeckRect {
        Self.bounds(frameSize: size, cardOrigin: origin, metrics: metrics)
    }

    /// Whether the cell at `column`, `row` of the frame is on the top card as drawn at `time`
    /// (default now): the card's rectangle at its place, moved by its pose's offset (a turned
    /// card's corners are taken as its unturned rectangle's). A press elsewhere (the blank frame,
    /// beside the card, the footer below the frame) is not on the card: it starts no drag.
    package func topCardContains(column: Int, row: Int, at time: TimeInterval? = nil) -> Bool {
        let snapshot = deck.snapshot(at: time ?? clock.now)
        guard let top = snapshot.cards.last(where: { $0.position == 0 }) else { return false }
        let origin = cardOrigin
        let metrics = metrics
        let left = Double(origin.column) + metrics.columns(cardWidths: top.pose.offset.x)
        let upper = Double(origin.row) + metrics.rows(cardWidths: top.pose.offset.y)
        // The cell's centre inside the rectangle.
        let x = Double(column) + 0.5
        let y = Double(row) + 0.5
        return x >= left && x < left + Double(metrics.columns) && y >= upper && y < upper + Double(metrics.rows)
    }

    /// The deck's clock.
    public var clock: any CycleClock { deck.clock }

    /// The cards at `time`, back to front, each placed by its pose.
    public mutating func render(at time: TimeInterval, into frame: inout CellBuffer) {
        let snapshot = deck.snapshot(at: time)
        let metrics = metrics
        var slots: [CardSlot] = []
        for entry in snapshot.cards {
            let faces = CardFaces.styledSides(of: entry.item.styledString)
            let transform = entry.pose.layerTransform(metrics: metrics)
            guard let flip = entry.flip, let back = faces.back else {
                let text = entry.showsBack ? faces.back ?? faces.front : faces.front
                let presentation = SlotPresentation(
                    role: .incoming, geometry: .affine(transform), alpha: entry.pose.alpha)
                slots.append(CardSlot(index: entry.index, content: text, presentation: presentation))
                continue
            }
            let turn = flipStyle.transition(
                slotSize: LayerSize(width: metrics.columns, height: metrics.rows), cellAspect: metrics.cellAspect
            ).frame(atFractionComplete: flip.t)
            for presentation in turn.slots {
                let showsBack = presentation.role == .incoming ? flip.towardBack : !flip.towardBack
                var placed = presentation
                placed.geometry = Self.placing(presentation.geometry, by: entry.pose, transform: transform, metrics)
                placed.alpha *= entry.pose.alpha
                slots.append(
                    CardSlot(index: entry.index, content: showsBack ? back : faces.front, presentation: placed))
            }
        }
        card.render(slots, frameSize: size, cardOrigin: origin, into: &frame)
    }

    /// A transition slot's geometry followed by the card's pose.
    static func placing(
        _ geometry: LayerGeometry, by pose: CardPose, transform: LayerTransform, _ metrics: CardMetrics
    ) -> LayerGeometry {
        switch geometry {
        case .affine(let slot):
            return .affine(slot.concatenating(transform))
        case .projective(let slot, let aspect):
            return .projective(slot.concatenating(pose.transform3D(metrics: metrics)), cellAspect: aspect)
        }
    }

    /// Composes the cards' blends and edges at `depth` (`Compositor/colorDepth`): in its palette,
    /// and without colour with no edge blocks.
    public mutating func setColorDepth(_ depth: ColorDepth) {
        card.compositor.colorDepth = depth
    }

    /// Whether a card moves (in the air, entering, shifting, springing back, turning).
    public func isMoving(at time: TimeInterval) -> Bool {
        deck.isMoving(at: time)
    }

    /// The top card's shown side, or nothing when the deck is empty.
    public func plainText(at time: TimeInterval) -> String {
        guard let top = deck.snapshot(at: time).cards.last(where: { $0.position == 0 }) else { return "" }
        return CardFaces(item: top.item.plainText).text(showingBack: top.showsBack)
    }

    /// Sets the handler for the deck's changes: `.changed` for every ``DeckEvent``. The handler
    /// is kept, and a deck observer calls it (on the thread of the deck's event); nil removes the
    /// observer.
    public mutating func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?) {
        removeObserver()
        changeHandler = handler
        guard let handler else { return }
        observerToken = deck.addObserver { _ in handler(.changed) }
    }

    /// Removes the deck observer, if there is one.
    private mutating func removeObserver() {
        if let observerToken { deck.removeObserver(observerToken) }
        observerToken = nil
    }

    /// Shows the first cards (they enter staggered); `paused` has no meaning for a deck.
    public func start(paused: Bool) {
        deck.start()
    }

    /// Ends every motion: the deck settles; its observer is removed afterwards (the change the
    /// settling reports is the last).
    public mutating func stop() {
        deck.stop()
        removeObserver()
    }
}

extension DeckScene: RestingPictureSource {
    /// The top card's picture area when no card moves at `time` and the top card lies at its
    /// place (call after ``render(at:into:)`` for `time`, on the player's queue).
    package func restingPicture(at time: TimeInterval) -> RestingPicture? {
        guard !isMoving(at: time) else { return nil }
        return card.restingPicture
    }
}

extension DeckScene: TerminalBackgroundScene {
    /// The cards take `background` (``CardScene/adapt(toBackground:)``); their layouts are made
    /// again. Call through ``Player/updateScene(as:_:)``: between frames, on the player's queue.
    package mutating func adapt(toBackground background: RGBColor) {
        card.adapt(toBackground: background)
    }

    /// Composes with `compositor` (its background, foreground and colour depth): a render of
    /// the deck without a player (`render --deck`), set before its first frame.
    package mutating func setCompositor(_ compositor: Compositor) {
        card.compositor = compositor
    }
}
