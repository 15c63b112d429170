import Foundation

/// Renders what a cycler shows into a card-sized ``CellBuffer``: the settled item, or both items
/// of a fold transition composited at one instant.
///
/// Keeps at most two laid-out slot contents (the two slots' cells), reused from transition to
/// transition: text is shaped once per item entering a slot, not once per frame.
///
/// Not thread-safe: use one renderer from one queue.
public final class CardRenderer {
    /// The card's size in cells; changing it drops the cached layouts.
    public var cardSize: TerminalSize {
        didSet { if cardSize != oldValue { slots.removeAll() } }
    }
    /// Colours and alignment; changing it drops the cached layouts.
    public var style: CardStyle {
        didSet { if style != oldValue { slots.removeAll() } }
    }
    /// Blends and places the layers.
    public var compositor: Compositor

    private var slots: [(index: Int, text: String, cells: CellBuffer)] = []

    /// Creates a renderer for `cardSize` cards.
    public init(cardSize: TerminalSize, style: CardStyle = CardStyle(), compositor: Compositor = Compositor()) {
        self.cardSize = cardSize
        self.style = style
        self.compositor = compositor
    }

    /// The laid-out cells of item `index` with `text` (one cell of padding left and right), from
    /// the two-entry cache when present.
    public func slotContent(index: Int, text: String) -> CellBuffer {
        if let cached = slots.first(where: { $0.index == index && $0.text == text }) { return cached.cells }
        let textStyle = style.textStyle(forItemAt: index)
        // One cell of padding on the left and right (when the card is wider than 2 cells), so
        // left- and right-aligned text does not touch the card's edge.
        let inset = cardSize.columns > 2 ? 1 : 0
        var cells = CellBuffer(
            width: cardSize.columns, height: cardSize.rows, filling: Cell.space(background: textStyle.background))
        let laidOut = TextLayout.layout(
            text, width: cardSize.columns - 2 * inset, height: cardSize.rows, alignment: style.alignment,
            style: textStyle)
        cells.blit(laidOut, at: CellPosition(column: inset, row: 0))
        slots.append((index, text, cells))
        if slots.count > 2 { slots.removeFirst(slots.count - 2) }
        return cells
    }

    /// Renders a fold between two items at `state`, or the `to` item alone when `state` is nil.
    ///
    /// - Parameters:
    ///   - from: the outgoing item's index and text (ignored when `state` is nil).
    ///   - to: the incoming (or settled) item's index and text.
    ///   - state: the transition's slot presentations, or nil when settled.
    ///   - destination: a caller-owned buffer, resized to ``cardSize`` when needed.
    public func render(
        from: (index: Int, text: String)?, to: (index: Int, text: String), state: FoldTransitionState?,
        into destination: inout CellBuffer
    ) {
        let incoming = slotContent(index: to.index, text: to.text)
        guard let state, let from else {
            if destination.width != incoming.width || destination.height != incoming.height {
                destination.reset(width: incoming.width, height: incoming.height)
            }
            destination.withUnsafeMutableCells { target in
                incoming.cells.withUnsafeBufferPointer { source in
                    _ = target.update(fromContentsOf: source)
                }
            }
            return
        }
        let outgoing = slotContent(index: from.index, text: from.text)
        compositor.renderFold(outgoing: outgoing, incoming: incoming, state: state, into: &destination)
    }

    /// Renders a cycler snapshot: the settled item, or its in-flight transition.
    public func render(_ snapshot: CyclerSnapshot<String>, into destination: inout CellBuffer) {
        let size = CGSize(width: cardSize.columns, height: cardSize.rows)
        if let transition = snapshot.transition {
            render(
                from: (transition.fromIndex, transition.outgoingItem), to: (snapshot.index, snapshot.item),
                state: transition.state(slotSize: size), into: &destination)
        } else {
            render(from: nil, to: (snapshot.index, snapshot.item), state: nil, into: &destination)
        }
    }

    /// The card size that fits every item: the widest line plus one cell of padding on each
    /// side, the most lines plus one row of padding above and below. At least 1 × 1.
    public static func fittingSize(for items: [String]) -> TerminalSize {
        var width = 0
        var lines = 0
        for item in items {
            let metrics = TextLayout.measure(item)
            width = max(width, metrics.width)
            lines = max(lines, metrics.lineCount)
        }
        return TerminalSize(columns: max(width + 2, 1), rows: max(lines + 2, 1))
    }
}
