import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// The host's own output around a live region (docs/DESIGN.md#embedding), by screen: a
/// ``RecordingTerminal`` that scrolls, on a manual clock.
@Suite("Player: the host's output above a live region")
struct PlayerHostOutputTests {
    /// A one-row ticker of 7 columns (AAA, BBB; interval 1 s, fold down 0.5 s, linear) in a
    /// terminal of `columns` × `rows` that scrolls.
    static func makeTicker(
        columns: Int = 12, rows: Int = 5, hostLine: Bool = true, transient: Bool = false,
        output: Player.Output = .inline, depth: ColorDepth = .none
    ) throws -> (Player, ManualClock, RecordingTerminal) {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["AAA", "BBB"]), interval: 1, duration: 0.5,
            style: TransitionStyle(kind: .fold, direction: .down, timingFunction: .linear), clock: clock)
        let terminal = RecordingTerminal(columns: columns, rows: rows, scrolls: true)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 7, rows: 1), style: CardStyle(palette: []),
            configuration: .init(
                output: output, colorDepth: .fixed(depth), motion: .full, isTransient: transient,
                keepsHostLine: hostLine),
            sink: terminal)
        return (player, clock, terminal)
    }

    static func trimmed(_ lines: [String]) -> [String] {
        lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test("printed lines scroll up above the ticker, whole; only they reach the scrollback, even mid-fold")
    func printAbove() throws {
        // In colour, so that the fold's edge row shows (without colour no edge block is drawn).
        let (player, clock, terminal) = try Self.makeTicker(depth: .truecolor)
        player.start()
        #expect(Self.trimmed(terminal.lines) == ["", "  AAA", "", "", ""])
        for line in ["one", "two", "three", "four"] { player.print(line) }
        #expect(Self.trimmed(terminal.lines) == ["two", "three", "four", "", "  AAA"])
        #expect(Self.trimmed(terminal.scrollback) == ["one"])
        clock.advance(by: 1, drawing: player)  // The tick: the fold to BBB begins.
        clock.advance(by: 0.25, drawing: player)  // t = 0.5.
        let midFold = terminal.lines[4]
        #expect(midFold != terminal.lines[3])
        player.print("five")
        // The region is drawn again below the line, at the same instant of the fold.
        #expect(Self.trimmed(terminal.lines) == ["three", "four", "five", ""] + Self.trimmed([midFold]))
        #expect(Self.trimmed(terminal.scrollback) == ["one", "two"])
        player.finish()
        // The final frame drops the host line: the card takes its row, the cursor goes below.
        // Finishing mid-fold removes the fold: the card that last settled stays (issue 15: an
        // item that never settled is not shown).
        #expect(Self.trimmed(terminal.lines) == ["three", "four", "five", "  AAA", ""])
        #expect(terminal.cursor == (4, 0))
        #expect(terminal.errors == [])
    }

    @Test("a line printed in parts waits for its end; control characters and tabs are data")
    func partialLines() throws {
        let (player, _, terminal) = try Self.makeTicker(rows: 6)
        player.start()
        player.print("ab", terminator: "")
        #expect(Self.trimmed(terminal.lines) == ["", "  AAA", "", "", "", ""])
        player.print("c\u{1B}[2J\td")
        player.print("tail", terminator: "")
        #expect(Self.trimmed(terminal.lines) == ["abc␛[2J d", "", "  AAA", "", "", ""])
        player.finish()
        // What was still waiting goes above the final card.
        #expect(Self.trimmed(terminal.lines) == ["abc␛[2J d", "tail", "  AAA", "", "", ""])
        player.print("after")
        #expect(Self.trimmed(terminal.lines) == ["abc␛[2J d", "tail", "  AAA", "after", "", ""])
        #expect(terminal.errors == [])
    }

    @Test("raw bytes keep the host's styles")
    func rawBytes() throws {
        let (player, _, terminal) = try Self.makeTicker()
        player.start()
        player.write(Array("\u{1B}[1mbold\u{1B}[0m plain\r\n".utf8))
        #expect(Self.trimmed(terminal.lines) == ["bold plain", "", "  AAA", "", ""])
        #expect(terminal.rendition(column: 0, row: 0) == "a1=on")
        #expect(terminal.rendition(column: 5, row: 0) == "")
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a transient ticker is erased on finish; the host's output goes on where it was")
    func transient() throws {
        let (player, _, terminal) = try Self.makeTicker(transient: true)
        player.print("before")
        player.start()
        player.print("working")
        player.finish()
        player.print("done")
        #expect(Self.trimmed(terminal.lines) == ["before", "working", "done", "", ""])
        #expect(terminal.cursor == (3, 0))
        #expect(terminal.errors == [])
    }

    @Test("without a host line the ticker sits right under the printed lines")
    func noHostLine() throws {
        let (player, _, terminal) = try Self.makeTicker(hostLine: false)
        player.start()
        player.print("one")
        #expect(Self.trimmed(terminal.lines) == ["one", "  AAA", "", "", ""])
        player.finish()
        #expect(Self.trimmed(terminal.lines) == ["one", "  AAA", "", "", ""])
        #expect(terminal.cursor == (2, 0))
    }

    @Test("a line the host writes by other means lands on the host line; the exit bytes erase the rest")
    func foreignLineAndExitRestoration() throws {
        let (player, _, terminal) = try Self.makeTicker(columns: 40)
        player.print("fetching")
        player.start()
        let restoration = try #require(player.exitRestorationForTesting())
        // The host writes its error straight to the terminal, then exits without finish().
        try terminal.write(Array("error: network unreachable\r\n".utf8))
        #expect(Self.trimmed(terminal.lines) == ["fetching", "error: network unreachable", "  AAA", "", ""])
        try terminal.write(restoration)
        #expect(Self.trimmed(terminal.lines) == ["fetching", "error: network unreachable", "", "", ""])
        #expect(terminal.cursor == (2, 0))
        #expect(
            restoration == Array("\u{1B}[0m\u{1B}[?7h\u{1B}[J\u{1B}[?25h".utf8))
    }

    @Test("fullscreen: printed text goes to the normal screen after the alternate screen is left")
    func fullscreen() throws {
        let (player, _, terminal) = try Self.makeTicker(output: .fullscreen)
        player.start()
        player.print("kept")
        #expect(!String(decoding: terminal.bytes, as: UTF8.self).contains("kept"))
        player.finish()
        let text = String(decoding: terminal.bytes, as: UTF8.self)
        let left = try #require(text.range(of: "\u{1B}[?1049l"))
        #expect(text[left.upperBound...].contains("kept\r\n"))
    }

    @Test("plain text: printed lines and settled items in order, multi-line items set apart")
    func plainText() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["A", "B1\nB2", "C\tc"]), interval: 1, duration: 0.5, clock: clock)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 5, rows: 3), configuration: .init(output: .plainText),
            sink: TerminalDevice(fileDescriptor: fds[1]))
        player.start()
        player.print("step 1")
        clock.advance(by: 1.5)
        player.print("step 2")
        clock.advance(by: 1)
        player.finish()
        #expect(drain(fds[0]) == "A\nstep 1\n\nB1\nB2\nstep 2\n\nC       c\n")
    }
}

extension Player {
    /// The bytes the `atexit` handler would write now (tests only).
    func exitRestorationForTesting() -> [UInt8]? {
        let bytes = restorationAtExit()
        return bytes.isEmpty ? nil : bytes
    }
}
