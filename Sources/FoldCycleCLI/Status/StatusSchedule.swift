#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which item a cycler shows at a wall-clock time, without running one: items change every
/// `interval` seconds from `epoch`, the first at the epoch itself (docs/DESIGN.md#status-lines).
///
/// Item `k mod count` is shown from `epoch + k·interval` up to the next change, for every whole
/// `k`, negative before the epoch; so any two calls agree on what is shown, whenever and wherever
/// they are made, with no state between them. A pure value.
struct StatusSchedule: Equatable, Sendable {
    /// How many items there are (≥ 1).
    let count: Int
    /// Seconds each item is shown (finite, > 0).
    let interval: TimeInterval
    /// When item 0 is first shown.
    let epoch: Date

    /// The number of whole intervals from the epoch to `date`: `⌊(date − epoch) / interval⌋`,
    /// computed so that at exactly `epoch + k·interval` it is `k` (as ``changeTime(_:)`` gives it).
    func step(at date: Date) -> Int {
        let elapsed = date.timeIntervalSince(epoch) / interval
        guard elapsed.isFinite else { return 0 }
        let clamped = min(max(elapsed.rounded(.down), -9e15), 9e15)
        var step = Int(clamped)
        // Division can land a hair short of a change time (0.3 / 0.1 = 2.9999…): step on.
        if changeTime(step + 1) <= date { step += 1 }
        if changeTime(step) > date { step -= 1 }
        return step
    }

    /// The index of the item shown at `date`.
    func index(at date: Date) -> Int {
        let step = self.step(at: date)
        return ((step % count) + count) % count
    }

    /// When step `k` begins: `epoch + k·interval`.
    func changeTime(_ step: Int) -> Date {
        epoch.addingTimeInterval(Double(step) * interval)
    }

    /// The first change after `date`.
    func nextChange(after date: Date) -> Date {
        changeTime(step(at: date) + 1)
    }
}
