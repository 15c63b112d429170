import FoldCycleTestSupport
import Testing

@testable import FoldCycle

@Suite("FooterLine: a status line too wide for its row is cut between parts")
struct FooterLineTests {
    static let status = "▶ running · item 1/4 · fold up · every 2s"

    @Test(
        "parts are kept whole or left out",
        arguments: [
            (41, "▶ running · item 1/4 · fold up · every 2s"),
            (40, "▶ running · item 1/4 · fold up …"),
            (32, "▶ running · item 1/4 · fold up …"),
            (31, "▶ running · item 1/4 …"),
            (22, "▶ running · item 1/4 …"),
            (21, "▶ running …"),
            (11, "▶ running …"),
            // Not even the first part fits with " …": the text, for the drawing to clip.
            (10, status),
        ])
    func fitted(width: Int, expected: String) {
        #expect(FooterLine(Self.status).fittedText(width: width) == expected)
    }

    @Test("a line of one part, or with a caret, is left for the drawing to clip")
    func unsplit() {
        #expect(FooterLine("type a command and Enter").fittedText(width: 8) == "type a command and Enter")
        let typed = FooterLine("› a · b · c", showsCaret: true)
        #expect(typed.fittedText(width: 6) == "› a · b · c")
    }

    @Test("drawn: the row shows the parts that fit, never a cut part")
    func drawn() {
        var row = CellBuffer(width: 20, height: 1)
        row.drawText(FooterLine(Self.status), row: 0)
        #expect(PlainTextEncoder.lines(row) == ["▶ running …         "])
        var narrow = CellBuffer(width: 8, height: 1)
        narrow.drawText(FooterLine(Self.status), row: 0)
        #expect(PlainTextEncoder.lines(narrow) == ["▶ runni…"])
    }
}
