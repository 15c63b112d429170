#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Errors from configuring a ``Cycler`` or changing its items.
public enum CyclerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data source has no items; a cycler needs at least one.
    case noItems
    /// The interval (seconds) is not finite or below ``Cycler/minimumInterval`` (1 ms).
    case invalidInterval(TimeInterval)
    /// The duration (seconds) is not finite, below ``Cycler/minimumDuration`` (1 ms), or not
    /// shorter than the interval.
    case invalidDuration(TimeInterval, interval: TimeInterval)
    /// An item index outside `0 ... upperBound` (docs/DESIGN.md#live-item-changes): `0 ..< count`
    /// to remove, replace or show, `0 ... count` to insert.
    case indexOutOfRange(Int, upperBound: Int)
    /// The only item cannot be removed: a cycler has at least one.
    case removingOnlyItem
    /// A card size (columns, rows) outside 0 ... 2000 columns and 0 ... 1000 rows, the largest
    /// terminal frames are laid out for: a card is allocated whole, so a larger one would cost
    /// gigabytes (``PseudoFoldCycler`` refuses it).
    case invalidCardSize(columns: Int, rows: Int)

    /// The widest card, in columns (the widest terminal frames are laid out for).
    package static let maximumCardColumns = 2_000
    /// The tallest card, in rows.
    package static let maximumCardRows = 1_000

    /// The shortest interval and duration, in seconds (``Cycler/minimumInterval``).
    static let minimumSeconds: TimeInterval = 0.001

    /// A one-line message naming the value and what is allowed.
    public var description: String {
        switch self {
        case .noItems:
            return "there are no items to cycle (at least one is needed)"
        case .invalidInterval(let interval):
            let minimum = shortestDecimalText(Self.minimumSeconds)
            return "interval \(shortestDecimalText(interval)) is not allowed (seconds: a finite number ≥ \(minimum))"
        case .invalidDuration(let duration, let interval):
            let minimum = shortestDecimalText(Self.minimumSeconds)
            return
                "duration \(shortestDecimalText(duration)) is not allowed (seconds: a finite number ≥ \(minimum) and < the interval, \(shortestDecimalText(interval)))"
        case .indexOutOfRange(let index, let upperBound):
            return "index \(index) is out of range (a whole number from 0 to \(upperBound))"
        case .removingOnlyItem:
            return "the only item cannot be removed (a cycler shows at least one; add another first)"
        case .invalidCardSize(let columns, let rows):
            return
                "card size \(columns)x\(rows) is not allowed (0 to \(Self.maximumCardColumns) columns and 0 to "
                + "\(Self.maximumCardRows) rows, the largest terminal frames are laid out for)"
        }
    }
}
