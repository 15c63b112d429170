import Testing

@testable import FoldCycle
@testable import FoldCycleCLI

/// The live card's command line (issue 34, finding 10): `add helo`, ←, `l` gives `add hello`;
/// ↑ and ↓ walk the commands entered before, and the typed line comes back after the newest.
struct CommandLineEditorTests {
    @Test func theCursorMovesAndTypingGoesWhereItIs() {
        var line = CommandLineEditor()
        let typed = line.insert("add helo", byteLimit: 100)
        line.moveLeft()
        let added = line.insert("l", byteLimit: 100)
        #expect(typed && added)
        #expect((line.text, line.cursor) == ("add hello", 8))
        line.moveRight()
        line.moveRight()
        #expect(line.cursor == 9)
        for _ in 0..<20 { line.moveLeft() }
        #expect(line.cursor == 0)
        line.deleteBackward()
        #expect(line.text == "add hello")
        line.moveRight()
        line.deleteBackward()
        #expect((line.text, line.cursor) == ("dd hello", 0))
    }

    @Test func upAndDownWalkTheHistoryAndGiveTheDraftBack() {
        var line = CommandLineEditor()
        for command in ["next", "goto 3", "goto 3", "", "status"] {
            _ = line.insert(command, byteLimit: 100)
            #expect(line.submit() == command)
        }
        // Empty lines and a repeat are not kept.
        #expect(line.history == ["next", "goto 3", "status"])
        _ = line.insert("sta", byteLimit: 100)
        line.recallPrevious()
        #expect((line.text, line.cursor) == ("status", 6))
        line.recallPrevious()
        line.recallPrevious()
        line.recallPrevious()
        #expect(line.text == "next")
        line.recallNext()
        #expect(line.text == "goto 3")
        line.recallNext()
        line.recallNext()
        #expect((line.text, line.cursor) == ("sta", 3))
        line.recallNext()
        #expect(line.text == "sta")
    }

    @Test func aPasteStopsAtTheByteLimit() {
        var line = CommandLineEditor()
        let fitted = line.insert("añb", byteLimit: 3)
        #expect(!fitted)
        #expect((line.text, line.cursor) == ("añ", 2))
    }

    @Test func theHistoryKeepsTheNewestHundred() {
        var line = CommandLineEditor()
        for number in 0..<130 {
            _ = line.insert("goto \(number)", byteLimit: 100)
            _ = line.submit()
        }
        #expect(line.history.count == CommandLineEditor.historyLimit)
        #expect(line.history.first == "goto 30")
    }

    @Test func theCaretSitsOnTheClusterTheCursorIsBefore() {
        var cells = CellBuffer(width: 8, height: 1)
        cells.drawText(FooterLine("› ab", showsCaret: true, caretOffset: 1), row: 0)
        #expect(cells[3, 0] == Cell("b", attributes: .reverse))
        #expect(cells[2, 0] == Cell("a"))
        #expect(cells[4, 0] == Cell(" "))
        // After the text: a cell of its own.
        cells.drawText(FooterLine("› ab", showsCaret: true), row: 0)
        #expect(cells[3, 0] == Cell("b"))
        #expect(cells[4, 0] == Cell(" ", attributes: .reverse))
    }
}
