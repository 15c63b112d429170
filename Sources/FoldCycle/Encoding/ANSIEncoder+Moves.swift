internal import FoldCyclePlatform

/// Line and character moves in the diff: when rows of the frame on screen reappear a few rows
/// lower or higher (``LineMove``), or a row's cells a few columns along (``CharacterMove``), the
/// frame may move them with IL/DL or ICH/DCH and draw only what still differs. Whether it does
/// is decided per frame by encoding it both ways and sending the shorter, so a frame with moves
/// is never longer than the cell diff alone. No scrolling region is ever set.
extension ANSIEncoder {
    /// Whether whole lines may move: they move across the terminal's width, so the region must
    /// start at the screen's left edge (inline mode reserves whole lines).
    var linesMayMove: Bool {
        switch mode {
        case .inline: return true
        case .absolute(_, let originColumn): return originColumn == 0
        }
    }

    /// Encodes the frame to `new` twice, as the cell diff (whose spans `scratch`
    /// holds already) and with the moves `moves` planned, and appends the shorter; the encoder's
    /// cursor and pen are those of the one sent.
    mutating func encodeCheaper(
        new: UnsafeBufferPointer<Cell>, width: Int, height: Int,
        scratch: inout DiffScratch, moves: inout MoveScratch, into bytes: inout [UInt8]
    ) {
        let before = (row: cursorRow, column: cursorColumn, pen: sgr.pen)
        moves.plainBytes.removeAll(keepingCapacity: true)
        emitChanges(new: new, width: width, moves: nil, scratch: &scratch, into: &moves.plainBytes)
        let plain = (row: cursorRow, column: cursorColumn, pen: sgr.pen, autowrapIsOff: autowrapIsOff)
        (cursorRow, cursorColumn, sgr.pen) = before
        autowrapIsOff = false
        moves.movedBytes.removeAll(keepingCapacity: true)
        var diff = DiffScratch()
        swap(&diff, &moves.diff)
        moves.shifted.withUnsafeBufferPointer { shifted in
            guard let shifted = shifted.baseAddress else { return }
            encodeChanges(
                old: shifted, new: new, width: width, height: height, moves: moves, scratch: &diff,
                into: &moves.movedBytes)
        }
        swap(&diff, &moves.diff)
        if moves.movedBytes.count < moves.plainBytes.count {
            bytes.append(contentsOf: moves.movedBytes)
        } else {
            (cursorRow, cursorColumn, sgr.pen, autowrapIsOff) = plain
            bytes.append(contentsOf: moves.plainBytes)
        }
    }

    /// Writes the planned moves: the pen reset to the default rendition first (the cells the
    /// moves bring in take the current background), then DL and IL (``LineMove``), then each
    /// row's ICH/DCH (``CharacterMove``), each after the shortest cursor move to it.
    mutating func writeMoves(_ moves: MoveScratch, width: Int, into bytes: inout [UInt8]) {
        ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
            sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
            sgr.closeLink(sink: &sink)
            if sgr.pen != Pen.initial {
                sink.write(.resetAttributes)
                sgr.pen = Pen.initial
            }
            if let line = moves.line {
                let count = abs(line.distance)
                // IL and DL send the cursor to column 1: no column needs reaching first.
                move(toX: cursorColumn ?? 0, y: line.deleteRow, sink: &sink)
                sink.write(.deleteLines(count))
                cursorColumn = nil
                sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
                move(toX: 0, y: line.insertRow, sink: &sink)
                sink.write(.insertLines(count))
                cursorColumn = nil
            }
            for character in moves.characters {
                sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
                let count = abs(character.distance)
                let end = character.end ?? width
                if character.distance > 0 {
                    // The segment's last cells deleted first: the blanks that come in at the
                    // screen's margin are what the ICH then pushes past it (``CharacterMove``).
                    move(toX: end - count, y: character.row, sink: &sink)
                    sink.write(.deleteCharacters(count))
                    move(toX: character.column, y: character.row, sink: &sink)
                    sink.write(.insertCharacters(count))
                } else {
                    move(toX: character.column, y: character.row, sink: &sink)
                    sink.write(.deleteCharacters(count))
                    if character.end != nil {
                        sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
                        move(toX: end - count, y: character.row, sink: &sink)
                        sink.write(.insertCharacters(count))
                    }
                }
            }
        }
    }
}

/// What the move search keeps between frames so that it does not allocate: row hashes, the
/// screen as the moves leave it, the moves, a second diff scratch and the two encodings.
struct MoveScratch {
    /// The row hashes (``LineMove/sampledHash(_:width:)``) of the screen and of the new frame.
    var oldHashes: [UInt64] = []
    var newHashes: [UInt64] = []
    /// The buffer (its first cell's address) whose rows ``newHashes`` holds, `hashedWidth` cells
    /// wide, or 0: the next frame's screen when the caller draws over it (the bench's frames
    /// alternate between two buffers).
    var hashedScreen: UInt = 0
    var hashedWidth = 0
    /// The screen's buffer of the frame whose rows ``newHashes`` holds (while ``hashedScreen`` is
    /// not 0): the next frame's screen too when the caller copies each frame it drew into one
    /// buffer of its own (``TerminalRegion``, so the player and `render`).
    var hashedCopy: UInt = 0
    /// ``LineMove/find``'s table of the screen's rows by hash.
    var hashSlots: [Int32] = []
    /// The rows a line move could bring back (changed, not blank), top to bottom, and per shift
    /// (`shift + height`) how many of them it brings back.
    var candidates: [Int32] = []
    var shiftCounts: [Int32] = []
    /// A row of default blanks, the width of the frame (what a line move brings in), and its
    /// hash.
    var blankRow: [Cell] = []
    var blankHash: UInt64 = 0
    /// The frame on screen after the moves, as the encoder knows it.
    var shifted: [Cell] = []
    /// One row of it, for the estimate.
    var movedRow: [Cell] = []
    var line: LineMove?
    var characters: [CharacterMove] = []
    /// Per move of ``characters``, the cells ``CharacterMove/find`` found it brings back: what
    /// its row can add to ``estimatedSaving(old:new:width:height:)`` at most.
    var characterCells: [Int] = []
    /// ``CharacterMove/find``'s scratch (``CharacterMove/scratchCount(width:)`` columns).
    var columns: [Int32] = []
    var diff = DiffScratch()
    var plainBytes: [UInt8] = []
    var movedBytes: [UInt8] = []

    /// Looks for moves from `old` to `new` (`width` × `height`), a line move only when `lines`:
    /// fills ``line`` and ``characters`` and returns whether it found any (``buildShifted(old:width:height:)``
    /// then makes the screen they leave). `changed` says per row whether it differs at all between the two frames
    /// (`changedRows` of them do), `firstChanges` its first differing column and `changeEnds` the
    /// column after its last. Frames with fewer than two changed rows that are not blank
    /// (or one changed row, for character moves) are not searched for line moves (character
    /// moves). The screen as the moves leave it is built only for a frame with moves: the search
    /// reads the rows in place.
    mutating func plan(
        old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, height: Int, changed: [Bool],
        changedRows: Int, firstChanges: [Int32], changeEnds: [Int32], lines: Bool
    ) -> Bool {
        guard changedRows > 0, width >= 4, changed.count == height, firstChanges.count == height,
            changeEnds.count == height
        else {
            // An unchanged frame: the row hashes of the screen are those of the new frame.
            if changedRows == 0, holdsHashes(of: old) {
                hashedScreen = UInt(bitPattern: new)
                hashedCopy = UInt(bitPattern: old)
            } else {
                hashedScreen = 0
            }
            return false
        }
        line = nil
        characters.removeAll(keepingCapacity: true)
        characterCells.removeAll(keepingCapacity: true)
        if blankRow.count != width {
            blankRow = Array(repeating: .blank, count: width)
            blankHash = blankRow.withUnsafeBufferPointer { LineMove.sampledHash($0.baseAddress!, width: width) }
        }
        changed.withUnsafeBufferPointer { changed in
            firstChanges.withUnsafeBufferPointer { firstChanges in
                blankRow.withUnsafeBufferPointer { blank in
                    guard let blank = blank.baseAddress else { return }
                    if lines && height > 2 {
                        findLineMove(
                            old: old, blank: blank, new: new, width: width, height: height, changed: changed,
                            firstChanges: firstChanges, searches: changedRows > 1)
                    } else {
                        hashedScreen = 0
                    }
                    changeEnds.withUnsafeBufferPointer { changeEnds in
                        findCharacterMoves(
                            old: old, blank: blank, new: new, width: width, height: height, changed: changed,
                            firstChanges: firstChanges, changeEnds: changeEnds)
                    }
                }
            }
        }
        return line != nil || !characters.isEmpty
    }

    /// Sets ``shifted`` to the screen `old` (`width` × `height`) as the planned moves leave it.
    mutating func buildShifted(old: UnsafePointer<Cell>, width: Int, height: Int) {
        var screen = shifted
        shifted = []
        if screen.count != width * height { screen = Array(repeating: .blank, count: width * height) }
        screen.withUnsafeMutableBufferPointer { screen in
            guard let screen = screen.baseAddress else { return }
            screen.update(from: old, count: width * height)
            if let line { line.apply(to: screen, width: width) }
            for character in characters { character.apply(to: screen + character.row * width, width: width) }
        }
        shifted = screen
    }

    /// What the planned moves would save, estimated from the cells before the frame is encoded
    /// a second time: the cells of `new` the moves bring back (they differ on screen, `old`, and
    /// equal the screen after the moves) less those they break (equal on screen, not after the
    /// moves), a byte each — a cell of the default blank counts nothing, an erase clears any run
    /// of them — less the moves' sequences, a cursor move (4 bytes) to each and a pen reset
    /// (4 bytes). Only the rows the moves touch are compared, each moved into ``movedRow`` (the
    /// whole screen is moved only for a frame whose estimate is positive). A frame whose
    /// estimate is not positive is encoded once, as the cell diff.
    ///
    /// Without a line move, a row adds at most the cells its move brings back
    /// (``characterCells``): once the estimate so far and what the rows left could add at most
    /// is not positive, that is returned (not positive either) and the rows left are not compared.
    ///
    /// - Complexity: O(width) per row the moves touch.
    mutating func estimatedSaving(old: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, height: Int) -> Int {
        var saving = -4
        if let line { saving -= line.sequenceBytes + 8 }
        for character in characters {
            saving -= character.sequenceBytes(width: width) + 4 * character.sequenceCount
        }
        // The most the estimate can still reach (a line move's rows are not bounded).
        var bound = Int.max
        if line == nil, characterCells.count == characters.count {
            bound = saving
            for cells in characterCells { bound += cells }
            guard bound > 0 else { return bound }
        }
        let characterCells = self.characterCells
        if movedRow.count != width { movedRow = Array(repeating: .blank, count: width) }
        var next = 0
        let line = self.line
        let characters = self.characters
        blankRow.withUnsafeBufferPointer { blank in
            movedRow.withUnsafeMutableBufferPointer { moved in
                guard let blank = blank.baseAddress, let moved = moved.baseAddress else { return }
                for y in 0..<height {
                    var source = old + y * width
                    var touched = false
                    if let line, y >= line.top, y <= line.bottom {
                        touched = true
                        let from = line.sourceRow(of: y)
                        source = from < 0 ? blank : old + from * width
                    }
                    while next < characters.count, characters[next].row < y { next += 1 }
                    let shiftsRow = next < characters.count && characters[next].row == y
                    guard touched || shiftsRow else { continue }
                    // A row only a character move touches is as it was left of the move's column:
                    // nothing there is brought back or broken.
                    let from = touched ? 0 : characters[next].column
                    (moved + from).update(from: source + from, count: width - from)
                    if shiftsRow { characters[next].apply(to: moved, width: width) }
                    let row = y * width
                    var rowSaving = 0
                    var x = from
                    while x < width {
                        let cell = new[row &+ x]
                        let before = CharacterMove.sameCell(old[row &+ x], cell)
                        let after = CharacterMove.sameCell(moved[x], cell)
                        x &+= 1
                        guard before != after, cell != .blank else { continue }
                        rowSaving &+= before ? -1 : 1
                    }
                    saving += rowSaving
                    guard bound != Int.max else { continue }
                    bound += rowSaving - characterCells[next]
                    if bound <= 0 {
                        saving = bound
                        return
                    }
                }
            }
        }
        return saving
    }

    /// Whether ``newHashes`` may hold the rows of the screen `old`: it is the buffer the last
    /// frame drew (``hashedScreen``) or the one that frame was drawn over (``hashedCopy``, where
    /// the caller copies each frame it drew), and the hashes are of a frame (not forgotten).
    func holdsHashes(of old: UnsafePointer<Cell>) -> Bool {
        let address = UInt(bitPattern: old)
        return hashedScreen != 0 && (address == hashedScreen || address == hashedCopy)
    }

    /// Sets ``line`` to the best line move from `old` to `new`, if any (``LineMove/find``), when
    /// `searches`; keeps the row hashes of `new` either way. The changed rows of `new` are hashed
    /// (a blank row is told by its hash, then compared whole); the rows of `old` are those the
    /// last frame hashed when `old` is the buffer that frame drew or the one it was drawn over
    /// (``holdsHashes(of:)``, and one of its rows hashed again agrees), else they are hashed only
    /// when two changed rows are not blank. Hashes are only a filter (rows are compared whole
    /// before they count), so hashes of another screen could cost a move, never a wrong frame.
    private mutating func findLineMove(
        old: UnsafePointer<Cell>, blank: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, height: Int,
        changed: UnsafeBufferPointer<Bool>, firstChanges: UnsafeBufferPointer<Int32>, searches: Bool
    ) {
        var cached = holdsHashes(of: old) && hashedWidth == width && newHashes.count == height
        hashedScreen = 0
        if cached {
            // The last frame's rows are this frame's screen.
            swap(&oldHashes, &newHashes)
        } else if oldHashes.count != height {
            oldHashes = Array(repeating: 0, count: height)
            newHashes = Array(repeating: 0, count: height)
        }
        let stride = width * MemoryLayout<Cell>.stride
        let blankHash = self.blankHash
        candidates.removeAll(keepingCapacity: true)
        var firstChanged = -1
        newHashes.withUnsafeMutableBufferPointer { newHashes in
            for y in 0..<height where changed[y] {
                if firstChanged < 0 { firstChanged = y }
                let row = new + y * width
                let hash = LineMove.sampledHash(row, width: width)
                newHashes[y] = hash
                if hash == blankHash && memcmp(row, blank, stride) == 0 { continue }
                candidates.append(Int32(truncatingIfNeeded: y))
            }
        }
        if cached, firstChanged >= 0,
            oldHashes[firstChanged] != LineMove.sampledHash(old + firstChanged * width, width: width)
        {
            cached = false
        }
        if !cached {
            guard candidates.count > 1 else { return }
            oldHashes.withUnsafeMutableBufferPointer { oldHashes in
                for y in 0..<height { oldHashes[y] = LineMove.sampledHash(old + y * width, width: width) }
            }
        }
        for y in 0..<height where !changed[y] { newHashes[y] = oldHashes[y] }
        hashedScreen = UInt(bitPattern: new)
        hashedCopy = UInt(bitPattern: old)
        hashedWidth = width
        guard searches, candidates.count > 1 else { return }
        // A move brings back at least two candidates, each from another row of the screen with its
        // hash: with few candidates (a frame between the moving ones changes a row or two), look
        // for them before building the table of the screen's rows.
        if candidates.count <= 3 {
            var found = 0
            oldHashes.withUnsafeBufferPointer { oldHashes in
                for y in candidates {
                    let y = Int(y)
                    let hash = newHashes[y]
                    for source in 0..<height where source != y && oldHashes[source] == hash {
                        found += 1
                        break
                    }
                }
            }
            guard found > 1 else { return }
        }
        line = LineMove.find(
            oldHashes: oldHashes, newHashes: newHashes, candidates: candidates, counts: &shiftCounts,
            slots: &hashSlots, old: old, new: new, width: width, firstChanges: firstChanges)
    }

    /// Appends a ``CharacterMove`` for each changed row of the screen as ``line`` leaves it (rows
    /// of `old`, moved, or `blank`) that one brings closer to `new`. The shift found on one row is
    /// tried first on the next (a push moves every row alike); at most two rows are searched over
    /// every shift (rows with enough changed glyphs).
    private mutating func findCharacterMoves(
        old: UnsafePointer<Cell>, blank: UnsafePointer<Cell>, new: UnsafePointer<Cell>, width: Int, height: Int,
        changed: UnsafeBufferPointer<Bool>, firstChanges: UnsafeBufferPointer<Int32>,
        changeEnds: UnsafeBufferPointer<Int32>
    ) {
        var hint = 0
        var searches = 0
        let stride = width * MemoryLayout<Cell>.stride
        // The scratch in a local while the rows are searched (swapped, so it is not copied).
        var columns: [Int32] = []
        swap(&columns, &self.columns)
        defer { swap(&columns, &self.columns) }
        let scratchCount = CharacterMove.scratchCount(width: width)
        if columns.count < scratchCount { columns = Array(repeating: 0, count: scratchCount) }
        columns.withUnsafeMutableBufferPointer { columns in
            guard let columns = columns.baseAddress else { return }
            // Without a hint, a row past the two searched over every shift can bring no move.
            for y in 0..<height where hint != 0 || searches < 2 {
                var row = old + y * width
                // The first differing column, known for a row of the screen as it is.
                var firstChange: Int? = Int(firstChanges[y])
                var changeEnd: Int? = Int(changeEnds[y])
                if let line, y >= line.top, y <= line.bottom {
                    firstChange = nil
                    changeEnd = nil
                    let source = line.sourceRow(of: y)
                    row = source < 0 ? blank : old + source * width
                    if memcmp(row, new + y * width, stride) == 0 { continue }
                } else if !changed[y] {
                    continue
                }
                var searched = false
                let found = CharacterMove.find(
                    old: row, new: new + y * width, width: width, row: y, firstChange: firstChange,
                    changeEnd: changeEnd, hint: hint, searchesAll: searches < 2, searched: &searched, columns: columns)
                if searched { searches += 1 }
                guard let found else { continue }
                hint = found.move.distance
                characters.append(found.move)
                characterCells.append(found.cells)
            }
        }
    }
}

extension ANSIEncoder {
    /// The moves ``encodeDiff(previous:current:into:)`` would weigh for drawing `current` over
    /// `previous` (same size): the screen they leave (cells the encoder cannot know stand as
    /// cells no frame holds) and the bytes of their IL, DL, ICH and DCH sequences without the
    /// cursor moves to them; nil when it would weigh none. For the byte floor over moves.
    package static func plannedMoves(previous: CellBuffer, current: CellBuffer) -> (
        screen: CellBuffer, sequenceBytes: Int
    )? {
        guard previous.width == current.width, previous.height == current.height else { return nil }
        let width = current.width
        let height = current.height
        var scratch = MoveScratch()
        let found = previous.cells.withUnsafeBufferPointer { old in
            current.cells.withUnsafeBufferPointer { new in
                guard let old = old.baseAddress, let new = new.baseAddress else { return false }
                let stride = width * MemoryLayout<Cell>.stride
                let changed = (0..<height).map { memcmp(old + $0 * width, new + $0 * width, stride) != 0 }
                let firstChanges = (0..<height).map { y in
                    Int32((0..<width).first { old[y * width + $0] != new[y * width + $0] } ?? width)
                }
                let changeEnds = (0..<height).map { y in
                    Int32(((0..<width).last { old[y * width + $0] != new[y * width + $0] } ?? -1) + 1)
                }
                return scratch.plan(
                    old: old, new: new, width: width, height: height, changed: changed,
                    changedRows: changed.filter { $0 }.count, firstChanges: firstChanges, changeEnds: changeEnds,
                    lines: true)
            }
        }
        guard found else { return nil }
        previous.cells.withUnsafeBufferPointer { old in
            guard let old = old.baseAddress else { return }
            scratch.buildShifted(old: old, width: width, height: height)
        }
        var screen = CellBuffer(width: width, height: height)
        screen.withUnsafeMutableCells { cells in
            for index in cells.indices { cells[index] = scratch.shifted[index] }
        }
        let bytes =
            (scratch.line?.sequenceBytes ?? 0)
            + scratch.characters.reduce(0) { $0 + $1.sequenceBytes(width: width) }
        return (screen, bytes)
    }
}
