import FoldCycle

extension VTModel {
    /// REP `CSI n b`, as xterm does it: the cluster printed right before it (`repeated`) printed
    /// `n` more times in the current rendition. What FoldCycle promises (docs/decisions/0255) is
    /// checked: a REP with no cluster printed right before it (after a cursor move, an SGR, any
    /// control), of a cluster that is not one cell wide, or whose repeats would pass the right
    /// margin (or start in the pending-wrap state) is an error, and nothing is printed.
    mutating func repeatCharacter(_ repeated: Character?, _ parameters: String) {
        guard let repeated else {
            errors.append("REP not right after a printed cluster at row \(row)")
            return
        }
        guard let count = parameters.isEmpty ? 1 : Int(parameters), count >= 1 else {
            errors.append("bad REP count \(parameters)")
            return
        }
        guard DisplayWidth.of(repeated) == 1 else {
            errors.append("REP of a cluster \(DisplayWidth.of(repeated)) cells wide")
            return
        }
        guard !pendingWrap, column + count <= width else {
            errors.append("REP past the right margin at row \(row) (column \(column), \(count) repeats)")
            return
        }
        for _ in 0..<count { print(repeated) }
        lastPrinted = repeated
    }
}
