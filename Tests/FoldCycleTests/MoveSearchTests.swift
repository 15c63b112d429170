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

    @Test("a row shifted right by 3 from column 2: the move and the 22 cells it brings back")
    func shiftedRow() {
        let letters = "abcdefghijklmnopqrstuvwxyzABCD"
        let old = Self.row(letters, width: 30)
        let new = Self.row("ab   " + String(letters.dropFirst(2)), width: 30)
        var searched = false
        let found = Self.find(old: old, new: new, searched: &searched)
        #expect(found?.move == CharacterMove(row: 0, column: 2, distance: 3))
        // Columns 5..<27 come back (the last 3 are pushed past the frame and redrawn).
        #expect(found?.cells == 22)
        #expect(searched)
        // The same shift as another row's hint, on a row not searched over every shift.
        var hinted = false
        let byHint = Self.find(old: old, new: new, hint: 3, searchesAll: false, searched: &hinted)
        #expect(byHint?.move == CharacterMove(row: 0, column: 2, distance: 3))
        #expect(byHint?.cells == 22)
        #expect(!hinted)
        // A hint that does not fit the row (2 + 2 × 14 ≥ 30) tries nothing.
        #expect(Self.find(old: old, new: new, hint: 14, searchesAll: false, searched: &hinted) == nil)
    }

    @Test("a row with a wide cluster on screen anywhere from its first change is not searched")
    func wideCluster() {
        let old = Self.row("abcdefghij你klmnopqrstuvwxyzABC", width: 30)
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
        #expect(Self.estimate(old: old, new: new, move: move, cells: 22) == 22 - 20)
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
                        changedRows: changed.filter { $0 }.count, firstChanges: firstChanges, lines: true)
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

/// The character search as record 0243 left it (every shift weighed over every cell), to check
/// the search over changed cells against: the same moves, counts and searched rows.
enum ReferenceSearch {
    static func narrow(_ cell: Cell) -> Bool { cell.width == 1 && cell.glyph < GlyphTable.firstInternedID }

    static func saving(old: [Cell], new: [Cell], start: Int, distance: Int) -> Int {
        let width = old.count
        let count = abs(distance)
        let lower: Int
        if distance > 0 {
            guard start + 2 * count < width else { return 0 }
            lower = start + count
        } else {
            guard start + count < width else { return 0 }
            lower = start
        }
        var saved = 0
        for x in lower..<(width - count) where new[x] == old[x - distance] && new[x] != old[x] { saved += 1 }
        return saved
    }

    static func find(
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
        guard old[start...].allSatisfy(narrow) else { return nil }
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
