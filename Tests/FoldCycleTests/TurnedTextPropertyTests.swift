import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Text on turned faces stays text (docs/DESIGN.md#text-on-turned-faces), over seeded random
/// cards, sizes, cell aspects, directions and times, for the cube and the flip:
/// - every destination row's glyphs from each card are a subsequence of one of that card's
///   source rows (none duplicated, none reordered, no two source rows mixed in one row);
/// - nothing is drawn outside the card: the faces, composed into a larger buffer, leave every
///   cell around the card untouched, and every visible face's projected corners lie inside the
///   card's `W × H` cells;
/// - wide clusters are whole: every lead is followed by its continuation and every wide glyph
///   drawn is one of the card's.
@Suite("Text on turned faces: properties")
struct TurnedTextPropertyTests {
    /// The outgoing card's glyphs and the incoming card's: disjoint, so a glyph tells its card.
    static let outgoingAlphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz0123456789一二三四五六七八九十百千万") + ["é", "👍🏽"]
    static let incomingAlphabet: [Character] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ甲乙丙丁戊己庚辛壬癸カキクケコ") + ["Ñ", "🎴"]
    static let margin = 3

    /// A card of up to `rows` lines, each at most `columns` cells, every glyph used once.
    static func card(_ alphabet: [Character], columns: Int, rows: Int, _ random: inout SeededGenerator) -> String {
        var pool = alphabet
        var lines: [String] = []
        for _ in 0..<(1 + random.below(max(rows, 1))) {
            var line = ""
            var width = 0
            let target = random.below(max(columns, 1) + 1)
            while width < target, !pool.isEmpty {
                let glyph = pool.remove(at: random.below(pool.count))
                let glyphWidth = DisplayWidth.of(String(glyph))
                if width + glyphWidth > target { break }
                // A space now and then, never two in a row.
                if !line.isEmpty && line.last != " " && random.below(5) == 0 && width + 1 < target {
                    line.append(" ")
                    width += 1
                }
                line.append(glyph)
                width += glyphWidth
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The glyphs of one row of cells, left to right: lead and narrow cells other than spaces,
    /// block elements and the clear cell's "·".
    static func glyphs(_ buffer: CellBuffer, row: Int, columns: Range<Int>) -> [Character] {
        columns.compactMap { x in
            let cell = buffer[x, row]
            guard cell.width > 0, cell.glyph != 0x20, cell.glyph != 0xB7, !(0x2581...0x258F).contains(cell.glyph)
            else { return nil }
            return GlyphTable.shared.character(for: cell.glyph)
        }
    }

    static func isSubsequence(_ part: [Character], of whole: [Character]) -> Bool {
        var index = whole.startIndex
        for glyph in part {
            guard let found = whole[index...].firstIndex(of: glyph) else { return false }
            index = whole.index(after: found)
        }
        return true
    }

    @Test("over seeded random cubes and flips: rows stay rows, nothing outside the card, clusters whole")
    func randomFrames() {
        var random = SeededGenerator(seed: 0x9E37_2026_0009)
        let kinds: [TransitionKind] = [.cube, .flip]
        let aspects = [0.5, 1, 1.5, 2, 2.5, 4]
        for trial in 0..<600 {
            let columns = 2 + random.below(44)
            let rows = 1 + random.below(12)
            let aspect = aspects[random.below(aspects.count)]
            let kind = kinds[random.below(kinds.count)]
            let direction = TransitionDirection.allCases[random.below(4)]
            let t =
                random.below(4) == 0 ? [0, 0.25, 0.5, 0.75, 1][random.below(5)] : Double(random.below(10_001)) / 10_000
            let timing: TimingFunction = random.below(2) == 0 ? .linear : .easeInEaseOut
            let outgoingText = Self.card(Self.outgoingAlphabet, columns: columns - 2, rows: rows, &random)
            let incomingText = Self.card(Self.incomingAlphabet, columns: columns - 2, rows: rows, &random)
            let label = "trial \(trial): \(kind) \(direction) \(columns)×\(rows) r=\(aspect) t=\(t)"

            let size = TerminalSize(columns: columns, rows: rows)
            var scene = CardScene(cardSize: size, cellAspect: aspect)
            let outgoing = scene.slotContent(index: 0, text: outgoingText)
            let incoming = scene.slotContent(index: 1, text: incomingText)
            let frame = TransitionStyle(kind: kind, direction: direction, timingFunction: timing)
                .transition(slotSize: LayerSize(width: columns, height: rows), cellAspect: aspect).frame(
                    atFractionComplete: t)

            // The visible faces' corners lie inside the card.
            for slot in frame.slots where slot.isVisible {
                guard case .projective(let transform, _) = slot.geometry else { continue }
                let (w, h) = (Double(columns) / 2, Double(rows) * aspect / 2)
                for (x, y) in [(-w, -h), (w, -h), (w, h), (-w, h)] {
                    guard let p = transform.project(x: x, y: y) else {
                        Issue.record("\(label): a corner of the \(slot.role) face is behind the eye")
                        continue
                    }
                    #expect(abs(p.x) <= w + 1e-9 && abs(p.y) <= h + 1e-9, "\(label): \(slot.role) corner \(p)")
                }
            }

            // The faces composed into a larger buffer, the card at (margin, margin).
            let layers = frame.slots.filter(\.isVisible).map { slot in
                Layer(
                    content: slot.role == .outgoing ? outgoing : incoming, geometry: slot.geometry, alpha: slot.alpha,
                    background: scene.style.textStyle(forItemAt: slot.role == .outgoing ? 0 : 1).background,
                    origin: CellPosition(column: Self.margin, row: Self.margin))
            }
            let clear = Cell("·")
            var destination = CellBuffer(width: 0, height: 0)
            Compositor(clearCell: clear).composite(
                layers, width: columns + 2 * Self.margin, height: rows + 2 * Self.margin, into: &destination)
            let cardColumns = Self.margin..<(Self.margin + columns)
            let cardRows = Self.margin..<(Self.margin + rows)
            for y in 0..<destination.height {
                for x in 0..<destination.width where !(cardColumns.contains(x) && cardRows.contains(y)) {
                    #expect(destination[x, y] == clear, "\(label): drawn outside the card at (\(x), \(y))")
                }
            }

            // Rows stay rows: each card's glyphs in a row are a subsequence of one of its rows.
            let sources: [(alphabet: Set<Character>, rows: [[Character]])] = [
                (Set(Self.outgoingAlphabet), (0..<rows).map { Self.glyphs(outgoing, row: $0, columns: 0..<columns) }),
                (Set(Self.incomingAlphabet), (0..<rows).map { Self.glyphs(incoming, row: $0, columns: 0..<columns) }),
            ]
            var seen = Set<Character>()
            for y in cardRows {
                let drawn = Self.glyphs(destination, row: y, columns: cardColumns)
                // Each glyph once; the "…" that ends a line cut short may end several.
                for glyph in drawn where glyph != "…" {
                    #expect(seen.insert(glyph).inserted, "\(label): '\(glyph)' drawn twice")
                }
                for source in sources {
                    let part = drawn.filter { source.alphabet.contains($0) }
                    guard !part.isEmpty else { continue }
                    #expect(
                        source.rows.contains { Self.isSubsequence(part, of: $0) },
                        "\(label): row \(y - Self.margin) shows \(String(part)), not a subsequence of one source row")
                }
                #expect(
                    drawn.allSatisfy {
                        sources[0].alphabet.contains($0) || sources[1].alphabet.contains($0) || $0 == "…"
                    },
                    "\(label): row \(y - Self.margin) shows a glyph from neither card: \(String(drawn))")
            }

            // Wide clusters are whole.
            for y in 0..<destination.height {
                for x in 0..<destination.width {
                    let cell = destination[x, y]
                    if cell.width == 2 {
                        #expect(
                            x + 1 < destination.width && destination[x + 1, y].width == 0,
                            "\(label): lead at (\(x), \(y)) without its continuation")
                    } else if cell.width == 0 {
                        #expect(
                            x > 0 && destination[x - 1, y].width == 2,
                            "\(label): continuation at (\(x), \(y)) without its lead")
                    }
                }
            }
        }
    }
}
