/// `deck --skipped return|keep-undecided`: what becomes of the items paged past without a
/// decision once the last card is gone (docs/DESIGN.md#deck-input-and-output).
enum DeckSkippedPolicy: String, CaseIterable, Sendable {
    /// They come back after the last card, in the order they were skipped, until decided.
    case `return`
    /// The deck ends; they are counted and listed as skipped (a `skipped` line each).
    case keepUndecided = "keep-undecided"
}
