import FoldCycle

extension OutputLowerBound {
    /// The floor over cell writes and the moves the diff encoder weighs: the cell-diff floor
    /// (``Bound/floor``), or, when the encoder would weigh line or character moves
    /// (`ANSIEncoder.plannedMoves`), the bytes of their sequences plus the cell-diff floor from
    /// the screen they leave, whichever is lower. A floor for an encoder that sends those moves
    /// or none (not over every move a terminal offers: other blocks or shifts could do better).
    package mutating func moveAwareFloor(previous: CellBuffer, current: CellBuffer, cellFloor: Int) -> Int {
        guard let moves = ANSIEncoder.plannedMoves(previous: previous, current: current) else { return cellFloor }
        return min(cellFloor, moves.sequenceBytes + bound(previous: moves.screen, current: current).floor)
    }
}
