/// Lays item text out into a slot's grid of cells.
///
/// Steps, in order:
/// 1. Controls are replaced by visible pictures (``sanitized(_:)``), so no control byte ever
///    reaches a cell or the terminal.
/// 2. Lines split at `\n` and `\r\n` (a trailing newline makes a last, empty line).
/// 3. Each line splits into grapheme clusters (`Character`) measured by `DisplayWidth`;
///    clusters of width 0 (a lone combining mark, U+200B, a lone ZWJ) are dropped, having no
///    cell to occupy. A tab advances to the next multiple of 8 columns, filled with spaces.
/// 4. Lines wider than the slot are word-wrapped (`wrapped(_:to:)`) into the rows they have
///    room for (`rows(_:width:height:)`): each line keeps at least one row, so every line shows
///    its start, and spare rows go to the lines that need them, top first. A line with fewer rows
///    than it wraps to ends its last row with "…"; a row still wider than the slot is clipped:
///    clusters are kept while they fit in `width − 1` columns (a wide cluster that would
///    straddle is dropped, its column padded with a space) and "…" fills the last cell.
/// 5. Each line is aligned horizontally; the block of lines is centred vertically (the extra row
///    of an odd leftover goes below); lines beyond the slot's height are dropped, and the last
///    line shown then ends with "…" (clipped as in step 4 when that makes it too wide), so a cut
///    is never silent.
public enum TextLayout {
    /// The size of laid-out text: the widest line in cells (after tab expansion) and the number
    /// of lines.
    public struct Metrics: Hashable, Sendable {
        /// The widest line, in cells.
        public var width: Int
        /// The number of lines (≥ 1; empty text is one empty line).
        public var lineCount: Int

        /// Creates metrics.
        public init(width: Int, lineCount: Int) {
            self.width = width
            self.lineCount = lineCount
        }
    }

    /// Tab stops every 8 columns.
    package static let tabWidth = 8

    /// "…", drawn in the last cell of a clipped line.
    package static let ellipsis: UInt32 = 0x2026

    /// Replaces every control character except `\n` and `\t` by a visible substitute; `\r\n` is
    /// kept as a newline.
    ///
    /// Mapping (Unicode Control Pictures block):
    /// - C0 U+0000...U+001F (except `\n`, `\t`) → U+2400 + code: NUL → ␀, BEL → ␇, lone CR → ␍,
    ///   ESC → ␛ (U+241B);
    /// - DEL U+007F → ␡ (U+2421);
    /// - C1 U+0080...U+009F → U+FFFD � (there are no pictures for C1; CSI U+009B would otherwise
    ///   start an escape sequence on terminals that honour 8-bit controls).
    ///
    /// - Parameter text: item text, any Unicode.
    /// - Returns: text with no scalar in U+0000...U+001F (other than LF and TAB) or
    ///   U+007F...U+009F.
    public static func sanitized(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            index += 1
            switch value {
            case 0x0A, 0x09:
                output.append(scalar)
            case 0x0D where index < scalars.count && scalars[index].value == 0x0A:
                continue  // "\r\n" is one newline: keep the LF that follows.
            case 0x00...0x1F:
                output.append(Unicode.Scalar(0x2400 + value) ?? "\u{FFFD}")
            case 0x7F:
                output.append("\u{2421}")
            case 0x80...0x9F:
                output.append("\u{FFFD}")
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Measures text as `layout(_:width:height:alignment:style:)` would lay it out unclipped.
    ///
    /// - Parameter text: item text.
    /// - Returns: the widest line in cells and the line count, so a caller can size a slot to fit
    ///   the widest and tallest of its items.
    public static func measure(_ text: String) -> Metrics {
        // Widths only: nothing is interned in the glyph table for text that is only measured.
        let lines = shapedLines(text, interning: false)
        return Metrics(width: lines.map(\.width).max() ?? 0, lineCount: lines.count)
    }

    /// Lays text out into a new `width` × `height` buffer.
    ///
    /// - Parameters:
    ///   - text: item text (UTF-8; lines separated by `\n` or `\r\n`).
    ///   - width: the slot's width in cells.
    ///   - height: the slot's height in rows.
    ///   - alignment: horizontal alignment of each line, default centre.
    ///   - style: text colour, slot background and attributes.
    /// - Returns: the slot's cells: text in `style.foreground` on `style.background`, every other
    ///   cell a space on `style.background`.
    package static func layout(
        _ text: some CardContent, width: Int, height: Int,
        alignment: HorizontalAlignment = .center,
        style: TextStyle = TextStyle()
    ) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        layout(text.styledString, into: &buffer, alignment: alignment, style: style)
        return buffer
    }

    /// Lays text out into an existing buffer, keeping its size (see
    /// ``layout(_:width:height:alignment:style:)``).
    package static func layout(
        _ text: String, into buffer: inout CellBuffer,
        alignment: HorizontalAlignment = .center,
        style: TextStyle = TextStyle()
    ) {
        layout(StyledString(text), into: &buffer, alignment: alignment, style: style)
    }

    /// Lays styled text out into an existing buffer, keeping its size, as
    /// ``layout(_:width:height:alignment:style:)`` lays out plain text; each cluster takes its
    /// run's colours (``StyledString/Color/default`` is `style`'s) and attributes (added to
    /// `style`'s). A "…" takes the style of the cluster it stands for.
    package static func layout(
        _ text: StyledString, into buffer: inout CellBuffer,
        alignment: HorizontalAlignment = .center,
        style: TextStyle = TextStyle()
    ) {
        let width = buffer.width
        let height = buffer.height
        let padding = Cell.space(background: style.background)
        buffer.fill(with: padding)
        guard width > 0, height > 0 else { return }
        // An item with bold of its own is laid out without the card's bold, so that it shows.
        let style = style.under(text)
        let lines = shapedLines(text, style: style)
        let rows = Self.rows(lines, width: width, height: height)
        let shown = rows.count
        let top = (height - shown) / 2
        let plain = ShapedCluster(glyph: 0x20, width: 1, cell: style.cell(for: .plain))
        let clippedRows = rows.map { row in
            var shaped = row.line
            if row.isCut {
                // Text is left out after this row: say so where the text stops.
                shaped.clusters.append((shaped.clusters.last ?? plain).replaced(by: ellipsis))
                shaped.width += 1
            }
            return clipped(shaped, to: width, padding: plain)
        }
        // Centred, a list's rows share one left edge: the block is centred, not each row.
        let blockWidths =
            alignment == .center
            ? listBlockWidths(rows.map { $0.source }, widths: clippedRows.map(\.width), lines: lines) : []
        for lineIndex in 0..<shown {
            let line = clippedRows[lineIndex]
            let left: Int
            switch alignment {
            case .left: left = 0
            case .center: left = (width - (blockWidths[lineIndex] ?? line.width)) / 2
            case .right: left = width - line.width
            }
            var x = left
            for cluster in line.clusters {
                let cell = cluster.cell
                buffer[x, top + lineIndex] = cell
                if cluster.width == 2 { buffer[x + 1, top + lineIndex] = .continuation(of: cell) }
                x += Int(cluster.width)
            }
        }
    }

    /// Item text as plain text lines, the form every output that is not a card uses (plain-text
    /// output, printed lines, replies, status lines, recordings' metadata): ``sanitized(_:)``,
    /// `\r\n` as `\n`, each tab expanded to spaces up to the next multiple of `tabWidth`
    /// display columns, as `layout(_:into:alignment:style:)` expands it in a card, so a tab
    /// looks the same everywhere and never reaches a terminal raw; and, as in a card, clusters of
    /// width 0 (bidi controls such as U+202E, U+200B, a lone combining mark) dropped.
    ///
    /// - Parameter text: any text.
    /// - Returns: text with no control character but `\n`, and no cluster of width 0.
    public static func plainText(_ text: String) -> String {
        plainText(text, fromColumn: 0).text
    }

    /// ``plainText(_:)`` on one line: each line feed as a space (a marker's label, a title).
    package static func oneLine(_ text: String) -> String {
        String(plainText(text).map { $0 == "\n" ? " " : $0 })
    }

    /// ``plainText(_:)`` for text that continues a line already `column` display columns wide
    /// (so a tab reaches the same stop as in the whole line).
    ///
    /// - Returns: the text, and the display column its last line ends at.
    package static func plainText(_ text: String, fromColumn column: Int) -> (text: String, column: Int) {
        var output = ""
        var column = max(column, 0)
        for character in sanitized(text) {
            switch character {
            case "\n":
                output.append("\n")
                column = 0
            case "\t":
                let stop = (column / tabWidth + 1) * tabWidth
                output += String(repeating: " ", count: stop - column)
                column = stop
            default:
                // As in a card: a cluster of width 0 has no cell and is dropped, so bidi and
                // invisible format characters (U+202E, U+2066...U+2069, U+200B, U+061C) never
                // reorder or hide the text of a status line, a prompt or a reply.
                let width = DisplayWidth.of(character)
                guard width > 0 else { continue }
                output.append(character)
                column += width
            }
        }
        return (output, column)
    }

    // MARK: - Shaping

    struct ShapedCluster: Hashable {
        var glyph: UInt32 { cell.glyph }
        var width: UInt8 { cell.width }
        /// The cell the cluster is drawn in (glyph, width, colours, attributes).
        var cell: Cell

        init(glyph: UInt32, width: UInt8, cell: Cell) {
            self.cell = cell
            self.cell.glyph = glyph
            self.cell.width = width
        }

        /// Whether the cluster is a space (a break between words).
        var isSpace: Bool { glyph == 0x20 && width == 1 }

        /// The same style with another (narrow) glyph.
        func replaced(by glyph: UInt32) -> ShapedCluster {
            ShapedCluster(glyph: glyph, width: 1, cell: cell)
        }
    }

    struct ShapedLine: Hashable {
        var clusters: [ShapedCluster] = []
        var width = 0

        init() {}

        /// A line of these clusters, its width their widths' sum.
        init(_ clusters: some Sequence<ShapedCluster>) {
            self.clusters = Array(clusters)
            width = self.clusters.reduce(0) { $0 + Int($1.width) }
        }

        /// The line without the spaces at its end.
        func droppingTrailingSpaces() -> ShapedLine {
            var line = self
            while let last = line.clusters.last, last.isSpace {
                line.clusters.removeLast()
                line.width -= 1
            }
            return line
        }
    }

    /// Sanitized, split into lines, clusters measured, tabs expanded; not clipped. Without
    /// `interning`, glyph ids are left 0 (for measuring only).
    static func shapedLines(_ text: String, interning: Bool = true) -> [ShapedLine] {
        shapedLines(StyledString(text), style: TextStyle(), interning: interning)
    }

    /// ``shapedLines(_:interning:)`` of styled text: each cluster in its run's style over `style`.
    static func shapedLines(_ text: StyledString, style: TextStyle, interning: Bool = true) -> [ShapedLine] {
        var lines: [ShapedLine] = [ShapedLine()]
        let table = GlyphTable.shared
        for run in text.runs {
            let cell = style.cell(for: run.style)
            for character in sanitized(run.text) {
                if character == "\n" {
                    lines.append(ShapedLine())
                    continue
                }
                if character == "\t" {
                    let stop = (lines[lines.count - 1].width / tabWidth + 1) * tabWidth
                    while lines[lines.count - 1].width < stop {
                        lines[lines.count - 1].clusters.append(ShapedCluster(glyph: 0x20, width: 1, cell: cell))
                        lines[lines.count - 1].width += 1
                    }
                    continue
                }
                let width = DisplayWidth.of(character)
                guard width > 0 else { continue }
                let glyph = interning ? table.id(for: character) : 0
                lines[lines.count - 1].clusters.append(ShapedCluster(glyph: glyph, width: UInt8(width), cell: cell))
                lines[lines.count - 1].width += width
            }
        }
        return lines
    }

    /// The rows `lines` take in a slot of `width` × `height` cells, each marked when text is
    /// left out after it (its last cell becomes "…"). More lines than rows: the first `height`,
    /// the last marked. Otherwise each line in turn gets the rows it wraps to (``wrapped(_:to:)``)
    /// as long as one row is left for every line after it; a line with less room takes what
    /// there is, its last row holding the rest of the line (for ``clipped(_:to:padding:)`` to end
    /// with "…"). So every line shows at least its start, as much of it as its rows hold, and
    /// spare rows go to the lines that need them, top first
    /// (docs/decisions/0190-wrap-into-spare-rows.md).
    static func rows(_ lines: [ShapedLine], width: Int, height: Int) -> [(line: ShapedLine, isCut: Bool, source: Int)] {
        guard lines.count <= height else {
            return lines.prefix(height).enumerated().map { ($1, $0 == height - 1, $0) }
        }
        var rows: [(line: ShapedLine, isCut: Bool, source: Int)] = []
        for (index, line) in lines.enumerated() {
            let room = height - rows.count - (lines.count - index - 1)
            rows += wrapped(line, to: width, rows: room).map { ($0, false, index) }
        }
        return rows
    }

    /// For each row (of source line `sources[row]`, `widths[row]` cells wide), the width of the
    /// list block it belongs to, or nil when it is in none: a block is a run of two or more
    /// consecutive lines that each begin a list item (``isListItem(_:)``), with the rows they wrap
    /// to; its width is its widest row's. Centred as one, its rows share a left edge, so that
    /// the bullets line up (docs/decisions/0242-a-centred-list-lines-up.md).
    static func listBlockWidths(_ sources: [Int], widths: [Int], lines: [ShapedLine]) -> [Int?] {
        let isItem = lines.map(isListItem)
        // Each source line's block: the first line of its run of items, when the run has two.
        var block = [Int?](repeating: nil, count: lines.count)
        var start = 0
        while start < lines.count {
            var end = start
            while end < lines.count && isItem[end] { end += 1 }
            if end - start >= 2 { for index in start..<end { block[index] = start } }
            start = max(end, start + 1)
        }
        var blockWidth: [Int: Int] = [:]
        for (row, source) in sources.enumerated() {
            guard let first = block[source] else { continue }
            blockWidth[first] = max(blockWidth[first] ?? 0, widths[row])
        }
        return sources.map { block[$0].flatMap { blockWidth[$0] } }
    }

    /// Whether `line` begins a list item: its indent, then a marker ("• ", "- ", "* ", "+ ", or
    /// 1 to 9 digits and "." or ")", then a space), as ``hangingPrefix(of:width:)`` reads them.
    static func isListItem(_ line: ShapedLine) -> Bool {
        let clusters = line.clusters
        func glyph(_ index: Int) -> UInt32? { index < clusters.count ? clusters[index].glyph : nil }
        func isSpace(_ index: Int) -> Bool { index < clusters.count && clusters[index].isSpace }
        var start = 0
        while isSpace(start) { start += 1 }
        if [0x2022, 0x2D, 0x2A, 0x2B].contains(glyph(start)) { return isSpace(start + 1) }
        var digits = start
        while let value = glyph(digits), (0x30...0x39).contains(value) { digits += 1 }
        return (1...9).contains(digits - start) && [0x2E, 0x29].contains(glyph(digits)) && isSpace(digits + 1)
    }

    /// The line word-wrapped to lines of at most `width` cells: each line breaks at its last
    /// space that leaves the line no wider than `width` (the spaces at the break are dropped, so
    /// no wrapped line starts or ends with the break's spaces); a word wider than `width` breaks
    /// between clusters, as text with no spaces (CJK) does. The continuation lines hang under
    /// the text after the first line's indent and list marker (``hangingPrefix(of:width:)``), and
    /// repeat its quote bars. A cluster wider than the room (a wide one in a one-cell slot) is a
    /// line of its own, wider than `width`, for ``clipped(_:to:padding:)`` to cut. At most
    /// `rows` lines: the last holds the rest of the line unbroken (wider than `width` when the
    /// line needs more rows), so one row is the line itself.
    static func wrapped(_ line: ShapedLine, to width: Int, rows: Int = .max) -> [ShapedLine] {
        guard line.width > width, width > 0, rows > 1 else { return [line] }
        let prefix = hangingPrefix(of: line, width: width)
        var result: [ShapedLine] = []
        var current = ShapedLine()
        // Where this row's own text begins (after the marker, or the continuation's prefix).
        var contentStart = prefix.count
        // Where the last run of spaces in this row's text begins (a break there drops them).
        var lastBreak: Int?
        func startRow(with clusters: some Sequence<ShapedCluster> = []) {
            current = ShapedLine(prefix + Array(clusters))
            contentStart = prefix.count
            lastBreak = nil
        }
        for cluster in line.clusters {
            let atRowStart = current.clusters.count <= contentStart
            if cluster.isSpace && atRowStart && !result.isEmpty { continue }
            if current.width + Int(cluster.width) > width && result.count < rows - 1 {
                if cluster.isSpace {
                    result.append(current.droppingTrailingSpaces())
                    startRow()
                    continue
                }
                if let breakIndex = lastBreak {
                    let tail = current.clusters[breakIndex...].drop { $0.isSpace }
                    result.append(ShapedLine(current.clusters[..<breakIndex]).droppingTrailingSpaces())
                    startRow(with: tail)
                } else if !atRowStart {
                    result.append(current)
                    startRow()
                }
            }
            if cluster.isSpace && current.clusters.count > contentStart && current.clusters.last?.isSpace == false {
                lastBreak = current.clusters.count
            }
            current.clusters.append(cluster)
            current.width += Int(cluster.width)
        }
        result.append(current.droppingTrailingSpaces())
        return result
    }

    /// What a wrapped line's continuation rows begin with: the first row's quote bars (its
    /// indent and each "│ ", repeated as they are), or blanks as wide as its indent and list
    /// marker ("• ", "- ", "* ", "+ ", "1. ", "1) "), so the text lines up under the text; none
    /// when that would take half the width or more.
    static func hangingPrefix(of line: ShapedLine, width: Int) -> [ShapedCluster] {
        let clusters = line.clusters
        func glyph(_ index: Int) -> UInt32? { index < clusters.count ? clusters[index].glyph : nil }
        func isSpace(_ index: Int) -> Bool { index < clusters.count && clusters[index].isSpace }
        var end = 0
        while isSpace(end) { end += 1 }
        var quoted = end
        while glyph(quoted) == 0x2502 && isSpace(quoted + 1) { quoted += 2 }
        var prefix: [ShapedCluster]
        if quoted > end {
            prefix = Array(clusters[..<quoted])
        } else {
            var digits = end
            while let value = glyph(digits), (0x30...0x39).contains(value) { digits += 1 }
            if [0x2022, 0x2D, 0x2A, 0x2B].contains(glyph(end)) && isSpace(end + 1) {
                end += 2
            } else if digits > end && [0x2E, 0x29].contains(glyph(digits)) && isSpace(digits + 1) {
                end = digits + 2
            }
            prefix = clusters[..<end].map { $0.replaced(by: 0x20) }
        }
        let prefixWidth = prefix.reduce(0) { $0 + Int($1.width) }
        return prefixWidth * 2 >= width ? [] : prefix
    }

    /// The line clipped to `width` cells with "…" in the last cell when it is too wide (in the
    /// style of the first cluster cut; the columns a wide cluster leaves are `padding`).
    static func clipped(_ line: ShapedLine, to width: Int, padding: ShapedCluster) -> ShapedLine {
        guard line.width > width else { return line }
        var result = ShapedLine()
        var cut = line.clusters.last ?? padding
        for cluster in line.clusters {
            guard result.width + Int(cluster.width) <= width - 1 else {
                cut = cluster
                break
            }
            result.clusters.append(cluster)
            result.width += Int(cluster.width)
        }
        while result.width < width - 1 {
            result.clusters.append(padding)
            result.width += 1
        }
        result.clusters.append(cut.replaced(by: ellipsis))
        result.width += 1
        return result
    }
}
