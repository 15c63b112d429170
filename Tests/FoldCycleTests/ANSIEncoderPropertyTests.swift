import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// The diff encoder against a terminal model: the screen after a full frame and a diff equals
/// the screen after the new frame in full, over seeded random pairs.
@Suite("ANSIEncoder properties")
struct ANSIEncoderPropertyTests {
    /// A terminal model fed the full frame `a` then the diff to `b`, and one fed `b` in full.
    static func screens(from a: CellBuffer, to b: CellBuffer, mode: ANSIEncoder.Mode, depth: ColorDepth)
        -> (viaDiff: VTModel, viaFull: VTModel)
    {
        var encoder = ANSIEncoder(mode: mode, depth: depth)
        var bytes: [UInt8] = []
        encoder.encodeFull(a, into: &bytes)
        encoder.encodeDiff(previous: a, current: b, into: &bytes)
        var viaDiff = VTModel(width: b.width, height: b.height)
        viaDiff.apply(bytes)

        var fresh = ANSIEncoder(mode: mode, depth: depth)
        var fullBytes: [UInt8] = []
        fresh.encodeFull(b, into: &fullBytes)
        var viaFull = VTModel(width: b.width, height: b.height)
        viaFull.apply(fullBytes)
        return (viaDiff, viaFull)
    }

    @Test("diff correctness with erased runs and colour-zone passes: 600 seeded card-like pairs")
    func diffCorrectnessZoned() {
        var random = SeededGenerator(seed: 0xEC4_2A4E)
        let depths = ColorDepth.allCases
        for iteration in 0..<600 {
            let width = 8 + random.below(60)
            let height = 1 + random.below(6)
            let depth = depths[iteration % depths.count]
            let mode: ANSIEncoder.Mode = iteration % 2 == 0 ? .inline : .absolute(originRow: 0, originColumn: 0)
            var a = RandomFrames.zonedBuffer(&random, width: width, height: height)
            var b =
                random.below(3) == 0
                ? RandomFrames.mutate(a, &random) : RandomFrames.zonedBuffer(&random, width: width, height: height)
            if random.below(4) == 0 {
                // Long runs of plain spaces over text and wide glyphs.
                for y in 0..<height where random.below(2) == 0 {
                    let start = random.below(width)
                    let end = min(width, start + 4 + random.below(width))
                    for x in start..<end { b[x, y] = .space(background: RandomFrames.colours[random.below(2)]) }
                }
                b.normalizeWideClusters()
            }
            if random.below(3) == 0 { RandomFrames.blankTails(&a, &random) }
            if random.below(3) == 0 { RandomFrames.blankTails(&b, &random) }

            let (viaDiff, viaFull) = Self.screens(from: a, to: b, mode: mode, depth: depth)

            #expect(viaDiff.errors.isEmpty, "iteration \(iteration): \(viaDiff.errors)")
            #expect(viaDiff.cells == viaFull.cells, "iteration \(iteration)")
            if viaDiff.cells != viaFull.cells { break }
        }
    }

    @Test("diff correctness: model(full(A) + diff(A→B)) == model(full(B)) over 600 seeded pairs")
    func diffCorrectness() {
        var random = SeededGenerator(seed: 0xF01D_C7C1E)
        let depths = ColorDepth.allCases
        for iteration in 0..<600 {
            let width = 4 + random.below(9)
            let height = 1 + random.below(4)
            let depth = depths[iteration % depths.count]
            let mode: ANSIEncoder.Mode = iteration % 2 == 0 ? .inline : .absolute(originRow: 0, originColumn: 0)
            var a = RandomFrames.randomBuffer(&random, width: width, height: height)
            var b =
                random.below(5) == 0
                ? RandomFrames.randomBuffer(&random, width: width, height: height) : RandomFrames.mutate(a, &random)
            if random.below(3) == 0 { RandomFrames.blankTails(&b, &random) }
            if random.below(3) == 0 {
                RandomFrames.blankTails(&a, &random)
                if random.below(2) == 0 { b = RandomFrames.mutate(a, &random) }
            }

            let (viaDiff, viaFull) = Self.screens(from: a, to: b, mode: mode, depth: depth)

            #expect(viaDiff.errors.isEmpty, "iteration \(iteration): \(viaDiff.errors)")
            #expect(viaFull.errors.isEmpty, "iteration \(iteration): \(viaFull.errors)")
            #expect(viaDiff.cells == viaFull.cells, "iteration \(iteration)")
            #expect(viaFull.lines == PlainTextEncoder.lines(b), "iteration \(iteration)")
            if viaDiff.cells != viaFull.cells { break }
        }
    }
}
