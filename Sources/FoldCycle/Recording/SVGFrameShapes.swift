internal import FoldCyclePlatform

/// One frame's cells as the shapes an SVG draws: background rectangles, the filled parts of
/// block elements as exact rectangles, and runs of text, each merged as far as it goes (a row
/// of one colour is one rectangle, a card's background one rectangle, a line of text one run).
///
/// Coordinates are in eighths of a cell (a cell is 8 × 8), so every block eighth is exact.
/// Colours are resolved: a default background is the style's background, a default foreground
/// the style's foreground, reverse video swaps them (docs/DESIGN.md#pictures).
struct SVGFrameShapes: Equatable {
    /// An axis-aligned rectangle in eighths of a cell.
    struct Rect: Hashable, Comparable {
        var color: RGBColor
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        static func < (lhs: Rect, rhs: Rect) -> Bool {
            (lhs.color.packed, lhs.x, lhs.width, lhs.y, lhs.height)
                < (rhs.color.packed, rhs.x, rhs.width, rhs.y, rhs.height)
        }
    }

    /// How a run's clusters are placed.
    enum Placement: Equatable {
        /// Narrow one-scalar clusters: one text element stretched to the run's cells.
        case stretched
        /// Wide or multi-scalar clusters: each cluster centred on its own cells.
        case centred
    }

    /// A run of clusters on one row in one style.
    struct TextRun: Equatable {
        var row: Int
        /// The column of the run's first cell.
        var column: Int
        /// The clusters with the columns they start at and their widths.
        var clusters: [(text: String, column: Int, width: Int)]
        var color: RGBColor
        var attributes: CellAttributes
        var placement: Placement

        /// The cells the run spans.
        var cellCount: Int {
            guard let last = clusters.last else { return 0 }
            return last.column + last.width - column
        }

        static func == (lhs: TextRun, rhs: TextRun) -> Bool {
            lhs.row == rhs.row && lhs.column == rhs.column && lhs.color == rhs.color
                && lhs.attributes == rhs.attributes && lhs.placement == rhs.placement
                && lhs.clusters.map(\.text) == rhs.clusters.map(\.text)
                && lhs.clusters.map(\.column) == rhs.clusters.map(\.column)
                && lhs.clusters.map(\.width) == rhs.clusters.map(\.width)
        }
    }

    /// Cell backgrounds other than the page's, merged into rectangles; drawn first.
    var backgrounds: [Rect] = []
    /// The filled parts of block elements, merged; drawn over the backgrounds.
    var blocks: [Rect] = []
    /// Text runs, drawn last.
    var texts: [TextRun] = []

    /// The shapes of `cells` over a page of `background`, with `foreground` for default text.
    init(_ cells: CellBuffer, background: RGBColor, foreground: RGBColor) {
        var backgrounds: [Rect] = []
        var blocks: [Rect] = []
        for row in 0..<cells.height {
            var run: TextRun?
            var pendingSpaces = 0
            for column in 0..<cells.width {
                let cell = cells[column, row]
                var ink = cell.foreground.resolved(foreground)
                var paper = cell.background.resolved(background)
                if cell.attributes.contains(.reverse) { swap(&ink, &paper) }
                let x = column * 8
                let y = row * 8
                let block = cell.isContinuation ? nil : Self.blockPart(of: cell.glyph)
                // A full block is the whole cell in the ink colour.
                if block == .full { paper = ink }
                Self.extend(&backgrounds, Rect(color: paper, x: x, y: y, width: 8, height: 8))
                if case .part(let partX, let partY, let width, let height) = block {
                    Self.extend(&blocks, Rect(color: ink, x: x + partX, y: y + partY, width: width, height: height))
                }
                // Text: continuation cells belong to their lead; spaces and blocks end or pad runs.
                if cell.isContinuation { continue }
                let isSpace = cell.glyph == 0x20 && cell.attributes.isDisjoint(with: [.underline, .strikethrough])
                if isSpace || block != nil {
                    if isSpace, run != nil {
                        pendingSpaces += 1
                    } else {
                        Self.close(&run, into: &texts)
                        pendingSpaces = 0
                    }
                    continue
                }
                let text = String(GlyphTable.shared.character(for: cell.glyph))
                let width = Int(max(cell.width, 1))
                let placement: Placement = width == 1 && text.unicodeScalars.count == 1 ? .stretched : .centred
                let attributes = cell.attributes.subtracting(.reverse)
                if var current = run, current.color == ink, current.attributes == attributes,
                    current.placement == placement, pendingSpaces == 0 || placement == .stretched
                {
                    // Spaces inside a stretched run are kept as spaces (one cell each).
                    if let last = current.clusters.last {
                        for offset in 0..<pendingSpaces {
                            current.clusters.append((" ", last.column + last.width + offset, 1))
                        }
                    }
                    current.clusters.append((text, column, width))
                    run = current
                } else {
                    Self.close(&run, into: &texts)
                    run = TextRun(
                        row: row, column: column, clusters: [(text, column, width)], color: ink,
                        attributes: attributes, placement: placement)
                }
                pendingSpaces = 0
            }
            Self.close(&run, into: &texts)
        }
        self.backgrounds = Self.mergedVertically(backgrounds.filter { $0.color != background })
        self.blocks = Self.mergedVertically(blocks)
    }

    /// What a block element fills of its cell.
    enum BlockPart: Equatable {
        /// The full block █: the whole cell.
        case full
        /// A part, in eighths of the cell.
        case part(x: Int, y: Int, width: Int, height: Int)
    }

    /// The part of its cell a block element fills, nil for any other glyph: lower eighths ▁…▇
    /// fill from the bottom, left eighths ▏…▉ from the left; the upper half ▀ and eighth ▔, the
    /// right half ▐ and eighth ▕ likewise.
    static func blockPart(of glyph: UInt32) -> BlockPart? {
        switch glyph {
        case 0x2588: return .full
        case 0x2581...0x2587:
            let eighths = Int(glyph - 0x2580)
            return .part(x: 0, y: 8 - eighths, width: 8, height: eighths)
        case 0x2589...0x258F: return .part(x: 0, y: 0, width: Int(0x2590 - glyph), height: 8)
        case 0x2580: return .part(x: 0, y: 0, width: 8, height: 4)
        case 0x2594: return .part(x: 0, y: 0, width: 8, height: 1)
        case 0x2590: return .part(x: 4, y: 0, width: 4, height: 8)
        case 0x2595: return .part(x: 7, y: 0, width: 1, height: 8)
        default: return nil
        }
    }

    /// Appends `rect`, or widens the last rectangle when `rect` continues it on the right.
    private static func extend(_ rects: inout [Rect], _ rect: Rect) {
        if let last = rects.last, last.color == rect.color, last.y == rect.y, last.height == rect.height,
            last.x + last.width == rect.x
        {
            rects[rects.count - 1].width += rect.width
        } else {
            rects.append(rect)
        }
    }

    /// Merges rectangles of one colour, column span and x that touch vertically; sorted by colour,
    /// then x, width and y.
    private static func mergedVertically(_ rects: [Rect]) -> [Rect] {
        var merged: [Rect] = []
        for rect in rects.sorted() {
            if let last = merged.last, last.color == rect.color, last.x == rect.x, last.width == rect.width,
                last.y + last.height == rect.y
            {
                merged[merged.count - 1].height += rect.height
            } else {
                merged.append(rect)
            }
        }
        return merged
    }

    private static func close(_ run: inout TextRun?, into texts: inout [TextRun]) {
        if let finished = run { texts.append(finished) }
        run = nil
    }
}
