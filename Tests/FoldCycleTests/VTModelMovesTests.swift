import FoldCycleTestSupport
import Testing

/// The VT model's line and character moves, against xterm's semantics written out by hand.
@Suite("VTModel moves")
struct VTModelMovesTests {
    /// A model `width` wide whose rows show `rows` (one character a cell), cursor home.
    static func model(_ rows: [String], width: Int) -> VTModel {
        var model = VTModel(width: width, height: rows.count)
        let text = rows.enumerated().map { index, row in "\u{1B}[\(index + 1);1H" + row }.joined()
        model.apply(Array(text.utf8) + Array("\u{1B}[H".utf8))
        return model
    }

    static func apply(_ text: String, to model: inout VTModel) {
        model.apply(Array(text.utf8))
    }

    @Test("DECSTBM homes the cursor; SU and SD move only the region's lines, blanks in the current background")
    func scrollingRegion() {
        var model = Self.model(["a", "b", "c", "d", "e"], width: 1)
        Self.apply("\u{1B}[3;1H\u{1B}[2;4r", to: &model)
        #expect(model.row == 0 && model.column == 0)
        #expect(model.marginTop == 1 && model.marginBottom == 3)
        Self.apply("\u{1B}[S", to: &model)
        #expect(model.lines == ["a", "c", "d", " ", "e"])
        Self.apply("\u{1B}[44m\u{1B}[2T", to: &model)
        #expect(model.lines == ["a", " ", " ", "c", "e"])
        #expect(model.cells[1].sgr == "bg=16:44" && model.cells[3].sgr == "")
        Self.apply("\u{1B}[0m\u{1B}[r", to: &model)
        #expect(model.marginTop == 0 && model.marginBottom == 4)
        #expect(model.errors.isEmpty, "\(model.errors)")
    }

    @Test(
        "IL and DL move the lines from the cursor to the bottom margin, the cursor to column 0; outside the margins they do nothing"
    )
    func insertDeleteLines() {
        var model = Self.model(["ab", "cd", "ef", "gh"], width: 2)
        Self.apply("\u{1B}[2;2H\u{1B}[L", to: &model)
        #expect(model.lines == ["ab", "  ", "cd", "ef"])
        #expect(model.row == 1 && model.column == 0)
        Self.apply("\u{1B}[1;2H\u{1B}[2M", to: &model)
        #expect(model.lines == ["cd", "ef", "  ", "  "])
        Self.apply("\u{1B}[1;3r\u{1B}[4;1H\u{1B}[M", to: &model)
        #expect(model.lines == ["cd", "ef", "  ", "  "])
        Self.apply("\u{1B}[1;1H\u{1B}[M", to: &model)
        #expect(model.lines == ["ef", "  ", "  ", "  "])
        #expect(model.errors.isEmpty, "\(model.errors)")
    }

    @Test("DL then IL below it scrolls the rows between up and leaves the rows below as they were")
    func deleteThenInsertIsARegionScroll() {
        var model = Self.model(["1", "2", "3", "4", "5", "6"], width: 1)
        Self.apply("\u{1B}[2;1H\u{1B}[2M\u{1B}[3;1H\u{1B}[2L", to: &model)
        #expect(model.lines == ["1", "4", " ", " ", "5", "6"])
    }

    @Test("ICH and DCH shift the rest of the line; cells past the right edge are lost, cut wide characters blanked")
    func insertDeleteCharacters() {
        var model = Self.model(["abcdef"], width: 6)
        Self.apply("\u{1B}[1;2H\u{1B}[42m\u{1B}[2@", to: &model)
        #expect(model.lines == ["a  bcd"])
        #expect(model.column == 1)
        #expect(model.cells[1].sgr == "bg=16:42" && model.cells[3].sgr == "")
        Self.apply("\u{1B}[0m\u{1B}[3P", to: &model)
        #expect(model.lines == ["acd   "])
        var wide = Self.model(["a界b"], width: 5)
        Self.apply("\u{1B}[1;2H\u{1B}[4@", to: &wide)
        #expect(wide.lines == ["a    "])
        Self.apply("\u{1B}[1;1H\u{1B}[2P", to: &wide)
        #expect(wide.lines == ["     "])
        var cut = Self.model(["a界b"], width: 4)
        Self.apply("\u{1B}[1;1H\u{1B}[2P", to: &cut)
        #expect(cut.lines == [" b  "])
        #expect(model.errors.isEmpty && wide.errors.isEmpty)
        // Terminals disagree on a cut wide character (mlterm deletes it whole): FoldCycle never
        // cuts one, and the model says so (record 0263).
        #expect(cut.errors == ["DCH 2 cuts a wide character at row 0, column 0"])
    }

    @Test("a move in the pending-wrap state or with reverse video is an error")
    func misuse() {
        var model = Self.model(["ab"], width: 2)
        Self.apply("\u{1B}[1;1Hab\u{1B}[P", to: &model)
        Self.apply("\u{1B}[1;1H\u{1B}[7m\u{1B}[L", to: &model)
        #expect(model.errors == ["DCH in pending-wrap state at row 0", "IL with underline, reverse or strikethrough"])
    }
}
