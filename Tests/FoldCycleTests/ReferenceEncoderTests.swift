import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// The plain reference encoder (`ReferenceEncoder`, ratatui-shaped) as a second oracle: over
/// seeded random frame sequences, the tuned encoder's screens equal the reference encoder's, both
/// replayed through the terminal model.
@Suite("ReferenceEncoder: the tuned encoder's screens equal the plain encoder's")
struct ReferenceEncoderTests {
    @Test("its bytes: CUP to each changed cell, the reset-form SGR when it changes, the cluster; default at the end")
    func bytes() {
        var a = CellBuffer(width: 4, height: 2)
        a[0, 0] = Cell("a")
        var b = a
        b[1, 0] = Cell("b", attributes: .bold)
        b[2, 0] = Cell("c", attributes: .bold)
        b[3, 1] = Cell("d")
        var encoder = ReferenceEncoder(depth: .truecolor)
        var bytes: [UInt8] = []
        encoder.encodeDiff(previous: a, current: b, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;2H\u{1B}[0;1mbc\u{1B}[2;4H\u{1B}[0md")
    }

    @Test("a wide cluster replaced by narrow ones redraws both of its cells (ratatui's invalidation)")
    func wideReplaced() {
        var a = CellBuffer(width: 3, height: 1)
        a[0, 0] = Cell("你")
        a[1, 0] = .continuation(of: a[0, 0])
        var b = CellBuffer(width: 3, height: 1)
        b[0, 0] = Cell("x")
        #expect(ReferenceEncoder.changes(previous: a, current: b).map(\.x) == [0, 1])
        #expect(ReferenceEncoder.changes(previous: b, current: a).map(\.x) == [0])
    }

    @Test("300 seeded sequences of 4 frames, every depth, inline and absolute: the same screen after every frame")
    func sameScreens() {
        var random = SeededGenerator(seed: 0x5EF_E4C0DE)
        let depths = ColorDepth.allCases
        for iteration in 0..<300 {
            let width = 4 + random.below(40)
            let height = 1 + random.below(5)
            let depth = depths[iteration % depths.count]
            let mode: ANSIEncoder.Mode = iteration % 2 == 0 ? .inline : .absolute(originRow: 0, originColumn: 0)
            var tuned = ANSIEncoder(mode: mode, depth: depth)
            var reference = ReferenceEncoder(depth: depth)
            var tunedScreen = VTModel(width: width, height: height)
            var referenceScreen = VTModel(width: width, height: height)
            var previous: CellBuffer?
            for step in 0..<4 {
                var frame: CellBuffer
                switch random.below(3) {
                case 0: frame = RandomFrames.zonedBuffer(&random, width: width, height: height)
                case 1 where previous != nil: frame = RandomFrames.mutate(previous!, &random)
                default: frame = RandomFrames.randomBuffer(&random, width: width, height: height)
                }
                if random.below(3) == 0 { RandomFrames.blankTails(&frame, &random) }
                var tunedBytes: [UInt8] = []
                var referenceBytes: [UInt8] = []
                if let previous {
                    tuned.encodeDiff(previous: previous, current: frame, into: &tunedBytes)
                    reference.encodeDiff(previous: previous, current: frame, into: &referenceBytes)
                } else {
                    tuned.encodeFull(frame, into: &tunedBytes)
                    reference.encodeFull(frame, into: &referenceBytes)
                }
                tunedScreen.apply(tunedBytes)
                referenceScreen.apply(referenceBytes)
                #expect(referenceScreen.errors.isEmpty, "iteration \(iteration) step \(step)")
                #expect(tunedScreen.cells == referenceScreen.cells, "iteration \(iteration) step \(step)")
                guard tunedScreen.cells == referenceScreen.cells else { return }
                previous = frame
            }
        }
    }
}
