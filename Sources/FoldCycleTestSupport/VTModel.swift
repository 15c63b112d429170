import FoldCycle

/// A small VT terminal model for checking encoder output: a grid of cells, a cursor, a pending
/// wrap flag and an SGR rendition. It understands exactly what FoldCycle may emit — printable
/// UTF-8 clusters (with their display width), CR, LF, BS, CUU/CUD/CUF/CUB, CUP, ECH, EL 0, ED 0,
/// SGR (of at most 10 parameters), DECAWM (`CSI ?7l/h`), other DEC private modes (ignored), the
/// line and character moves DECSTBM, SU, SD, IL, DL, ICH and DCH (`VTModel+Moves.swift`), REP
/// right after a narrow cluster, never past the right margin (`VTModel+Repeat.swift`), and OSC 8
/// hyperlinks ended by ST (a printed cell's key holds `link=URI` while one is open; any other OSC,
/// or a byte outside 0x21–0x7E in the URI, is an error) — and
/// records anything else, or any print in the pending-wrap state, as an error. LF moves down
/// within the model's rows (an LF on the last row would scroll, and one off column 0 would land in
/// a column that depends on the tty's ONLCR: both are errors); BS moves left (in the pending-wrap
/// state or at column 0 it is an error).
///
/// A model that ``scrolls`` is a plain terminal for text written above a live region: an LF on
/// the last row scrolls the screen up (the top row goes to ``scrollback``) and a print past the
/// right margin wraps. With autowrap off (DECAWM reset), a cell that does not fit at the right
/// margin is dropped, as tmux drops it.
///
/// ``widths`` says how wide the modelled terminal draws clusters: as FoldCycle measures them, or
/// scalar by scalar as many terminals do (tmux draws 👍🏽 in 4 cells and ❤️ in 1, pyte 👩‍💻 in 4),
/// to check that disputed-width clusters leave nothing out of place.
package struct VTModel {
    /// How the modelled terminal measures a cluster it prints.
    package enum Widths: Sendable {
        /// ``DisplayWidth/of(_:)-(Character)``: the widths FoldCycle lays text out with.
        case cluster
        /// Each scalar `DisplayWidth.terminalScalarWidth` gives a width is a cell of its own;
        /// zero-width scalars (VS16, ZWJ, combining marks) join the cell before them.
        case perScalar
    }

    package struct ModelCell: Equatable, CustomStringConvertible {
        package var text: String
        /// 1 narrow, 2 wide lead, 0 trailing half.
        package var width: Int
        package var sgr: String

        package var description: String { "\(text)/\(width)/\(sgr)" }
    }

    package private(set) var width: Int
    package private(set) var height: Int
    package var cells: [ModelCell]
    package var row = 0
    package var column = 0
    package var pendingWrap = false
    /// The current SGR parameters, normalized: "" is the default rendition.
    package var rendition: [String: String] = [:]
    /// The open OSC 8 hyperlink's URI ("" for none); SGR does not change it.
    package var link = ""
    package var errors: [String] = []
    /// mlterm's ECH (3.9.0, measured under Xvfb: docs/decisions/0256): an ECH whose span holds
    /// `k` wide characters counts them as characters, and when the cells after the span already
    /// hold the erased space it erases up to `k` cells fewer, leaving the span's last glyphs.
    /// Off by default (every other terminal erases cells).
    package var erasesByCharacters = false
    /// Whether a DCH blanks a wide character it leaves at the cursor (both cells), as kitty
    /// before 0.40 does (its `left_shift_line` resets the cursor's cell when it does not hold a
    /// narrow character, and the second half is drawn empty); xterm keeps it.
    package var deleteBlanksWideAtCursor = false
    /// Whether an LF on the last row scrolls and a print past the right margin wraps (see above).
    package let scrolls: Bool
    /// How printed clusters are measured.
    package let widths: Widths
    /// Rows scrolled off the top (``scrolls`` only), oldest first, as text.
    package var scrollback: [String] = []
    /// DECAWM: whether a print past the right margin wraps (or, when off, is dropped).
    package var autowrap = true
    /// Terminal graphics received (DCS and APC strings: sixel images, kitty commands; OSC 1337
    /// `File=`: iTerm2 inline images), each with
    /// the cursor where it was drawn; they do not change the cells.
    package var graphics: [(text: String, row: Int, column: Int)] = []
    /// The cluster printed last, while nothing else followed it (what REP repeats), else nil.
    var lastPrinted: Character?
    /// What DECSC (`ESC 7`) saved: the cursor and the pen.
    private var saved: (row: Int, column: Int, rendition: [String: String])?
    /// DECSTBM: the scrolling region's top and bottom rows (0-based, inclusive); the whole
    /// screen by default.
    package var marginTop = 0
    package var marginBottom: Int

    /// The most parameters an SGR may have (mlterm 3.9 ignores longer ones); more is an error.
    package static let maximumSGRParameters = 10

    package init(width: Int, height: Int, scrolls: Bool = false, widths: Widths = .cluster) {
        self.width = width
        self.height = height
        self.scrolls = scrolls
        self.widths = widths
        marginBottom = height - 1
        cells = Array(repeating: ModelCell(text: " ", width: 1, sgr: ""), count: width * height)
    }

    package mutating func apply(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var printable = String.UnicodeScalarView()
        func flush(_ model: inout VTModel, _ printable: inout String.UnicodeScalarView) {
            for character in String(printable) {
                model.print(character)
                model.lastPrinted = character
            }
            printable.removeAll()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.value != 0x1B && scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) {
                printable.append(scalar)
                index += 1
                continue
            }
            flush(&self, &printable)
            // REP repeats only a cluster printed right before it (what FoldCycle promises).
            let repeated = lastPrinted
            lastPrinted = nil
            if scalar.value == 0x1B {
                if index + 1 < scalars.count, scalars[index + 1] == "]" {
                    index = operatingSystemCommand(scalars, from: index + 2)
                    continue
                }
                if index + 1 < scalars.count, scalars[index + 1] == "7" || scalars[index + 1] == "8" {
                    if scalars[index + 1] == "7" {
                        saved = (row, column, rendition)
                    } else if let saved {
                        (row, column, rendition) = (saved.row, saved.column, saved.rendition)
                        pendingWrap = false
                    } else {
                        errors.append("DECRC without DECSC")
                    }
                    index += 2
                    continue
                }
                if index + 1 < scalars.count, scalars[index + 1] == "P" || scalars[index + 1] == "_" {
                    var end = index + 2
                    while end + 1 < scalars.count, !(scalars[end].value == 0x1B && scalars[end + 1] == "\\") {
                        end += 1
                    }
                    guard end + 1 < scalars.count else {
                        errors.append("unterminated control string")
                        break
                    }
                    graphics.append((String(String.UnicodeScalarView(scalars[index..<(end + 2)])), row, column))
                    index = end + 2
                    continue
                }
                guard index + 1 < scalars.count, scalars[index + 1] == "[" else {
                    errors.append("bare ESC")
                    index += 1
                    continue
                }
                var end = index + 2
                while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
                guard end < scalars.count else {
                    errors.append("unterminated CSI")
                    break
                }
                let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                if scalars[end] == "b" {
                    repeatCharacter(repeated, parameters)
                } else {
                    csi(parameters, final: Character(scalars[end]))
                }
                index = end + 1
            } else if scalar.value == 0x0D {
                flush(&self, &printable)
                column = 0
                pendingWrap = false
                index += 1
            } else if scalar.value == 0x0A {
                flush(&self, &printable)
                lineFeed()
                index += 1
            } else if scalar.value == 0x08 {
                flush(&self, &printable)
                backspace()
                index += 1
            } else {
                errors.append("control U+\(String(scalar.value, radix: 16))")
                index += 1
            }
        }
        flush(&self, &printable)
    }

    /// Reads an OSC from `start` (after `ESC ]`) to its ST (`ESC \`); returns the index after it.
    /// OSC 8 `params;URI` sets ``link``; anything else is an error.
    private mutating func operatingSystemCommand(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end + 1 < scalars.count, !(scalars[end].value == 0x1B && scalars[end + 1] == "\\") { end += 1 }
        guard end + 1 < scalars.count else {
            errors.append("unterminated OSC")
            return scalars.count
        }
        let body = String(String.UnicodeScalarView(scalars[start..<end]))
        let fields = body.split(separator: ";", maxSplits: 2, omittingEmptySubsequences: false)
        if fields.count == 3, fields[0] == "8" {
            let uri = fields[2]
            if uri.unicodeScalars.contains(where: { !(0x21...0x7E).contains($0.value) }) {
                errors.append("OSC 8 URI with a byte outside 0x21-0x7E")
            }
            link = String(uri)
        } else if body.hasPrefix("1337;File=") {
            // An iTerm2 inline image: graphics, like a sixel image.
            graphics.append(("\u{1B}]" + body + "\u{1B}\\", row, column))
        } else {
            errors.append("unexpected OSC \(body.prefix(8))")
        }
        return end + 2
    }

    private mutating func csi(_ parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let count = max(numbers.first.flatMap { $0 } ?? 1, 1)
        switch final {
        case "A":
            row = max(row - count, 0)
            pendingWrap = false
        case "B":
            row = min(row + count, height - 1)
            pendingWrap = false
        case "C":
            column = min(column + count, width - 1)
            pendingWrap = false
        case "D":
            column = max(column - count, 0)
            pendingWrap = false
        case "H":
            row = min(max((numbers.first.flatMap { $0 } ?? 1) - 1, 0), height - 1)
            column = min(max((numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1, 0), width - 1)
            pendingWrap = false
        case "m": sgr(parameters)
        case "X": erase(count)
        case "K" where parameters.isEmpty || parameters == "0": erase(width - column, name: "EL")
        case "J" where parameters.isEmpty || parameters == "0":
            // ED 0: the rest of the row, as EL 0, then every row below, in the current background.
            erase(width - column, name: "ED")
            let key = rendition["bg"].map { "bg=\($0)" } ?? ""
            for index in ((row + 1) * width)..<(width * height) {
                cells[index] = ModelCell(text: " ", width: 1, sgr: key)
            }
        case "r": setMargins(numbers)
        case "S": scroll(up: count)
        case "T": scroll(up: -count)
        case "L": insertLines(count)
        case "M": insertLines(-count)
        case "@": shiftCharacters(right: count)
        case "P": shiftCharacters(right: -count)
        case "h" where parameters == "?7": autowrap = true
        case "l" where parameters == "?7":
            autowrap = false
            pendingWrap = false
        case "h" where parameters.hasPrefix("?"), "l" where parameters.hasPrefix("?"): break
        default: errors.append("unexpected CSI \(parameters)\(final)")
        }
    }

    private mutating func sgr(_ parameters: String) {
        var values = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        if values.isEmpty { values = [0] }
        // mlterm drops a whole SGR of more than 10 parameters; FoldCycle never writes one.
        if values.count > Self.maximumSGRParameters {
            errors.append("SGR with \(values.count) parameters (more than \(Self.maximumSGRParameters)): \(parameters)")
        }
        var index = 0
        while index < values.count {
            let value = values[index]
            switch value {
            case 0: rendition = [:]
            case 1, 2, 3, 4, 7, 9: rendition["a\(value)"] = "on"
            // ECMA-48 / xterm: 22 ends bold and faint, 23 italic, 24 underline, 27 reverse, 29 crossed-out.
            case 22:
                rendition["a1"] = nil
                rendition["a2"] = nil
            case 23, 24, 27, 29: rendition["a\(value - 20)"] = nil
            case 30...37, 90...97: rendition["fg"] = "16:\(value)"
            case 40...47, 100...107: rendition["bg"] = "16:\(value)"
            case 39: rendition["fg"] = nil
            case 49: rendition["bg"] = nil
            case 38, 48:
                let key = value == 38 ? "fg" : "bg"
                if index + 1 < values.count, values[index + 1] == 5, index + 2 < values.count {
                    rendition[key] = "256:\(values[index + 2])"
                    index += 2
                } else if index + 4 < values.count, values[index + 1] == 2 {
                    rendition[key] = "rgb:\(values[index + 2]),\(values[index + 3]),\(values[index + 4])"
                    index += 4
                } else {
                    errors.append("bad extended colour \(parameters)")
                }
            default: errors.append("unexpected SGR \(value)")
            }
            index += 1
        }
    }

    /// Prints one cluster at the cursor: as one cell of its width, or (``Widths/perScalar``) as
    /// a cell per scalar that has a width.
    mutating func print(_ character: Character) {
        switch widths {
        case .cluster:
            printCell(String(character), width: DisplayWidth.of(character))
        case .perScalar:
            var parts: [(text: String, width: Int)] = []
            for scalar in character.unicodeScalars {
                let scalarWidth = DisplayWidth.terminalScalarWidth(scalar.value)
                if scalarWidth == 0 && !parts.isEmpty {
                    parts[parts.count - 1].text.unicodeScalars.append(scalar)
                } else {
                    parts.append((String(scalar), scalarWidth))
                }
            }
            for part in parts { printCell(part.text, width: part.width) }
        }
    }

    /// Prints one cell of `clusterWidth` at the cursor, as xterm does: a write over half of a
    /// wide character blanks its other half.
    private mutating func printCell(_ text: String, width clusterWidth: Int) {
        guard clusterWidth > 0 else {
            errors.append("zero-width cluster printed")
            return
        }
        if pendingWrap {
            guard scrolls else {
                errors.append("print in pending-wrap state (would wrap) at row \(row)")
                return
            }
            column = 0
            pendingWrap = false
            lineFeed()
        }
        guard column + clusterWidth <= width else {
            if !autowrap { return }  // Clipped at the right margin, as tmux does.
            errors.append("wide cluster does not fit at column \(column)")
            return
        }
        let base = row * width
        for x in column..<(column + clusterWidth) {
            let old = cells[base + x]
            if old.width == 0 && x > 0 && x == column { cells[base + x - 1] = blankLike(cells[base + x - 1]) }
            if old.width == 2 && x + 1 < width && x == column + clusterWidth - 1 {
                cells[base + x + 1] = blankLike(cells[base + x + 1])
            }
        }
        // A space shows no foreground unless underlined or reversed, and so no bold, faint or
        // italic either (they change only how the foreground's glyph is drawn; a space has no
        // ink): compare what is visible.
        var visible = rendition
        if text == " " && visible["a4"] == nil && visible["a7"] == nil {
            for key in ["fg", "a1", "a2", "a3"] { visible[key] = nil }
        }
        if !link.isEmpty { visible["link"] = link }
        let key = visible.keys.sorted().map { "\($0)=\(visible[$0] ?? "")" }.joined(separator: ",")
        cells[base + column] = ModelCell(text: text, width: clusterWidth, sgr: key)
        if clusterWidth == 2 { cells[base + column + 1] = ModelCell(text: "", width: 0, sgr: key) }
        column += clusterWidth
        if column >= width {
            column = width - 1
            // Autowrap off: the cursor stays on the last column, and the next print overwrites it.
            pendingWrap = autowrap
        }
    }

    /// LF without ONLCR (as a replayed file or pyte sees it): down one row, same column. FoldCycle
    /// writes it only after a CR (column 0, where ONLCR makes no difference) and never on the
    /// last row, where it would scroll: both are checked.
    private mutating func lineFeed() {
        if column != 0 || pendingWrap { errors.append("LF off column 0 at row \(row) (depends on ONLCR)") }
        guard row < height - 1 else {
            guard scrolls else {
                errors.append("LF on the last row (would scroll)")
                return
            }
            scrollback.append(lines[0])
            cells.removeFirst(width)
            cells += Array(repeating: ModelCell(text: " ", width: 1, sgr: ""), count: width)
            pendingWrap = false
            return
        }
        row += 1
        pendingWrap = false
    }

    /// BS: left one column. FoldCycle writes it only with a known column above 0: in the
    /// pending-wrap state terminals disagree on where it lands, and at column 0 it may wrap
    /// backwards (xterm's reverse-wraparound mode); both are errors.
    private mutating func backspace() {
        if pendingWrap { errors.append("BS in pending-wrap state at row \(row)") }
        if column == 0 { errors.append("BS at column 0 at row \(row)") }
        column = max(column - 1, 0)
        pendingWrap = false
    }

    /// ECH: erases `count` cells from the cursor (clipped at the right margin) to spaces in the
    /// current background (background colour erase), without moving the cursor; EL 0 is the same
    /// up to the model's right edge. Erasing either half of a wide character blanks both, as real
    /// terminals do. FoldCycle relies on BCE only for a rendition without underline or reverse
    /// (whose erased cells terminals disagree on), and never erases in the pending-wrap state:
    /// both are recorded as errors.
    private mutating func erase(_ count: Int, name: String = "ECH") {
        if pendingWrap { errors.append("\(name) in pending-wrap state at row \(row)") }
        if rendition["a4"] != nil || rendition["a7"] != nil || rendition["a9"] != nil {
            errors.append("\(name) with underline, reverse or strikethrough")
        }
        let base = row * width
        let end = min(column + count, width)
        if cells[base + column].width == 0 && column > 0 {
            cells[base + column - 1] = blankLike(cells[base + column - 1])
        }
        if cells[base + end - 1].width == 2 && end < width { cells[base + end] = blankLike(cells[base + end]) }
        let key = rendition["bg"].map { "bg=\($0)" } ?? ""
        let erased = ModelCell(text: " ", width: 1, sgr: key)
        var last = end
        if erasesByCharacters && name == "ECH" {
            // mlterm looks for cells already erased (from the right) among the `k` cells after
            // the span (`k` wide characters in it: it counts characters) and leaves off as many
            // cells at the span's end.
            let wide = (column..<end).filter { cells[base + $0].width == 2 }.count
            var trimmed = 0
            var x = min(end + wide, width) - 1
            while trimmed < wide, x >= end, cells[base + x].text == " ", blankLike(cells[base + x]) == erased {
                trimmed += 1
                x -= 1
            }
            last = end - trimmed
            // A wide character cut by the shortened span keeps no half.
            if last < end && cells[base + last].width == 0 { cells[base + last] = blankLike(cells[base + last]) }
        }
        for x in column..<last { cells[base + x] = erased }
    }

    func blankLike(_ cell: ModelCell) -> ModelCell {
        let invisible = ["fg=", "a1=", "a2=", "a3="]
        let kept = cell.sgr.split(separator: ",").filter { part in
            cell.sgr.contains("a4=") || cell.sgr.contains("a7=") || !invisible.contains { part.hasPrefix($0) }
        }
        return ModelCell(text: " ", width: 1, sgr: kept.joined(separator: ","))
    }

    /// Resizes the screen as a terminal that does not reflow does (xterm): rows and columns are
    /// cut or padded with blanks at the bottom and right, the cursor is kept inside, and a wide
    /// cluster cut in half is blanked.
    package mutating func resize(width newWidth: Int, height newHeight: Int) {
        let blank = ModelCell(text: " ", width: 1, sgr: "")
        var resized = Array(repeating: blank, count: newWidth * newHeight)
        for y in 0..<min(height, newHeight) {
            for x in 0..<min(width, newWidth) { resized[y * newWidth + x] = cells[y * width + x] }
            if newWidth < width, newWidth > 0, resized[y * newWidth + newWidth - 1].width == 2 {
                resized[y * newWidth + newWidth - 1] = blank
            }
        }
        cells = resized
        width = newWidth
        height = newHeight
        marginTop = 0
        marginBottom = max(newHeight - 1, 0)
        row = min(row, max(newHeight - 1, 0))
        column = min(column, max(newWidth - 1, 0))
        pendingWrap = false
    }

    /// The screen as text lines (trailing halves skipped).
    package var lines: [String] {
        (0..<height).map { y in
            cells[(y * width)..<((y + 1) * width)].map(\.text).joined()
        }
    }
}
