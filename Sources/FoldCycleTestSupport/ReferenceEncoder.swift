import FoldCycle

/// The plain encoder: the readable version of ``ANSIEncoder`` and a second oracle for it.
///
/// Shaped as ratatui's backend draws a diff: walk the cells that changed, move the cursor to
/// each (one absolute CUP unless it is already there), change the rendition when it differs
/// (always the reset form, `CSI 0;…m`), print the cluster. It knows no erase, no repeat, no
/// relative move and no pen trick; it writes more bytes than the tuned encoder and must leave the
/// same screen (`ReferenceEncoderTests`).
package struct ReferenceEncoder {
    /// The colour depth colours are written at; ``ColorDepth/none`` writes none.
    package let depth: ColorDepth
    /// Where the terminal's cursor is, or nil when unknown (at first, and after the last column,
    /// where a terminal holds a pending wrap).
    private var cursor: (row: Int, column: Int)?
    /// The SGR parameters last written, or nil when unknown (at first).
    private var pen: [Int]?

    /// An encoder that knows nothing of the terminal yet.
    package init(depth: ColorDepth) {
        self.depth = depth
    }

    /// Every cell of `buffer`, from the top-left corner.
    package mutating func encodeFull(_ buffer: CellBuffer, into bytes: inout [UInt8]) {
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where !buffer[x, y].isContinuation {
                draw(buffer[x, y], row: y, column: x, width: buffer.width, into: &bytes)
            }
        }
        finish(into: &bytes)
    }

    /// The cells of `current` that differ from `previous` (both the same size).
    package mutating func encodeDiff(previous: CellBuffer, current: CellBuffer, into bytes: inout [UInt8]) {
        for (x, y) in Self.changes(previous: previous, current: current) {
            draw(current[x, y], row: y, column: x, width: current.width, into: &bytes)
        }
        finish(into: &bytes)
    }

    /// The positions to draw, row-major: ratatui's `Buffer::diff`. A cell is drawn when it
    /// differs, and so is every cell a wide cluster covered before or covers now (so a wide
    /// cluster replaced by narrow ones leaves no half behind); the trailing half of a wide cluster
    /// is never drawn on its own.
    package static func changes(previous: CellBuffer, current: CellBuffer) -> [(x: Int, y: Int)] {
        var positions: [(x: Int, y: Int)] = []
        for y in 0..<current.height {
            var invalidated = 0
            var toSkip = 0
            for x in 0..<current.width {
                let now = current[x, y]
                let before = previous[x, y]
                if (now != before || invalidated > 0) && toSkip == 0 && !now.isContinuation {
                    positions.append((x, y))
                }
                toSkip = max(Int(now.width) - 1, 0)
                invalidated = max(Int(max(now.width, before.width)), invalidated, 1) - 1
            }
        }
        return positions
    }

    /// Moves to the cell if the cursor is elsewhere, sets its rendition if it differs, prints it.
    private mutating func draw(_ cell: Cell, row: Int, column: Int, width: Int, into bytes: inout [UInt8]) {
        if cursor?.row != row || cursor?.column != column {
            bytes += Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
        }
        let parameters = sgrParameters(cell)
        if parameters != pen {
            // Two sequences at most 10 parameters long each (mlterm drops a longer one whole).
            let colors = parameters.firstIndex { $0 >= 30 } ?? parameters.endIndex
            for part in [parameters[..<colors], parameters[colors...]] where !part.isEmpty {
                bytes += Array(("\u{1B}[" + part.map(String.init).joined(separator: ";") + "m").utf8)
            }
            pen = parameters
        }
        bytes += Array(String(cell.character).utf8)
        let next = column + max(Int(cell.width), 1)
        cursor = next < width ? (row, next) : nil
    }

    /// The rendition back to the default at the end of a frame, as a backend leaves it.
    private mutating func finish(into bytes: inout [UInt8]) {
        guard pen != [0] else { return }
        bytes += Array("\u{1B}[0m".utf8)
        pen = [0]
    }

    /// `0`, then the attributes (1 bold, 2 dim, 3 italic, 4 underline, 7 reverse, 9 strikethrough), then the
    /// foreground and background unless they are the default (every colour code is ≥ 30).
    private func sgrParameters(_ cell: Cell) -> [Int] {
        var parameters = [0]
        let attributes: [(CellAttributes, Int)] = [
            (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7), (.strikethrough, 9),
        ]
        for (attribute, code) in attributes where cell.attributes.contains(attribute) { parameters.append(code) }
        parameters += colorParameters(cell.foreground, base: 30)
        parameters += colorParameters(cell.background, base: 40)
        return parameters
    }

    /// `38;2;r;g;b` (truecolor), `38;5;n` (256), `30 + n` or `90 + n − 8` (16), for a base of
    /// 30; the same with 48 / 40 / 100 for a base of 40. Nothing for the default colour or at
    /// ``ColorDepth/none``.
    private func colorParameters(_ color: TerminalColor, base: Int) -> [Int] {
        guard case .rgb(let rgb) = color else { return [] }
        switch depth {
        case .none: return []
        case .truecolor: return [base + 8, 2, Int(rgb.red), Int(rgb.green), Int(rgb.blue)]
        case .ansi256: return [base + 8, 5, Int(ColorDepth.ansi256Index(for: rgb))]
        case .ansi16:
            let index = Int(ColorDepth.ansi16Index(for: rgb))
            return [index < 8 ? base + index : base + 60 + index - 8]
        }
    }
}
