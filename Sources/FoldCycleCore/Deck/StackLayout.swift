#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a deck's visible cards sit: the top card at its place, each card beneath it scaled down
/// and shifted so that its bottom edge shows below the one above, and how cards move between
/// places (docs/DESIGN.md#swipe-deck).
///
/// Source: the two source stacks show two views, the one beneath peeking out; new cards enter
/// staggered by `0.05 s × position` with a 0.2 s ease-in-out from a random offset of 0…9 pt.
public struct StackLayout: Hashable, Sendable {
    /// Delay of a new card's entry per position beneath the top: 0.05 s.
    public static let entryStagger: TimeInterval = 0.05
    /// Duration of a new card's entry: 0.2 s, ease-in-ease-out.
    public static let entryDuration: TimeInterval = 0.2
    /// Duration of a card moving up or down one place (when the top card leaves or returns):
    /// 0.2 s, ease-in-ease-out, as an entry.
    public static let shiftDuration: TimeInterval = 0.2

    /// How many cards are on screen, top included (≥ 1; default 2, the sources' two views).
    public var visibleCount: Int
    /// The scale lost per place beneath the top: the card at position `p` is scaled by
    /// `1 − p · scaleStep` (0 ≤ scaleStep < 1 / visibleCount; default 0.1).
    public var scaleStep: Double
    /// How far each card's bottom edge shows below the one above it, in card widths (≥ 0). On
    /// a terminal, one row: `cellAspect / columns`.
    public var peek: Double
    /// The card's height, in card widths (> 0).
    public var cardHeight: Double

    /// Creates a layout; out-of-range values are clamped to the allowed ones.
    public init(visibleCount: Int = 2, scaleStep: Double = 0.1, peek: Double, cardHeight: Double) {
        self.visibleCount = max(visibleCount, 1)
        let limit = 1 / Double(self.visibleCount)
        self.scaleStep = scaleStep.isFinite ? min(max(scaleStep, 0), limit * 0.999) : 0.1
        self.peek = peek.isFinite ? max(peek, 0) : 0
        self.cardHeight = cardHeight.isFinite && cardHeight > 0 ? cardHeight : 1
    }

    /// The layout of a stack of cards with `metrics` on a text grid: `visibleCount` cards, each
    /// showing one row below the one above and scaled so that its sides step in by whole
    /// columns, about 5 % of the width per side (at least one column), so that the rows that
    /// peek out have clean edges. A card too narrow for that is scaled by 0.1 less per place.
    public init(metrics: CardMetrics, visibleCount: Int = 2) {
        let visible = max(visibleCount, 1)
        let inset = max(1, (Double(metrics.columns) * 0.05).rounded())
        let step = 2 * inset / Double(metrics.columns)
        self.init(
            visibleCount: visible, scaleStep: step * Double(visible - 1) < 0.8 ? step : 0.1,
            peek: metrics.cardWidths(rows: 1), cardHeight: metrics.cardHeight)
    }

    /// The resting pose of the card at `position` (0 = top): scale `s = 1 − position ·
    /// scaleStep`, centred horizontally, its bottom edge `position · peek` below the top card's:
    /// `offset.y = position · peek + (cardHeight / 2)(1 − s)`.
    package func pose(atPosition position: Int) -> CardPose {
        let p = Double(max(position, 0))
        let scale = 1 - p * scaleStep
        return CardPose(offset: DeckPoint(x: 0, y: p * peek + cardHeight / 2 * (1 - scale)), scale: scale)
    }
}
