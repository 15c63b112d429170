import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Issue 15, finding 1: numbers from outside that passed validation and then overflowed. Each
/// test here trapped (or produced NaN) before the fix.
@Suite("Reliability: numbers from outside are rejected or computed safely")
struct NumberSafetyTests {
    @Test(
        "y control points beyond ±10 are rejected (cubic-bezier(0.3,1e19,0.6,1) crashed the compositor)",
        arguments: [
            (0.3, 1e19, 0.6, 1.0), (0.3, 10.000001, 0.6, 1.0), (0.3, 0.0, 0.6, -10.5), (0.1, 1e300, 0.9, -1e300),
        ])
    func hugeY(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        #expect(throws: TimingFunctionError.invalidControlPoints(x1: x1, y1: y1, x2: x2, y2: y2)) {
            try TimingFunction(controlPoints: x1, y1, x2, y2)
        }
    }

    @Test("the extreme allowed curves give finite progress, bounded as documented")
    func extremeCurves() throws {
        for (y1, y2) in [(10.0, 10.0), (-10.0, -10.0), (10.0, -10.0), (-10.0, 10.0)] {
            let curve = try TimingFunction(controlPoints: 0.5, y1, 0.5, y2)
            for step in 0...1000 {
                let progress = curve.progress(at: Double(step) / 1000)
                #expect(progress.isFinite && progress > -9 && progress < 9, "\(y1), \(y2) at \(step)")
            }
        }
    }

    @Test(
        "every transition at the extreme curves renders (no trap), every geometry drawable",
        arguments: TransitionKind.allCases)
    func extremeTransitions(_ kind: TransitionKind) throws {
        var scene = CardScene(cardSize: TerminalSize(columns: 20, rows: 5))
        var cells = CellBuffer(width: 0, height: 0)
        for (y1, y2) in [(10.0, 10.0), (-10.0, -10.0), (10.0, -10.0)] {
            let style = TransitionStyle(
                kind: kind, direction: .left, timingFunction: try TimingFunction(controlPoints: 0.5, y1, 0.5, y2))
            let transition = style.transition(slotSize: LayerSize(width: 20, height: 5), cellAspect: 2)
            for step in 0...40 {
                let frame = transition.frame(atFractionComplete: Double(step) / 40)
                #expect(frame.progress.isFinite)
                scene.render(frame, outgoing: (0, "outgoing"), incoming: (1, "incoming"), into: &cells)
                #expect(cells.width == 20 && cells.height == 5)
            }
        }
    }

    /// Geometry a caller (or a deck pose) can hand the scene: absurd and not finite.
    static let absurd: [LayerGeometry] = [
        .affine(LayerTransform(a: 1e19, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
        .affine(LayerTransform(a: 1, b: 0, c: 0, d: 1, tx: 1e19, ty: -1e19)),
        .affine(LayerTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
        .affine(LayerTransform(a: 1, b: 0, c: 0, d: .infinity, tx: 0, ty: 0)),
        .affine(LayerTransform(a: 1e10, b: 1e10, c: -1e10, d: 1e10, tx: 0, ty: 0)),
        .projective(Transform3D(scaleX: 1e300, y: 1e300, z: 1), cellAspect: 2),
        .projective(.identity, cellAspect: .nan),
        .projective(.identity, cellAspect: 0),
    ]

    @Test("a slot with absurd or non-finite geometry is skipped, never handed to the compositor")
    func absurdGeometry() {
        var scene = CardScene(cardSize: TerminalSize(columns: 12, rows: 3), style: CardStyle(palette: []))
        var empty = CellBuffer(width: 0, height: 0)
        scene.render([], into: &empty)
        for geometry in Self.absurd {
            let presentation = SlotPresentation(role: .incoming, geometry: geometry, alpha: 1)
            #expect(!presentation.isDrawable)
            var cells = CellBuffer(width: 0, height: 0)
            scene.render([CardSlot(index: 0, text: "text", presentation: presentation)], into: &cells)
            #expect(cells == empty)
        }
        for alpha in [Double.nan, .infinity] {
            #expect(!SlotPresentation(role: .incoming, geometry: .identity, alpha: alpha).isDrawable)
        }
        // The largest drawable component is still drawn (and off the card here).
        let far = SlotPresentation(
            role: .incoming, geometry: .affine(LayerTransform(a: 1, b: 0, c: 0, d: 1, tx: 1e9, ty: 0)), alpha: 1)
        #expect(far.isDrawable)
        var cells = CellBuffer(width: 0, height: 0)
        scene.render([CardSlot(index: 0, text: "text", presentation: far)], into: &cells)
        #expect(cells == empty)
    }

    @Test("a deadline of 1e300 seconds or infinity is scheduled without trapping (UInt64 overflow)")
    func farDeadlines() {
        let clock = DispatchClock()
        let fired = FireFlag()
        for deadline in [1e300, .infinity, Double.greatestFiniteMagnitude] {
            let timer = clock.schedule(at: deadline) { fired.fire() }
            timer.cancel()
        }
        #expect(!fired.hasFired)
    }

    @Test("a terminal reporting 65535 × 65535 is laid out as the limits allow")
    func hugeTerminal() throws {
        #expect(TerminalSize(columns: 65_535, rows: 65_535).bounded == TerminalSize(columns: 2_000, rows: 1_000))
        #expect(TerminalSize(columns: -3, rows: 24).bounded == TerminalSize(columns: 0, rows: 24))
        let sink = HugeTerminal()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["A", "B"]), interval: 1, duration: 0.5, clock: ManualClock())
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 5, rows: 3),
            configuration: .init(output: .fullscreen, colorDepth: .none, motion: .full), sink: sink)
        player.start()
        player.finish()
        // Before: a 65535 × 65535 frame (4.3e9 cells, 68 GB) and an abort. Now the card is centred in
        // the 2000 × 1000 cells the limits allow: its text row is row 499 (rows 498...500 are the card).
        let beforeText = try #require(sink.text.components(separatedBy: "A").first)
        #expect(beforeText.components(separatedBy: "\r\n").count - 1 == 499)
    }
}

/// Whether a timer fired.
final class FireFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    var hasFired: Bool { lock.withLock { fired } }
    func fire() { lock.withLock { fired = true } }
}

/// A terminal that reports 65535 × 65535 cells and keeps what it is sent as text.
final class HugeTerminal: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [UInt8] = []
    var text: String { lock.withLock { String(decoding: received, as: UTF8.self) } }
    func write(_ bytes: [UInt8]) throws(TerminalError) { lock.withLock { received += bytes } }
    var isTerminal: Bool { true }
    var size: TerminalSize? { TerminalSize(columns: 65_535, rows: 65_535) }
}
