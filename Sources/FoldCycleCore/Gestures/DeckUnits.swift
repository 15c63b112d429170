/// The source's lengths and speeds in card widths (docs/DESIGN.md#deck-units).
///
/// The two source card stacks measure in iOS points. Their card is the screen width less 20 pt
/// on a 375-pt screen, 355 pt, so **1 card width = 355 pt** and every threshold is the source's
/// value divided by 355. On a terminal a card `W` columns wide is one card width, a column is
/// `1/W` card widths and a row `r/W` (``CardMetrics``).
package enum DeckUnits {
    /// Points in one card width: 355 (a 375-pt screen less 20 pt of margin).
    package static let pointsPerCardWidth: Double = 355

    /// `points` in card widths: `points / 355`.
    package static func cardWidths(points: Double) -> Double { points / pointsPerCardWidth }

    /// The reusing stack's fling speed, for `|vx|` and for `|vy|`: 1000 pt/s = 1000/355 ≈
    /// 2.8169 card widths per second. A release faster than this (strictly) flies off.
    package static let reusingStackFlingSpeed: Double = 1000 / pointsPerCardWidth

    /// The swipe deck's fling speed, for `|vx|`: 800 pt/s = 800/355 ≈ 2.2535 card widths per
    /// second. A release faster than this (strictly) removes the card.
    package static let swipeDeckFlingSpeed: Double = 800 / pointsPerCardWidth

    /// The swipe deck's edge distance: 10 pt = 10/355 ≈ 0.02817 card widths. A card released
    /// with its centre closer than this to either edge of the deck (one card wide) is removed.
    package static let swipeDeckEdgeDistance: Double = 10 / pointsPerCardWidth

    /// The largest offset a new card enters from, per axis: 9 pt = 9/355 ≈ 0.02535 card widths.
    package static let maximumEntryOffset: Double = 9 / pointsPerCardWidth
}
