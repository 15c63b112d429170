import FoldCycleCore
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Text on scaled and turned faces reads as the source text (docs/DESIGN.md#text-on-turned-faces,
/// issue 21 point 5), over seeded random cards, sizes, alignments, cell aspects, directions and
/// times, for every transition and for the deck's stacked cards at rest:
/// - every visible run of glyphs (a row's cells between edge blocks, one card's glyphs) is a
///   contiguous part of one of its card's lines, allowing an "…" at either end; never a sampled
///   subsequence;
/// - a stacked card at rest (scaled, `1 − p · step`) shows every line whose glyphs fit in the
///   columns it covers, whole, in order; a line that does not fit shows its start and "…".
@Suite("Text on scaled and turned faces: laid out, not sampled")
struct LaidOutTextPropertyTests {
    static let outgoingWords = ["search", "by", "name", "or", "email", "curve", "折叠", "カード", "é", "👍🏽", "x", "42"]
    static let incomingWords = ["WHICH", "DOES", "UIVIEW", "ANIMATE", "A", "漢字", "전환", "Ñ", "🎴", "Q7"]
    static let outgoingAlphabet = Set(outgoingWords.flatMap { Array($0) })
    static let incomingAlphabet = Set(incomingWords.flatMap { Array($0) })

    /// Up to `rows` lines of words, each at most about `columns` cells (layout cuts longer ones).
    static func card(_ words: [String], columns: Int, rows: Int, _ random: inout SeededGenerator) -> String {
        (0..<(1 + random.below(max(rows, 1)))).map { _ in
            var line = ""
            let target = 1 + random.below(max(columns + 4, 1))
            while DisplayWidth.of(line) < target {
                if !line.isEmpty { line += " " }
                line += words[random.below(words.count)]
            }
            return line
        }.joined(separator: "\n")
    }

    /// The card's lines as its laid-out content holds them: each row's clusters, trimmed.
    static func lines(_ content: CellBuffer) -> [String] {
        (0..<content.height).map { y in
            String((0..<content.width).compactMap { x in content[x, y].width > 0 ? content[x, y].character : nil })
                .trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    /// The runs of one row: cells between edge blocks (U+2581...U+258F), cut where the glyphs
    /// change card, spaces trimmed; each with the card its glyphs come from (0 outgoing, 1
    /// incoming). Runs of only "…" and spaces are left out.
    static func runs(_ buffer: CellBuffer, row y: Int) -> [(card: Int, text: String)] {
        var result: [(card: Int, text: String)] = []
        var current = ""
        var card: Int? = nil
        func flush() {
            let text = current.trimmingCharacters(in: .whitespaces)
            if let card, !text.isEmpty { result.append((card, text)) }
            current = ""
            card = nil
        }
        for x in 0..<buffer.width {
            let cell = buffer[x, y]
            guard cell.width > 0 else { continue }
            if (0x2581...0x258F).contains(cell.glyph) {
                flush()
                continue
            }
            let character = cell.character
            let owner: Int? =
                outgoingAlphabet.contains(character) ? 0 : incomingAlphabet.contains(character) ? 1 : nil
            if let owner, let known = card, owner != known { flush() }
            if let owner { card = owner }
            current.append(character)
        }
        flush()
        return result
    }

    /// Whether `run` is a contiguous part of one of `lines`, allowing an "…" at either end.
    static func isPart(_ run: String, of lines: [String]) -> Bool {
        var core = Substring(run)
        if core.hasSuffix("…") { core = core.dropLast() }
        if core.hasPrefix("…") { core = core.dropFirst() }
        let text = String(core).trimmingCharacters(in: .whitespaces)
        return lines.contains { $0.contains(text) }
    }

    @Test("every transition, seeded: every visible run is a contiguous part of one source line")
    func everyTransition() {
        var random = SeededGenerator(seed: 0x2026_0021_0005)
        let aspects = [1.0, 2, 2.5]
        let alignments: [HorizontalAlignment] = [.left, .center, .right]
        var runsChecked = 0
        for trial in 0..<1_400 {
            let columns = 3 + random.below(40)
            let rows = 1 + random.below(7)
            let aspect = aspects[random.below(aspects.count)]
            let kind = TransitionKind.allCases[trial % TransitionKind.allCases.count]
            let direction = TransitionDirection.allCases[random.below(4)]
            let alignment = alignments[random.below(3)]
            let t =
                random.below(4) == 0 ? [0, 0.25, 0.5, 0.75, 1][random.below(5)] : Double(random.below(10_001)) / 10_000
            let outgoingText = Self.card(Self.outgoingWords, columns: columns, rows: rows, &random)
            let incomingText = Self.card(Self.incomingWords, columns: columns, rows: rows, &random)
            let label = "trial \(trial): \(kind) \(direction) \(columns)×\(rows) r=\(aspect) \(alignment) t=\(t)"

            var scene = CardScene(
                cardSize: TerminalSize(columns: columns, rows: rows), style: CardStyle(alignment: alignment),
                cellAspect: aspect)
            let sources = [
                Self.lines(scene.slotContent(index: 0, text: outgoingText)),
                Self.lines(scene.slotContent(index: 1, text: incomingText)),
            ]
            let frame = TransitionStyle(kind: kind, direction: direction)
                .transition(slotSize: LayerSize(width: columns, height: rows), cellAspect: aspect)
                .frame(atFractionComplete: t)
            var buffer = CellBuffer(width: 0, height: 0)
            scene.render(frame, outgoing: (0, outgoingText), incoming: (1, incomingText), into: &buffer)
            for y in 0..<buffer.height {
                for run in Self.runs(buffer, row: y) {
                    runsChecked += 1
                    #expect(
                        Self.isPart(run.text, of: sources[run.card]),
                        "\(label): row \(y) shows '\(run.text)', not a contiguous part of a line of \(sources[run.card])"
                    )
                }
            }
        }
        #expect(runsChecked > 3_000)
    }

    /// The columns (or rows) `[low, high]` covers whole, as the compositor rounds (8/8).
    static func covered(_ low: Double, _ high: Double) -> Int {
        (Int(low.rounded(.down))..<Int(high.rounded(.up))).filter { c in
            (min(high, Double(c + 1)) - max(low, Double(c))) * 8 >= 7.5
        }.count
    }

    @Test("the deck's stacked cards at rest, seeded: every line that fits is whole, in order")
    func stackedCardsAtRest() {
        var random = SeededGenerator(seed: 0x2026_0021_0006)
        let alignments: [HorizontalAlignment] = [.left, .center, .right]
        var linesChecked = 0
        for trial in 0..<300 {
            let columns = 8 + random.below(60)
            let rows = 3 + random.below(8)
            let aspect = [1.0, 2, 2.5][random.below(3)]
            let visible = 2 + random.below(4)
            let alignment = alignments[random.below(3)]
            let text = Self.card(Self.outgoingWords, columns: columns - 2, rows: rows - 2, &random)
            let metrics = CardMetrics(columns: columns, rows: rows, cellAspect: aspect)
            let layout = StackLayout(metrics: metrics, visibleCount: visible)
            var scene = CardScene(
                cardSize: TerminalSize(columns: columns, rows: rows), style: CardStyle(alignment: alignment),
                cellAspect: aspect)
            let content = scene.slotContent(index: 0, text: text)
            let source = Self.lines(content)
            for position in 1..<visible {
                let transform = layout.pose(atPosition: position).layerTransform(metrics: metrics)
                let label =
                    "trial \(trial): \(columns)×\(rows) r=\(aspect) \(alignment) position \(position) \(transform)"
                let margin = 2
                let layer = Layer(
                    content: content, transform: transform, background: content[0, 0].background,
                    origin: CellPosition(column: margin, row: margin))
                var buffer = CellBuffer(width: 0, height: 0)
                // Room below for the places' peeking rows.
                Compositor().composite(
                    [layer], width: columns + 2 * margin, height: rows + 2 * margin + visible, into: &buffer)
                let (centreX, centreY) = (Double(margin) + Double(columns) / 2, Double(margin) + Double(rows) / 2)
                let (a, d) = (Double(transform.a), Double(transform.d))
                let width = Self.covered(
                    centreX + Double(transform.tx) - a * Double(columns) / 2,
                    centreX + Double(transform.tx) + a * Double(columns) / 2)
                let height = Self.covered(
                    centreY + Double(transform.ty) - d * Double(rows) / 2,
                    centreY + Double(transform.ty) + d * Double(rows) / 2)
                // The rows from the first line of text to the last fit (blank lines between count).
                let textRows = (0..<rows).filter { y in (0..<columns).contains { content[$0, y].glyph != 0x20 } }
                guard let first = textRows.first, let last = textRows.last, last - first + 1 <= height else {
                    continue
                }
                let shown = Self.lines(buffer).map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "▁▂▃▄▅▆▇█▏▎▍▌▋▊▉ "))
                }
                .filter { !$0.isEmpty }
                #expect(shown.count == source.count, "\(label): \(shown) for \(source)")
                for (line, drawn) in zip(source, shown) {
                    linesChecked += 1
                    if DisplayWidth.of(line) <= width {
                        #expect(drawn == line, "\(label): '\(line)' fits in \(width) columns, drawn '\(drawn)'")
                    } else {
                        #expect(
                            drawn.hasSuffix("…") && line.hasPrefix(drawn.dropLast())
                                && DisplayWidth.of(drawn) <= width,
                            "\(label): '\(line)' is wider than \(width) columns, drawn '\(drawn)'")
                    }
                }
            }
        }
        #expect(linesChecked > 300)
    }

    @Test("LineFit: a line that fits is whole about its projected centre; a longer one is cut with …")
    func lineFit() {
        let cells: [Cell] = "ab 一c".map { Cell($0) }.flatMap { (cell: Cell) -> [Cell] in
            cell.width == 2 ? [cell, .continuation(of: cell)] : [cell]
        }
        cells.withUnsafeBufferPointer { line in
            #expect(line.count == 6)
            #expect(LineFit.fit(line: line, runLength: 10, centre: 5) == LineFit(start: 2, shown: 6, ellipsis: false))
            #expect(LineFit.fit(line: line, runLength: 10, centre: 0) == LineFit(start: 0, shown: 6, ellipsis: false))
            #expect(LineFit.fit(line: line, runLength: 10, centre: 40) == LineFit(start: 4, shown: 6, ellipsis: false))
            #expect(LineFit.fit(line: line, runLength: 6, centre: 1) == LineFit(start: 0, shown: 6, ellipsis: false))
            // 4 cells before the "…": "ab " ends in a space, dropped; the wide 一 would need 5.
            #expect(LineFit.fit(line: line, runLength: 5, centre: 2) == LineFit(start: 0, shown: 2, ellipsis: true))
            #expect(LineFit.fit(line: line, runLength: 6 - 1, centre: 0).shown == 2)
            // No lone "…": a run with room for no cluster before it shows nothing.
            #expect(LineFit.fit(line: line, runLength: 1, centre: 0) == LineFit(start: 0, shown: 0, ellipsis: false))
            #expect(LineFit.fit(line: line, runLength: 2, centre: 0) == LineFit(start: 0, shown: 1, ellipsis: true))
            var run = [Cell](repeating: .blank, count: 5)
            run.withUnsafeMutableBufferPointer { run in
                LineFit.fit(line: line, runLength: 5, centre: 2).write(
                    line: line, into: run.baseAddress!, runLength: 5, blank: .blank)
            }
            #expect(String(run.map(\.character)) == "ab…  ")
        }
    }
}
