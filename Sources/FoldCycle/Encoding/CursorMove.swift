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
        let choice = Choice(fromRow: row, column: column, toRow: y, column: x, mode: mode, lineFeedRows: lineFeedRows)
        switch choice.kind {
        case .none:
            return .relative(vertical: nil, horizontal: nil, backspaces: 0)
        case .position:
            guard case .absolute(let originRow, let originColumn) = mode else {
                return .relative(vertical: nil, horizontal: nil, backspaces: 0)
            }
            return .position(.cursorPosition(row: originRow + y + 1, column: originColumn + x + 1))
        case .relative:
            let rowDelta = y - (row ?? y)
            let vertical: EscapeSequence? =
                rowDelta > 0 ? .cursorDown(rowDelta) : rowDelta < 0 ? .cursorUp(-rowDelta) : nil
            let columnDelta = x - (column ?? x)
            if columnDelta > 0 {
                return .relative(vertical: vertical, horizontal: .cursorForward(columnDelta), backspaces: 0)
            }
            if columnDelta < 0 {
                return choice.backspaces > 0
                    ? .relative(vertical: vertical, horizontal: nil, backspaces: choice.backspaces)
                    : .relative(vertical: vertical, horizontal: .cursorBackward(-columnDelta), backspaces: 0)
            }
            return .relative(vertical: vertical, horizontal: nil, backspaces: 0)
        case .carriageReturn:
            let rowDelta = y - (row ?? y)
            let vertical: EscapeSequence? =
                choice.lineFeeds > 0
                ? nil : rowDelta > 0 ? .cursorDown(rowDelta) : rowDelta < 0 ? .cursorUp(-rowDelta) : nil
            var leftMargin = 0
            if case .absolute(_, let originColumn) = mode { leftMargin = originColumn }
            return .carriageReturn(
                lineFeeds: choice.lineFeeds, vertical: vertical,
                forward: leftMargin + x > 0 ? .cursorForward(leftMargin + x) : nil)
        }
    }

    /// The bytes of ``shortest(fromRow:column:toRow:column:mode:lineFeedRows:)``'s move, from the
    /// same comparison, without forming the move (the diff encoder prices orders with it).
    @inline(__always)
    static func byteCount(
        fromRow row: Int?, column: Int?, toRow y: Int, column x: Int, mode: ANSIEncoder.Mode, lineFeedRows: Int
    ) -> Int {
        Choice(fromRow: row, column: column, toRow: y, column: x, mode: mode, lineFeedRows: lineFeedRows).cost
    }

    /// The comparison of ``shortest(fromRow:column:toRow:column:mode:lineFeedRows:)`` in byte
    /// counts alone: which form wins, its bytes, and its LFs or BSs.
    struct Choice {
        enum Kind { case none, relative, carriageReturn, position }
        var kind: Kind
        var cost: Int
        var lineFeeds = 0
        var backspaces = 0

        @inline(__always)
        init(fromRow row: Int?, column: Int?, toRow y: Int, column x: Int, mode: ANSIEncoder.Mode, lineFeedRows: Int) {
            var absoluteCost = Int.max
            // CR goes to the screen's column 0, which is the region's column `-leftMargin`.
            var leftMargin = 0
            if case .absolute(let originRow, let originColumn) = mode {
                absoluteCost = 4 + CursorMove.digits(originRow + y + 1) + CursorMove.digits(originColumn + x + 1)
                leftMargin = originColumn
            }
            guard let row else {
                if absoluteCost != Int.max {
                    kind = .position
                    cost = absoluteCost
                } else {
                    kind = .none
                    cost = 0
                }
                return
            }
            if row == y && column == x {
                kind = .none
                cost = 0
                return
            }
            // Vertical part: CUU or CUD, or (after a CR only) LFs.
            let rowDelta = y - row
            let verticalCost = rowDelta == 0 ? 0 : CursorMove.countedCost(abs(rowDelta))
            let feeds = rowDelta > 0 && y < lineFeedRows && rowDelta < verticalCost ? rowDelta : 0
            let forwardColumns = leftMargin + x
            let carriageCost =
                1 + (feeds > 0 ? feeds : verticalCost)
                + (forwardColumns > 0 ? CursorMove.countedCost(forwardColumns) : 0)
            // Relative horizontal part: CUF, or CUB or as many BS.
            var relativeCost = Int.max
            var backspaceCount = 0
            if let column {
                let horizontal = Self.horizontal(by: x - column)
                backspaceCount = horizontal.backspaces
                relativeCost = verticalCost + horizontal.cost
            }
            if absoluteCost < min(relativeCost, carriageCost) {
                kind = .position
                cost = absoluteCost
            } else if relativeCost <= carriageCost {
                kind = .relative
                cost = relativeCost
                backspaces = backspaceCount
            } else {
                kind = .carriageReturn
                cost = carriageCost
                lineFeeds = feeds
            }
        }

        /// The bytes of a relative move of `columnDelta` columns: CUF, or CUB or as many BS
        /// (`backspaces`, when fewer bytes).
        @inline(__always)
        static func horizontal(by columnDelta: Int) -> (cost: Int, backspaces: Int) {
            if columnDelta > 0 { return (CursorMove.countedCost(columnDelta), 0) }
            guard columnDelta < 0 else { return (0, 0) }
            let backwardCost = CursorMove.countedCost(-columnDelta)
            return -columnDelta < backwardCost ? (-columnDelta, -columnDelta) : (backwardCost, 0)
        }
    }

    /// The bytes of CUU, CUD, CUF or CUB of `n` (≥ 1): `CSI` and the final byte, and the count
    /// unless it is 1.
    @inline(__always)
    static func countedCost(_ n: Int) -> Int {
        n == 1 ? 3 : 3 + digits(n)
    }

    /// The decimal digits of `n` ≥ 0.
    @inline(__always)
    static func digits(_ n: Int) -> Int {
        n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : EscapeSequence.digitCount(n)
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

    /// The bytes of the move's sequences.
    var byteCount: Int {
        switch self {
        case .relative(let vertical, let horizontal, let backspaces):
            return (vertical?.byteCount ?? 0) + (horizontal?.byteCount ?? 0) + backspaces
        case .carriageReturn(let lineFeeds, let vertical, let forward):
            return 1 + lineFeeds + (vertical?.byteCount ?? 0) + (forward?.byteCount ?? 0)
        case .position(let position):
            return position.byteCount
        }
    }

    /// The move's sequences, in order (empty when the cursor stays).
    var sequences: [EscapeSequence] {
        var sequences: [EscapeSequence] = []
        forEachSequence { sequences.append($0) }
        return sequences
    }
}
