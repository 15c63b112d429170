import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// Clusters whose width terminals disagree on (docs/DESIGN.md#disputed-widths): which they are,
/// the bytes that draw one, and, against a terminal model that measures scalar by scalar (tmux
/// and pyte's way: 👍🏽 in 4 cells, ❤️ in 1, ⌚︎ in 2), that every other cell stays exactly where
/// it belongs after full frames and diffs alike.
@Suite("Disputed widths")
struct DisputedWidthTests {
    /// VS16 after a narrow base, a skin tone, a ZWJ sequence, a flag, a keycap, VS15 after a
    /// wide base, a family.
    static let disputed: [Character] = [
        "\u{2764}\u{FE0F}", "\u{1F44D}\u{1F3FD}", "\u{1F469}\u{200D}\u{1F4BB}", "\u{1F1EF}\u{1F1F5}",
        "#\u{FE0F}\u{20E3}", "\u{231A}\u{FE0E}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
    ]

    @Test(
        "which clusters are disputed",
        arguments: [
            ("\u{2764}\u{FE0F}", true), ("\u{1F44D}\u{1F3FD}", true), ("\u{1F469}\u{200D}\u{1F4BB}", true),
            ("\u{1F1EF}\u{1F1F5}", true), ("\u{1F1EF}", true), ("#\u{FE0F}\u{20E3}", true), ("\u{231A}\u{FE0E}", true),
            ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", true), ("e\u{301}", false),
            ("\u{1100}\u{1161}", false), ("a", false), ("你", false), ("\u{1F600}", false), ("\u{2764}", false),
            ("\u{0915}\u{093F}", false),
        ] as [(Character, Bool)])
    func isDisputed(_ cluster: Character, _ expected: Bool) {
        #expect(DisplayWidth.isDisputed(cluster) == expected)
        #expect(GlyphTable.isDisputed(GlyphTable.shared.id(for: cluster)) == expected)
    }

    @Test("a disputed cluster: autowrap off, its two cells erased, then drawn, the next cell placed from column 0")
    func bytes() {
        var buffer = CellBuffer(width: 5, height: 1)
        buffer.drawLine("a❤️bc", row: 0)
        var encoder = ANSIEncoder(mode: .inline, depth: .none)
        var bytes: [UInt8] = []
        encoder.encodeFull(buffer, into: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[?2026h\u{1B}[0ma\u{1B}[?7l\u{1B}[2X\u{2764}\u{FE0F}\r\u{1B}[3Cbc\u{1B}[?7h\u{1B}[0m\u{1B}[?2026l"
        )
    }

    @Test(
        "tmux-like and pyte-like terminals: every other cell in place, in full frames", arguments: disputed)
    func fullFrame(_ cluster: Character) {
        var buffer = CellBuffer(width: 12, height: 2)
        buffer.drawLine("ab\(cluster)cdefgh", row: 0)
        buffer.drawLine("\(cluster)\(cluster)x", row: 1)
        for widths in [VTModel.Widths.cluster, .perScalar] {
            var encoder = ANSIEncoder(mode: .inline, depth: .truecolor)
            var bytes: [UInt8] = []
            encoder.encodeFull(buffer, into: &bytes)
            var model = VTModel(width: 12, height: 2, widths: widths)
            model.apply(bytes)
            #expect(model.errors == [], "\(widths)")
            #expect(Self.undisputed(model, buffer) == Self.undisputed(buffer), "\(widths) \(model.lines)")
            #expect(model.autowrap)
        }
    }

    /// The choice for a ZWJ sequence a terminal does not join (docs/DESIGN.md#disputed-widths,
    /// issue 21 point 6): the whole sequence is sent in its two cells; a joining terminal shows
    /// it, one that draws its emoji one by one (xterm, alacritty, kitty 0.26, VTE 0.70) shows its
    /// first emoji there, the rest overwritten by the cells after it, the row aligned.
    @Test("👩‍💻: sent whole; a terminal that joins shows it, one that does not shows 👩, the row aligned")
    func unjoinedSequence() {
        let sequence: Character = "\u{1F469}\u{200D}\u{1F4BB}"
        var buffer = CellBuffer(width: 8, height: 1)
        buffer.drawLine("ab\(sequence)cdef", row: 0)
        var encoder = ANSIEncoder(mode: .inline, depth: .none)
        var bytes: [UInt8] = []
        encoder.encodeFull(buffer, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2X\(sequence)"))
        var joining = VTModel(width: 8, height: 1, widths: .cluster)
        joining.apply(bytes)
        #expect(joining.errors == [])
        #expect(joining.cells.map(\.text) == ["a", "b", "\(sequence)", "", "c", "d", "e", "f"])
        var unjoining = VTModel(width: 8, height: 1, widths: .perScalar)
        unjoining.apply(bytes)
        #expect(unjoining.errors == [])
        #expect(unjoining.cells.map(\.text) == ["a", "b", "\u{1F469}\u{200D}", "", "c", "d", "e", "f"])
        #expect(unjoining.cells.map(\.width) == [1, 1, 2, 0, 1, 1, 1, 1])
    }

    @Test("disputed clusters at the right margin never wrap, scroll or leave a cell behind", arguments: disputed)
    func rightMargin(_ cluster: Character) {
        var buffer = CellBuffer(width: 6, height: 2)
        buffer.drawLine("abcd\(cluster)", row: 1)
        for (terminalWidth, beyond) in [(6, false), (9, true)] {
            var region = TerminalRegion(placement: .inline, depth: .none)
            region.terminalColumns = terminalWidth
            var bytes: [UInt8] = []
            region.begin(into: &bytes)
            var model = VTModel(width: terminalWidth, height: 2, widths: .perScalar)
            // Stale content right of the frame, as a wider terminal may show.
            model.apply(Array("\r\n\u{1B}[A".utf8))
            region.draw(buffer, into: &bytes)
            model.apply(bytes)
            #expect(model.errors == [], "\(terminalWidth)")
            #expect(model.lines[1].hasPrefix("abcd"), "\(model.lines)")
            if beyond {
                #expect(model.lines[1].hasSuffix("   "), "the overflow past the frame is erased: \(model.lines)")
            }
        }
    }

    @Test("diffs over a tmux-like terminal: 400 seeded pairs leave every undisputed cell right")
    func seededDiffs() {
        var random = SeededGenerator(seed: 0xD15_9A7ED)
        let alphabet: [Character] = ["a", "b", " ", "你", "e\u{301}"] + Self.disputed
        for iteration in 0..<400 {
            let width = 4 + random.below(12)
            let height = 1 + random.below(3)
            let depth = ColorDepth.allCases[iteration % ColorDepth.allCases.count]
            let mode: ANSIEncoder.Mode = iteration % 2 == 0 ? .inline : .absolute(originRow: 0, originColumn: 0)
            let a = Self.random(&random, alphabet: alphabet, width: width, height: height)
            let b =
                random.below(3) == 0
                ? Self.random(&random, alphabet: alphabet, width: width, height: height)
                : Self.edit(a, &random, alphabet: alphabet)
            var encoder = ANSIEncoder(mode: mode, depth: depth)
            // Inline regions narrower than the terminal own the columns right of the frame.
            let beyond = iteration % 4 == 0 ? 6 : 0
            encoder.columnsBeyondFrame = beyond > 0
            var bytes: [UInt8] = []
            encoder.encodeFull(a, into: &bytes)
            encoder.encodeDiff(previous: a, current: b, into: &bytes)
            var model = VTModel(width: width + beyond, height: height, widths: .perScalar)
            model.apply(bytes)
            #expect(model.errors == [], "iteration \(iteration)")
            #expect(Self.undisputed(model, b) == Self.undisputed(b), "iteration \(iteration): \(model.lines)")
            for line in model.lines where beyond > 0 {
                #expect(line.suffix(beyond).allSatisfy { $0 == " " }, "iteration \(iteration): \(model.lines)")
            }
            if Self.undisputed(model, b) != Self.undisputed(b) { break }
        }
    }

    // MARK: - Helpers

    /// The buffer's rows with every disputed cluster's cells masked (`·` per cell).
    static func undisputed(_ buffer: CellBuffer) -> [String] {
        (0..<buffer.height).map { y in
            var row = ""
            var x = 0
            while x < buffer.width {
                let cell = buffer[x, y]
                let width = max(Int(cell.width), 1)
                if GlyphTable.isDisputed(cell.glyph) {
                    row += String(repeating: "·", count: width)
                } else {
                    row += String(GlyphTable.shared.character(for: cell.glyph))
                    if width == 2 { row += "_" }
                }
                x += width
            }
            return row
        }
    }

    /// What the model shows in the columns the buffer's undisputed clusters occupy (masked
    /// elsewhere), in the same form.
    static func undisputed(_ model: VTModel, _ buffer: CellBuffer) -> [String] {
        (0..<buffer.height).map { y in
            var row = ""
            var x = 0
            while x < buffer.width {
                let cell = buffer[x, y]
                let width = max(Int(cell.width), 1)
                if GlyphTable.isDisputed(cell.glyph) {
                    row += String(repeating: "·", count: width)
                } else {
                    let shown = model.cells[y * model.width + x]
                    row += shown.width == width ? shown.text : "?\(shown.text)"
                    if width == 2 { row += "_" }
                }
                x += width
            }
            return row
        }
    }

    static func random(_ random: inout SeededGenerator, alphabet: [Character], width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for y in 0..<height {
            var line = ""
            for _ in 0..<width { line.append(alphabet[random.below(alphabet.count)]) }
            buffer.drawLine(line, row: y, background: RandomFrames.colours[random.below(4)])
        }
        return buffer
    }

    static func edit(_ buffer: CellBuffer, _ random: inout SeededGenerator, alphabet: [Character]) -> CellBuffer {
        var result = buffer
        for _ in 0..<(1 + random.below(4)) {
            let y = random.below(buffer.height)
            let x = random.below(buffer.width)
            let cell = Cell(alphabet[random.below(alphabet.count)], background: RandomFrames.colours[1])
            if cell.width == 2 && x + 1 >= buffer.width { continue }
            result[x, y] = cell
            if cell.width == 2 { result[x + 1, y] = .continuation(of: cell) }
        }
        result.normalizeWideClusters()
        return result
    }
}

extension CellBuffer {
    /// Lays `text` out from column 0 of `row` in one background, clusters as ``Cell`` measures
    /// them, clipped at the right edge (a wide cluster that does not fit is dropped).
    mutating func drawLine(_ text: String, row: Int, background: TerminalColor = .default) {
        var x = 0
        for character in text {
            let cell = Cell(character, background: background)
            guard x + Int(cell.width) <= width else { break }
            self[x, row] = cell
            if cell.width == 2 { self[x + 1, row] = .continuation(of: cell) }
            x += Int(cell.width)
        }
    }
}

/// The frame-hash baseline's emoji frames, whose bytes changed with the disputed-width drawing,
/// replayed through the VT model: every frame of every direction and encoder shows exactly the
/// composed frame (a terminal that agrees with our widths), and every undisputed cell of it in a
/// terminal that measures scalar by scalar.
@Suite("Disputed widths: the baseline's emoji frames replay exactly", .tags(.slow))
struct DisputedReplayTests {
    @Test("every frame, direction, size and encoder", arguments: FrameHashFrames.directions)
    func replay(_ direction: TransitionDirection) {
        let items = FrameHashTests.itemSets.first { $0.name == "emoji" }?.items ?? []
        for size in FrameHashTests.sizes {
            let frames = FrameHashFrames.compose(
                items: items, size: size, direction: direction, frames: FrameHashTests.frameCount)
            for (placement, full) in [(RegionPlacement.inline, false), (.inline, true), (.fullscreen, false)] {
                for widths in [VTModel.Widths.cluster, .perScalar] {
                    var region = TerminalRegion(placement: placement, depth: .truecolor)
                    var model = VTModel(width: size.columns, height: size.rows, widths: widths)
                    var bytes: [UInt8] = []
                    region.begin(into: &bytes)
                    for (index, frame) in frames.enumerated() {
                        if full { region.forgetFrame() }
                        region.draw(frame, into: &bytes)
                        model.apply(bytes)
                        bytes.removeAll()
                        let label = "\(size) \(placement) full=\(full) \(widths) frame \(index)"
                        #expect(model.errors == [], "\(label)")
                        if widths == .cluster {
                            #expect(model.lines == PlainTextEncoder.lines(frame), "\(label)")
                        } else {
                            #expect(
                                DisputedWidthTests.undisputed(model, frame) == DisputedWidthTests.undisputed(frame),
                                "\(label)")
                        }
                    }
                }
            }
        }
    }
}
