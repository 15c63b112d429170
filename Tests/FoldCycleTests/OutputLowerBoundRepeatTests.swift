import FoldCycleByteFloor
import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// The byte floor with REP (``OutputLowerBound/repeatSaving(previous:current:)``): hand-made rows
/// worked out by hand, and never above what the diff encoder sends with REP.
struct OutputLowerBoundRepeatTests {
    static func row(_ text: String) -> CellBuffer { OutputLowerBoundTests.buffer([text]) }

    static func saving(_ previous: CellBuffer, _ current: CellBuffer) -> Int {
        var bound = OutputLowerBound(depth: .truecolor)
        return bound.repeatSaving(previous: previous, current: current)
    }

    @Test(
        "a run saves its changed glyphs and entries less a glyph and CSI b; spaces and short runs nothing",
        arguments: [
            // 80 half blocks: 240 bytes, at least 3 + 3 with REP.
            (String(repeating: "x", count: 80), String(repeating: "\u{2584}", count: 80), 234),
            ("xxxxxxxxxx", "aaaaaaaaaa", 6),
            // Six changed "=" in two stretches around four unchanged ones: 6 + 1 entry − 4.
            ("xxx====xxx", "==========", 3),
            ("xxxx", "aaaa", 0),
            ("xxxxxxxxxx", "          ", 0),
            ("xxxxxxxxxx", "aaaaabbbbb", 2),
        ])
    func runs(_ previous: String, _ current: String, _ expected: Int) {
        #expect(Self.saving(Self.row(previous), Self.row(current)) == expected)
    }

    @Test("wide glyphs save nothing")
    func wide() {
        var current = CellBuffer(width: 10, height: 1)
        for x in stride(from: 0, to: 10, by: 2) {
            current[x, 0] = Cell("你")
            current[x + 1, 0] = .continuation(of: Cell("你"))
        }
        #expect(Self.saving(Self.row("xxxxxxxxxx"), current) == 0)
    }

    @Test(
        "the diff encoder with REP (and moves) never sends fewer bytes than the floor with REP (and moves)",
        arguments: [TransitionKind.fold, .push], [false, true])
    func neverBelow(_ kind: TransitionKind, moves: Bool) {
        var framesSaving = 0
        for direction in [TransitionDirection.up, .down] {
            for depth in [ColorDepth.truecolor, .ansi256] {
                let frames = ANSIEncoderMoveTests.transitionFrames(
                    kind, direction, size: TerminalSize(columns: 40, rows: 12), count: 13)
                var encoder = ANSIEncoder(mode: .inline, depth: depth)
                encoder.repeats = true
                encoder.usesMoves = moves
                var bound = OutputLowerBound(depth: depth)
                var bytes: [UInt8] = []
                encoder.encodeFull(frames[0], into: &bytes)
                for index in 1..<frames.count {
                    bytes.removeAll()
                    encoder.encodeDiff(previous: frames[index - 1], current: frames[index], into: &bytes)
                    let cellFloor = bound.bound(previous: frames[index - 1], current: frames[index]).floor
                    let floor =
                        moves
                        ? bound.repeatAwareMoveFloor(
                            previous: frames[index - 1], current: frames[index], cellFloor: cellFloor)
                        : bound.repeatAwareFloor(
                            previous: frames[index - 1], current: frames[index], cellFloor: cellFloor)
                    if floor < cellFloor { framesSaving += 1 }
                    #expect(floor <= bytes.count, "\(kind) \(direction) \(depth) frame \(index)")
                }
            }
        }
        // Of the 48 diffs, those whose floor is below the cell floor: 40 with a run REP may shorten
        // (the edge rows and the edge rows pushed on), a few more with moves.
        #expect(framesSaving == (moves ? (kind == .fold ? 44 : 42) : 40))
    }
}
