import FoldCycleByteFloor
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// The bench's byte floor (``OutputLowerBound``): hand-made frame pairs with every term worked
/// out by hand (docs/PERFORMANCE.md#the-lower-bound), and never above what the diff encoder sends.
struct OutputLowerBoundTests {
    static let red = TerminalColor.rgb(RGBColor(red: 255, green: 0, blue: 0))
    static let blue = TerminalColor.rgb(RGBColor(red: 0, green: 0, blue: 255))

    /// A buffer of `rows` (equal widths), each character a narrow cell in default colours.
    static func buffer(_ rows: [String]) -> CellBuffer {
        var buffer = CellBuffer(width: rows[0].unicodeScalars.count, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, scalar) in row.unicodeScalars.enumerated() { buffer[x, y] = Cell(glyph: scalar.value) }
        }
        return buffer
    }

    static func bound(_ previous: CellBuffer, _ current: CellBuffer, depth: ColorDepth = .truecolor)
        -> OutputLowerBound.Bound
    {
        var bound = OutputLowerBound(depth: depth)
        return bound.bound(previous: previous, current: current)
    }

    @Test func nothingChangedCostsNothing() {
        let frame = Self.buffer(["ABC", "DEF"])
        #expect(
            Self.bound(frame, frame)
                == .init(
                    glyphs: 0, glyphBytes: 0, blankBytes: 0, entryBytes: 0, penEntryBytes: 0, reprintBytes: 0,
                    sgrBytes: 0,
                    erasesDisplay: false))
    }

    @Test func oneChangedGlyphCostsItsBytes() {
        let bound = Self.bound(Self.buffer(["....", "...."]), Self.buffer(["....", ".折.."]))
        // 折 is one narrow cell here (the buffer is built by hand): 3 UTF-8 bytes, no move (the
        // cursor may start there), one pen.
        #expect(bound.floor == 3)
        #expect(bound.glyphs == 3)
    }

    @Test func aWideGlyphCarriesTheCursorOverItsTrailingHalf() {
        // 折 becomes 叠 (its trailing half is the same cell before and after) and A becomes B:
        // one run, printed in one go, no entry.
        var previous = CellBuffer(width: 3, height: 1)
        previous[0, 0] = Cell(glyph: 0x6298, width: 2)
        previous[1, 0] = Cell.continuation(of: previous[0, 0])
        previous[2, 0] = Cell(glyph: 0x41)
        var current = previous
        current[0, 0] = Cell(glyph: 0x53E0, width: 2)
        current[2, 0] = Cell(glyph: 0x42)
        #expect(previous[1, 0] == current[1, 0])
        let bound = Self.bound(previous, current)
        #expect(bound.entryBytes == 0)
        #expect(bound.floor == 4)
    }

    @Test func twoSegmentsPayTheCheaperEntryOnce() {
        // A at 0 and B at 5: start at B (free), then CR and A: 1 byte of move.
        let bound = Self.bound(Self.buffer([".........."]), Self.buffer(["A....B...."]))
        #expect(bound.glyphBytes == 2)
        #expect(bound.entryBytes == 1)
        #expect(bound.floor == 3)
    }

    @Test func twoPensPayTheCheaperSGRIntoTheOther() {
        var current = Self.buffer([".."])
        current[0, 0] = Cell(glyph: 0x41, foreground: Self.red)
        current[1, 0] = Cell(glyph: 0x42, foreground: Self.blue)
        let bound = Self.bound(Self.buffer(["xx"]), current)
        // CSI 38;2;0;0;255 m (15 bytes) either way; the frame may start in the other pen.
        #expect(bound.sgrBytes == 15)
        #expect(bound.floor == 17)
        // At 256 colours: 196 and 21, CSI 38;5;196 m and CSI 38;5;21 m: 11 and 10 bytes.
        #expect(ColorDepth.ansi256Index(for: RGBColor(red: 255, green: 0, blue: 0)) == 196)
        #expect(ColorDepth.ansi256Index(for: RGBColor(red: 0, green: 0, blue: 255)) == 21)
        #expect(Self.bound(Self.buffer(["xx"]), current, depth: .ansi256).sgrBytes == 10)
        // At 16 colours: 9 and 12 are CSI 91 m and CSI 94 m, 5 bytes each.
        #expect(Self.bound(Self.buffer(["xx"]), current, depth: .ansi16).sgrBytes == 5)
        // Without colour the two pens are one.
        #expect(Self.bound(Self.buffer(["xx"]), current, depth: .none).sgrBytes == 0)
    }

    @Test func zonesOfTwoPensInEveryRowPayAMoveOrAnSGRPerRow() {
        // Three rows of "AB", A red and B blue: the rows join by autowrap (no entry), and one SGR
        // (15 bytes) is the pens' floor. Per pen run: A0 is entered from an A below (CUP to the
        // top left, CSI H: 3) or with an SGR (16); A1 and A2 by autowrap; each B after its A with
        // an SGR (15) or from another B, whose pending wrap allows no relative move: CUP to
        // (1, 2), CSI 1;2 H, 5 bytes, for B0; CR LF and CUF 1, 5, for B1 and B2. Less the
        // largest (5): 3 + 5 + 5.
        var current = Self.buffer(["AB", "AB", "AB"])
        for y in 0..<3 {
            current[0, y] = Cell(glyph: 0x41, foreground: Self.red)
            current[1, y] = Cell(glyph: 0x42, foreground: Self.blue)
        }
        let bound = Self.bound(Self.buffer(["xx", "xx", "xx"]), current)
        #expect(bound.penEntryBytes == 13)
        #expect(bound.entryBytes == 0)
        #expect(bound.sgrBytes == 15)
        #expect(bound.floor == 6 + 15)
        // One row more makes the pen runs the larger floor: 3 + 5 + 5 + 5.
        var taller = Self.buffer(["AB", "AB", "AB", "AB"])
        for y in 0..<4 {
            taller[0, y] = Cell(glyph: 0x41, foreground: Self.red)
            taller[1, y] = Cell(glyph: 0x42, foreground: Self.blue)
        }
        let tallerBound = Self.bound(Self.buffer(["xx", "xx", "xx", "xx"]), taller)
        #expect(tallerBound.penEntryBytes == 18)
        #expect(tallerBound.floor == 8 + 18)
    }

    @Test func trailingBlanksAreErasedForThreeBytes() {
        var current = Self.buffer(["AAAA.........."])
        for x in 4..<14 { current[x, 0] = .space(background: Self.red) }
        let bound = Self.bound(Self.buffer(["xxxxxxxxxxxxxx"]), current)
        // 10 blanks: one erase (≥ 3 bytes); SGR from the red blank's pen to the glyphs' default
        // pen is CSI m (3), the other way 15: the frame starts in the dearer one.
        #expect(bound.glyphBytes == 4)
        #expect(bound.blankBytes == 3)
        #expect(bound.sgrBytes == 3)
        #expect(bound.floor == 10)
        #expect(bound.glyphs == 14)
    }

    @Test func blanksTheRunGoesOnPastCostTheMoveBeyondThem() {
        var current = Self.buffer(["A..........B"])
        for x in 1..<11 { current[x, 0] = .space(background: Self.red) }
        let bound = Self.bound(Self.buffer(["xxxxxxxxxxxx"]), current)
        // Erased (3 at least), then into B's rest from the erase point at column 1: CUF 10
        // (CSI 10 C) or HPA 12 (CSI 12 G), 5 bytes; 8 against printing the 10 blanks.
        #expect(bound.blankBytes == 8)
        #expect(bound.floor == 2 + 8 + 3)
    }

    @Test func aRunGoingOnIntoTheNextRowIsReachedByAutowrap() {
        let bound = Self.bound(Self.buffer(["xx", "xx"]), Self.buffer(["AB", "CD"]))
        #expect(bound.entryBytes == 0)
        #expect(bound.floor == 4)
    }

    @Test func aScreenOfBlanksIsOneErase() {
        let bound = Self.bound(
            Self.buffer(["xxxxxxxxxx", "xxxxxxxxxx", "xxxxxxxxxx"]),
            Self.buffer(["          ", "          ", "          "]))
        // ED (CSI J) from the first cell: 3 bytes; per row it would be 3 each.
        #expect(bound.erasesDisplay)
        #expect(bound.floor == 3)
    }

    @Test func anEraseOfTheDisplayRepaysTheUnchangedGlyphsItErases() {
        // Row 0 blanked, row 1 keeps "KEEP": erasing the display from row 0 would cost the four
        // glyphs again; EL on row 0 (3) is cheaper.
        let bound = Self.bound(
            Self.buffer(["xxxxxxxxxx", "KEEP      "]), Self.buffer(["          ", "KEEP      "]))
        #expect(!bound.erasesDisplay)
        #expect(bound.floor == 3)
    }

    /// Every transition, direction and depth at a small size: the cell-diff floor is never above
    /// the bytes of the diff encoder without moves, nor the move-aware floor above the bytes of
    /// the encoder with them, for the same frames (a floor above them would be wrong); each is
    /// positive whenever its encoder writes anything.
    @Test(.tags(.slow), arguments: TransitionKind.allCases)
    func theFloorIsNeverAboveTheDiffEncoder(kind: TransitionKind) {
        let size = TerminalSize(columns: 30, rows: 8)
        let items = (0..<2).map { index in
            "#\(index) fold 折叠 card 카드\n切换 cycle カード\nterminal めくり swift\n\(index) 전환 text 動画"
        }
        for depth in [ColorDepth.truecolor, .ansi256, .ansi16] {
            for direction in FrameHashFrames.directions {
                var scene = CardScene(cardSize: size, compositor: Compositor(colorDepth: depth))
                let transition = TransitionStyle(kind: kind, direction: direction)
                    .transition(slotSize: LayerSize(width: size.columns, height: size.rows))
                var cellEncoder = ANSIEncoder(mode: .inline, depth: depth)
                cellEncoder.usesMoves = false
                var encoder = ANSIEncoder(mode: .inline, depth: depth)
                var bound = OutputLowerBound(depth: depth)
                var previous = CellBuffer(width: 0, height: 0)
                scene.render(index: 0, text: items[0], into: &previous)
                var bytes: [UInt8] = []
                cellEncoder.encodeFull(previous, into: &bytes)
                encoder.encodeFull(previous, into: &bytes)
                var frames = 0
                for step in 0..<24 {
                    var current = CellBuffer(width: 0, height: 0)
                    scene.render(
                        transition.frame(atFractionComplete: Double(step) / 23), outgoing: (0, items[0]),
                        incoming: (1, items[1]),
                        into: &current)
                    bytes.removeAll()
                    cellEncoder.encodeDiff(previous: previous, current: current, into: &bytes)
                    let floor = bound.bound(previous: previous, current: current).floor
                    #expect(floor <= bytes.count, "\(kind) \(direction) \(depth) step \(step)")
                    #expect((floor > 0) == !bytes.isEmpty, "\(kind) \(direction) \(depth) step \(step)")
                    bytes.removeAll()
                    encoder.encodeDiff(previous: previous, current: current, into: &bytes)
                    let moveFloor = bound.moveAwareFloor(previous: previous, current: current, cellFloor: floor)
                    #expect(moveFloor <= bytes.count, "moves: \(kind) \(direction) \(depth) step \(step)")
                    #expect((moveFloor > 0) == !bytes.isEmpty, "moves: \(kind) \(direction) \(depth) step \(step)")
                    if !bytes.isEmpty { frames += 1 }
                    previous = current
                }
                #expect(frames > 0, "\(kind) \(direction) \(depth)")
            }
        }
    }
}
