/// The shortest cursor move from where the encoder left the cursor to a region position, as a
/// pure function of the two positions, the ``ANSIEncoder/Mode`` and the rows LF may reach
/// (``shortest(fromRow:column:toRow:column:mode:lineFeedRows:)``), and the escape sequences
/// that make it (``forEachSequence(_:)``, ``sequences``).
///
/// Positions are 0-based and relative to the region's top-left. A nil column is the
/// pending-wrap state after a row's last column (VT100): no relative horizontal move is
/// written from it.
enum CursorMove: Equatable {
    /// CUU or CUD (`vertical`), then CUF or CUB (`horizontal`) or `backspaces` BS.
    case relative(vertical: EscapeSequence?, horizontal: EscapeSequence?, backspaces: Int)
    /// CR, then `lineFeeds` LF or (when `lineFeeds` is 0) CUU or CUD (`vertical`), then CUF
    /// (`forward`) from the screen's column 0.
    case carriageReturn(lineFeeds: Int, vertical: EscapeSequence?, forward: EscapeSequence?)
    /// CUP to a 1-based screen position (absolute mode only).
    case position(EscapeSequence)

    /// The shortest move to (`x`, `y`), comparing the byte counts of every candidate (ties go
    /// to the earlier one):
    /// 1. relative, when the column is known (not in the pending-wrap state): CUU or CUD, then
    ///    CUF, or CUB or as many BS (the shorter; BS never wraps, and the column is above 0);
    /// 2. CR, then CUU or CUD, or as many LF when moving down within the frame (the shorter),
    ///    then CUF from the screen's column 0;
    /// 3. CUP (absolute mode only).
    ///
    /// LF follows the CR, so the cursor lands in column 0 with or without the tty's ONLCR, and
    /// is chosen only to reach a row below the cursor's within the frame (`y < lineFeedRows`):
    /// every row it passes is a region row on screen, so it never scrolls. (Each LF starts on a
    /// region row above another region row, never the bottom margin.)
    ///
    /// - Parameters:
    ///   - row: the cursor's row, or nil when unknown. In absolute mode the move is then a
    ///     CUP; an inline region's row is always known (``ANSIEncoder/invalidate()`` keeps it),
    ///     and were it not, the move would be empty.
    ///   - column: the cursor's column, or nil when unknown (pending wrap).
    ///   - y: the target row.
    ///   - x: the target column.
    ///   - mode: inline (relative moves only) or absolute (CUP allowed; CR reaches the screen's
    ///     column 0, `originColumn` columns left of the region's).
    ///   - lineFeedRows: the frame's height inside a frame, where LF may reach rows below the
    ///     cursor's up to it; 0 outside a frame (no LF).
    /// - Returns: the move; an empty ``relative(vertical:horizontal:backspaces:)`` when the
    ///   cursor is already there.
    static func shortest(
        fromRow row: Int?, column: Int?, toRow y: Int, column x: Int, mode: ANSIEncoder.Mode,
        lineFeedRows: Int
    ) -> CursorMove {
        var absolute: EscapeSequence?
        // CR goes to the screen's column 0, which is the region's column `-leftMargin`.
        var leftMargin = 0
        if case .absolute(let originRow, let originColumn) = mode {
            absolute = .cursorPosition(row: originRow + y + 1, column: originColumn + x + 1)
            leftMargin = originColumn
        }
        guard let row else {
            if let absolute { return .position(absolute) }
            return .relative(vertical: nil, horizontal: nil, backspaces: 0)
        }
        // Vertical part: CUU or CUD, or (after a CR only) `lineFeeds` LFs.
        var vertical: EscapeSequence?
        if y > row { vertical = .cursorDown(y - row) } else if y < row { vertical = .cursorUp(row - y) }
        let verticalCost = vertical?.byteCount ?? 0
        let lineFeeds = y > row && y < lineFeedRows && y - row < verticalCost ? y - row : 0
        let carriageVerticalCost = lineFeeds > 0 ? lineFeeds : verticalCost
        // Horizontal part from column 0 after CR.
        let fromStart: EscapeSequence? = leftMargin + x > 0 ? .cursorForward(leftMargin + x) : nil
        let carriageCost = 1 + carriageVerticalCost + (fromStart?.byteCount ?? 0)
        // Relative horizontal part: CUF, or CUB or `backspaces` BS.
        var relative: EscapeSequence?
        var backspaces = 0
        var relativeCost = Int.max
        if let column {
            if x > column {
                relative = .cursorForward(x - column)
            } else if x < column {
                let cursorBackward = EscapeSequence.cursorBackward(column - x)
                if column - x < cursorBackward.byteCount {
                    backspaces = column - x
                } else {
                    relative = cursorBackward
                }
            }
            relativeCost = verticalCost + backspaces + (relative?.byteCount ?? 0)
        }
        if let absolute, absolute.byteCount < min(relativeCost, carriageCost) { return .position(absolute) }
        if relativeCost <= carriageCost {
            return .relative(vertical: vertical, horizontal: relative, backspaces: backspaces)
        }
        return .carriageReturn(lineFeeds: lineFeeds, vertical: lineFeeds > 0 ? nil : vertical, forward: fromStart)
    }

    /// Calls `body` with each sequence of the move, in order. (Inlined with its closure, so the
    /// encoder writes them straight into its sink.)
    @inline(__always)
    func forEachSequence(_ body: (EscapeSequence) -> Void) {
        switch self {
        case .relative(let vertical, let horizontal, let backspaces):
            if let vertical { body(vertical) }
            if let horizontal { body(horizontal) }
            for _ in 0..<backspaces { body(.backspace) }
        case .carriageReturn(let lineFeeds, let vertical, let forward):
            body(.carriageReturn)
            for _ in 0..<lineFeeds { body(.lineFeed) }
            if let vertical { body(vertical) }
            if let forward { body(forward) }
        case .position(let position):
            body(position)
        }
    }

    /// The move's sequences, in order (empty when the cursor stays).
    var sequences: [EscapeSequence] {
        var sequences: [EscapeSequence] = []
        forEachSequence { sequences.append($0) }
        return sequences
    }
}
