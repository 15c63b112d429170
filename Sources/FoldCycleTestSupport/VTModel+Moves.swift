/// The line and character moves, as xterm does them: DECSTBM (`CSI t ; b r`), SU and SD
/// (`CSI n S`, `CSI n T`), IL and DL (`CSI n L`, `CSI n M`), ICH and DCH (`CSI n @`, `CSI n P`).
/// Lines and cells they bring in are blank in the current background (BCE), like an erase.
extension VTModel {
    /// DECSTBM: sets the scrolling region to 1-based rows `t`…`b` (defaults: the whole screen);
    /// a region of fewer than two rows is ignored. The cursor goes home (origin mode is off).
    mutating func setMargins(_ numbers: [Int?]) {
        let top = max((numbers.first.flatMap { $0 } ?? 1), 1) - 1
        let bottomParameter = numbers.count > 1 ? numbers[1] ?? 0 : 0
        let bottom = (bottomParameter == 0 ? height : min(bottomParameter, height)) - 1
        guard top < bottom else { return }
        marginTop = top
        marginBottom = bottom
        row = 0
        column = 0
        pendingWrap = false
    }

    /// SU (`up` > 0) or SD (`up` < 0): the scrolling region's lines move up (or down) by the
    /// count; the cursor stays.
    mutating func scroll(up: Int) {
        shiftLines(from: marginTop, through: marginBottom, up: up, name: up > 0 ? "SU" : "SD")
    }

    /// IL (`count` > 0) or DL (`count` < 0): inserts blank lines at the cursor row (or deletes
    /// lines there), moving the lines below it to the bottom margin; ignored when the cursor is
    /// outside the scrolling region. The cursor goes to column 0, as in xterm and the VT510.
    mutating func insertLines(_ count: Int) {
        guard row >= marginTop, row <= marginBottom else { return }
        shiftLines(from: row, through: marginBottom, up: -count, name: count > 0 ? "IL" : "DL")
        column = 0
        pendingWrap = false
    }

    /// Moves rows `top`…`bottom` up by `up` rows (down when negative); the rows that come in are
    /// blank in the current background.
    private mutating func shiftLines(from top: Int, through bottom: Int, up: Int, name: String) {
        checkEraseRendition(name)
        let rows = bottom - top + 1
        let distance = min(abs(up), rows)
        let blank = ModelCell(text: " ", width: 1, sgr: eraseKey)
        var moved = Array(repeating: blank, count: rows * width)
        for y in 0..<(rows - distance) {
            let source = up > 0 ? top + y + distance : top + y
            let target = up > 0 ? y : y + distance
            for x in 0..<width { moved[target * width + x] = cells[source * width + x] }
        }
        cells.replaceSubrange((top * width)..<((bottom + 1) * width), with: moved)
    }

    /// ICH (`right` > 0) or DCH (`right` < 0): the cells from the cursor to the right margin move
    /// right (or left) by the count; cells pushed past the right margin are lost, the cells that
    /// come in are blank in the current background, and a wide character cut in half is blanked.
    /// The cursor stays. FoldCycle writes neither in the pending-wrap state nor where it cuts a
    /// wide character (at the cursor, at the end of the cells a DCH deletes, or at the right
    /// margin for an ICH): terminals disagree on what a cut leaves (mlterm deletes the whole
    /// character); either is an error here.
    mutating func shiftCharacters(right: Int) {
        let name = right > 0 ? "ICH" : "DCH"
        if pendingWrap { errors.append("\(name) in pending-wrap state at row \(row)") }
        checkEraseRendition(name)
        let base = row * width
        var line = Array(cells[(base + column)..<(base + width)])
        let distance = min(abs(right), line.count)
        // The cell right of the cut: at the cursor, past the deleted cells (DCH) or the first
        // pushed past the margin (ICH).
        let cut = right > 0 ? line.count - distance : distance
        if line[0].width == 0 || (cut < line.count && line[cut].width == 0) {
            errors.append("\(name) \(distance) cuts a wide character at row \(row), column \(column)")
        }
        let blank = ModelCell(text: " ", width: 1, sgr: eraseKey)
        if cells[base + column].width == 0 && column > 0 {
            cells[base + column - 1] = blankLike(cells[base + column - 1])
        }
        if right > 0 {
            line = Array(repeating: blank, count: distance) + line.dropLast(distance)
        } else {
            line = Array(line.dropFirst(distance)) + Array(repeating: blank, count: distance)
        }
        if right < 0, deleteBlanksWideAtCursor, line[0].width == 2 {
            line[0] = blankLike(line[0])
            if line.count > 1 { line[1] = blankLike(line[1]) }
        }
        // Halves separated by the shift (at the cursor or the right margin) are blanked.
        for x in line.indices {
            if line[x].width == 0 && (x == 0 || line[x - 1].width != 2) { line[x] = blankLike(line[x]) }
            if line[x].width == 2 && (x + 1 == line.count || line[x + 1].width != 0) { line[x] = blankLike(line[x]) }
        }
        cells.replaceSubrange((base + column)..<(base + width), with: line)
        pendingWrap = false
    }

    /// The SGR key of a cell an erase or a move brings in: the current background only.
    var eraseKey: String { rendition["bg"].map { "bg=\($0)" } ?? "" }

    /// Records an error for an erase or move in a rendition whose erased cells terminals disagree
    /// on (underline, reverse or strikethrough).
    mutating func checkEraseRendition(_ name: String) {
        if rendition["a4"] != nil || rendition["a7"] != nil || rendition["a9"] != nil {
            errors.append("\(name) with underline, reverse or strikethrough")
        }
    }
}
