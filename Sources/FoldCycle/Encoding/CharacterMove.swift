internal import FoldCyclePlatform

/// A horizontal move on one row: the frame's cells from `column` to its right edge shifted by
/// `distance` cells (right when positive, left when negative).
///
/// Right: ICH `distance` at `column`, then DCH `distance` at `width - distance` (the cells the
/// ICH pushed past the frame come back, and the cells beyond the frame end where they were,
/// whether or not the terminal is wider). Left: DCH `|distance|` at `column`. Either way the
/// last `|distance|` cells of the frame hold what the terminal had beyond the frame or blanks,
/// which the encoder does not know: they are redrawn (``unknown``). The cells that come in at
/// `column` are blank in the default background (the pen is reset before a move). Everything
/// right of the frame on the row must be FoldCycle's, as EL already assumes.
struct CharacterMove: Equatable {
    var row: Int
    var column: Int
    var distance: Int

    /// A cell that equals no cell of a frame (glyph 0xFFFF_FFFE), standing for one the encoder
    /// does not know, so that the diff redraws it.
    static let unknown = Cell(glyph: 0xFFFF_FFFE, foregroundBits: 0, backgroundBits: 0)

    /// The bytes of the sequences, not counting the cursor moves to them.
    func sequenceBytes(width: Int) -> Int {
        let count = abs(distance)
        return EscapeSequence.deleteCharacters(count).byteCount * (distance > 0 ? 2 : 1)
    }

    /// Shifts the row in `cells` (the row's first cell, `width` cells) as the terminal does.
    func apply(to cells: UnsafeMutablePointer<Cell>, width: Int) {
        let count = abs(distance)
        if distance > 0 {
            let kept = width - column - 2 * count
            (cells + column + count).update(from: cells + column, count: kept)
            (cells + column).update(repeating: .blank, count: count)
        } else {
            (cells + column).update(from: cells + column + count, count: width - column - count)
        }
        (cells + width - count).update(repeating: unknownCell, count: count)
    }

    private var unknownCell: Cell { Self.unknown }

    /// The shift of row `old` (on screen) that brings the most cells of row `new` back, both
    /// `width` cells, from the first column where they differ (`firstChange`, when the caller
    /// knows it): nil when the row holds a cell that
    /// is not a narrow scalar glyph (a wide or disputed cluster could be cut), or when the cells
    /// brought back save fewer bytes than the move costs (a byte a cell, against the move's
    /// sequences and a cursor move).
    ///
    /// - Complexity: O(width) per shift tried; the shifts tried are `hint` (another row's) first,
    ///   then, when `searchesAll` and the row has ``minimumInkedChanges`` changed cells that are
    ///   not spaces, every shift (and `searched` is set).
    static func find(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, row: Int, firstChange: Int? = nil, hint: Int,
        searchesAll: Bool, searched: inout Bool
    ) -> CharacterMove? {
        var start = 0
        if let firstChange {
            start = firstChange
        } else {
            while start < width, old[start] == new[start] { start += 1 }
        }
        guard start < width - 2 else { return nil }
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
        // Every cell on screen from `start` a narrow scalar glyph (most rows that are not
        // shifted hold a wide cluster).
        for x in start..<width where old[x].width != 1 || old[x].glyph >= GlyphTable.firstInternedID {
            return nil
        }
        if hint != 0, let move = candidate(old: old, new: new, width: width, row: row, start: start, distance: hint) {
            return move
        }
        guard searchesAll else { return nil }
        // One pass for the changed cells that are not spaces (the anchors' count, first and last).
        var inked = 0
        var first = -1
        var last = -1
        for x in start..<width {
            let after = new[x]
            if after.glyph != 0x20 && after != old[x] {
                if first < 0 { first = x }
                last = x
                inked &+= 1
            }
        }
        guard inked >= minimumInkedChanges else { return nil }
        searched = true
        var best: CharacterMove?
        // A move pays only when it brings back more than its sequences and a cursor move (at
        // least 3 + 4 bytes): a shift that brings back fewer is never the one returned, so it
        // need not become `best` on the way (the first shift that brings back the most still
        // does).
        var bestSaving = EscapeSequence.deleteCharacters(1).byteCount + 4
        let anchors = anchors(old: old, new: new, width: width, start: start, inked: inked, first: first, last: last)
        // Whether `shift` brings back the anchor `earlier` (so it was weighed with that one).
        func bringsBack(_ earlier: Int, _ shift: Int) -> Bool {
            let source = earlier - shift
            return earlier >= 0 && source >= start && source < width && old[source] == new[earlier]
        }
        // An anchor's cell that no cell on screen equals brings no shift; another anchor of the
        // same cell need not look again.
        var absent: Cell?
        for index in 0..<3 {
            let anchor = index == 0 ? anchors.first : index == 1 ? anchors.middle : anchors.last
            guard anchor >= 0 else { continue }
            // The shifts that bring the anchor back: every other cell of the row on screen equal
            // to it, less those an earlier anchor brought back (weighed already).
            let cell = new[anchor]
            if let absent, absent == cell { continue }
            var found = false
            for x in start..<width where x != anchor && old[x] == cell {
                found = true
                let shift = anchor - x
                if index > 0, bringsBack(anchors.first, shift) { continue }
                if index > 1, bringsBack(anchors.middle, shift) { continue }
                let saving = saving(
                    old: old, new: new, width: width, start: start, distance: shift, floor: bestSaving)
                if saving > bestSaving {
                    bestSaving = saving
                    best = CharacterMove(row: row, column: start, distance: shift)
                }
            }
            // An anchor changed (its cell on screen differs), so none found: the cell is nowhere.
            if !found { absent = cell }
        }
        guard let best, bestSaving > best.sequenceBytes(width: width) + 4 else { return nil }
        return best
    }

    /// The shifts the search weighs are those that bring back one of three changed cells that
    /// are not spaces (the first, the middle and the last from `start`; -1 for none, or for one
    /// that is the same as another): a shift that brings back enough cells to pay brings back one
    /// of them but in rows of scattered changes. O(width) each instead of every shift (O(width²)).
    /// `inked`, `first` and `last`: those cells' count, first and last.
    private static func anchors(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, start: Int, inked count: Int, first: Int,
        last: Int
    ) -> (first: Int, middle: Int, last: Int) {
        guard count > 2 else { return (first, -1, count == 2 ? last : -1) }
        var middle = first
        var seen = 0
        for x in start..<width where new[x].glyph != 0x20 && new[x] != old[x] {
            if seen == count / 2 {
                middle = x
                break
            }
            seen += 1
        }
        return (first, middle, last)
    }

    /// The changed cells (from `start`) a row needs before every shift is tried on it: fewer,
    /// and a move could not save much (colour edges alone move by the hint).
    static let minimumInkedChanges = 6

    /// The move by `distance` from `start` when it pays (see ``find(old:new:width:row:hint:searchesAll:searched:)``).
    private static func candidate(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, row: Int, start: Int, distance: Int
    ) -> CharacterMove? {
        let move = CharacterMove(row: row, column: start, distance: distance)
        let floor = move.sequenceBytes(width: width) + 4
        let saving = saving(old: old, new: new, width: width, start: start, distance: distance, floor: floor)
        return saving > floor ? move : nil
    }

    /// The cells that differ from `new` before the shift and equal it after, or 0 when the shift
    /// does not fit the row; or, once the cells left could not take the count past `floor`, the
    /// count so far (the callers only ask whether it exceeds `floor`).
    private static func saving(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, start: Int, distance: Int, floor: Int
    ) -> Int {
        let count = abs(distance)
        var saved = 0
        let lower: Int
        let end = width - count
        if distance > 0 {
            guard start + 2 * count < width else { return 0 }
            lower = start + count
        } else {
            guard start + count < width else { return 0 }
            lower = start
        }
        // The cell on screen that lands on x: x - distance.
        let source = old - distance
        var x = lower
        while x < end {
            let stop = min(x &+ 16, end)
            while x < stop {
                let cell = new[x]
                if cell == source[x] && cell != old[x] { saved &+= 1 }
                x &+= 1
            }
            if saved &+ (end &- x) <= floor { return saved }
        }
        return saved
    }
}
