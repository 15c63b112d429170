#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One card's slot on screen at an instant: which item it shows and how it is presented.
public struct CardSlot: Sendable {
    /// The item's index (for its colour in the palette).
    public var index: Int
    /// The item's styled text.
    public var content: StyledString
    /// Placement, opacity and visibility about the card's centre.
    public var presentation: SlotPresentation

    /// The item's text without styles; setting it makes the content that text in the card's style.
    public var text: String {
        get { content.plainText }
        set { content = StyledString(newValue) }
    }

    /// Creates a slot showing `text` in the card's style.
    public init(index: Int, text: String, presentation: SlotPresentation) {
        self.init(index: index, content: StyledString(text), presentation: presentation)
    }

    /// Creates a slot showing styled text.
    public init(index: Int, content: StyledString, presentation: SlotPresentation) {
        self.index = index
        self.content = content
        self.presentation = presentation
    }
}

/// Composes what a card shows into a card-sized ``CellBuffer``: one settled item, or any number
/// of slots (a transition's two, a deck's N) composited back to front with their geometries.
///
/// Keeps the laid-out cells of the last ``capacity`` items, reused from frame to frame: text is
/// shaped once per item entering a slot, not once per frame.
///
/// A value: a copy keeps its own size, style and cache (the laid-out cells are shared until one
/// copy lays out again), so a scene that holds one owns its card, and the compiler checks who
/// changes it (docs/decisions/0252-the-scene-a-value-the-player-owns.md). Its drawing methods
/// are `mutating` (they fill the cache): draw from a `var`.
public struct CardScene: Sendable {
    /// The card's size in cells, each side clamped to 0 ... 2000 columns and 0 ... 1000 rows (the
    /// largest terminal frames are laid out for; a card is allocated whole); changing it drops the
    /// cached layouts.
    public var cardSize: TerminalSize {
        didSet {
            if cardSize.bounded != cardSize { cardSize = cardSize.bounded }
            if cardSize != oldValue { contents.removeAll() }
        }
    }
    /// Colours and alignment; changing it drops the cached layouts.
    public var style: CardStyle {
        didSet { if style != oldValue { contents.removeAll() } }
    }
    /// A cell's height over its width (> 0), for transitions in world units; default 2.
    public var cellAspect: Double
    /// Blends and places the layers; a change of its colour depth drops the cached layouts (the
    /// text colour at 16 colours follows the palette, ``CardStyle/textStyle(forItemAt:depth:)``).
    package var compositor: Compositor {
        didSet { if compositor.colorDepth != oldValue.colorDepth { contents.removeAll() } }
    }
    /// How many laid-out items are kept (≥ 1; default 2, a transition's two slots).
    public var capacity: Int

    /// The laid-out items, oldest first.
    private var contents: [CachedContent] = []
    private var layers: [Layer] = []

    /// The picture the last render left standing still and uncovered: a settled item's, or the
    /// top slot's when it is placed exactly at the card origin, fully opaque; nil after a
    /// transition frame or when the top shows no bitmap (docs/decisions/0154-pictures-at-rest.md).
    package private(set) var restingPicture: RestingPicture?

    /// Creates a scene for `cardSize` cards.
    ///
    /// - Parameters:
    ///   - cardSize: the card in cells, clamped as ``cardSize`` is.
    ///   - style: colours and alignment.
    ///   - cellAspect: a cell's height over its width (> 0).
    ///   - capacity: how many laid-out items are kept (≥ 1).
    public init(
        cardSize: TerminalSize, style: CardStyle = CardStyle(), cellAspect: Double = 2, capacity: Int = 2
    ) {
        self.init(
            cardSize: cardSize, style: style, cellAspect: cellAspect, compositor: Compositor(), capacity: capacity)
    }

    /// Creates a scene with its own compositor.
    package init(
        cardSize: TerminalSize, style: CardStyle = CardStyle(), cellAspect: Double = 2,
        compositor: Compositor, capacity: Int = 2
    ) {
        self.cardSize = cardSize.bounded
        self.style = style
        self.cellAspect = cellAspect
        self.compositor = compositor
        self.capacity = max(capacity, 1)
    }

    /// The laid-out cells of item `index` with `text` (one cell of padding left and right), from
    /// the cache when present.
    public mutating func slotContent(index: Int, text: String) -> CellBuffer {
        slotContent(index: index, content: StyledString(text))
    }

    /// The laid-out cells of item `index` with styled `text` (one cell of padding left and
    /// right), from the cache when present.
    public mutating func slotContent(index: Int, content text: StyledString) -> CellBuffer {
        if let cached = cachedEntry(index: index, text: text) { return cached.cells }
        let textStyle = style.textStyle(forItemAt: index, depth: compositor.colorDepth)
        if let picture = text.picture {
            let laidOut = PictureCardLayout.layout(
                picture, size: cardSize, style: textStyle, cellAspect: cellAspect,
                terminalBackground: compositor.backgroundColor, depth: compositor.colorDepth)
            remember(
                CachedContent(
                    index: index, text: text, cells: laidOut.cells, profile: LayerContentProfile(laidOut.cells),
                    picture: laidOut.raster))
            return laidOut.cells
        }
        // One cell of padding on the left and right (when the card is wider than 2 cells), so
        // left- and right-aligned text does not touch the card's edge.
        let inset = cardSize.columns > 2 ? 1 : 0
        var cells = CellBuffer(
            width: cardSize.columns, height: cardSize.rows, filling: Cell.space(background: textStyle.background))
        let laidOut = TextLayout.layout(
            text, width: cardSize.columns - 2 * inset, height: cardSize.rows, alignment: style.alignment,
            style: textStyle)
        cells.blit(laidOut, at: CellPosition(column: inset, row: 0))
        remember(
            CachedContent(index: index, text: text, cells: cells, profile: LayerContentProfile(cells), picture: nil))
        return cells
    }

    /// Caches a laid-out item, dropping the oldest past ``capacity``.
    private mutating func remember(_ entry: CachedContent) {
        contents.append(entry)
        if contents.count > capacity { contents.removeFirst(contents.count - capacity) }
    }

    /// ``slotContent(index:text:)`` with the cells' ``LayerContentProfile``, built with the layout
    /// and cached with it.
    private mutating func slotLayer(index: Int, text: StyledString) -> (
        cells: CellBuffer, profile: LayerContentProfile, picture: PictureRaster?
    ) {
        let entry = slotEntry(index: index, text: text)
        return (entry.cells, entry.profile, entry.picture)
    }

    /// The cached entry of item `index` showing `text`, laid out first when there is none.
    private mutating func slotEntry(index: Int, text: StyledString) -> CachedContent {
        if let cached = cachedEntry(index: index, text: text) { return cached }
        _ = slotContent(index: index, content: text)
        // slotContent appended the entry last (capacity ≥ 1 keeps it).
        return contents[contents.count - 1]
    }

    /// The cached item `index` showing `text`, if there is one.
    private func cachedEntry(index: Int, text: StyledString) -> CachedContent? {
        contents.first { $0.index == index && $0.text == text }
    }

    /// Renders one settled item.
    ///
    /// - Parameters:
    ///   - index: the item's index (its colour in the palette).
    ///   - text: the item's text.
    ///   - destination: a caller-owned buffer, resized to ``cardSize`` when needed.
    public mutating func render(index: Int, text: String, into destination: inout CellBuffer) {
        render(index: index, content: StyledString(text), into: &destination)
    }

    /// Renders one settled item of styled text (as ``render(index:text:into:)``).
    public mutating func render(index: Int, content: StyledString, into destination: inout CellBuffer) {
        let cells = slotContent(index: index, content: content)
        restingPicture = resting(index: index, text: content, at: .zero)
        if destination.width != cells.width || destination.height != cells.height {
            destination.reset(width: cells.width, height: cells.height)
        }
        destination.withUnsafeMutableCells { target in
            cells.cells.withUnsafeBufferPointer { source in _ = target.update(fromContentsOf: source) }
        }
    }

    /// Renders `slots` back to front (first = farthest back); slots that are not visible, or not
    /// drawable (``SlotPresentation/isDrawable``: a geometry that is not finite or absurdly
    /// large), are skipped.
    ///
    /// - Parameters:
    ///   - slots: the cards, back to front.
    ///   - destination: a caller-owned buffer, resized to ``cardSize`` when needed.
    public mutating func render(_ slots: [CardSlot], into destination: inout CellBuffer) {
        layers.removeAll(keepingCapacity: true)
        restingPicture = nil
        for slot in slots where slot.presentation.isDrawable {
            layers.append(layer(index: slot.index, text: slot.content, presentation: slot.presentation))
        }
        compositor.composite(layers, width: cardSize.columns, height: cardSize.rows, into: &destination)
        // The layers hold the cached contents: drop them so the cache stays the only owner.
        layers.removeAll(keepingCapacity: true)
    }

    /// Renders `slots` back to front (first = farthest back) into a frame larger than a card, each
    /// card's untransformed top-left corner at `cardOrigin` (a deck: cards that move, turn and fly
    /// off inside a wider area). Slots that are not visible or not drawable
    /// (``SlotPresentation/isDrawable``) are skipped; a partly covered edge cell is drawn in the
    /// card's background.
    ///
    /// - Parameters:
    ///   - slots: the cards, back to front.
    ///   - frameSize: the destination's size in cells (it is resized when needed).
    ///   - cardOrigin: where a card at rest has its top-left corner, in the frame's cells.
    ///   - destination: a caller-owned buffer.
    public mutating func render(
        _ slots: [CardSlot], frameSize: TerminalSize, cardOrigin: CellPosition, into destination: inout CellBuffer
    ) {
        layers.removeAll(keepingCapacity: true)
        restingPicture = nil
        if let top = slots.last(where: { $0.presentation.isDrawable }), top.presentation.alpha == 1,
            top.presentation.geometry == .identity
        {
            restingPicture = resting(index: top.index, text: top.content, at: cardOrigin)
        }
        for slot in slots where slot.presentation.isDrawable {
            let content = slotLayer(index: slot.index, text: slot.content)
            var layer = Layer(
                content: content.cells, geometry: slot.presentation.geometry,
                alpha: slot.presentation.alpha, background: cardBackground(forItemAt: slot.index),
                origin: cardOrigin)
            layer.contentProfile = content.profile
            layer.picture = content.picture
            layers.append(layer)
        }
        compositor.composite(layers, width: frameSize.columns, height: frameSize.rows, into: &destination)
        layers.removeAll(keepingCapacity: true)
    }

    /// Renders a transition frame between two items: each of the frame's slots shows `outgoing`
    /// or `incoming` by its role (slots that are not drawable, ``SlotPresentation/isDrawable``,
    /// are skipped). No allocation once the scene's layer list has grown (unless
    /// ``CardStyle/shading`` dims a turned face).
    public mutating func render(
        _ frame: TransitionFrame, outgoing: (index: Int, text: String),
        incoming: (index: Int, text: String), into destination: inout CellBuffer
    ) {
        render(
            frame, outgoing: (outgoing.index, StyledString(outgoing.text)),
            incoming: (incoming.index, StyledString(incoming.text)), into: &destination)
    }

    /// Renders a transition frame between two items of styled text (as
    /// ``render(_:outgoing:incoming:into:)``).
    public mutating func render(
        _ frame: TransitionFrame, outgoing: (index: Int, content: StyledString),
        incoming: (index: Int, content: StyledString), into destination: inout CellBuffer
    ) {
        layers.removeAll(keepingCapacity: true)
        restingPicture = nil
        for presentation in frame.slots where presentation.isDrawable {
            // Each item passed as it is, not picked into a local first (no copy of its StyledString).
            if presentation.role == .outgoing {
                layers.append(layer(index: outgoing.index, text: outgoing.content, presentation: presentation))
            } else {
                layers.append(layer(index: incoming.index, text: incoming.content, presentation: presentation))
            }
        }
        compositor.composite(layers, width: cardSize.columns, height: cardSize.rows, into: &destination)
        layers.removeAll(keepingCapacity: true)
    }

    /// Item `index`'s picture area as it rests on a settled card (as ``render(index:content:into:)``
    /// leaves ``restingPicture``), without drawing it; nil when `content` shows no bitmap.
    package mutating func settledPicture(index: Int, content: StyledString) -> RestingPicture? {
        resting(index: index, text: content, at: .zero)
    }

    /// Item `index`'s picture area as a resting picture, its card's top-left at `origin`, its
    /// letterbox the card's background as the output shows it at the colour depth; nil when
    /// `text` holds no bitmap or the colour depth shows none.
    private mutating func resting(index: Int, text: StyledString, at origin: CellPosition) -> RestingPicture? {
        guard let picture = text.picture, picture.image != nil, compositor.colorDepth != .none,
            let raster = slotLayer(index: index, text: text).picture, raster.columns > 0, raster.rows > 0
        else { return nil }
        let background = style.textStyle(forItemAt: index, depth: compositor.colorDepth).background
        return RestingPicture(
            picture: picture,
            origin: CellPosition(column: origin.column + raster.origin.column, row: origin.row + raster.origin.row),
            columns: raster.columns, rows: raster.rows,
            background: compositor.colorDepth.paletteColor(for: background.resolved(compositor.backgroundColor)))
    }

    /// The layer of item `index` showing `text` as `presentation` places it. It carries its
    /// card's background, so the block eighths of a partly covered edge cell are drawn in the
    /// card's colour (docs/DESIGN.md#compositing); with ``CardStyle/shading`` a turned face's
    /// colours are dimmed by its facing (docs/DESIGN.md#text-on-turned-faces).
    private mutating func layer(index: Int, text: StyledString, presentation: SlotPresentation) -> Layer {
        // The cached entry itself (one reference), its picture read only where it has one: a text
        // card's layer copies no optional raster (docs/decisions/0216).
        let entry = slotEntry(index: index, text: text)
        var background = cardBackground(forItemAt: index)
        guard style.shading && !(presentation.facing >= 1) else {
            var layer = Layer(
                content: entry.cells, geometry: presentation.geometry, alpha: presentation.alpha,
                background: background)
            layer.contentProfile = entry.profile
            if let picture = entry.picture { layer.picture = picture }
            return layer
        }
        // The profile describes the laid-out cells; dimmed cells are another content.
        // A facing that is not a number counts as edge-on.
        let brightness = presentation.facing > 0 ? presentation.facing : 0
        let depth = compositor.colorDepth
        let content = entry.cells.shaded(
            by: brightness, foreground: compositor.foregroundColor, background: compositor.backgroundColor,
            depth: depth)
        var picture = entry.picture
        // At 16 colours the card keeps its colour (the text goes faint, or nothing changes).
        if depth != .ansi16 {
            picture = picture?.shaded(by: brightness, background: compositor.backgroundColor)
            background = .rgb(
                background.resolved(compositor.backgroundColor).scaled(
                    by: brightness, toward: compositor.backgroundColor))
        }
        var layer = Layer(
            content: content, geometry: presentation.geometry, alpha: presentation.alpha, background: background)
        if let picture { layer.picture = picture }
        return layer
    }

    /// Item `index`'s card background, as ``CardStyle/textStyle(forItemAt:)`` has it (the
    /// palette's colour, or the default), without forming the rest of the text style.
    private func cardBackground(forItemAt index: Int) -> TerminalColor {
        style.background(forItemAt: index).map { .rgb($0) } ?? .default
    }

    /// The size ``fittingSize(for:)`` gives a card of pictures: 40 × 12 cells, a picture area of
    /// 40 × 11 (40 × 22 half-block pixels, square at the usual cell aspect of 2: about 16:9) and the
    /// caption's row.
    public static let pictureCardSize = TerminalSize(columns: 40, rows: 12)

    /// The card size that fits every item: the widest line plus one cell of padding on each
    /// side, the most lines plus one row of padding above and below. At least 1 × 1; a picture
    /// item (``StyledString/picture``) asks for at least ``pictureCardSize``; its caption does not
    /// widen the card (a caption too wide is cut from the left, so the file's name stays).
    public static func fittingSize(for items: [some CardContent]) -> TerminalSize {
        var width = 0
        var lines = 0
        for item in items {
            if item.styledString.picture != nil {
                width = max(width, pictureCardSize.columns - 2)
                lines = max(lines, pictureCardSize.rows - 2)
                continue
            }
            let metrics = TextLayout.measure(item.plainText)
            width = max(width, metrics.width)
            lines = max(lines, metrics.lineCount)
        }
        return TerminalSize(columns: max(width + 2, 1), rows: max(lines + 2, 1))
    }
}

/// A laid-out item in ``CardScene``'s cache, never changed once made (copies of a scene share
/// it). A class, so that finding an item and reading it
/// copies one reference: as a tuple in the array, each look-up and each field read copied the
/// whole entry (its text with its optional picture, cells, profile and raster), about 2 k
/// instructions a frame of a plain-text fold (callgrind, docs/PERFORMANCE.md, issue 29 point 7).
private final class CachedContent: Sendable {
    /// The item's index (its colour in the palette).
    let index: Int
    /// The item's content.
    let text: StyledString
    /// The laid-out cells.
    let cells: CellBuffer
    /// The cells' profile.
    let profile: LayerContentProfile
    /// A picture card's raster, nil for text.
    let picture: PictureRaster?

    init(index: Int, text: StyledString, cells: CellBuffer, profile: LayerContentProfile, picture: PictureRaster?) {
        self.index = index
        self.text = text
        self.cells = cells
        self.profile = profile
        self.picture = picture
    }
}
