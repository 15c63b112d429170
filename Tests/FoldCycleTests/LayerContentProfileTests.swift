import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// `LayerContentProfile`, a layer's content read once and reused every frame: what it records,
/// that a layer drops it when its content changes, and that a draw with it gives exactly the cells
/// of a draw without it.
@Suite("Layer content profile")
struct LayerContentProfileTests {
    static let red = TerminalColor.rgb(RGBColor(red: 200, green: 0, blue: 0))
    static let blue = TerminalColor.rgb(RGBColor(red: 0, green: 0, blue: 200))
    static let wide = Cell(glyph: 0x4E00, width: 2, foreground: red, background: blue)

    @Test("records the glyphs to place row by row, the one background and canonical clusters")
    func knownContent() {
        // (The colour pairs: the glyphs' default foreground on blue, and blue on blue below.)
        var content = CellBuffer(width: 6, height: 3, filling: .space(background: Self.blue))
        content[0, 0] = Cell(glyph: 0x61, background: Self.blue)
        content[1, 0] = Self.wide
        content[2, 0] = .continuation(of: Self.wide)
        // A plain space is not placed; an underlined one shows and is.
        content[4, 0] = Cell(glyph: 0x20, background: Self.blue, attributes: .underline)
        content[5, 2] = Cell(glyph: 0x62, background: Self.blue)
        let profile = LayerContentProfile(content)
        #expect(profile.width == 6)
        #expect(profile.height == 3)
        #expect(
            profile.glyphs == [
                .init(column: 0, isWide: false), .init(column: 1, isWide: true), .init(column: 4, isWide: false),
                .init(column: 5, isWide: false),
            ])
        #expect(profile.rowStarts == [0, 3, 3, 4])
        #expect(profile.uniformBackground == Self.blue.packed)
        #expect(profile.canonicalClusters)
        let spaceKey = LayerContentProfile.colourKey(.space(background: Self.blue))
        #expect(profile.colourKeys?.first == spaceKey)
        #expect(profile.colourKeys?.second == LayerContentProfile.colourKey(Self.wide))

        content[3, 1] = .space(background: Self.red)
        #expect(LayerContentProfile(content).uniformBackground == nil)
        // Three pairs: no keys.
        #expect(LayerContentProfile(content).colourKeys == nil)
        // One pair: both the same.
        let plain = LayerContentProfile(CellBuffer(width: 2, height: 2, filling: .space(background: Self.red)))
        let redKey = LayerContentProfile.colourKey(.space(background: Self.red))
        #expect(plain.colourKeys?.first == redKey)
        #expect(plain.colourKeys?.second == redKey)
    }

    /// A row of 4 cells: what breaks the canonical form of wide clusters.
    static let rows: [(name: String, cells: [Cell], canonical: Bool)] = [
        ("narrow cells", [.blank, .blank, .blank, .blank], true),
        ("a whole cluster", [.blank, wide, .continuation(of: wide), .blank], true),
        ("a lead followed by a narrow cell", [.blank, wide, .blank, .blank], false),
        ("a continuation with no lead", [.blank, .continuation(of: wide), .blank, .blank], false),
        ("a continuation in other colours", [wide, .continuation(of: .blank), .blank, .blank], false),
        ("a lead in the last column", [.blank, .blank, .blank, wide], false),
        ("a width of 3", [.blank, Cell(glyph: 0x61, width: 3), .blank, .blank], false),
    ]

    @Test("canonical clusters", arguments: rows.indices)
    func canonicalClusters(row: Int) {
        let (name, cells, canonical) = Self.rows[row]
        var content = CellBuffer(width: 4, height: 1)
        for (x, cell) in cells.enumerated() { content[x, 0] = cell }
        #expect(LayerContentProfile(content).canonicalClusters == canonical, "\(name)")
    }

    @Test("a layer drops its profile when its content changes; equality ignores it")
    func contentChangeDropsProfile() {
        let content = CellBuffer(width: 3, height: 2, filling: .space(background: Self.blue))
        var layer = Layer(content: content)
        layer.contentProfile = LayerContentProfile(content)
        let plain = Layer(content: content)
        #expect(layer == plain)
        #expect(layer.hashValue == plain.hashValue)
        layer.alpha = 0.5
        #expect(layer.contentProfile != nil)
        layer.content[1, 1] = Self.wide
        #expect(layer.contentProfile == nil)
        layer.contentProfile = LayerContentProfile(content)
        layer.content = content
        #expect(layer.contentProfile == nil)
    }

    /// Random cards: words of narrow glyphs and wide clusters on one background (canonical), and
    /// with `broken` some cells that break the form (a lead without its continuation, a lone
    /// continuation, a second background).
    static func content(width: Int, height: Int, broken: Bool, random: inout SeededRandom) -> CellBuffer {
        var content = CellBuffer(width: width, height: height, filling: .space(background: blue))
        for y in 0..<height {
            var x = 0
            while x < width {
                let pick = Int.random(in: 0..<10, using: &random)
                if pick < 3 && x + 1 < width {
                    content[x, y] = wide
                    content[x + 1, y] = .continuation(of: wide)
                    x += 2
                    continue
                }
                if pick < 7 {
                    content[x, y] = Cell(glyph: 0x61 + UInt32(pick), foreground: red, background: blue)
                }
                x += 1
            }
        }
        if broken {
            // At least one lead without its continuation.
            content[0, 0] = wide
            content[1, 0] = Cell(glyph: 0x62, background: blue)
            for _ in 0..<4 {
                let x = Int.random(in: 0..<width, using: &random)
                let y = Int.random(in: 0..<height, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: content[x, y] = wide
                case 1: content[x, y] = .continuation(of: wide)
                default: content[x, y] = .space(background: red)
                }
            }
        }
        return content
    }

    /// Layer placements of every path: the fold's squash and slide (axis-aligned runs and
    /// sampled columns), a translation by a fraction, and the cube's and flip's turns in
    /// perspective (about y and x), at several instants.
    static func geometries(size: TerminalSize) -> [(geometry: LayerGeometry, alpha: Double)] {
        var geometries: [(LayerGeometry, Double)] = [
            (.identity, 1), (.affine(LayerTransform(translationX: 2.5, y: -1)), 1),
            (.affine(LayerTransform(scaleX: 0.4, y: 1)), 0.7),
        ]
        for kind in [TransitionKind.fold, .cube, .flip, .push] {
            for direction in [TransitionDirection.left, .up] {
                let transition = TransitionStyle(kind: kind, direction: direction)
                    .transition(slotSize: LayerSize(width: size.columns, height: size.rows))
                for t in [0.2, 0.45, 0.7] {
                    for slot in transition.frame(atFractionComplete: t).slots where slot.isDrawable {
                        geometries.append((slot.geometry, slot.alpha))
                    }
                }
            }
        }
        return geometries
    }

    @Test(
        "a draw with the profile gives the cells of a draw without it",
        arguments: [(1, false), (2, false), (3, true), (4, true)])
    func drawWithProfileEqualsDrawWithout(seed: UInt64, broken: Bool) {
        var random = SeededRandom(seed: seed)
        let size = TerminalSize(columns: 31, rows: 9)
        let below = Self.content(width: size.columns, height: size.rows, broken: false, random: &random)
        let content = Self.content(width: size.columns, height: size.rows, broken: broken, random: &random)
        let profile = LayerContentProfile(content)
        #expect(profile.canonicalClusters == !broken)
        let compositor = Compositor()
        for (geometry, alpha) in Self.geometries(size: size) {
            let base = Layer(content: below)
            let plain = Layer(content: content, geometry: geometry, alpha: alpha)
            var profiled = plain
            profiled.contentProfile = profile
            var expected = CellBuffer(width: 0, height: 0)
            var actual = CellBuffer(width: 0, height: 0)
            compositor.composite([base, plain], width: size.columns, height: size.rows, into: &expected)
            compositor.composite([base, profiled], width: size.columns, height: size.rows, into: &actual)
            #expect(actual == expected, "\(geometry) alpha \(alpha)")
            // Alone, over the clear cell (a blended first layer is recoloured run by run).
            for clear in [Compositor(), Compositor(clearCell: .space(foreground: Self.blue, background: Self.red))] {
                clear.composite([plain], width: size.columns, height: size.rows, into: &expected)
                clear.composite([profiled], width: size.columns, height: size.rows, into: &actual)
                #expect(actual == expected, "alone: \(geometry) alpha \(alpha)")
            }
        }
    }

    @Test("an item whose text changes mid-transition is drawn from its new text, as by a fresh scene")
    func textChangeMidTransition() {
        let size = TerminalSize(columns: 20, rows: 5)
        for kind in [TransitionKind.fold, .cube] {
            let transition = TransitionStyle(kind: kind, direction: .left)
                .transition(slotSize: LayerSize(width: size.columns, height: size.rows))
            let frame = transition.frame(atFractionComplete: 0.4)
            var scene = CardScene(cardSize: size)
            var before = CellBuffer(width: 0, height: 0)
            scene.render(frame, outgoing: (0, "漢字 one"), incoming: (1, "two カード"), into: &before)
            var changed = CellBuffer(width: 0, height: 0)
            scene.render(frame, outgoing: (0, "three 한글"), incoming: (1, "two カード"), into: &changed)
            var fresh = CellBuffer(width: 0, height: 0)
            var freshScene = CardScene(cardSize: size)
            freshScene.render(
                frame, outgoing: (0, "three 한글"), incoming: (1, "two カード"), into: &fresh)
            #expect(changed == fresh)
            #expect(changed != before)
        }
    }

    @Test(
        "a face drawn over wide clusters repairs every cluster it cuts (the invariant holds, as after the full pass)",
        arguments: TransitionKind.allCases)
    func faceRepairsCutClusters(kind: TransitionKind) {
        var random = SeededRandom(seed: 7)
        let size = TerminalSize(columns: 29, rows: 7)
        let compositor = Compositor()
        var repairs = 0
        // Translated by fractions and squashed, as well as the transition's own frames (some of
        // which, a fold's, a push's or a fade's, write whole rows and cut nothing).
        let extra: [(LayerGeometry, Double)] = [
            (.affine(LayerTransform(translationX: 7.5, y: 0.25)), 1),
            (.affine(LayerTransform(translationX: -3, y: 2)), 1),
            (.affine(LayerTransform(scaleX: 0.45, y: 1)), 1), (.affine(LayerTransform(scaleX: 0.7, y: 0.6)), 0.6),
        ]
        for (geometry, alpha) in extra {
            let below = Self.content(width: size.columns, height: size.rows, broken: false, random: &random)
            let content = Self.content(width: size.columns, height: size.rows, broken: false, random: &random)
            var layer = Layer(content: content, geometry: geometry, alpha: alpha)
            layer.contentProfile = LayerContentProfile(content)
            var result = CellBuffer(width: 0, height: 0)
            compositor.composite([Layer(content: below), layer], width: size.columns, height: size.rows, into: &result)
            var normalized = result
            normalized.normalizeWideClusters()
            #expect(normalized == result, "\(geometry)")
            repairs += result.cells.filter { $0.glyph == 0x20 && $0.foreground == Self.red && $0.width == 1 }.count
        }
        for direction in [TransitionDirection.left, .right, .up, .down] {
            let transition = TransitionStyle(kind: kind, direction: direction)
                .transition(slotSize: LayerSize(width: size.columns, height: size.rows))
            for step in 1..<12 {
                // Below: whole wide clusters at every offset, so the faces' edges cut them.
                let below = Self.content(width: size.columns, height: size.rows, broken: false, random: &random)
                var layers = [Layer(content: below)]
                for slot in transition.frame(atFractionComplete: Double(step) / 12).slots where slot.isDrawable {
                    let content = Self.content(width: size.columns, height: size.rows, broken: false, random: &random)
                    var layer = Layer(content: content, geometry: slot.geometry, alpha: slot.alpha)
                    layer.contentProfile = LayerContentProfile(content)
                    layers.append(layer)
                }
                var result = CellBuffer(width: 0, height: 0)
                compositor.composite(layers, width: size.columns, height: size.rows, into: &result)
                var normalized = result
                normalized.normalizeWideClusters()
                #expect(normalized == result, "\(direction) step \(step)")
                // Some frames must have cut a cluster: a blank in a lead's colours.
                repairs += result.cells.filter { $0.glyph == 0x20 && $0.foreground == Self.red && $0.width == 1 }.count
            }
        }
        #expect(repairs > 0)
    }

    @Test("the repair at a row's candidate columns blanks exactly the broken halves")
    func repairAtCandidates() {
        let narrow = Cell(glyph: 0x61, background: Self.blue)
        // Columns: 0 lead cut (next narrow), 1 narrow, 2 orphan continuation, 3 lead, 4 its
        // continuation, 5 lead at the row's end.
        var row: [Cell] = [
            Self.wide, narrow, .continuation(of: Self.wide), Self.wide, .continuation(of: Self.wide), Self.wide,
        ]
        let candidates = [0, 1, 2, 3, 4, 5]
        row.withUnsafeMutableBufferPointer { row in
            candidates.withUnsafeBufferPointer { candidates in
                CellBuffer.repairWideClusters(
                    at: candidates.baseAddress.unsafelyUnwrapped, count: candidates.count,
                    row: row.baseAddress.unsafelyUnwrapped, width: 6)
            }
        }
        let cut = Cell(glyph: 0x20, foreground: Self.red, background: Self.blue)
        #expect(row == [cut, narrow, cut, Self.wide, .continuation(of: Self.wide), cut])
    }
}
