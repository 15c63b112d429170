import FoldCycle
import Foundation

/// A data source of a million items made on demand: nothing is stored per item.
struct GeneratedItems: CycleDataSource {
    /// The number of items.
    let count: Int

    /// Item `index`'s text: two lines, ASCII and CJK, different for every index.
    func item(at index: Int) -> String {
        "Item \(index) of \(count) · 折叠切换 \(index % 997)\nカード \(index &* 2_654_435_761 % 1_000_003) card"
    }
}

/// The figures of the memory run.
struct MemoryResult: Codable, Sendable {
    /// Items of the data source.
    var items: Int
    /// Transitions at the first measurement.
    var shortTransitions: Int
    /// Transitions at the second measurement.
    var longTransitions: Int
    /// Resident set sizes after the short run.
    var afterShort: Probe.Memory
    /// Resident set sizes after the long run.
    var afterLong: Probe.Memory
    /// Peak RSS growth between the two, in KiB.
    var peakGrowthKiB: Int
    /// Current RSS growth between the two, in KiB.
    var currentGrowthKiB: Int
    /// Slots the cycler created (2 expected: the rest are reused).
    var slotsCreated: Int
    /// Wall time of the long run, in seconds.
    var seconds: Double
}

/// Peak RSS after 100 and after 100,000 transitions over a 1,000,000-item data source, driven
/// by ``ManualClock/advance(by:)``. Every ``renderEvery``-th transition also renders and
/// diff-encodes one frame in the middle of the fold (80×24, truecolor), so the render path's
/// caches (slot layouts, glyph table, encoder scratch) are exercised too.
enum MemoryBench {
    /// One mid-fold frame is rendered every `renderEvery` transitions.
    static let renderEvery = 10

    static func run(items: Int, shortTransitions: Int, longTransitions: Int) -> MemoryResult? {
        let clock = ManualClock()
        let interval = 1.0
        guard
            let cycler = try? Cycler(
                dataSource: GeneratedItems(count: items), interval: interval, duration: 0.5, clock: clock)
        else { return nil }
        var scene = CyclerScene(cycler: cycler, cardSize: TerminalSize(columns: 80, rows: 24))
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
        var previous = CellBuffer(width: 0, height: 0)
        var current = CellBuffer(width: 0, height: 0)
        var bytes: [UInt8] = []

        cycler.launch()
        func runUntil(_ transitions: Int) {
            while cycler.transitionsBegun < transitions {
                clock.advance(by: interval / 4)  // the tick at k·interval has begun a transition
                if cycler.isTransitioning, cycler.transitionsBegun % renderEvery == 0 {
                    // Mid-fold frame (t = 0.5 for a fresh transition).
                    scene.render(at: clock.now, into: &current)
                    bytes.removeAll(keepingCapacity: true)
                    encoder.encodeDiff(previous: previous, current: current, into: &bytes)
                    swap(&previous, &current)
                }
                clock.advance(by: interval * 3 / 4)  // the end, then the next tick
            }
        }
        runUntil(shortTransitions)
        let afterShort = Probe.memory()
        let start = Probe.nanoseconds()
        runUntil(longTransitions)
        let seconds = Double(Probe.nanoseconds() - start) / 1e9
        let afterLong = Probe.memory()
        let slots = cycler.slotsCreated
        cycler.stop()
        return MemoryResult(
            items: items, shortTransitions: shortTransitions, longTransitions: cycler.transitionsBegun,
            afterShort: afterShort, afterLong: afterLong,
            peakGrowthKiB: afterLong.peakKiB - afterShort.peakKiB,
            currentGrowthKiB: afterLong.currentKiB - afterShort.currentKiB,
            slotsCreated: slots, seconds: seconds)
    }
}
