import FoldCycle

/// Lower bounds on the bytes any cell-diff encoder must send to turn one frame into the next, in
/// the output's colour space (two RGB colours that one palette entry shows are the same colour
/// at 256 or 16 colours).
///
/// Two bounds, both for the same pair of frames (``Bound``):
/// - ``Bound/glyphs``: the UTF-8 bytes of the glyphs of the cells whose output form changed,
///   and nothing else (issue 12's first bound; not strictly a floor: blank runs may be erased
///   with fewer bytes than they have cells, and it counts no escape at all).
/// - ``Bound/floor``: what no encoder can go below in the model below: the changed glyphs, the
///   changed blanks (printed, or erased and moved past), one byte to reach every changed run the
///   cursor must enter, and the SGR sequences that establish every pen the changed cells need
///   (docs/PERFORMANCE.md#the-lower-bound gives the argument term by term).
///
/// The model (what an encoder may do, the repertoire ANSIEncoder writes): print glyphs (UTF-8);
/// move the cursor with any control (CR, LF, BS, HT: one byte each) or escape sequence; erase
/// with ECH, EL or ED in the pen's background (ECMA-48's "erased state"); change the pen with SGR
/// (ECMA-48 § 8.3.117 with xterm's `38;5;n` and `38;2;r;g;b`, at the shortest parameter for every
/// colour: `3n`/`9n` for palette entries below 16). Outside it: REP (`CSI n b`, repeat the last
/// glyph), which not every terminal has; and, because a cell diff does not know the screen's
/// contents move, scrolling (SU, SD, IND, RI), insert and delete (ICH, DCH, IL, DL) and the VT400
/// rectangle operations (DECCRA, DECFRA, DECERA). The synchronized-output brackets and the
/// frame-end SGR reset the ANSIEncoder writes are its own choices and are not counted.
public struct OutputLowerBound {
    /// A frame pair's bounds, in bytes, and the floor's terms.
    public struct Bound: Equatable, Sendable {
        /// UTF-8 bytes of the glyphs of every changed cell, a changed blank counted as 1.
        public var glyphs: Int
        /// The floor: ``glyphBytes`` + ``blankBytes`` + ``entryBytes`` + ``reprintBytes`` +
        /// ``sgrBytes``, with the erase-display strategy that makes it least.
        public var floor: Int { glyphBytes + blankBytes + entryBytes + reprintBytes + sgrBytes }
        /// The UTF-8 bytes of the changed cells' glyphs other than plain spaces.
        public var glyphBytes: Int
        /// The changed plain spaces: per row and background, the fewer of their count (printed)
        /// and 3 (one erase, ECH or EL, is at least `CSI X` or `CSI K`) plus one byte for each
        /// stretch of them the run goes on after (erasing does not move the cursor); 3 for an ED
        /// where one erases them.
        public var blankBytes: Int
        /// One byte per changed run holding a glyph, less the one the cursor may start in.
        public var entryBytes: Int
        /// With an ED: the UTF-8 bytes of the unchanged glyphs it erases, which must be printed
        /// again; 0 without.
        public var reprintBytes: Int
        /// The SGR sequences: every pen the changed cells need but one is entered once, each at
        /// the cost of its cheapest SGR from another needed pen.
        public var sgrBytes: Int
        /// Whether the floor erases the display (ED) — the least of the strategies tried.
        public var erasesDisplay: Bool

        /// Creates a bound from its terms.
        public init(
            glyphs: Int, glyphBytes: Int, blankBytes: Int, entryBytes: Int, reprintBytes: Int, sgrBytes: Int,
            erasesDisplay: Bool
        ) {
            self.glyphs = glyphs
            self.glyphBytes = glyphBytes
            self.blankBytes = blankBytes
            self.entryBytes = entryBytes
            self.reprintBytes = reprintBytes
            self.sgrBytes = sgrBytes
            self.erasesDisplay = erasesDisplay
        }
    }

    /// The depth whose colour space the cells are compared in.
    public let depth: ColorDepth
    private var indexByColor: [RGBColor: Int] = [:]
    private var scratch: [UInt8] = []

    /// A bound in `depth`'s colour space.
    public init(depth: ColorDepth) {
        self.depth = depth
    }

    /// The bounds for drawing `current` over `previous` (every cell of `current` changed when
    /// the sizes differ).
    public mutating func bound(previous: CellBuffer, current: CellBuffer) -> Bound {
        let sameSize = previous.width == current.width && previous.height == current.height
        let width = current.width
        let height = current.height
        let cells = current.cells
        let old = previous.cells
        var changed = [Bool](repeating: false, count: cells.count)
        for index in cells.indices {
            changed[index] = !sameSize || (old[index] != cells[index] && outputDiffers(old[index], cells[index]))
        }
        // Each cell's UTF-8 bytes if printed (0 for a continuation), for gaps that may be printed
        // again to carry the cursor.
        var cellBytes = [Int](repeating: 0, count: cells.count)
        for index in cells.indices { cellBytes[index] = utf8Count(cells[index]) }

        var glyphs = 0
        var glyphBytes = 0
        var rowUnchangedBytes = [Int](repeating: 0, count: height)
        var pens = Set<NeededPen>()
        var blankBackgrounds = Set<Int>()
        // Where the cursor may be between two steps, per row: after a printed changed cell (the
        // row's width: pending wrap, column unknown) or at the start of a stretch of blanks (an
        // erase leaves it there).
        var positions = [[Int]](repeating: [], count: height)
        var segments: [Segment] = []
        // Each row's first segment (its index in `segments`), and the row's stretches of changed
        // plain spaces in one background.
        var firstSegment = [Int?](repeating: nil, count: height)
        var stretches: [Stretch] = []

        for y in 0..<height {
            let row = y * width
            // Since the previous segment: whether an unchanged glyph (other than a plain space)
            // lies in the gap, which an ED would make the encoder print again.
            var gapHoldsGlyph = false
            var stretch: Stretch?
            var segment: Segment?
            var previousEnd: Int?
            func closeStretch(at x: Int) {
                guard var open = stretch else { return }
                open.end = x
                stretches.append(open)
                stretch = nil
            }
            func closeSegment() {
                guard let open = segment else { return }
                if firstSegment[y] == nil { firstSegment[y] = segments.count }
                segments.append(open)
                previousEnd = open.end
                segment = nil
            }
            for x in 0..<width {
                let cell = cells[row + x]
                guard changed[row + x] else {
                    closeStretch(at: x)
                    closeSegment()
                    if !cell.isContinuation, !Self.isPlainSpace(cell) {
                        rowUnchangedBytes[y] += cellBytes[row + x]
                        gapHoldsGlyph = true
                    }
                    continue
                }
                if segment == nil {
                    // A segment at column 0 that goes on from the row above's last cell is reached
                    // by autowrap (when that cell is printed: see `Stretch`).
                    let continues = x == 0 && y > 0 && changed[row - 1]
                    segment = Segment(
                        row: y, start: x, end: x, gapStart: previousEnd.map { $0 + 1 } ?? 0, excludedFrom: x,
                        gapHoldsGlyph: gapHoldsGlyph, lastGlyph: nil, continuesAbove: continues)
                    gapHoldsGlyph = false
                }
                segment?.end = x
                let plainSpace = !cell.isContinuation && Self.isPlainSpace(cell)
                let background = plainSpace ? output(cell.background) : 0
                if let open = stretch, !plainSpace || open.background != background {
                    closeStretch(at: x)
                }
                if cell.isContinuation {
                    segment?.lastGlyph = x
                    continue
                }
                positions[y].append(x + Int(max(cell.width, 1)))
                if plainSpace {
                    glyphs += 1
                    blankBackgrounds.insert(background)
                    if stretch == nil {
                        stretch = Stretch(row: y, background: background, start: x, end: x, segment: segments.count)
                        positions[y].append(x)
                    }
                    continue
                }
                segment?.lastGlyph = x
                pens.insert(
                    NeededPen(
                        foreground: output(cell.foreground), background: output(cell.background),
                        attributes: cell.attributes.rawValue))
                glyphs += cellBytes[row + x]
                glyphBytes += cellBytes[row + x]
            }
            closeStretch(at: width)
            closeSegment()
            positions[y].sort()
        }

        // Blanks, per row and background: printed (their count), or erased (one erase, ECH or
        // EL, is 3 bytes at least: `CSI X`, `CSI K`) with the rest of the run entered again after
        // each stretch it goes on past with a glyph (erasing does not move the cursor): per
        // stretch the fewer of its length (printed after all) and that entry.
        var groups = [[Int: (count: Int, past: Int)]](repeating: [:], count: height)
        for stretch in stretches {
            let length = stretch.end - stretch.start
            var past = 0
            let segment = segments[stretch.segment]
            if stretch.end < width {
                if let lastGlyph = segment.lastGlyph, lastGlyph >= stretch.end {
                    var rest = segment
                    rest.start = stretch.end
                    rest.gapStart = stretch.end
                    rest.excludedFrom = stretch.start + 1
                    rest.continuesAbove = false
                    past = min(length, entryCost(rest, positions: positions, cellBytes: cellBytes, width: width))
                }
            } else if stretch.row + 1 < height, let next = firstSegment[stretch.row + 1],
                segments[next].continuesAbove, segments[next].lastGlyph != nil
            {
                // The run goes on in the next row, which autowrap reaches only after this row's
                // last cell is printed.
                var rest = segments[next]
                rest.continuesAbove = false
                past = min(length, entryCost(rest, positions: positions, cellBytes: cellBytes, width: width))
            }
            groups[stretch.row][stretch.background, default: (0, 0)].count += length
            groups[stretch.row][stretch.background, default: (0, 0)].past += past
        }
        var rowBlank = [Int](repeating: 0, count: height)
        // Per row and background: what an ED in that background saves on the row's blanks (they
        // then cost only their stretches' `past`).
        var rowErasedSaving = [[Int: Int]](repeating: [:], count: height)
        for y in 0..<height {
            for (background, group) in groups[y] {
                let kept = min(group.count, 3 + group.past)
                rowBlank[y] += kept
                rowErasedSaving[y][background] = kept - group.past
            }
        }

        // Every segment with a glyph must be entered from outside it, but the one the cursor
        // starts in.
        var rowEntries = [Int](repeating: 0, count: height)
        // In a row an ED erased, a gap with a glyph in it is printed again (charged as reprint),
        // which carries the cursor into the segment after it.
        var rowEntriesErased = [Int](repeating: 0, count: height)
        var largestEntry = 0
        for segment in segments where segment.lastGlyph != nil && !segment.continuesAbove {
            let cost = entryCost(segment, positions: positions, cellBytes: cellBytes, width: width)
            rowEntries[segment.row] += cost
            if !segment.gapHoldsGlyph { rowEntriesErased[segment.row] += cost }
            largestEntry = max(largestEntry, cost)
        }

        let strategy = Self.leastStrategy(
            kept: RowCosts(blank: rowBlank, entries: rowEntries),
            erased: ErasedRows(saving: rowErasedSaving, entries: rowEntriesErased),
            rowUnchangedBytes: rowUnchangedBytes,
            largestEntry: largestEntry)
        let sgr = sgrBytes(pens: pens, blankBackgrounds: blankBackgrounds)
        return Bound(
            glyphs: glyphs, glyphBytes: glyphBytes, blankBytes: strategy.blank, entryBytes: strategy.entries,
            reprintBytes: strategy.reprint, sgrBytes: sgr, erasesDisplay: strategy.erasesDisplay)
    }

    /// A stretch of changed plain spaces in one background: row, columns `start..<end`, and the
    /// index of the segment it is in.
    struct Stretch {
        var row: Int
        var background: Int
        var start: Int
        var end: Int
        var segment: Int
    }

    // MARK: - Cursor entries

    /// A row's maximal run of changed cells, columns `start...end`.
    struct Segment {
        var row: Int
        var start: Int
        var end: Int
        /// The first column after the row's previous segment (0 when none): the unchanged gap
        /// before it starts there.
        var gapStart: Int
        /// The positions of its row from this column to `end + 1` are its own (the cursor is
        /// there only inside it): `start`, or a stretch's column + 1 for the rest of a segment
        /// after an erased stretch.
        var excludedFrom: Int
        /// Whether an unchanged glyph (not a plain space) is in that gap.
        var gapHoldsGlyph: Bool
        /// The column of its last cell other than a plain space, nil when it has none (a run of
        /// blanks alone may be erased from elsewhere and never entered).
        var lastGlyph: Int?
        /// Whether it starts at column 0 and the row above's last cell changed (autowrap).
        var continuesAbove: Bool
    }

    /// The fewest bytes that bring the cursor into `segment` (any of its cells) from a position
    /// outside it: the cheapest of every row's nearest positions left and right of it and its
    /// pending wrap, over the moves a correct encoder can use without knowing the terminal's tab
    /// stops or the tty's ONLCR (so no HT, and LF only after CR): CUU/CUD or VPA, then CUF,
    /// CUB, BS or HPA (from a known column); CR, then LFs or CUU/CUD, then CUF; CUP; or printing
    /// the unchanged cells before it again.
    func entryCost(_ segment: Segment, positions: [[Int]], cellBytes: [Int], width: Int) -> Int {
        let y = segment.row
        let row = y * width
        // Printing cells again from column g up to the segment: bytes[g..<start], g in its gap.
        let gapStart = segment.gapStart
        var suffix = [Int](repeating: 0, count: segment.start - gapStart + 1)
        for g in stride(from: segment.start - 1, through: gapStart, by: -1) {
            suffix[g - gapStart] = suffix[g - gapStart + 1] + cellBytes[row + g]
        }
        func reprint(from g: Int) -> Int {
            g >= gapStart && g <= segment.start ? suffix[g - gapStart] : Int.max / 2
        }
        // From column 0 of the row (after CR, or CUP/HPA to column 1 of it): CUF, HPA, or printing.
        let tailFromLeftEdge = min(
            segment.start == 0 ? 0 : Self.cursorForward(segment.start), gapStart == 0 ? reprint(from: 0) : Int.max / 2,
            segment.start > gapStart ? 3 + 1 : Int.max / 2)
        let rowDigits = y > 0 ? Self.digits(y + 1) : 0
        // CUP to the segment, or to a cell of its gap (`;` and a digit at least) and printing on.
        let absolute =
            3 + rowDigits
            + min(
                segment.start > 0 ? 1 + Self.digits(segment.start + 1) : 0,
                gapStart == 0 ? reprint(from: 0) : Int.max / 2, segment.start > gapStart ? 2 + 1 : Int.max / 2)
        // HPA to the segment, or to a cell of its gap and printing on.
        let horizontalAbsolute =
            3
            + min(
                segment.start > 0 ? Self.digits(segment.start + 1) : 0,
                gapStart == 0 ? reprint(from: 0) : Int.max / 2, segment.start > gapStart ? 1 + 1 : Int.max / 2)
        var best = absolute
        for source in positions.indices where !positions[source].isEmpty {
            let dr = y - source
            // CUU/CUD, or VPA (`CSI n d`) to the row.
            let vertical = min(Self.cursorVertical(dr), dr == 0 ? 0 : 3 + rowDigits)
            // CR, then LFs down (one byte each) or CUU/CUD, then the tail.
            let afterReturn = dr > 0 ? min(dr, vertical) : vertical
            best = min(best, 1 + afterReturn + tailFromLeftEdge)
            // HPA after the vertical move.
            best = min(best, vertical + horizontalAbsolute)
            // Relative, from the nearest known columns outside the segment.
            for column in nearest(positions[source], around: segment, excluding: source == y) where column < width {
                var horizontal: Int
                if column < segment.start {
                    horizontal = Self.cursorForward(segment.start - column)
                    if source == y { horizontal = min(horizontal, reprint(from: column)) }
                } else if column > segment.end {
                    horizontal = min(column - segment.end, Self.cursorVertical(column - segment.end))
                } else {
                    horizontal = 0
                }
                best = min(best, vertical + horizontal)
            }
        }
        return best
    }

    /// The positions of a row nearest a segment on either side (outside it when it is in this
    /// row: the segment's own cells put the cursor in `excludedFrom...end + 1`).
    func nearest(_ row: [Int], around segment: Segment, excluding: Bool) -> [Int] {
        var result: [Int] = []
        // The largest position left of the segment (or at or before its end when not excluded).
        let leftLimit = excluding ? segment.excludedFrom - 1 : segment.end
        if let left = row.last(where: { $0 <= leftLimit }) { result.append(left) }
        let rightLimit = excluding ? segment.end + 2 : segment.end + 1
        if let right = row.first(where: { $0 >= rightLimit }) { result.append(right) }
        return result
    }

    /// CUF or CUB by `n` columns, or CUU or CUD by `n` rows: `CSI n C` (3 bytes when n is 1);
    /// 0 for no move.
    static func cursorVertical(_ n: Int) -> Int { n == 0 ? 0 : abs(n) == 1 ? 3 : 3 + digits(abs(n)) }

    /// CUF by `n` columns.
    static func cursorForward(_ n: Int) -> Int { cursorVertical(n) }

    /// HPA to 0-based column `x`: `CSI x+1 G` (3 bytes for column 0).
    static func columnAbsolute(_ x: Int) -> Int { x == 0 ? 3 : 3 + digits(x + 1) }

    // MARK: - Erase strategies

    /// Per row: its blanks' and its entries' bytes.
    struct RowCosts {
        var blank: [Int]
        var entries: [Int]
    }

    /// Per row, when an ED erased it: what an ED in each background saves on its blanks, and its
    /// entries' bytes.
    struct ErasedRows {
        var saving: [[Int: Int]]
        var entries: [Int]
    }

    /// The erase strategy with the fewest bytes for blanks, entries and reprints: none, an ED 0
    /// in row `b` (the rows after it erased), an ED 1 in row `b` (the rows before it erased), or
    /// an ED 1 in row `a` and an ED 0 in row `b` (3 bytes each at least), each ED in the
    /// background that saves most. The rows an ED erases are charged their blanks less that
    /// saving, their `erased` entries and the unchanged glyphs on them (printed again); a row an
    /// ED is written in is charged as erased but for its unchanged glyphs (those before or
    /// after the ED's column stay); the others their `kept` costs. The largest entry is free
    /// (the cursor may start there).
    static func leastStrategy(kept: RowCosts, erased: ErasedRows, rowUnchangedBytes: [Int], largestEntry: Int) -> (
        blank: Int, entries: Int, reprint: Int, erasesDisplay: Bool
    ) {
        let rows = kept.blank.count
        // Prefix sums: p[i] is the sum over rows 0..<i.
        func prefix(_ values: [Int]) -> [Int] {
            var sums = [0]
            sums.reserveCapacity(values.count + 1)
            for value in values { sums.append(sums[sums.count - 1] + value) }
            return sums
        }
        let blank = prefix(kept.blank)
        let entries = prefix(kept.entries)
        let erasedEntries = prefix(erased.entries)
        let unchanged = prefix(rowUnchangedBytes)
        let backgrounds = Set(erased.saving.flatMap(\.keys)).sorted()
        let savings = backgrounds.map { background in prefix(erased.saving.map { $0[background] ?? 0 }) }
        func sum(_ sums: [Int], _ range: (Int, Int)) -> Int { sums[range.1] - sums[range.0] }
        func keptCost(_ range: (Int, Int)) -> (blank: Int, entries: Int) {
            (sum(blank, range), sum(entries, range))
        }
        // Rows `range` erased by one ED in the background that saves most.
        func erasedCost(_ range: (Int, Int)) -> (blank: Int, entries: Int, reprint: Int) {
            let saving = savings.reduce(0) { max($0, sum($1, range)) }
            return (sum(blank, range) - saving, sum(erasedEntries, range), sum(unchanged, range))
        }
        // The row an ED is written in: erased from (or up to) some column, so at least its
        // erased costs, and none of its unchanged glyphs need be erased.
        func edRowCost(_ row: Int) -> (blank: Int, entries: Int, reprint: Int) {
            let erased = erasedCost((row, row + 1))
            return (erased.blank, erased.entries, 0)
        }
        var best = (
            blank: blank[rows], entries: max(entries[rows] - largestEntry, 0), reprint: 0, erasesDisplay: false
        )
        func consider(eds: Int, kept: (blank: Int, entries: Int), erased: [(blank: Int, entries: Int, reprint: Int)]) {
            let blank = 3 * eds + kept.blank + erased.reduce(0) { $0 + $1.blank }
            let entries = max(kept.entries + erased.reduce(0) { $0 + $1.entries } - largestEntry, 0)
            let reprint = erased.reduce(0) { $0 + $1.reprint }
            if blank + entries + reprint < best.blank + best.entries + best.reprint {
                best = (blank, entries, reprint, true)
            }
        }
        for b in 0..<rows {
            // ED 0 in row b: the rows below erased.
            consider(eds: 1, kept: keptCost((0, b)), erased: [edRowCost(b), erasedCost((b + 1, rows))])
            // ED 1 in row b: the rows above erased.
            consider(eds: 1, kept: keptCost((b + 1, rows)), erased: [erasedCost((0, b)), edRowCost(b)])
            // ED 1 in row a and ED 0 in row b: the rows between them keep their contents.
            for a in 0...b {
                let inside = a + 1 < b ? (a + 1, b) : (b, b)
                let edRows = a == b ? [edRowCost(a)] : [edRowCost(a), edRowCost(b)]
                consider(
                    eds: 2, kept: keptCost(inside), erased: edRows + [erasedCost((0, a)), erasedCost((b + 1, rows))])
            }
        }
        return best
    }

    // MARK: - SGR

    /// A pen a changed glyph needs: its output colours (0 default, RGB + 1, or palette index +
    /// 1) and attributes.
    struct NeededPen: Hashable {
        var foreground: Int
        var background: Int
        var attributes: UInt8
    }

    /// The SGR floor: the pens the changed glyphs need, and for each background of changed plain
    /// spaces that no such pen has, one pen with that background. Each pen but one must be
    /// entered at least once by an SGR from the pen before it, which is another needed pen (a pen
    /// no cell needs in between never makes the two SGRs cheaper than one); so the floor is the
    /// sum, over the needed pens, of the cheapest SGR into each from another, less the largest
    /// of those (the pen the frame may start in).
    func sgrBytes(pens: Set<NeededPen>, blankBackgrounds: Set<Int>) -> Int {
        let glyphPens = Array(pens)
        let glyphBackgrounds = Set(glyphPens.map(\.background))
        let blankOnly = blankBackgrounds.subtracting(glyphBackgrounds).sorted()
        let needed = glyphPens.map { Needed.glyph($0) } + blankOnly.map { Needed.blank(background: $0) }
        guard needed.count > 1 else { return 0 }
        var entries: [Int] = []
        for (i, target) in needed.enumerated() {
            var cheapest = Int.max
            for (j, source) in needed.enumerated() where j != i {
                cheapest = min(cheapest, sgrCost(from: source, to: target))
            }
            entries.append(cheapest)
        }
        return entries.reduce(0, +) - (entries.max() ?? 0)
    }

    /// A needed pen: a glyph's whole rendition, or a plain space's background alone (its
    /// foreground, bold, dim and italic do not show).
    enum Needed {
        case glyph(NeededPen)
        case blank(background: Int)
    }

    /// The fewest bytes of an SGR sequence from `source` to `target`: `CSI`, the parameters and
    /// `m`, with either only the parameters that change (unknown parts of a blank's pen taken as
    /// already right) or the reset form (`CSI ; …m`: 0 then the target's non-default parts).
    func sgrCost(from source: Needed, to target: Needed) -> Int {
        // Characters of the changed parameters, and their count (separators: count − 1).
        var changed = 0
        var count = 0
        func add(_ length: Int) {
            changed += length
            count += 1
        }
        var resetForm = 0
        switch target {
        case .blank(let background):
            add(parameterLength(background, background: true))
            if case .glyph(let pen) = source {
                // Underline or reverse off (24, 27): a plain space shows neither.
                for _ in 0..<Self.offCodeCount(pen.attributes & Self.blankVisibleAttributes) { add(2) }
            }
            resetForm = background == 0 ? 0 : parameterLength(background, background: true) + 1
        case .glyph(let pen):
            if case .glyph(let sourcePen) = source {
                if sourcePen.foreground != pen.foreground { add(parameterLength(pen.foreground, background: false)) }
                if sourcePen.background != pen.background { add(parameterLength(pen.background, background: true)) }
                for _ in 0..<(pen.attributes & ~sourcePen.attributes).nonzeroBitCount { add(1) }
                for _ in 0..<Self.offCodeCount(sourcePen.attributes & ~pen.attributes) { add(2) }
            } else {
                // From a blank's pen: only its background is known, and it differs.
                add(parameterLength(pen.background, background: true))
            }
            if pen.foreground != 0 { resetForm += parameterLength(pen.foreground, background: false) + 1 }
            if pen.background != 0 { resetForm += parameterLength(pen.background, background: true) + 1 }
            resetForm += 2 * pen.attributes.nonzeroBitCount
        }
        let incremental = count == 0 ? 0 : changed + count - 1
        return 3 + min(incremental, resetForm)
    }

    /// Underline and reverse, as ``CellAttributes`` bits: the attributes that show on a space.
    static let blankVisibleAttributes: UInt8 = CellAttributes.underline.rawValue | CellAttributes.reverse.rawValue

    /// How many SGR codes turn `attributes` off: 22 (bold and dim together), 23, 24, 27.
    static func offCodeCount(_ attributes: UInt8) -> Int {
        let boldOrDim = CellAttributes.bold.rawValue | CellAttributes.dim.rawValue
        return (attributes & boldOrDim != 0 ? 1 : 0) + (attributes & ~boldOrDim).nonzeroBitCount
    }

    /// The characters of the shortest SGR parameter that sets a colour (as ``output(_:)`` gives
    /// it): 2 for the default (39, 49); at truecolor `38;2;r;g;b`; at 256 or 16 colours `3n`,
    /// `4n`, `9n` or `10n` below 16, `38;5;n` above.
    func parameterLength(_ color: Int, background: Bool) -> Int {
        guard color != 0 else { return 2 }
        let value = color - 1
        switch depth {
        case .truecolor:
            return 7 + Self.digits(value >> 16 & 0xFF) + Self.digits(value >> 8 & 0xFF) + Self.digits(value & 0xFF)
        case .ansi256, .ansi16:
            if value < 8 { return 2 }
            if value < 16 { return background ? 3 : 2 }
            return 5 + Self.digits(value)
        case .none:
            return 2
        }
    }

    static func digits(_ value: Int) -> Int { value < 10 ? 1 : value < 100 ? 2 : 3 }

    // MARK: - Cells

    /// A plain space: U+0020 without underline or reverse, which shows only its background.
    static func isPlainSpace(_ cell: Cell) -> Bool {
        cell.glyph == 0x20 && cell.attributes.rawValue & blankVisibleAttributes == 0
    }

    /// Whether two cells that differ somewhere differ in their output form.
    private mutating func outputDiffers(_ a: Cell, _ b: Cell) -> Bool {
        guard a.glyph == b.glyph, a.width == b.width, a.attributes == b.attributes else { return true }
        return output(a.foreground) != output(b.foreground) || output(a.background) != output(b.background)
    }

    /// A colour as the depth sends it: 0 for the default, the RGB value + 1 at truecolor, the
    /// palette index + 1 at 256 or 16 colours; every colour is 0 at ``ColorDepth/none``.
    mutating func output(_ color: TerminalColor) -> Int {
        guard case .rgb(let rgb) = color else { return 0 }
        switch depth {
        case .truecolor: return 1 + (Int(rgb.red) << 16 | Int(rgb.green) << 8 | Int(rgb.blue))
        case .none: return 0
        case .ansi256, .ansi16:
            if let known = indexByColor[rgb] { return known }
            let index =
                1 + Int(depth == .ansi256 ? ColorDepth.ansi256Index(for: rgb) : ColorDepth.ansi16Index(for: rgb))
            indexByColor[rgb] = index
            return index
        }
    }

    /// A cell's UTF-8 bytes (0 for a continuation cell).
    private mutating func utf8Count(_ cell: Cell) -> Int {
        guard !cell.isContinuation else { return 0 }
        let glyph = cell.glyph
        // A scalar value's UTF-8 length (surrogates are written as U+FFFD, 3 bytes); an interned
        // cluster's from the table.
        guard glyph >= GlyphTable.firstInternedID else {
            return glyph < 0x80 ? 1 : glyph < 0x800 ? 2 : glyph < 0x10000 ? 3 : 4
        }
        scratch.removeAll(keepingCapacity: true)
        GlyphTable.shared.appendUTF8(of: glyph, to: &scratch)
        return scratch.count
    }
}
