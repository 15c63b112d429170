import Foundation

/// Errors from configuring a ``Cycler``.
public enum CyclerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data source has no items; a cycler needs at least one.
    case noItems
    /// The interval (seconds) is not finite or not > 0.
    case invalidInterval(TimeInterval)
    /// The duration (seconds) is not finite, ≤ 0, or not shorter than the interval.
    case invalidDuration(TimeInterval, interval: TimeInterval)

    /// A one-line message naming the value and what is allowed.
    public var description: String {
        switch self {
        case .noItems:
            return "there are no items to cycle (at least one is needed)"
        case .invalidInterval(let interval):
            return "interval \(shortestDecimalText(interval)) is not allowed (seconds: a finite number > 0)"
        case .invalidDuration(let duration, let interval):
            return
                "duration \(shortestDecimalText(duration)) is not allowed (seconds: a finite number > 0 and < the interval, \(shortestDecimalText(interval)))"
        }
    }
}

/// The shortest text that reads back as the same Double, with integral values printed without a
/// fraction (`2`, not `2.0`) and −0 as `0`: for seconds in messages and numbers in JSON.
package func shortestDecimalText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
