import Foundation

/// What a released drag does: the two source card stacks' rules, in card widths
/// (docs/DESIGN.md#reusing-stack, docs/DESIGN.md#swipe-deck).
public enum DeckBehavior: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The swipe deck (delegate `clicked`, `removed(index, left|right)`): a drag rotates the
    /// card by `(cx − w/2)/w/4`; a release faster than 2.2535 card widths/s horizontally, or with
    /// the centre within 0.02817 card widths of an edge, removes it toward the drag's side;
    /// otherwise it springs back on a spring (`springBack`) that starts at the release velocity.
    case swipeDeck
    /// The reusing stack (a `UITableView`-style data source with two views): the card follows
    /// the pointer without rotating and the card beneath previews the previous item (drag up) or
    /// the next (drag down); a release faster than 2.8169 card widths/s in x or in y flies off
    /// and pages there; otherwise it springs back on a spring (`springBack`) that starts at the
    /// release velocity.
    case reusingStack

    /// The speed a release must exceed (strictly) to fling, in card widths per second: for
    /// `|vx|` (swipe deck) or for `|vx|` and `|vy|` (reusing stack).
    public var flingSpeed: Double {
        switch self {
        case .swipeDeck: return DeckUnits.swipeDeckFlingSpeed
        case .reusingStack: return DeckUnits.reusingStackFlingSpeed
        }
    }

    /// The perceptual duration (SwiftUI's `Spring(duration:)`, the undamped period) of the
    /// spring a card released without a decision goes back on: 0.5 s (swipe deck), 0.3 s
    /// (reusing stack), the source stacks' fixed ease-back durations. The motion itself lasts
    /// the `springBack` spring's settling duration, which depends on the release velocity.
    public var springBackDuration: TimeInterval {
        switch self {
        case .swipeDeck: return 0.5
        case .reusingStack: return 0.3
        }
    }

    /// The spring a card released without a decision goes back on, at rest (the deck sets its
    /// initial velocity from the release): ``springBackDuration`` with bounce 0.25, damping
    /// ratio 0.75 as ZLSwipeableView's snap (Shuffle's reset spring uses 0.5).
    package var springBack: Spring {
        (try? Spring(duration: springBackDuration, bounce: 0.25)) ?? .default
    }

    /// The rotation of the top card dragged by `translation`, in radians (positive turns
    /// clockwise on screen, as `CGAffineTransform(rotationAngle:)` with y down).
    ///
    /// Swipe deck: `(cx − w/2) / w / 4`, where `cx − w/2` is the centre's horizontal offset from
    /// its place (the source's deck is one card wide, so its centre at rest is `w/2`), i.e.
    /// `translation.x / 4` in card widths: one card width of drag turns it by 0.25 rad. The
    /// reusing stack does not rotate.
    package func rotation(translation: DeckPoint) -> Double {
        switch self {
        case .swipeDeck: return translation.x / 4
        case .reusingStack: return 0
        }
    }

    /// The decision for a drag released `translation` from its start at `velocity` (card widths
    /// and card widths per second). Pure.
    ///
    /// - Swipe deck: the side is left when `translation.x < 0`, else right. `|vx| >` 2.2535
    ///   removes toward the side by fling; otherwise a centre closer than 0.02817 card widths to
    ///   an edge of the one-card-wide deck (`|translation.x| > 0.5 − 0.02817`) removes by
    ///   position; otherwise the card springs back.
    /// - Reusing stack: `|vx| >` 2.8169 or `|vy| >` 2.8169 pages by fling, to the previous item
    ///   when `translation.y < 0` and the next otherwise; otherwise the card springs back.
    package func outcome(translation: DeckPoint, velocity: DeckPoint) -> ReleaseOutcome {
        switch self {
        case .swipeDeck:
            let side = SwipeSide(translationX: translation.x)
            if abs(velocity.x) > flingSpeed { return .remove(side, .fling) }
            if abs(translation.x) > 0.5 - DeckUnits.swipeDeckEdgeDistance { return .remove(side, .position) }
            return .springBack
        case .reusingStack:
            if abs(velocity.x) > flingSpeed || abs(velocity.y) > flingSpeed {
                return .page(PageDirection(translationY: translation.y))
            }
            return .springBack
        }
    }

    /// `swipe-deck` or `reusing-stack`.
    public var description: String {
        switch self {
        case .swipeDeck: return "swipe-deck"
        case .reusingStack: return "reusing-stack"
        }
    }
}

/// What a released drag did.
public enum ReleaseOutcome: Hashable, Sendable {
    /// The card is removed toward a side (swipe deck), decided by fling or position.
    case remove(SwipeSide, DecisionCause)
    /// The card flies off and the deck pages (reusing stack).
    case page(PageDirection)
    /// The card goes back to its place and nothing is decided.
    case springBack
    /// The pointer never moved: a click on the card.
    case tap
}
