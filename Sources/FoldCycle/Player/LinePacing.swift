#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When the card folds to the command's latest line: at once when the line shown has been up
/// for `minimumShow` seconds, else when it has (one fold then shows the latest line of all that
/// came meanwhile). Pure: times are given, never read.
package struct LinePacing: Equatable, Sendable {
    /// Seconds a line stays on the card at least (`--min-show`).
    package let minimumShow: TimeInterval
    /// When the line on the card was shown; nil before the first.
    package private(set) var shownAt: TimeInterval?
    /// When a fold is due, while one waits.
    package private(set) var dueAt: TimeInterval?

    /// What to do about a new line.
    package enum Decision: Equatable {
        /// Fold to it now (the time is recorded as shown).
        case showNow
        /// Set a timer for this time and call ``due(at:)`` then.
        case showAt(TimeInterval)
        /// A timer is already set: it will show the latest line.
        case waiting
    }

    package init(minimumShow: TimeInterval) {
        self.minimumShow = minimumShow
    }

    /// A new line arrived at `now`.
    package mutating func lineArrived(at now: TimeInterval) -> Decision {
        if dueAt != nil { return .waiting }
        if let shownAt, now - shownAt < minimumShow {
            dueAt = shownAt + minimumShow
            return .showAt(shownAt + minimumShow)
        }
        shownAt = now
        return .showNow
    }

    /// The timer set for ``Decision/showAt(_:)`` fired at `now`: fold to the latest line now.
    package mutating func due(at now: TimeInterval) {
        dueAt = nil
        shownAt = now
    }

    /// The timer set for ``Decision/showAt(_:)`` was cancelled: no fold is due, the line shown
    /// keeps its time.
    package mutating func cancelDue() {
        dueAt = nil
    }
}
