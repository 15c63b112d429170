import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The mouse side of `foldcycle deck`: turns mouse and focus reports, timed by when they were
/// read, into the deck's drags, and ends a drag whose release never comes by the usual release
/// rule (issue 22, point 4).
///
/// - A press starts a drag only on the top card's cells (``DeckScene/topCardContains(column:row:at:)``,
///   on the player's scene, read through `Player.withScene(as:_:)`):
///   the screen row is mapped to the frame by ``frameTop``, learned from a cursor-position
///   report; unknown, only the column is tested. A press elsewhere starts nothing, so its
///   release is no click (point 6).
/// - A drag whose release never came (kitty stops reporting when the pointer leaves the window)
///   ends where it was last seen, at the time of whatever shows the button is up: a new press,
///   the window's focus lost, or a motion report with no button held.
///
/// A value used on one queue (the deck session's).
struct DeckPointer {
    /// The screen row of the deck frame's first row (0 fullscreen), nil while unknown.
    var frameTop: Int?
    /// Whether a drag is open.
    private(set) var isDragging = false
    /// Where the open drag was last seen (its press or its last motion report).
    private var lastPoint = DeckPoint(x: 0, y: 0)

    /// A pointer with the frame at `frameTop`.
    init(frameTop: Int? = nil) {
        self.frameTop = frameTop
    }

    /// Handles a mouse report of `time` on `scene`'s deck (the player's scene, read through
    /// `Player.withScene(as:_:)`: its layout follows a resize).
    mutating func handle<Source: DeckDataSource>(_ report: MouseEvent, time: TimeInterval, scene: DeckScene<Source>) {
        let deck = scene.deck
        let point = scene.metrics.point(column: report.column, row: report.row)
        switch (report.action, report.button) {
        case (.press, .left):
            // A press while a drag is open: its release never came. The old drag ends by the
            // usual release rule where it was last seen, then the new one may begin.
            endOpenDrag(time: time, deck: deck)
            guard isOnTopCard(report, scene: scene) else { return }
            isDragging = deck.beginDrag(at: point, time: time)
            lastPoint = point
        case (.motion, .left) where isDragging:
            deck.drag(to: point, time: time)
            lastPoint = point
        case (.motion, .none) where isDragging:
            // Motion with no button held: the button went up unreported.
            endOpenDrag(time: time, deck: deck)
        case (.release, _) where isDragging:
            isDragging = false
            deck.endDrag(at: point, time: time)
        default:
            break
        }
    }

    /// The window lost the focus at `time` (`CSI O`): an open drag ends by the release rule.
    mutating func focusLost<Source: DeckDataSource>(time: TimeInterval, deck: SwipeDeck<Source>) {
        endOpenDrag(time: time, deck: deck)
    }

    /// Drops an open drag (Ctrl-Z): the card springs back.
    mutating func cancel<Source: DeckDataSource>(deck: SwipeDeck<Source>) {
        isDragging = false
        deck.cancelDrag()
    }

    /// Whether `report`'s cell is on the top card, the frame's row known; else whether its
    /// column is (tested on the card's middle row, which a card shifting up from beneath
    /// covers too).
    func isOnTopCard<Source: DeckDataSource>(_ report: MouseEvent, scene: DeckScene<Source>) -> Bool {
        let row = frameTop.map { report.row - $0 } ?? scene.cardOrigin.row + scene.metrics.rows / 2
        return scene.topCardContains(column: report.column, row: row)
    }

    /// Ends a drag whose release did not come, at the last point it was seen.
    private mutating func endOpenDrag<Source: DeckDataSource>(time: TimeInterval, deck: SwipeDeck<Source>) {
        guard isDragging else { return }
        isDragging = false
        deck.endDrag(at: lastPoint, time: time)
    }
}
