import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// The diff encoder's line and character moves replayed through the VT model, with host lines
/// above the region, a line below it and columns right of the frame: every screen equals the
/// frame drawn in full, the lines around the region stay, and a frame with moves is never longer
/// than the cell diff alone.
@Suite("ANSIEncoder moves")
struct ANSIEncoderMoveTests {
    /// Where the frames are replayed: rows of host text above, a row below, columns beyond.
    struct Setting {
        var hostRows = 2
        var extraColumns = 0
        var absolute = false
        var depth = ColorDepth.truecolor
        /// Whether the encoder writes runs of one glyph with REP (``ANSIEncoder/repeats``).
        var repeats = false
        /// Whether the terminal blanks a wide character a DCH leaves at the cursor (kitty before
        /// 0.40, ``VTModel/deleteBlanksWideAtCursor``).
        var kitty = false
    }

    /// What a replay measured.
    struct Replay {
        var framesWithMoves = 0
        var bytesWithMoves = 0
        var bytesWithoutMoves = 0
    }

    /// A model with host text on its first rows and the row below the region, the cursor at the
    /// region's top-left.
    static func model(width: Int, height: Int, _ setting: Setting) -> VTModel {
        var model = VTModel(width: width + setting.extraColumns, height: setting.hostRows + height + 1)
        model.deleteBlanksWideAtCursor = setting.kitty
        var text = ""
        for row in 0..<setting.hostRows { text += "\u{1B}[\(row + 1);1Hhost \(row)" }
        text += "\u{1B}[\(setting.hostRows + height + 1);1Hbelow\u{1B}[\(setting.hostRows + 1);1H"
        model.apply(Array(text.utf8))
        return model
    }

    static func encoder(_ setting: Setting, moves: Bool) -> ANSIEncoder {
        let mode: ANSIEncoder.Mode =
            setting.absolute ? .absolute(originRow: setting.hostRows, originColumn: 0) : .inline
        var encoder = ANSIEncoder(mode: mode, depth: setting.depth)
        encoder.columnsBeyondFrame = setting.extraColumns > 0
        encoder.usesMoves = moves
        encoder.repeats = setting.repeats
        return encoder
    }

    /// Whether `bytes` hold IL, DL, ICH or DCH.
    static func holdsMoves(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x1B && bytes[index + 1] == 0x5B {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                if end < bytes.count,
                    [UInt8(ascii: "L"), UInt8(ascii: "M"), UInt8(ascii: "@"), UInt8(ascii: "P")]
                        .contains(bytes[end])
                {
                    return true
                }
                index = end
            }
            index += 1
        }
        return false
    }

    /// Replays `frames` (the first in full, then diffs) and checks every screen; `label` names
    /// the case in failures.
    static func replay(_ frames: [CellBuffer], _ setting: Setting, _ label: String) -> Replay {
        let width = frames[0].width
        let height = frames[0].height
        var model = Self.model(width: width, height: height, setting)
        var encoder = Self.encoder(setting, moves: true)
        var plain = Self.encoder(setting, moves: false)
        var bytes: [UInt8] = []
        var plainBytes: [UInt8] = []
        encoder.encodeFull(frames[0], into: &bytes)
        plain.encodeFull(frames[0], into: &plainBytes)
        model.apply(bytes)
        var replay = Replay()
        for index in 1..<frames.count {
            bytes.removeAll(keepingCapacity: true)
            plainBytes.removeAll(keepingCapacity: true)
            var cellDiff = encoder
            cellDiff.usesMoves = false
            var cellDiffBytes: [UInt8] = []
            cellDiff.encodeDiff(previous: frames[index - 1], current: frames[index], into: &cellDiffBytes)
            encoder.encodeDiff(previous: frames[index - 1], current: frames[index], into: &bytes)
            plain.encodeDiff(previous: frames[index - 1], current: frames[index], into: &plainBytes)
            model.apply(bytes)
            if Self.holdsMoves(bytes) { replay.framesWithMoves += 1 }
            replay.bytesWithMoves += bytes.count
            replay.bytesWithoutMoves += plainBytes.count
            // Never longer than the cell diff from the same cursor and pen.
            #expect(
                bytes.count <= cellDiffBytes.count, "\(label) frame \(index): \(bytes.count) > \(cellDiffBytes.count)")

            var expected = Self.model(width: width, height: height, setting)
            var fresh = Self.encoder(setting, moves: true)
            var fullBytes: [UInt8] = []
            fresh.encodeFull(frames[index], into: &fullBytes)
            expected.apply(fullBytes)
            #expect(model.errors.isEmpty, "\(label) frame \(index): \(model.errors)")
            #expect(model.cells == expected.cells, "\(label) frame \(index)")
            if model.cells != expected.cells || !model.errors.isEmpty { break }
        }
        return replay
    }

    /// The frames of a transition of `kind` from item 0 to item 1 of `items` (by default the
    /// ASCII set), `count` evenly spaced.
    static func transitionFrames(
        _ kind: TransitionKind, _ direction: TransitionDirection, size: TerminalSize, count: Int,
        items: [String] = FrameHashTests.itemSets[0].items
    ) -> [CellBuffer] {
        var scene = CardScene(cardSize: size)
        let transition = TransitionStyle(kind: kind, direction: direction)
            .transition(slotSize: LayerSize(width: size.columns, height: size.rows))
        return (0..<count).map { index in
            var frame = CellBuffer(width: 0, height: 0)
            scene.render(
                transition.frame(atFractionComplete: Double(index) / Double(count - 1)), outgoing: (0, items[0]),
                incoming: (1, items[1]), into: &frame)
            return frame
        }
    }

    static let kinds: [(name: String, kind: TransitionKind)] = [
        ("fold", .fold), ("push", .push), ("move-in", .moveIn), ("reveal", .reveal),
    ]

    @Test(
        "transition frames replay exactly with moves, inline with host lines above and absolute",
        arguments: [TransitionDirection.down, .up, .left, .right])
    func transitions(_ direction: TransitionDirection) {
        var framesWithMoves = 0
        for (name, kind) in Self.kinds {
            let frames = Self.transitionFrames(kind, direction, size: TerminalSize(columns: 40, rows: 12), count: 13)
            framesWithMoves += Self.replayInSettings(frames, "\(name) \(direction)")
        }
        // Push and move-in shift whole rows: some frames of each direction move them.
        #expect(framesWithMoves >= 6, "\(direction): \(framesWithMoves) frames with moves")
    }

    @Test(
        "transition frames of wide characters and emoji replay exactly; a push and a move-in across shift their rows",
        arguments: [TransitionDirection.left, .right])
    func wideTransitions(_ direction: TransitionDirection) {
        var framesWithMoves: [String: Int] = [:]
        for set in FrameHashTests.itemSets.dropFirst() {
            for (name, kind) in Self.kinds {
                let frames = Self.transitionFrames(
                    kind, direction, size: TerminalSize(columns: 40, rows: 12), count: 13, items: set.items)
                framesWithMoves["\(set.name) \(name)", default: 0] +=
                    Self.replayInSettings(frames, "\(set.name) \(name) \(direction)")
            }
        }
        // The CJK rows hold scalars only: a push and a move-in shift them (record 0263).
        #expect(framesWithMoves["cjk push", default: 0] >= 8, "\(framesWithMoves)")
        #expect(framesWithMoves["cjk move-in", default: 0] >= 8, "\(framesWithMoves)")
    }

    /// Replays `frames` in four settings (inline with host lines and columns beyond, absolute,
    /// REP) and returns the frames with moves.
    static func replayInSettings(_ frames: [CellBuffer], _ label: String) -> Int {
        var framesWithMoves = 0
        for (index, setting) in [
            Setting(), Setting(hostRows: 3, extraColumns: 5, depth: .ansi256),
            Setting(hostRows: 0, absolute: true, depth: .ansi16),
            Setting(hostRows: 1, extraColumns: 2, depth: .ansi256, repeats: true),
            Setting(hostRows: 2, depth: .truecolor, kitty: true),
        ].enumerated() {
            let replay = Self.replay(frames, setting, "\(label) setting \(index)")
            framesWithMoves += replay.framesWithMoves
        }
        return framesWithMoves
    }

    @Test("600 seeded pairs of shifted rows and blocks replay exactly and are never longer than the cell diff")
    func shiftedRows() {
        var random = SeededGenerator(seed: 0x5C_0117)
        var framesWithMoves = 0
        for iteration in 0..<600 {
            let width = 6 + random.below(40)
            let height = 3 + random.below(8)
            var a = RandomFrames.zonedBuffer(&random, width: width, height: height)
            if random.below(3) == 0 { RandomFrames.blankTails(&a, &random) }
            var b = a
            if random.below(4) != 0 { Self.shiftBlock(from: a, into: &b, &random) }
            if random.below(2) == 0 { Self.shiftRows(&b, &random) }
            if random.below(3) == 0 { b = RandomFrames.mutate(b, &random) }
            b.normalizeWideClusters()
            let setting = Setting(
                hostRows: random.below(3), extraColumns: random.below(2) * 3, absolute: iteration % 3 == 2,
                depth: ColorDepth.allCases[iteration % ColorDepth.allCases.count], repeats: iteration % 2 == 1)
            let replay = Self.replay([a, b], setting, "iteration \(iteration)")
            framesWithMoves += replay.framesWithMoves
        }
        #expect(framesWithMoves >= 70, "\(framesWithMoves) frames with moves")
    }

    @Test(
        "400 seeded pairs of rows of wide characters shifted by even and odd distances replay exactly; no move cuts one"
    )
    func shiftedWideRows() {
        var random = SeededGenerator(seed: 0x0263)
        let alphabet: [Character] = ["a", "b", " ", "你", "界", "カ", "\u{2584}"]
        var framesWithMoves = 0
        for iteration in 0..<400 {
            let width = 8 + random.below(40)
            let height = 2 + random.below(5)
            var a = CellBuffer(width: width, height: height)
            for y in 0..<height {
                let colour = RandomFrames.colours[random.below(RandomFrames.colours.count)]
                RandomFrames.fillText(&a, y: y, glyphs: alphabet, &random) { $0.foreground = colour }
            }
            var b = a
            Self.shiftRows(&b, &random)
            if random.below(3) == 0 { b = RandomFrames.mutate(b, &random) }
            b.normalizeWideClusters()
            let setting = Setting(
                hostRows: random.below(3), extraColumns: random.below(2) * 3, absolute: iteration % 3 == 2,
                depth: ColorDepth.allCases[iteration % ColorDepth.allCases.count], repeats: iteration % 2 == 1,
                kitty: iteration % 4 < 2)
            // The model records a move that cuts a wide character as an error; in half the
            // pairs it blanks a wide character a DCH leaves at the cursor, as kitty 0.26 does.
            let replay = Self.replay([a, b], setting, "wide iteration \(iteration)")
            framesWithMoves += replay.framesWithMoves
        }
        #expect(framesWithMoves >= 100, "\(framesWithMoves) frames with moves")
    }

    @Test("row hashes kept from the last frame are checked: a screen rewritten in place is hashed again")
    func keptHashesChecked() {
        let width = 24
        func line(_ y: Int, _ tag: String) -> String {
            "\(tag) line \(y) " + String(repeating: "\(y % 10)", count: y + 3)
        }
        let a = ANSIEncoderTests.textRows((0..<6).map { line($0, "old") }, width: width)
        var b = a
        // Two rows change, so the encoder hashes both frames' rows and keeps b's.
        for (x, character) in "changed".enumerated() {
            b[x, 4] = Cell(character)
            b[x, 5] = Cell(character)
        }
        var kept = ANSIEncoder(mode: .absolute(originRow: 0, originColumn: 0), depth: .truecolor)
        var bytes: [UInt8] = []
        kept.encodeFull(a, into: &bytes)
        kept.encodeDiff(previous: a, current: b, into: &bytes)
        // The buffer the encoder hashed last, rewritten in place (the same storage): rows 0–4 new.
        let rewritten = ANSIEncoderTests.textRows((0..<5).map { line($0, "new") }, width: width)
        for y in 0..<5 {
            for x in 0..<width { b[x, y] = rewritten[x, y] }
        }
        // The next frame scrolls it up by two rows: four rows come back.
        var c = ANSIEncoderTests.textRows((0..<6).map { line($0, "next") }, width: width)
        for y in 0..<4 {
            for x in 0..<width { c[x, y] = b[x, y + 2] }
        }
        var fresh = ANSIEncoder(mode: .absolute(originRow: 0, originColumn: 0), depth: .truecolor)
        kept.invalidate()
        fresh.invalidate()
        var keptBytes: [UInt8] = []
        var freshBytes: [UInt8] = []
        kept.encodeDiff(previous: b, current: c, into: &keptBytes)
        fresh.encodeDiff(previous: b, current: c, into: &freshBytes)
        #expect(Self.holdsMoves(freshBytes))
        #expect(keptBytes == freshBytes)
    }

    /// Moves a random block of rows of `a` up or down into `b`, new rows where it left.
    static func shiftBlock(from a: CellBuffer, into b: inout CellBuffer, _ random: inout SeededGenerator) {
        let height = a.height
        let top = random.below(height - 1)
        let bottom = top + 1 + random.below(height - top - 1)
        let distance = 1 + random.below(bottom - top)
        let up = random.below(2) == 0
        for y in top...bottom {
            let source = up ? y + distance : y - distance
            for x in 0..<a.width {
                b[x, y] = (top...bottom).contains(source) ? a[x, source] : Cell.space(background: .default)
            }
        }
    }

    /// Shifts the tail of some rows of `b` left or right by a few columns.
    static func shiftRows(_ b: inout CellBuffer, _ random: inout SeededGenerator) {
        let width = b.width
        let distance = (1 + random.below(max(1, width / 4))) * (random.below(2) == 0 ? 1 : -1)
        for y in 0..<b.height where random.below(2) == 0 {
            let start = random.below(width / 2)
            let row = (0..<width).map { b[$0, y] }
            for x in start..<width {
                let source = x - distance
                b[x, y] = source >= start && source < width ? row[source] : RandomFrames.randomCell(&random)
            }
        }
    }
}
