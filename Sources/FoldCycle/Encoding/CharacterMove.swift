internal import FoldCyclePlatform

/// A horizontal move on one row: the frame's cells from `column` to `end` (its right edge when
/// nil) shifted by `distance` cells (right when positive, left when negative); the cells from
/// `end` on stay where they are.
///
/// A segment (`end` set): right, DCH `distance` at `end - distance`, then ICH `distance` at
/// `column`; left, DCH `|distance|` at `column`, then ICH `|distance|` at `end - |distance|`. The
/// cells beyond `end` go out and come back; the ones the move brings in (at `column` or before
/// `end`) are blank. A card moving in over another that stays, or sliding off one that stays
/// under it, shifts its part of the row only (record 0263).
///
/// To the right edge, right: DCH `distance` at `width - distance`, then ICH `distance` at `column`. The DCH deletes
/// the frame's last `distance` cells and pulls what is beyond the frame in, blanks coming in at
/// the screen's right margin; the ICH pushes the frame's cells from `column` right and the
/// cells beyond the frame back where they were, and those blanks past the margin. The frame's
/// row is the old one shifted, every cell known, and nothing beyond it changes, however wide the
/// terminal. Left: DCH `|distance|` at `column`: the last `|distance|` cells of the frame then
/// hold what the terminal had beyond the frame or blanks, which the encoder does not know: they
/// are redrawn (``unknown``). The cells that come in at `column` are blank in the default
/// background (the pen is reset before a move). Everything right of the frame on the row must be
/// FoldCycle's, as EL already assumes.
///
/// A row with wide characters is shifted as any other, as long as neither sequence starts or
/// ends inside one: terminals disagree on what a cut wide character leaves (xterm blanks both
/// halves, mlterm deletes the whole character), so the search only weighs shifts that cut none
/// (docs/decisions/0263-character-moves-over-wide-characters.md).
struct CharacterMove: Equatable {
    var row: Int
    var column: Int
    var distance: Int
    /// The column the shifted cells end before, or nil for the frame's right edge.
    var end: Int? = nil

    /// A cell that equals no cell of a frame (glyph 0xFFFF_FFFE), standing for one the encoder
    /// does not know, so that the diff redraws it.
    static let unknown = Cell(glyph: 0xFFFF_FFFE, foregroundBits: 0, backgroundBits: 0)

    /// The sequences the move sends: 2 (a DCH and an ICH), or 1 for a left move to the edge.
    var sequenceCount: Int { distance > 0 || end != nil ? 2 : 1 }

    /// The bytes of the sequences, not counting the cursor moves to them.
    func sequenceBytes(width: Int) -> Int {
        EscapeSequence.deleteCharacters(abs(distance)).byteCount * sequenceCount
    }

    /// Shifts the row in `cells` (the row's first cell, `width` cells) as the terminal does.
    ///
    /// A wide character that a DCH leaves at the cursor (left: at `column`; right: at
    /// `end - distance`, then pushed back to `end` by the ICH) is left ``unknown``, both cells, so
    /// the diff draws it again: kitty before 0.40 blanks the cell at the cursor after a DCH when it
    /// is not a narrow character, keeping the second half drawn empty (record 0263).
    func apply(to cells: UnsafeMutablePointer<Cell>, width: Int) {
        let count = abs(distance)
        let end = self.end ?? width
        if distance > 0 {
            (cells + column + count).update(from: cells + column, count: end - column - count)
            (cells + column).update(repeating: .blank, count: count)
            if end < width - 1, cells[end].width == 2 { (cells + end).update(repeating: unknownCell, count: 2) }
        } else {
            (cells + column).update(from: cells + column + count, count: end - column - count)
            (cells + end - count).update(repeating: self.end == nil ? unknownCell : .blank, count: count)
            if column < end - count - 1, cells[column].width == 2 {
                (cells + column).update(repeating: unknownCell, count: 2)
            }
        }
    }

    private var unknownCell: Cell { Self.unknown }

    /// The shift of row `old` (on screen) that brings the most cells of row `new` back, both
    /// `width` cells, from the first column where they differ (`firstChange`, when the caller
    /// knows it), and the cells it brings back (at most what the row's estimate can add): nil when
    /// the row holds an interned cluster (one of several scalars, or of disputed width: terminals
    /// may give it other cells than ours), when every shift that pays would cut a wide character
    /// (``range(old:width:start:distance:)``), or when the cells brought back save fewer bytes than the move costs (a byte a cell,
    /// against the move's sequences and a cursor move). `columns` is scratch for
    /// ``scratchCount(width:)`` columns.
    ///
    /// - Complexity: O(width) per shift tried; the shifts tried are `hint` (another row's) first,
    ///   then, when `searchesAll` and the row has ``minimumInkedChanges`` changed cells that are
    ///   not spaces, every shift (and `searched` is set), each over the changed cells only.
    static func find(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, row: Int, firstChange: Int? = nil,
        changeEnd: Int? = nil, hint: Int, searchesAll: Bool, searched: inout Bool, columns: UnsafeMutablePointer<Int32>
    ) -> (move: CharacterMove, cells: Int)? {
        var start = 0
        if let firstChange {
            start = firstChange
        } else {
            while start < width, old[start] == new[start] { start += 1 }
        }
        guard start < width - 2 else { return nil }
        // Past the two rows searched over every shift only the hint is tried: none when it does
        // not fit the row.
        if !searchesAll, range(old: old, width: width, start: start, distance: hint) == nil { return nil }
        // A cell on screen from `start` that is an interned cluster ends the row (below, whether
        // its cells are alike or not): the first few are checked before the memcmp.
        let checked = min(width, start &+ 8)
        var x = start
        while x < checked {
            guard isScalar(old[x]) else { return nil }
            x &+= 1
        }
        // A row whose cells on screen from `start` are all alike (one memcmp of the row against
        // itself a cell along; it stops at the first two that differ): every shift leaves it as it
        // was, so none brings a changed cell back. It ends as the search below would: nil, and
        // `searched` set where that would have searched it over every shift (a narrow scalar
        // glyph and enough changed cells that are not spaces).
        if memcmp(old + start, old + start + 1, (width - start - 1) * MemoryLayout<Cell>.stride) == 0 {
            let leading = old[start]
            guard searchesAll, leading.width == 1, leading.glyph < GlyphTable.firstInternedID else { return nil }
            var inked = 0
            for x in start..<width where new[x].glyph != 0x20 && new[x] != leading {
                inked &+= 1
                if inked >= minimumInkedChanges {
                    searched = true
                    break
                }
            }
            return nil
        }
        // Every cell on screen from `start` a glyph of one scalar: checked after the hint's shift
        // pays (most do not, and the check reads the whole row).
        guard searchesAll else {
            guard hint != 0,
                let found = candidate(
                    old: old, new: new, width: width, row: row, start: start, distance: hint, changes: nil,
                    changeEnd: changeEnd ?? width),
                allScalars(old, from: checked, to: width)
            else { return nil }
            return (bounded(found.move, old: old, new: new, width: width, changeEnd: changeEnd), found.cells)
        }
        // A row that may be searched over every shift is weighed over its changed cells only
        // (``ChangedCells``): the same pass checks the cells on screen and keeps the changed
        // cells' columns, and after them those of the changed cells that are not spaces (the
        // anchors). No cell after the row's last change (`changeEnd`) changes: those are only
        // checked, four at a time.
        let counts = columns + width
        let inkedColumns = counts + width + 1
        var changedCount = 0
        var inked = 0
        let changed = min(max(changeEnd ?? width, start), width)
        x = start
        while x < changed {
            let before = old[x]
            guard isScalar(before) else { return nil }
            counts[x &- start] = Int32(truncatingIfNeeded: changedCount)
            let after = new[x]
            let column = Int32(truncatingIfNeeded: x)
            x &+= 1
            if sameCell(after, before) { continue }
            columns[changedCount] = column
            changedCount &+= 1
            guard after.glyph != 0x20 else { continue }
            inkedColumns[inked] = column
            inked &+= 1
        }
        (counts + (changed &- start)).update(
            repeating: Int32(truncatingIfNeeded: changedCount), count: width &- changed &+ 1)
        let changes = ChangedCells(columns: columns, start: start, counts: counts)
        // The cells after the last change are checked only once a move could come of the row.
        if hint != 0,
            let found = candidate(
                old: old, new: new, width: width, row: row, start: start, distance: hint, changes: changes,
                changeEnd: width)
        {
            guard allScalars(old, from: changed, to: width) else { return nil }
            return (bounded(found.move, old: old, new: new, width: width, changeEnd: changeEnd), found.cells)
        }
        guard inked >= minimumInkedChanges, allScalars(old, from: changed, to: width) else { return nil }
        searched = true
        var best: CharacterMove?
        // A move pays only when it brings back more than its sequences and a cursor move (at
        // least 3 + 4 bytes): a shift that brings back fewer is never the one returned, so it
        // need not become `best` on the way (the first shift that brings back the most still
        // does).
        var bestSaving = EscapeSequence.deleteCharacters(1).byteCount + 4
        // The shifts weighed are those that bring back one of three changed cells that are not
        // spaces (the first, the middle and the last from `start`): a shift that brings back
        // enough cells to pay brings back one of them but in rows of scattered changes. O(width)
        // each instead of every shift (O(width²)).
        let anchors = (Int(inkedColumns[0]), Int(inkedColumns[inked / 2]), Int(inkedColumns[inked - 1]))
        let cells = (new[anchors.0], new[anchors.1], new[anchors.2])
        // The shifts that bring an anchor back: the cells of the row on screen equal to it (never
        // the anchor's own: it changed). One pass finds them for the three, each as its column
        // times 8 and a bit per anchor it equals (after the anchors' columns).
        let matches = inkedColumns + inked
        var matchCount = 0
        x = start
        while x < width {
            let cell = old[x]
            x &+= 1
            // Most cells differ from all three in the low word (glyph and foreground).
            guard cell.low == cells.0.low || cell.low == cells.1.low || cell.low == cells.2.low else { continue }
            let bits = (cell == cells.0 ? 1 : 0) | (cell == cells.1 ? 2 : 0) | (cell == cells.2 ? 4 : 0)
            guard bits != 0 else { continue }
            matches[matchCount] = Int32(truncatingIfNeeded: (x &- 1) &<< 3 | bits)
            matchCount &+= 1
        }
        // Whether `shift` brings back the anchor `earlier` (so it was weighed with that one).
        func bringsBack(_ earlier: Int, _ shift: Int) -> Bool {
            let source = earlier - shift
            return source >= start && source < width && old[source] == new[earlier]
        }
        // Each anchor's shifts in turn, less those an earlier anchor brought back (weighed
        // already).
        for index in 0..<3 {
            let anchor = index == 0 ? anchors.0 : index == 1 ? anchors.1 : anchors.2
            let bit = Int32(1) << index
            for match in UnsafeBufferPointer(start: matches, count: matchCount) where match & bit != 0 {
                let shift = anchor - Int(match >> 3)
                if index > 0, bringsBack(anchors.0, shift) { continue }
                if index > 1, bringsBack(anchors.1, shift) { continue }
                let saving = saving(
                    old: old, new: new, changes: changes, width: width, start: start, distance: shift,
                    floor: bestSaving)
                if saving > bestSaving {
                    bestSaving = saving
                    best = CharacterMove(row: row, column: start, distance: shift)
                }
            }
        }
        guard let best, bestSaving > best.sequenceBytes(width: width) + 4 else { return nil }
        return (bounded(best, old: old, new: new, width: width, changeEnd: changeEnd), bestSaving)
    }

    /// `move` (to the frame's right edge) as a segment ending where the row's changes end, when
    /// the row has cells that do not change right of them and no sequence would cut a wide
    /// character there: right, always (the same two sequences, and the cells from `end` stay);
    /// left, when the cells from `end` that are not the default blank and that the DCH alone would
    /// leave wrong (shifted, or unknown in the last |`distance`|) outnumber the bytes of the ICH
    /// and a cursor move to it.
    ///
    /// `changeEnd`, the column after the row's last change, when the caller knows it (the cell
    /// diff's marks), else found here.
    ///
    /// - Complexity: right, O(1) with `changeEnd`; left, O(width − `changeEnd`) at most.
    private static func bounded(
        _ move: CharacterMove, old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, changeEnd: Int?
    ) -> CharacterMove {
        let count = abs(move.distance)
        var end = width
        if let changeEnd {
            end = changeEnd
        } else {
            while end > move.column, sameCell(old[end &- 1], new[end &- 1]) { end &-= 1 }
        }
        // The cell right of the segment comes back to `end` (right: the DCH ends before it;
        // left: the ICH starts on it): not a second half.
        guard end < width, end > move.column + count, old[end].width != 0 else { return move }
        var bounded = move
        bounded.end = end
        if move.distance > 0 {
            return old[end - count].width != 0 ? bounded : move
        }
        let needed = EscapeSequence.insertCharacters(count).byteCount + 4
        var broken = 0
        for x in end..<width {
            let cell = new[x]
            guard cell != .blank else { continue }
            if x >= width - count || !sameCell(old[x + count], cell) {
                broken &+= 1
                if broken > needed { return bounded }
            }
        }
        return move
    }

    /// The columns ``find(old:new:width:row:firstChange:changeEnd:hint:searchesAll:searched:columns:)``
    /// needs as scratch for a row `width` cells wide.
    static func scratchCount(width: Int) -> Int { 4 * width + 1 }

    /// The changed cells of a row from `start`: their columns in order and, per column from
    /// `start` to the row's width, how many are left of it (so the changed cells of any span of
    /// columns are found at once).
    private struct ChangedCells {
        let columns: UnsafePointer<Int32>
        let start: Int
        /// `counts[x - start]`: the changed cells left of column `x`.
        let counts: UnsafePointer<Int32>

        /// The index in ``columns`` of the first changed cell at or right of column `x`
        /// (`start...width`).
        @inline(__always)
        func index(of x: Int) -> Int { Int(truncatingIfNeeded: counts[x &- start]) }
    }

    /// The changed cells (from `start`) a row needs before every shift is tried on it: fewer,
    /// and a move could not save much (colour edges alone move by the hint).
    static let minimumInkedChanges = 6

    /// The move by `distance` from `start` and the cells it brings back, when it pays (see
    /// ``find(old:new:width:row:firstChange:changeEnd:hint:searchesAll:searched:columns:)``): weighed over
    /// `changes` (the columns of the changed cells from `start`) when the caller has them, else
    /// over every cell before `changeEnd` (the column after the row's last change: none after it
    /// can be brought back).
    private static func candidate(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, row: Int, start: Int, distance: Int,
        changes: ChangedCells?, changeEnd: Int
    ) -> (move: CharacterMove, cells: Int)? {
        let move = CharacterMove(row: row, column: start, distance: distance)
        let floor = move.sequenceBytes(width: width) + 4
        let saving =
            if let changes {
                saving(
                    old: old, new: new, changes: changes, width: width, start: start, distance: distance, floor: floor)
            } else {
                saving(
                    old: old, new: new, width: width, start: start, distance: distance, changeEnd: changeEnd,
                    floor: floor)
            }
        return saving > floor ? (move, saving) : nil
    }

    /// The cells that differ from `new` before the shift and equal it after, or 0 when the shift
    /// does not fit the row; or, once the cells left could not take the count past `floor`, the
    /// count so far (the callers only ask whether it exceeds `floor`). Only the cells before
    /// `changeEnd` are weighed (those after it do not differ).
    private static func saving(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, start: Int, distance: Int, changeEnd: Int,
        floor: Int
    ) -> Int {
        guard let (lower, fitEnd) = range(old: old, width: width, start: start, distance: distance) else { return 0 }
        let end = min(fitEnd, changeEnd)
        var saved = 0
        // The cell on screen that lands on x: x - distance.
        let source = old - distance
        var x = lower
        while x < end {
            let stop = min(x &+ 16, end)
            while x < stop {
                let cell = new[x]
                if sameCell(cell, source[x]) && cell != old[x] { saved &+= 1 }
                x &+= 1
            }
            if saved &+ (end &- x) <= floor { return saved }
        }
        return saved
    }

    /// ``saving(old:new:width:start:distance:changeEnd:floor:)`` over the changed cells only (`changes`,
    /// from `start`). The same count (and the same answer to whether it exceeds `floor`), in a
    /// step per changed cell instead of per cell.
    private static func saving(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, changes: ChangedCells, width: Int, start: Int,
        distance: Int, floor: Int
    ) -> Int {
        guard let (lower, end) = range(old: old, width: width, start: start, distance: distance) else { return 0 }
        var index = changes.index(of: lower)
        let last = changes.index(of: end)
        var saved = 0
        let source = old - distance
        let columns = changes.columns
        while index < last {
            if saved &+ (last &- index) <= floor { return saved }
            let stop = min(index &+ 8, last)
            while index < stop {
                let x = Int(truncatingIfNeeded: columns[index])
                if sameCell(new[x], source[x]) { saved &+= 1 }
                index &+= 1
            }
        }
        return saved
    }

    /// `a == b`, the low words (glyph and foreground) first: in the search's loops most cells
    /// compared differ there, and one compare and branch tells them.
    @inline(__always)
    static func sameCell(_ a: Cell, _ b: Cell) -> Bool {
        guard a.low == b.low else { return false }
        return a.high == b.high
    }

    /// Whether the cells `from..<to` are all glyphs of one scalar (narrow, the lead of a wide
    /// one or its continuation): four at a time, with one branch for the four.
    @inline(__always)
    private static func allScalars(_ cells: UnsafePointer<Cell>, from: Int, to: Int) -> Bool {
        // A cell's glyph plus 2³² − firstInternedID: bit 32 set from firstInternedID.
        let interned: UInt64 = 0x1_0000_0000 &- UInt64(GlyphTable.firstInternedID)
        var x = from
        while x &+ 4 <= to {
            let glyphs =
                (cells[x].low & 0xFFFF_FFFF &+ interned) | (cells[x &+ 1].low & 0xFFFF_FFFF &+ interned)
                | (cells[x &+ 2].low & 0xFFFF_FFFF &+ interned) | (cells[x &+ 3].low & 0xFFFF_FFFF &+ interned)
            guard glyphs & 0x1_0000_0000 == 0 else { return false }
            x &+= 4
        }
        while x < to {
            guard isScalar(cells[x]) else { return false }
            x &+= 1
        }
        return true
    }

    /// Whether a cell is a glyph of one scalar of undisputed width, narrow or wide, or a wide
    /// one's continuation: every terminal gives it the cells it has here.
    @inline(__always)
    private static func isScalar(_ cell: Cell) -> Bool {
        cell.glyph < GlyphTable.firstInternedID
    }

    /// The columns `lower..<end` where a shift by `distance` from `start` brings cells of the row
    /// on screen, `old` (right: the cells it inserts excluded; left: those that come in at the
    /// right edge), or nil when it does not fit a row `width` wide or one of its sequences would
    /// start or end inside a wide character. With `n` = |`distance`|: left, DCH deletes
    /// `start..<start + n`; right, DCH deletes `width - n..<width` and ICH inserts at `start`. A
    /// continuation cell at `start`, at `start + n` (left) or at `width - n` (right) is a cut
    /// (right of the frame, where the DCH ends, no cell is a continuation: those cells are ours).
    @inline(__always)
    private static func range(old: UnsafePointer<Cell>, width: Int, start: Int, distance: Int) -> (
        lower: Int, end: Int
    )? {
        let count = abs(distance)
        guard count > 0, old[start].width != 0 else { return nil }
        if distance > 0 {
            guard start + count < width, old[width - count].width != 0 else { return nil }
            return (start + count, width)
        }
        guard start + count < width, old[start + count].width != 0 else { return nil }
        return (start, width - count)
    }
}
