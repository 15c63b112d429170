import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// What is left of terminal graphics after a resize and at the end (a new user's trial, issue
/// 30): an erase takes them off the region's first row too
/// (docs/decisions/0247-graphics-erased-with-the-region.md), a transient player deletes a kitty
/// image, and a new cell size (docs/decisions/0248-the-cell-size-asked-after-each-resize.md)
/// draws the picture at rest again for it.
@Suite("Graphics erased and redrawn")
struct GraphicsErasureTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// An inline region of 6 × 2 cells in an 8-column terminal, drawn once.
    func drawnRegion() -> TerminalRegion {
        var region = TerminalRegion(placement: .inline, depth: .truecolor)
        region.terminalColumns = 8
        var bytes: [UInt8] = []
        region.begin(into: &bytes)
        region.draw(CellBuffer(width: 6, height: 2, filling: Cell("x")), into: &bytes)
        return region
    }

    static let firstRowSpaces = "\r\u{1B}[0m\u{1B}[?7l        \u{1B}[?7h\r"

    @Test("after graphics, a reset writes spaces over the first row (autowrap off), then erases below")
    func resetAfterGraphics() {
        var region = drawnRegion()
        var bytes: [UInt8] = []
        region.reset(into: &bytes)
        #expect(text(bytes) == "\r\u{1B}[0m\u{1B}[J")
        region.draw(CellBuffer(width: 6, height: 2, filling: Cell("x")), into: &bytes)
        region.overlay(Array("G".utf8), column: 0, row: 1, into: &bytes)
        bytes.removeAll()
        region.reset(into: &bytes)
        #expect(text(bytes) == Self.firstRowSpaces + "\r\u{1B}[0m\u{1B}[J")
    }

    @Test("after graphics, an erasing end writes spaces over the first row too; a kept frame does not")
    func endAfterGraphics() {
        var erased = drawnRegion()
        var bytes: [UInt8] = []
        erased.overlay(Array("G".utf8), column: 0, row: 1, into: &bytes)
        bytes.removeAll()
        erased.end(into: &bytes, erasing: true)
        #expect(text(bytes) == "\u{1B}[0m" + Self.firstRowSpaces + "\r\u{1B}[J\u{1B}[?25h")
        var kept = drawnRegion()
        kept.overlay(Array("G".utf8), column: 0, row: 1, into: &bytes)
        bytes.removeAll()
        kept.end(into: &bytes)
        #expect(!text(bytes).contains(" "))
    }

    @Test("after graphics, rows released for the host's lines have their first row's spaces written too")
    func releaseAfterGraphics() {
        var region = drawnRegion()
        var bytes: [UInt8] = []
        region.overlay(Array("G".utf8), column: 0, row: 1, into: &bytes)
        bytes.removeAll()
        region.releaseRows(into: &bytes)
        #expect(text(bytes) == Self.firstRowSpaces + "\r\u{1B}[0m\u{1B}[J")
    }

    @Test("a new cell size keeps the kind and the sixel limit; cells stay cells")
    func newCellSize() {
        #expect(
            PictureGraphics.sixel(cellWidth: 10, cellHeight: 20, maximumWidth: 400, maximumHeight: 240)
                .withCellPixels(width: 12, height: 24)
                == .sixel(cellWidth: 12, cellHeight: 24, maximumWidth: 400, maximumHeight: 240))
        #expect(
            PictureGraphics.kitty(cellWidth: 1, cellHeight: 2).withCellPixels(width: 3, height: 4)
                == .kitty(cellWidth: 3, cellHeight: 4))
        #expect(
            PictureGraphics.iterm2(cellWidth: 1, cellHeight: 2).withCellPixels(width: 3, height: 4)
                == .iterm2(cellWidth: 3, cellHeight: 4))
        #expect(PictureGraphics.cells.withCellPixels(width: 3, height: 4) == .cells)
    }

    /// A player of a picture card (4 × 2 pixels, red above blue) and a text card, 4 × 3 cells.
    func makePlayer(transient: Bool = false) throws -> (Player, RecordingTerminal) {
        let picture = CardPicture(
            image: RGBAImage(
                width: 4, height: 2,
                pixels: [UInt8]((0..<8).flatMap { $0 < 4 ? [255, 0, 0, 255] : [0, 0, 255, 255] }))!,
            caption: "p")
        let cycler = try Cycler(
            dataSource: ArrayDataSource([picture.styledString, StyledString("text")]), interval: 1, duration: 0.5,
            style: TransitionStyle(kind: .push, direction: .left, timingFunction: .linear), clock: ManualClock())
        let terminal = RecordingTerminal(columns: 8, rows: 5)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 4, rows: 3),
            configuration: .init(
                output: .inline, colorDepth: .fixed(.truecolor), motion: .full, isTransient: transient,
                keepsHostLine: false),
            sink: terminal)
        return (player, terminal)
    }

    @Test("a new cell size draws the picture at rest again, for the new cells, over the same ones")
    func redrawnForANewCellSize() throws {
        let (player, terminal) = try makePlayer()
        player.setPictureGraphics(.sixel(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        player.setPictureGraphics(.sixel(cellWidth: 3, cellHeight: 6))
        player.waitForPictures()
        // The picture's 4 × 2 cells: 8 × 8 pixels, then 12 × 12.
        #expect(terminal.graphics.map { $0.text.contains("\"1;1;8;8#") } == [true, false])
        #expect(terminal.graphics.map { $0.text.contains("\"1;1;12;12#") } == [false, true])
        #expect(terminal.graphics.map { [$0.row, $0.column] } == [[0, 0], [0, 0]])
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a transient player deletes a kitty image at the end and erases its rows")
    func transientKitty() throws {
        let (player, terminal) = try makePlayer(transient: true)
        player.setPictureGraphics(.kitty(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        #expect(terminal.graphics.count == 1)
        player.finish()
        #expect(terminal.graphics.map(\.text).last == "\u{1B}_Ga=d,d=I,i=7373,q=2\u{1B}\\")
        #expect(terminal.lines.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(terminal.lines)")
        #expect(terminal.cursor == (0, 0))
        #expect(terminal.errors == [])
    }
}
