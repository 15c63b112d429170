import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Re-fitting to the terminal's width (docs/DESIGN.md#embedding), by screen.
@Suite("Player: re-fit on resize")
struct PlayerFitTests {
    static func makeTicker(fitsWidth: Bool, footer: [FooterLine] = []) throws -> (Player, RecordingTerminal) {
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["0123456789abcdef", "x"]), interval: 5, clock: ManualClock())
        let terminal = RecordingTerminal(columns: 20, rows: 4)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 18, rows: 1),
            style: CardStyle(palette: [], alignment: .left),
            fitsWidth: fitsWidth,
            configuration: .init(output: .inline, colorDepth: .none, motion: .full, keepsHostLine: false),
            sink: terminal)
        if !footer.isEmpty { player.setFooter(footer) }
        return (player, terminal)
    }

    static func resize(_ player: Player, _ terminal: RecordingTerminal, columns: Int) {
        terminal.resize(columns: columns, rows: 4)
        player.terminalResized()
        _ = player.frameCount
    }

    @Test("widen: the preferred width grows, never shrinks; the card follows as far as the last fit")
    func widen() throws {
        let cycler = try Cycler(dataSource: ArrayDataSource(["a"]), interval: 5, clock: ManualClock())
        var scene = CyclerScene(cycler: cycler, cardSize: TerminalSize(columns: 24, rows: 3))
        scene.fit(columns: 40)
        scene.widen(toColumns: 30)
        #expect((scene.preferredSize.columns, scene.frameSize) == (30, TerminalSize(columns: 30, rows: 3)))
        scene.widen(toColumns: 50)
        #expect((scene.preferredSize.columns, scene.frameSize) == (50, TerminalSize(columns: 40, rows: 3)))
        scene.widen(toColumns: 20)
        #expect(scene.preferredSize.columns == 50)
        scene.fit(columns: 80)
        #expect(scene.frameSize == TerminalSize(columns: 50, rows: 3))
        var fixed = CyclerScene(cycler: cycler, cardSize: TerminalSize(columns: 24, rows: 3), fitsWidth: false)
        fixed.widen(toColumns: 30)
        #expect(fixed.frameSize == TerminalSize(columns: 24, rows: 3))
    }

    @Test("a card that fits the width narrows with the terminal, lines cut with …, and grows back")
    func refit() throws {
        let (player, terminal) = try Self.makeTicker(fitsWidth: true)
        player.start()
        #expect(terminal.lines[0] == " 0123456789abcdef   ")
        Self.resize(player, terminal, columns: 10)
        #expect(terminal.lines == [" 0123456… ", "          ", "          ", "          "])
        Self.resize(player, terminal, columns: 4)
        #expect(terminal.lines[0] == " 0… ")
        Self.resize(player, terminal, columns: 30)
        #expect(terminal.lines[0] == " 0123456789abcdef" + String(repeating: " ", count: 13))
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a one-line ticker of a fixed width just truncates at the terminal's edge: no notice")
    func fixedTickerTruncates() throws {
        let (player, terminal) = try Self.makeTicker(fitsWidth: false)
        player.start()
        Self.resize(player, terminal, columns: 10)
        #expect(terminal.lines == [" 012345678", "          ", "          ", "          "])
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("with footer lines, a card that cannot fit says so in the first one's place")
    func noticeWithFooter() throws {
        let (player, terminal) = try Self.makeTicker(fitsWidth: false, footer: [FooterLine("status")])
        player.start()
        _ = player.frameCount
        Self.resize(player, terminal, columns: 10)
        #expect(terminal.lines[1] == "terminal …")
        Self.resize(player, terminal, columns: 20)
        #expect(terminal.lines[1] == "status              ")
        player.finish()
    }
}

@Suite("Player: text lines")
struct ItemLinesTests {
    @Test(
        "separation of settled items",
        arguments: [
            (Player.ItemSeparation.automatic, ["A", "B", "C1\nC2", "D"], "A\nB\n\nC1\nC2\n\nD\n"),
            (.lines, ["A", "B1\nB2", "C"], "A\nB1\nB2\nC\n"),
            (.paragraphs, ["A", "B", "C1\nC2"], "A\n\nB\n\nC1\nC2\n"),
            (.automatic, ["A\tb", "\u{1B}[2J"], "A       b\n␛[2J\n"),
        ] as [(Player.ItemSeparation, [String], String)])
    func separation(_ separation: Player.ItemSeparation, _ items: [String], _ expected: String) {
        var lines = ItemLines(separation: separation)
        #expect(items.map { lines.text(for: $0) }.joined() == expected)
    }

    @Test("the heartbeat names the first line of what is shown")
    func heartbeat() {
        #expect(ItemLines.heartbeat(for: "tip one\nmore") == "still showing: tip one\n")
    }

    @Test(
        "a wrapping footer line breaks at spaces to the width it is drawn at",
        arguments: [
            (80, ["commands: start, pause, resume"]),
            (16, ["commands: start,", "  pause, resume"]),
            (10, ["commands:", "  start,", "  pause,", "  resume"]),
            (2, ["commands: start, pause, resume"]),
        ])
    func wrappingFooter(_ width: Int, _ rows: [String]) {
        let line = FooterLine("commands: start, pause, resume", attributes: .bold, wraps: true)
        #expect(line.rows(width: width).map(\.text) == rows)
        #expect(line.rows(width: width).allSatisfy { $0.attributes == .bold && !$0.wraps })
        #expect(FooterLine("commands: start, pause, resume").rows(width: 10).map(\.text) == [line.text])
    }

    @Test("partial lines wait for their end")
    func assembler() {
        var assembler = LineAssembler()
        #expect(assembler.completeLines(Array("ab".utf8)) == [])
        #expect(assembler.holdsPartialLine)
        #expect(assembler.completeLines(Array("c\nd\ne".utf8)) == Array("abc\nd\n".utf8))
        #expect(assembler.takePartialLine(endingWith: [0x0D, 0x0A]) == Array("e\r\n".utf8))
        #expect(assembler.takePartialLine(endingWith: [0x0A]) == [])
        #expect(!assembler.holdsPartialLine)
    }

    @Test func aPartialLineLongerThanTheHoldIsWrittenWithALineFeedOfItsOwn() {
        var assembler = LineAssembler()
        let limit = LineAssembler.maximumHeldBytes
        #expect(assembler.completeLines([UInt8](repeating: 0x61, count: limit)) == [])
        // One byte more, ending in the first two bytes of "€" (E2 82 AC): those stay held.
        let written = assembler.completeLines([0x61, 0xE2, 0x82])
        #expect(written == [UInt8](repeating: 0x61, count: limit + 1) + [0x0A])
        #expect(assembler.completeLines([0xAC, 0x0A]) == [0xE2, 0x82, 0xAC, 0x0A])
        #expect(!assembler.holdsPartialLine)
        // After complete lines too: the rest past the hold is written.
        let long = [0x0A] + [UInt8](repeating: 0x62, count: limit + 5)
        #expect(assembler.completeLines(long) == [0x0A] + [UInt8](repeating: 0x62, count: limit + 5) + [0x0A])
    }
}
