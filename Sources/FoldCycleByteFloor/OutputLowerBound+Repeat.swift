import FoldCycle

extension OutputLowerBound {
    /// The cell-diff floor when the encoder may also send REP (`CSI n b`, docs/decisions/0255):
    /// `cellFloor` (``Bound/floor`` of the same frames) less ``repeatSaving(previous:current:)``.
    /// A floor for REP as ANSIEncoder sends it: right after the glyph it repeats, on its row.
    package mutating func repeatAwareFloor(previous: CellBuffer, current: CellBuffer, cellFloor: Int) -> Int {
        cellFloor - repeatSaving(previous: previous, current: current)
    }

    /// The floor over cell writes, REP and the moves the diff encoder weighs: as
    /// ``moveAwareFloor(previous:current:cellFloor:)``, each of its two floors less what REP can
    /// save on it (``repeatSaving(previous:current:)``, from the screen the moves leave for the
    /// second).
    package mutating func repeatAwareMoveFloor(previous: CellBuffer, current: CellBuffer, cellFloor: Int) -> Int {
        let plain = cellFloor - repeatSaving(previous: previous, current: current)
        guard let moves = ANSIEncoder.plannedMoves(previous: previous, current: current) else { return plain }
        let moved = bound(previous: moves.screen, current: current).floor
        return min(plain, moves.sequenceBytes + moved - repeatSaving(previous: moves.screen, current: current))
    }

    /// At most the bytes REP can take off the cell-diff floor for drawing `current` over
    /// `previous`. Per run of one narrow scalar glyph (no plain space: ``Bound/blankBytes``
    /// prices those at 3 an erase at most, less than a glyph and a REP) in one output form, left to
    /// right in a row of `current`, holding `m` changed cells of `L` UTF-8 bytes in `s` stretches:
    /// the floor counts `m·L` glyph bytes and at most `s − 1` entry bytes into its stretches after
    /// the first; with REP the run costs at least a printed glyph and one REP (`L + 3`: REP is at
    /// least `CSI b`), so the saving is at most `max(0, m·L + s − 1 − L − 3)`.
    package mutating func repeatSaving(previous: CellBuffer, current: CellBuffer) -> Int {
        let changed = changedCells(previous: previous, current: current)
        let cells = current.cells
        let width = current.width
        var saving = 0
        for y in 0..<current.height {
            var x = 0
            while x < width {
                let index = y * width + x
                let cell = cells[index]
                guard cell.width == 1, !Self.isPlainSpace(cell), cell.glyph < GlyphTable.firstInternedID else {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < width, !outputDiffers(cell, cells[y * width + end]) { end += 1 }
                var count = 0
                var stretches = 0
                for column in x..<end where changed[y * width + column] {
                    count += 1
                    if column == x || !changed[y * width + column - 1] { stretches += 1 }
                }
                let length = utf8Count(cell)
                saving += max(0, count * length + max(stretches - 1, 0) - length - 3)
                x = end
            }
        }
        return saving
    }
}
