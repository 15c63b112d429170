import FoldCycle
import FoldCycleTestSupport
import Foundation
import Testing

/// One row of the design card's keyframes: a direction, a progress, and the two transforms
/// (`[a, b, c, d, tx, ty]`) on a 40 × 5 card (half the extent: 20 columns, 2.5 rows).
struct CardKeyframe: CustomTestStringConvertible, Sendable {
    let direction: TransitionDirection
    let progress: Double
    let outgoing: [Double]
    let incoming: [Double]
    var testDescription: String { "\(direction) at \(progress)" }
}

let cardKeyframes: [CardKeyframe] = [
    .init(direction: .down, progress: 0, outgoing: [1, 0, 0, 1, 0, 0], incoming: [1, 0, 0, 0, 0, -2.5]),
    .init(
        direction: .down, progress: 0.25, outgoing: [1, 0, 0, 0.7525, 0, 0.625], incoming: [1, 0, 0, 0.25, 0, -1.875]),
    .init(direction: .down, progress: 0.5, outgoing: [1, 0, 0, 0.505, 0, 1.25], incoming: [1, 0, 0, 0.5, 0, -1.25]),
    .init(direction: .down, progress: 1, outgoing: [1, 0, 0, 0.01, 0, 2.5], incoming: [1, 0, 0, 1, 0, 0]),
    .init(direction: .up, progress: 0, outgoing: [1, 0, 0, 1, 0, 0], incoming: [1, 0, 0, 0, 0, 2.5]),
    .init(
        direction: .up, progress: 0.25, outgoing: [1, 0, 0, 0.7525, 0, -0.625], incoming: [1, 0, 0, 0.25, 0, 1.875]),
    .init(direction: .up, progress: 0.5, outgoing: [1, 0, 0, 0.505, 0, -1.25], incoming: [1, 0, 0, 0.5, 0, 1.25]),
    .init(direction: .up, progress: 1, outgoing: [1, 0, 0, 0.01, 0, -2.5], incoming: [1, 0, 0, 1, 0, 0]),
    .init(direction: .right, progress: 0, outgoing: [1, 0, 0, 1, 0, 0], incoming: [0, 0, 0, 1, -20, 0]),
    .init(direction: .right, progress: 0.25, outgoing: [0.7525, 0, 0, 1, 5, 0], incoming: [0.25, 0, 0, 1, -15, 0]),
    .init(direction: .right, progress: 0.5, outgoing: [0.505, 0, 0, 1, 10, 0], incoming: [0.5, 0, 0, 1, -10, 0]),
    .init(direction: .right, progress: 1, outgoing: [0.01, 0, 0, 1, 20, 0], incoming: [1, 0, 0, 1, 0, 0]),
    .init(direction: .left, progress: 0, outgoing: [1, 0, 0, 1, 0, 0], incoming: [0, 0, 0, 1, 20, 0]),
    .init(direction: .left, progress: 0.25, outgoing: [0.7525, 0, 0, 1, -5, 0], incoming: [0.25, 0, 0, 1, 15, 0]),
    .init(direction: .left, progress: 0.5, outgoing: [0.505, 0, 0, 1, -10, 0], incoming: [0.5, 0, 0, 1, 10, 0]),
    .init(direction: .left, progress: 1, outgoing: [0.01, 0, 0, 1, -20, 0], incoming: [1, 0, 0, 1, 0, 0]),
]

extension LayerTransform {
    /// `[a, b, c, d, tx, ty]` as a transform.
    init(_ c: [Double]) { self.init(a: c[0], b: c[1], c: c[2], d: c[3], tx: c[4], ty: c[5]) }
}

@Suite("PseudoFoldCycler: the design card")
struct PseudoFoldCyclerTests {
    /// Truecolor, full motion: the environment decides nothing in a test.
    static let configuration = Player.Configuration(
        output: .inline, colorDepth: .fixed(.truecolor), motion: .fixed(.full))

    @Test("the scale+translate pairs equal the card's keyframes within 1e-9", arguments: cardKeyframes)
    func keyframes(_ row: CardKeyframe) throws {
        let cycler = try PseudoFoldCycler(
            items: ["A", "B"], direction: row.direction,
            configuration: .init(cardSize: TerminalSize(columns: 40, rows: 5), player: Self.configuration),
            output: RecordingTerminal(columns: 60, rows: 10), clock: ManualClock())
        let pair = cycler.transforms(atProgress: row.progress)
        #expect(pair.outgoing.isApproximatelyEqual(to: LayerTransform(row.outgoing), absoluteTolerance: 1e-9))
        #expect(pair.incoming.isApproximatelyEqual(to: LayerTransform(row.incoming), absoluteTolerance: 1e-9))
    }

    @Test("two items, up, every 2 s: start, a fold, pause mid-fold (progress frozen), resume, stop")
    func lifecycle() throws {
        let clock = ManualClock()
        let terminal = RecordingTerminal(columns: 40, rows: 8)
        let cycler = try PseudoFoldCycler(
            items: ["Search by name or email", "搜索姓名、手机号或邮箱"], direction: .up, interval: 2,
            configuration: .init(duration: 1.9, player: Self.configuration), output: terminal, clock: clock)
        // The design card's timing, interval − 0.1 s, given (the default is min(0.6, interval/3)).
        #expect(cycler.duration == 1.9)
        #expect(cycler.cardSize == TerminalSize(columns: 25, rows: 3))
        #expect(cycler.state == .stopped)

        cycler.start()
        #expect(cycler.state == .running)
        #expect(cycler.progress(atTime: nil) == nil)
        clock.advance(by: 2.5, drawing: cycler.player)
        // The first fold began at 2 s (one interval after start): 0.5 s of 1.9 s in.
        let expected = TimingFunction.easeInEaseOut.progress(at: 0.5 / 1.9)
        #expect(cycler.progress(atTime: nil) == expected)

        cycler.pause()
        #expect(cycler.state == .paused)
        clock.advance(by: 1, drawing: cycler.player)
        #expect(cycler.progress(atTime: nil) == expected)
        let pair = try #require(cycler.transforms(atTime: nil))
        let card = cycler.transforms(atProgress: expected)
        #expect(pair.outgoing.isApproximatelyEqual(to: card.outgoing))
        #expect(pair.incoming.isApproximatelyEqual(to: card.incoming))
        // The screen shows the frozen frame: the card's rows under the host line.
        #expect(Array(terminal.lines[1...3]) == cycler.lines(atProgress: expected).map { $0 + "               " })

        cycler.resume()
        clock.advance(by: 0.5, drawing: cycler.player)
        #expect(cycler.progress(atTime: nil) == TimingFunction.easeInEaseOut.progress(at: 1 / 1.9))

        cycler.stop()
        #expect(cycler.state == .stopped)
        #expect(cycler.index == 1)
        #expect(cycler.progress(atTime: nil) == nil)
        #expect(cycler.transforms(atTime: nil) == nil)
        #expect(cycler.finish() == nil)
        cycler.start()
        #expect(cycler.state == .stopped)
    }

    @Test("a duration not shorter than the interval is an error naming both values")
    func durationNotShorterThanInterval() {
        #expect(throws: CyclerError.invalidDuration(2, interval: 2)) {
            try PseudoFoldCycler(
                items: ["A", "B"], interval: 2, configuration: .init(duration: 2), clock: ManualClock())
        }
        do {
            _ = try PseudoFoldCycler(
                items: ["A", "B"], interval: 1.5, configuration: .init(duration: 3), clock: ManualClock())
            Issue.record("no error thrown")
        } catch {
            #expect(
                error.description
                    == "duration 3 is not allowed (seconds: a finite number ≥ 0.001 and < the interval, 1.5)")
        }
    }

    @Test("one frame as plain rows and as ANSI bytes, at rest and half-way")
    func frames() throws {
        let cycler = try PseudoFoldCycler(
            items: ["AAAA", "BBBB"], direction: .down,
            configuration: .init(cardSize: TerminalSize(columns: 6, rows: 4), player: Self.configuration),
            output: RecordingTerminal(columns: 20, rows: 6), clock: ManualClock())
        #expect(cycler.lines(atProgress: 0) == ["      ", " AAAA ", "      ", "      "])
        #expect(cycler.lines(atProgress: 1) == ["      ", " BBBB ", "      ", "      "])
        #expect(cycler.lines(atProgress: 0.5) == [" BBBB ", "      ", " AAAA ", "      "])
        let terminal = RecordingTerminal(columns: 20, rows: 6)
        try terminal.write(Array(cycler.frame(atProgress: 0.5, colorDepth: .truecolor).utf8))
        #expect(terminal.lines.prefix(4).map { String($0.prefix(6)) } == cycler.lines(atProgress: 0.5))
        #expect(terminal.errors == [])
    }

    @Test("slot geometry answers only for its own kind")
    func geometryKinds() {
        let fold = TransitionStyle(kind: .fold, direction: .up)
            .transition(slotSize: LayerSize(width: 10, height: 3)).frame(atFractionComplete: 0.5)
        #expect(fold.presentation(of: .incoming)?.affineTransform != nil)
        #expect(fold.presentation(of: .incoming)?.transform3D == nil)
        let cube = TransitionStyle(kind: .cube, direction: .left)
            .transition(slotSize: LayerSize(width: 10, height: 3)).frame(atFractionComplete: 0.5)
        #expect(cube.presentation(of: .incoming)?.affineTransform == nil)
        #expect(cube.presentation(of: .incoming)?.transform3D != nil)
    }

    @Test("approximate comparison: within the tolerance, beyond it, and NaN")
    func approximateComparison() {
        let t = LayerTransform(a: 1, b: 0, c: 0, d: 0.505, tx: 0, ty: 1.25)
        #expect(t.isApproximatelyEqual(to: LayerTransform(a: 1, b: 0, c: 0, d: 0.505 + 5e-10, tx: 0, ty: 1.25)))
        #expect(!t.isApproximatelyEqual(to: LayerTransform(a: 1, b: 0, c: 0, d: 0.505 + 2e-9, tx: 0, ty: 1.25)))
        #expect(!t.isApproximatelyEqual(to: LayerTransform(a: .nan, b: 0, c: 0, d: 0.505, tx: 0, ty: 1.25)))
        let m = Transform3D.perspective(eyeDistance: 500)
        var n = m
        n.m34 += 1e-12
        #expect(m.isApproximatelyEqual(to: n))
        n.m34 += 1e-3
        #expect(!m.isApproximatelyEqual(to: n, absoluteTolerance: 1e-4))
    }
}
