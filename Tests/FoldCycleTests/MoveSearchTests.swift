import FoldCyclePlatform
import Testing

@testable import FoldCycle

/// The move search's exact shortcuts (record 0257): the character search weighs shifts over the
/// changed cells only and finds what the search over every cell found; the estimate stops once
/// its bound is not positive; the row hashes are kept for a caller that copies each frame; a
/// pair of rows whose samples agree is probed at the first change before it is compared whole.
@Suite("Move search")
struct MoveSearchTests {
    static let red = TerminalColor.rgb(RGBColor(red: 200, green: 0, blue: 0))

    /// A row of narrow cells from `text` (one cell a character), `width` wide, blanks after it.
    static func row(_ text: String, width: Int, foreground: TerminalColor = .default) -> [Cell] {
        var cells = text.map { Cell($0, foreground: foreground) }
        while cells.count < width { cells.append(.blank) }
        return Array(cells.prefix(width))
    }

    /// `find` on one row pair, with its scratch.
    static func find(
        old: [Cell], new: [Cell], hint: Int = 0, searchesAll: Bool = true, searched: inout Bool
    ) -> (move: CharacterMove, cells: Int)? {
        let width = old.count
        var columns = [Int32](repeating: 0, count: CharacterMove.scratchCount(width: width))
        return old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                columns.withUnsafeMutableBufferPointer { columns in
                    CharacterMove.find(
                        old: old.baseAddress!, new: new.baseAddress!, width: width, row: 0, hint: hint,
                        searchesAll: searchesAll, searched: &searched, columns: columns.baseAddress!)
                }
            }
        }
    }

    @Test("a row shifted right by 3 from column 2: the move and the 25 cells it brings back")
    func shiftedRow() {
        let letters = "abcdefghijklmnopqrstuvwxyzABCD"
        let old = Self.row(letters, width: 30)
        let new = Self.row("ab   " + String(letters.dropFirst(2)), width: 30)
        var searched = false
        let found = Self.find(old: old, new: new, searched: &searched)
        #expect(found?.move == CharacterMove(row: 0, column: 2, distance: 3))
        // Columns 5..<30 come back (the DCH deletes the last 3 before the ICH, record 0263).
        #expect(found?.cells == 25)
        #expect(searched)
        // The same shift as another row's hint, on a row not searched over every shift.
        var hinted = false
        let byHint = Self.find(old: old, new: new, hint: 3, searchesAll: false, searched: &hinted)
        #expect(byHint?.move == CharacterMove(row: 0, column: 2, distance: 3))
        #expect(byHint?.cells == 25)
        #expect(!hinted)
        // A hint that does not fit the row (2 + 28 ≥ 30) tries nothing.
        #expect(Self.find(old: old, new: new, hint: 28, searchesAll: false, searched: &hinted) == nil)
    }

    /// A row of cells from `text`, wide characters as a lead and a continuation, `width` wide.
    static func wideRow(_ text: String, width: Int) -> [Cell] {
        var cells: [Cell] = []
        for character in text {
            let cell = Cell(character)
            cells.append(cell)
            if cell.width == 2 { cells.append(.continuation(of: cell)) }
        }
        while cells.count < width { cells.append(.blank) }
        return Array(cells.prefix(width))
    }

    @Test(
        "a row of wide characters is shifted by even and odd distances; a shift whose DCH or ICH would cut one is not")
    func wideCharacters() {
        let text = "ab你好世界cdefghijklmnopqrstuv"
        let old = Self.wideRow(text, width: 30)
        // The cells from 2 + distance come back, less those equal already: by 2, the second
        // halves of 你, 好 and 世 land on those of 好, 世 and 界 (a continuation is a blank in
        // its lead's colours).
        for (distance, cells) in [(1, 27), (2, 23), (3, 25)] {
            let new = Self.wideRow("ab" + String(repeating: " ", count: distance) + text.dropFirst(2), width: 30)
            var searched = false
            let found = Self.find(old: old, new: new, searched: &searched)
            #expect(found?.move == CharacterMove(row: 0, column: 2, distance: distance), "right \(distance)")
            #expect(found?.cells == cells, "right \(distance)")
        }
        // Left by 2 from column 2: the DCH deletes 你 whole.
        var searched = false
        let left = Self.find(old: old, new: Self.wideRow("ab好世界cdefghijklmnopqrstuv", width: 30), searched: &searched)
        #expect(left?.move == CharacterMove(row: 0, column: 2, distance: -2))
        // Left by 1 from column 2 would delete 你's lead and leave its continuation: not weighed,
        // even as another row's hint.
        var cutNew = old
        cutNew[2] = Cell("x")
        cutNew[3] = Cell("y")
        for x in 4..<29 { cutNew[x] = old[x + 1] }
        #expect(Self.find(old: old, new: cutNew, hint: -1, searchesAll: false, searched: &searched) == nil)
        // Right by 2 from column 5 where the DCH at column 28 would start in 界's second half
        // (27–28): not weighed, though 22 cells would come back.
        let late = Self.wideRow("abcdefghijklmnopqrstuvwxyzA界z", width: 30)
        var lateNew = late
        lateNew[5] = Cell("x")
        lateNew[6] = Cell("y")
        for x in 7..<29 { lateNew[x] = late[x - 2] }
        lateNew[29] = .blank
        #expect(Self.find(old: late, new: lateNew, hint: 2, searchesAll: false, searched: &searched) == nil)
        // The same shift where 界 is one column further left (26–27): the DCH at 28 cuts nothing.
        let early = Self.wideRow("abcdefghijklmnopqrstuvwxyz界zz", width: 30)
        var earlyNew = early
        earlyNew[5] = Cell("x")
        earlyNew[6] = Cell("y")
        for x in 7..<30 { earlyNew[x] = early[x - 2] }
        #expect(
            Self.find(old: early, new: earlyNew, hint: 2, searchesAll: false, searched: &searched)?.move
                == CharacterMove(row: 0, column: 5, distance: 2))
    }

    @Test("a card moving in over one that stays shifts its part of the row only: a segment, right and left")
    func segments() {
        // Right: the incoming card's cells (letters) move right by 3 over the outgoing card's
        // (digits), which stay from column 40 on.
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let digits = Array(String(repeating: "0123456789", count: 6))
        let old = (0..<60).map { x in x < 37 ? Cell(letters[x + 3]) : Cell(digits[x]) }
        let new = (0..<60).map { x in x < 3 ? Cell(letters[x]) : x < 40 ? old[x - 3] : old[x] }
        var searched = false
        let right = Self.find(old: old, new: new, searched: &searched)
        #expect(right?.move == CharacterMove(row: 0, column: 0, distance: 3, end: 40))
        // Left: a card sliding off to the left by 4 over digits that stay from column 44; what
        // comes in at 40–43 is new. The DCH alone would leave 16 digits wrong: a segment.
        let sliding = (0..<60).map { x in x < 44 ? Cell(letters[x]) : Cell(digits[x]) }
        let slid = (0..<60).map { x in x < 40 ? Cell(letters[x + 4]) : x < 44 ? Cell("#") : Cell(digits[x]) }
        let left = Self.find(old: sliding, new: slid, searched: &searched)
        #expect(left?.move == CharacterMove(row: 0, column: 0, distance: -4, end: 44))
        // With blanks from column 44 the DCH alone leaves nothing wrong there: to the edge.
        let blankTail = (0..<60).map { x in x < 44 ? Cell(letters[x]) : Cell.blank }
        let blankSlid = (0..<60).map { x in x < 40 ? Cell(letters[x + 4]) : x < 44 ? Cell("#") : Cell.blank }
        let edge = Self.find(old: blankTail, new: blankSlid, searched: &searched)
        #expect(edge?.move == CharacterMove(row: 0, column: 0, distance: -4))
        // Right, DCH at the segment's end less 3, then ICH at 0; left, DCH at 0, then ICH at its
        // end less 4: replayed through the VT model (host lines above, columns beyond), each
        // frame sends its move and leaves the frame.
        for (before, after) in [(old, new), (sliding, slid)] {
            var a = CellBuffer(width: 60, height: 1)
            var b = CellBuffer(width: 60, height: 1)
            for x in 0..<60 {
                a[x, 0] = before[x]
                b[x, 0] = after[x]
            }
            let replay = ANSIEncoderMoveTests.replay([a, b], .init(hostRows: 1, extraColumns: 4), "segment")
            #expect(replay.framesWithMoves == 1)
        }
    }

    @Test("a row with an interned cluster on screen anywhere from its first change is not searched")
    func internedCluster() {
        let old = Self.row("abcdefghije\u{301}klmnopqrstuvwxyzABC", width: 30)
        var new = old
        new[1] = Cell("z")
        for x in 20..<30 { new[x] = Cell("q") }
        var searched = false
        #expect(Self.find(old: old, new: new, searched: &searched) == nil)
        #expect(!searched)
    }

    @Test(
        "3000 seeded row pairs: the search over the changed cells finds the moves, counts and searched rows the search over every cell found"
    )
    func matchesReference() {
        var random = SeededGenerator(seed: 0x0257)
        let alphabet: [Character] = ["a", "b", "c", " ", "\u{2581}", "\u{2582}", "\u{2583}"]
        let colours: [TerminalColor] = [.default, Self.red]
        var moves = 0
        for iteration in 0..<3000 {
            let width = 8 + random.below(60)
            var old = (0..<width).map { _ in
                Cell(alphabet[random.below(alphabet.count)], foreground: colours[random.below(2)])
            }
            if random.below(10) == 0 { old[random.below(width)] = Cell("界") }
            if random.below(10) == 0 { old[random.below(width)] = Cell("\u{1F44D}\u{1F3FD}") }
            var new = old
            let start = random.below(width)
            let distance = (1 + random.below(max(1, width / 3))) * (random.below(2) == 0 ? 1 : -1)
            for x in start..<width {
                let source = x - distance
                new[x] =
                    source >= start && source < width && random.below(8) != 0
                    ? old[source] : Cell(alphabet[random.below(alphabet.count)], foreground: colours[random.below(2)])
            }
            if new[width - 1].width == 2 { new[width - 1] = Cell("z") }
            for x in 0..<width where old[x].width == 2 && x + 1 < width { old[x + 1] = .continuation(of: old[x]) }
            for x in 0..<width where new[x].width == 2 && x + 1 < width { new[x + 1] = .continuation(of: new[x]) }
            let hint = random.below(3) == 0 ? distance + random.below(3) - 1 : 0
            let searchesAll = hint == 0 || random.below(2) == 0
            var searched = false
            var expectedSearched = false
            let found = Self.find(old: old, new: new, hint: hint, searchesAll: searchesAll, searched: &searched)
            let expected = ReferenceSearch.find(
                old: old, new: new, hint: hint, searchesAll: searchesAll, searched: &expectedSearched)
            #expect(found?.move == expected?.move, "iteration \(iteration)")
            #expect(found?.cells == expected?.cells, "iteration \(iteration)")
            #expect(searched == expectedSearched, "iteration \(iteration)")
            if found != nil { moves += 1 }
        }
        #expect(moves >= 300, "\(moves) moves")
    }

    /// A scratch with one character move planned by hand over rows `old` and `new` (one row).
    static func estimate(old: [Cell], new: [Cell], move: CharacterMove, cells: Int) -> Int {
        var scratch = MoveScratch()
        scratch.blankRow = Array(repeating: .blank, count: old.count)
        scratch.characters = [move]
        scratch.characterCells = [cells]
        return old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                scratch.estimatedSaving(old: old.baseAddress!, new: new.baseAddress!, width: old.count, height: 1)
            }
        }
    }

    @Test("the estimate: exact when its bound allows a positive one, else the bound, not positive")
    func estimateBound() {
        let letters = "abcdefghijklmnopqrstuvwxyzABCD"
        let old = Self.row(letters, width: 30)
        let new = Self.row("ab   " + String(letters.dropFirst(2)), width: 30)
        let move = CharacterMove(row: 0, column: 2, distance: 3)
        // 22 cells back, less the pen reset (4), ICH and DCH (4 + 4) and two cursor moves (8).
        #expect(Self.estimate(old: old, new: new, move: move, cells: 25) == 25 - 20)
        // With a count that cannot pay for the sequences the rows are not compared: -4 - 16 + 12.
        #expect(Self.estimate(old: old, new: new, move: move, cells: 12) == -8)
        // A left shift by 3 (DCH: 4 bytes and a cursor move) of the same text.
        let left = Self.row("ab" + String(letters.dropFirst(5)), width: 30)
        #expect(
            Self.estimate(old: old, new: left, move: CharacterMove(row: 0, column: 2, distance: -3), cells: 25)
                == 25 - 12)
    }

    @Test("row hashes are kept for a caller that copies each frame it drew into its own buffer")
    func hashesOfACopiedScreen() {
        let width = 20
        let height = 6
        // Row y of frame `tag` is row y + 1 of frame `tag - 1`: each frame scrolls up a row.
        func frame(_ tag: Int) -> [Cell] {
            (0..<height).flatMap { y in
                Self.row("row \(y + tag) " + String(repeating: "x", count: y + tag), width: width)
            }
        }
        // The caller's two buffers: the screen it keeps (frames copied in) and the frame it draws.
        var kept = frame(0)
        var drawn = frame(1)
        var scratch = MoveScratch()
        func plan() -> Bool {
            kept.withUnsafeBufferPointer { old in
                drawn.withUnsafeBufferPointer { new in
                    let changed = (0..<height).map { y in
                        memcmp(old.baseAddress! + y * width, new.baseAddress! + y * width, width * 16) != 0
                    }
                    let firstChanges = (0..<height).map { y in
                        Int32((0..<width).first { old[y * width + $0] != new[y * width + $0] } ?? width)
                    }
                    return scratch.plan(
                        old: old.baseAddress!, new: new.baseAddress!, width: width, height: height, changed: changed,
                        changedRows: changed.filter { $0 }.count, firstChanges: firstChanges,
                        changeEnds: [Int32](repeating: Int32(width), count: height), lines: true)
                }
            }
        }
        // Every row changes: the screen's rows and the frame's are hashed; the frame scrolled by
        // one row comes back in five.
        #expect(plan())
        #expect(scratch.line == LineMove(top: 0, bottom: 5, distance: 1))
        let keptAddress = kept.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress!) }
        let drawnAddress = drawn.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress!) }
        #expect(scratch.hashedScreen == drawnAddress)
        #expect(scratch.hashedCopy == keptAddress)
        // The caller copies the frame into its screen and draws the next one over its frame.
        kept.withUnsafeMutableBufferPointer { kept in
            drawn.withUnsafeBufferPointer { drawn in _ = kept.update(fromContentsOf: drawn) }
        }
        let next = frame(2)
        drawn.withUnsafeMutableBufferPointer { drawn in _ = drawn.update(fromContentsOf: next) }
        let frameHashes = scratch.newHashes
        #expect(kept.withUnsafeBufferPointer { scratch.holdsHashes(of: $0.baseAddress!) })
        #expect(plan())
        #expect(scratch.line == LineMove(top: 0, bottom: 5, distance: 1))
        // The screen's hashes are the last frame's, kept (not hashed again), and equal its rows'.
        #expect(scratch.oldHashes == frameHashes)
        let rehashed = kept.withUnsafeBufferPointer { kept in
            (0..<height).map { LineMove.sampledHash(kept.baseAddress! + $0 * width, width: width) }
        }
        #expect(scratch.oldHashes == rehashed)
        // Forgotten (a full frame): no buffer holds them.
        scratch.hashedScreen = 0
        #expect(!kept.withUnsafeBufferPointer { scratch.holdsHashes(of: $0.baseAddress!) })
    }

    @Test("rows whose samples agree are probed at the first change: a thin card moves no line")
    func thinCard() {
        let width = 40
        let height = 5
        // A card two columns wide at columns 20–21, between columns of background the samples
        // (0, 16, 32, 39) read: every row hashes alike.
        func screen(_ glyphs: [Character]) -> [Cell] {
            (0..<height).flatMap { y in
                (0..<width).map { x in x == 20 || x == 21 ? Cell(glyphs[(y + x) % glyphs.count]) : Cell.blank }
            }
        }
        let old = screen(["a", "b", "c"])
        let new = screen(["d", "e"])
        let hashes = old.withUnsafeBufferPointer { cells in
            (0..<height).map { LineMove.sampledHash(cells.baseAddress! + $0 * width, width: width) }
        }
        #expect(Set(hashes).count == 1)
        var counts: [Int32] = []
        var slots: [Int32] = []
        let firstChanges = [Int32](repeating: 20, count: height)
        let line = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                firstChanges.withUnsafeBufferPointer { firstChanges in
                    LineMove.find(
                        oldHashes: hashes, newHashes: hashes, candidates: (0..<Int32(height)).map { $0 },
                        counts: &counts, slots: &slots, old: old.baseAddress!, new: new.baseAddress!, width: width,
                        firstChanges: firstChanges)
                }
            }
        }
        #expect(line == nil)
    }
}

/// The character search as record 0243 left it (every shift weighed over every cell), with
/// record 0263's rows of wide characters, to check the search over changed cells against: the
/// same moves, counts and searched rows.
enum ReferenceSearch {
    static func narrow(_ cell: Cell) -> Bool { cell.width == 1 && cell.glyph < GlyphTable.firstInternedID }
    static func scalar(_ cell: Cell) -> Bool { cell.glyph < GlyphTable.firstInternedID }

    /// Right: DCH at `width - n`, then ICH at `start`, every cell from `start + n` brought back;
    /// left: DCH at `start`, the last `n` cells unknown. Neither starting or ending in a wide
    /// character's second half.
    static func saving(old: [Cell], new: [Cell], start: Int, distance: Int) -> Int {
        let width = old.count
        let count = abs(distance)
        guard start + count < width, old[start].width != 0 else { return 0 }
        let columns: Range<Int>
        if distance > 0 {
            guard old[width - count].width != 0 else { return 0 }
            columns = (start + count)..<width
        } else {
            guard old[start + count].width != 0 else { return 0 }
            columns = start..<(width - count)
        }
        var saved = 0
        for x in columns where new[x] == old[x - distance] && new[x] != old[x] { saved += 1 }
        return saved
    }

    /// The move as a segment ending after the row's last change (record 0263): right, when no
    /// wide character is cut at its end; left, also only when the ICH costs less than the cells
    /// from there the DCH alone leaves wrong (not counting default blanks).
    static func bounded(_ move: CharacterMove, old: [Cell], new: [Cell]) -> CharacterMove {
        let width = old.count
        let count = abs(move.distance)
        guard let last = (move.column..<width).last(where: { old[$0] != new[$0] }) else { return move }
        let end = last + 1
        guard end < width, end > move.column + count, old[end].width != 0 else { return move }
        let segment = CharacterMove(row: move.row, column: move.column, distance: move.distance, end: end)
        if move.distance > 0 { return old[end - count].width != 0 ? segment : move }
        let wrong = (end..<width).filter { x in
            new[x] != .blank && (x >= width - count || old[x + count] != new[x])
        }
        return wrong.count > "\u{1B}[\(count)@".utf8.count + 4 ? segment : move
    }

    static func find(
        old: [Cell], new: [Cell], hint: Int, searchesAll: Bool, searched: inout Bool
    ) -> (move: CharacterMove, cells: Int)? {
        guard let found = unbounded(old: old, new: new, hint: hint, searchesAll: searchesAll, searched: &searched)
        else { return nil }
        return (bounded(found.move, old: old, new: new), found.cells)
    }

    static func unbounded(
        old: [Cell], new: [Cell], hint: Int, searchesAll: Bool, searched: inout Bool
    ) -> (move: CharacterMove, cells: Int)? {
        let width = old.count
        var start = 0
        while start < width, old[start] == new[start] { start += 1 }
        guard start < width - 2 else { return nil }
        if old[start...].allSatisfy({ $0 == old[start] }) {
            guard searchesAll, narrow(old[start]) else { return nil }
            let inked = (start..<width).filter { new[$0].glyph != 0x20 && new[$0] != old[start] }.count
            if inked >= CharacterMove.minimumInkedChanges { searched = true }
            return nil
        }
        guard old[start...].allSatisfy(scalar) else { return nil }
        if hint != 0 {
            let move = CharacterMove(row: 0, column: start, distance: hint)
            let cells = saving(old: old, new: new, start: start, distance: hint)
            if cells > move.sequenceBytes(width: width) + 4 { return (move, cells) }
        }
        guard searchesAll else { return nil }
        let inked = (start..<width).filter { new[$0].glyph != 0x20 && new[$0] != old[$0] }
        guard inked.count >= CharacterMove.minimumInkedChanges else { return nil }
        searched = true
        let anchors = [inked[0], inked[inked.count / 2], inked[inked.count - 1]]
        var best: CharacterMove?
        var bestSaving = EscapeSequence.deleteCharacters(1).byteCount + 4
        for (index, anchor) in anchors.enumerated() {
            for x in start..<width where x != anchor && old[x] == new[anchor] {
                let shift = anchor - x
                let earlier = anchors[0..<index].contains { earlier in
                    let source = earlier - shift
                    return source >= start && source < width && old[source] == new[earlier]
                }
                if earlier { continue }
                let cells = saving(old: old, new: new, start: start, distance: shift)
                if cells > bestSaving {
                    bestSaving = cells
                    best = CharacterMove(row: 0, column: start, distance: shift)
                }
            }
        }
        guard let best, bestSaving > best.sequenceBytes(width: width) + 4 else { return nil }
        return (best, bestSaving)
    }
}
