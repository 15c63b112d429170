import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Edge cells on any terminal theme (issue 21, /work/shared/cases/light-theme-edges.md): the part
/// of an edge cell outside the card is the terminal's own default background, never a literal
/// colour standing in for it; no SGR has more than 10 parameters (mlterm drops longer ones); and
/// without colour no edge block is drawn (docs/DESIGN.md#edges).
@Suite("Edges on any theme")
struct ThemeEdgeTests {
    /// The user's cards: `foldcycle --transition cube --direction left "Search by name or email"
    /// "搜索姓名、手机号或邮箱"`.
    static let items = ["Search by name or email", "搜索姓名、手机号或邮箱"]
    static let sizes = [TerminalSize(columns: 27, rows: 5), TerminalSize(columns: 12, rows: 4)]
    static let depths: [ColorDepth] = [.truecolor, .ansi256, .ansi16]

    /// `frames` frames at t = i/(frames − 1) of `kind` `direction`, composed at `depth` over a
    /// terminal whose background the compositor takes to be `background`.
    static func frames(
        _ kind: TransitionKind, _ direction: TransitionDirection, size: TerminalSize, depth: ColorDepth,
        background: RGBColor = .black, count: Int = 17
    ) -> [CellBuffer] {
        var scene = CardScene(
            cardSize: size, style: CardStyle(), cellAspect: 2,
            compositor: Compositor(
                backgroundColor: background, foregroundColor: CardStyle.contrastingText(on: background),
                colorDepth: depth))
        let transition = TransitionStyle(kind: kind, direction: direction)
            .transition(slotSize: LayerSize(width: size.columns, height: size.rows))
        return (0..<count).map { index in
            var frame = CellBuffer(width: 0, height: 0)
            scene.render(
                transition.frame(atFractionComplete: Double(index) / Double(count - 1)), outgoing: (0, items[0]),
                incoming: (1, items[1]), into: &frame)
            return frame
        }
    }

    /// Whether `glyph` is a partial block eighth (▁…▇ or ▉…▏).
    static func isEdgeGlyph(_ glyph: UInt32) -> Bool {
        BlockGlyph.Family.lower.eighths(of: glyph) != nil || BlockGlyph.Family.left.eighths(of: glyph) != nil
    }

    /// The inline diff stream of `frames` at `depth`.
    static func encode(_ frames: [CellBuffer], depth: ColorDepth, full: Bool = false) -> [UInt8] {
        var region = TerminalRegion(placement: .inline, depth: depth)
        var bytes: [UInt8] = []
        region.begin(into: &bytes)
        for frame in frames {
            if full { region.forgetFrame() }
            region.draw(frame, into: &bytes)
        }
        region.end(into: &bytes)
        return bytes
    }

    /// The parameter lists of every `CSI … m` in `bytes`.
    static func sgrParameters(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x3F { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "m") {
                result.append(String(decoding: bytes[(index + 2)..<end], as: UTF8.self))
            }
            index = end
        }
        return result
    }

    /// A VT model cell's rendition key ("a7=on,bg=rgb:0,0,255,fg=16:32": keys sorted, values
    /// that may hold commas) as a dictionary.
    static func rendition(_ key: String) -> [String: String] {
        var result: [String: String] = [:]
        var name: String?
        var value = ""
        for part in key.split(separator: ",") {
            if let equals = part.firstIndex(of: "="), part[..<equals].allSatisfy({ $0.isLetter || $0.isNumber }) {
                if let name { result[name] = value }
                name = String(part[..<equals])
                value = String(part[part.index(after: equals)...])
            } else {
                value += "," + part
            }
        }
        if let name { result[name] = value }
        return result
    }

    /// The kinds that never fade a slot (every visible slot opaque at every sampled time), derived
    /// from the family, so a new kind is covered without editing this list.
    static let themeFreeKinds: [TransitionKind] = TransitionKind.allCases.filter { kind in
        let transition = TransitionStyle(kind: kind).transition(slotSize: LayerSize(width: 20, height: 5))
        return (0...40).allSatisfy { step in
            transition.frame(atFractionComplete: Double(step) / 40).slots.allSatisfy { !$0.isVisible || $0.alpha == 1 }
        }
    }

    @Test("the kinds without fades are derived from the family: all but those that fade a slot")
    func themeFreeKindsDerived() {
        let fading = TransitionKind.allCases.filter { !Self.themeFreeKinds.contains($0) }
        #expect(!Self.themeFreeKinds.isEmpty)
        #expect(fading.map(\.rawValue) == ["fold", "fade"])
    }

    struct KindCase: CustomTestStringConvertible, Sendable {
        var kind: TransitionKind
        var direction: TransitionDirection
        var testDescription: String { "\(kind) \(direction)" }
    }

    static let themeFreeCases = themeFreeKinds.flatMap { kind in
        TransitionDirection.allCases.map { KindCase(kind: kind, direction: $0) }
    }

    /// Without fades, nothing in a frame depends on the terminal's background colour: an edge
    /// cell's uncovered part is the default background itself, not the compositor's guess of
    /// it (black before, which showed as black slivers on a white terminal).
    @Test("frames without fades are the same cells whatever the terminal's background", arguments: themeFreeCases)
    func themeIndependent(_ row: KindCase) {
        for size in Self.sizes {
            for depth in Self.depths {
                let dark = Self.frames(row.kind, row.direction, size: size, depth: depth, background: .black)
                let light = Self.frames(row.kind, row.direction, size: size, depth: depth, background: .white)
                for (index, (a, b)) in zip(dark, light).enumerated() where a != b {
                    Issue.record("\(size) \(depth) frame \(index): \(Screen(a).difference(from: Screen(b)))")
                }
            }
        }
    }

    /// Every edge cell: the block's ink is RGB, or the cell is reversed with the default
    /// background as its ink and an RGB paper; never a default foreground (a white slab on a
    /// dark terminal) and never ink and paper both default (that is a plain space).
    @Test("an edge cell shows the default background only through reverse video", arguments: themeFreeCases)
    func edgeCellForms(_ row: KindCase) {
        var reversed = 0
        for size in Self.sizes {
            for depth in Self.depths {
                for frame in Self.frames(row.kind, row.direction, size: size, depth: depth) {
                    for cell in frame.cells where Self.isEdgeGlyph(cell.glyph) {
                        let rgb = TerminalColor.rgbTag
                        if cell.attributes.contains(.reverse) {
                            reversed += 1
                            #expect(
                                cell.backgroundBits == TerminalColor.packedDefault && cell.foregroundBits & rgb != 0)
                        } else {
                            #expect(cell.foregroundBits & rgb != 0)
                        }
                    }
                }
            }
        }
        // A cube's or a flip's faces have edges against the outside that the block's ink fills.
        if row.kind == .cube || row.kind == .flip { #expect(reversed > 0) }
    }

    /// The user's case through the encoder and a VT model at every depth: no edge cell is drawn
    /// in a literal black (`ESC[30;42m▉`, `ESC[38;2;0;0;0;48;2;0;0;255m▏` before), a reversed one
    /// has the default background, and the model reports no error (no SGR over 10 parameters).
    @Test("the cube's edges on a light terminal: reverse video against the default background")
    func userCase() {
        let black: Set<String> = ["rgb:0,0,0", "16:30", "256:0", "256:16"]
        for size in Self.sizes {
            for depth in Self.depths {
                let frames = Self.frames(.cube, .left, size: size, depth: depth)
                var model = VTModel(width: size.columns, height: size.rows)
                var reversedEdges = 0
                var region = TerminalRegion(placement: .inline, depth: depth)
                var bytes: [UInt8] = []
                region.begin(into: &bytes)
                model.apply(bytes)
                for frame in frames {
                    bytes = []
                    region.draw(frame, into: &bytes)
                    model.apply(bytes)
                    for cell in model.cells where cell.text.unicodeScalars.count == 1 {
                        guard let scalar = cell.text.unicodeScalars.first, Self.isEdgeGlyph(scalar.value) else {
                            continue
                        }
                        let parts = Self.rendition(cell.sgr)
                        #expect(parts["fg"] != nil, "\(size) \(depth): \(cell)")
                        #expect(!black.contains(parts["fg"] ?? ""), "\(size) \(depth): \(cell)")
                        if parts["a7"] != nil {
                            reversedEdges += 1
                            #expect(parts["bg"] == nil, "\(size) \(depth): \(cell)")
                        }
                    }
                }
                #expect(model.errors.isEmpty, "\(size) \(depth): \(model.errors.prefix(3))")
                #expect(reversedEdges > 0, "\(size) \(depth)")
            }
        }
    }

    static let everyCase = TransitionKind.allCases.flatMap { kind in
        TransitionDirection.allCases.map { KindCase(kind: kind, direction: $0) }
    }

    /// mlterm 3.9 drops a whole SGR of more than 10 parameters (bold with two direct colours is
    /// 11, with the reset 12): no emitted SGR has more, diff or full, at every depth.
    @Test("no SGR has more than 10 parameters", arguments: everyCase)
    func sgrParameterCount(_ row: KindCase) {
        for size in Self.sizes {
            for depth in ColorDepth.allCases {
                let frames = Self.frames(row.kind, row.direction, size: size, depth: depth)
                for full in [false, true] {
                    let sgrs = Self.sgrParameters(Self.encode(frames, depth: depth, full: full))
                    #expect(!sgrs.isEmpty)
                    for sgr in sgrs {
                        let count = sgr.split(separator: ";", omittingEmptySubsequences: false).count
                        #expect(count <= 10, "\(size) \(depth) \(full ? "full" : "diff"): \(sgr)")
                    }
                }
            }
        }
    }

    /// Bold with a direct foreground and background from an unknown pen: the reset form is 12
    /// parameters, written as two SGRs, the background's 5 in the second.
    @Test("a long SGR is split between two sequences, never inside a colour")
    func splitSGR() {
        var state = SGRState(depth: .truecolor)
        var bytes: [UInt8] = []
        let cell = Cell(
            "a", foreground: .rgb(RGBColor(red: 1, green: 2, blue: 3)),
            background: .rgb(RGBColor(red: 4, green: 5, blue: 6)), attributes: .bold)
        ByteSink.withSink(flushingTo: &bytes) { sink, bytes in state.changePen(cell, sink: &sink, bytes: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[0;1;38;2;1;2;3m\u{1B}[48;2;4;5;6m")
        // From the default pen, the incremental form (1;38;2;1;2;3;48;2;4;5;6, 11) is split too.
        bytes = []
        var known = SGRState(depth: .truecolor)
        known.pen = .initial
        ByteSink.withSink(flushingTo: &bytes) { sink, bytes in known.changePen(cell, sink: &sink, bytes: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;38;2;1;2;3m\u{1B}[48;2;4;5;6m")
    }

    /// The VT model (every replay and screen test's terminal) reports an SGR mlterm would drop.
    @Test("the VT model reports an SGR of more than 10 parameters as an error")
    func modelRejectsLongSGR() {
        var model = VTModel(width: 4, height: 1)
        model.apply(Array("\u{1B}[1;38;2;1;2;3m\u{1B}[48;2;4;5;6mab".utf8))
        #expect(model.errors.isEmpty)
        #expect(model.rendition == ["a1": "on", "fg": "rgb:1,2,3", "bg": "rgb:4,5,6"])
        model.apply(Array("\u{1B}[1;38;2;1;2;3;48;2;4;5;6mc".utf8))
        #expect(model.errors == ["SGR with 11 parameters (more than 10): 1;38;2;1;2;3;48;2;4;5;6"])
    }

    /// Without colour (NO_COLOR, `ColorDepth.none`) an edge block would be a solid slab in the
    /// default foreground, coming and going as the edge moves, where a card at rest has no box:
    /// no edge block is drawn, only the faces' glyphs.
    @Test("without colour no edge block is drawn", arguments: everyCase)
    func noColourNoEdges(_ row: KindCase) {
        for size in Self.sizes {
            for frame in Self.frames(row.kind, row.direction, size: size, depth: .none) {
                #expect(!frame.cells.contains { Self.isEdgeGlyph($0.glyph) || $0.glyph == BlockGlyph.full })
                #expect(!frame.cells.contains { $0.attributes.contains(.reverse) })
            }
        }
    }

    /// At 16 colours a card is the palette entry its colour is sent as: the text colour is chosen
    /// against that entry (green (0, 128, 0) is xterm's #00cd00 there, on which black reads and
    /// white does not), and black text is not bold (xterm's `boldColors` turns bold colour 0 grey).
    @Test("at 16 colours card text contrasts with the palette entry shown, and black text is not bold")
    func sixteenColourText() {
        let green = RGBColor(red: 0, green: 128, blue: 0)
        let blue = RGBColor(red: 0, green: 0, blue: 255)
        let olive = RGBColor(red: 128, green: 128, blue: 0)
        let style = CardStyle(palette: [green, blue, olive])
        #expect(
            style.textStyle(forItemAt: 0, depth: .truecolor)
                == TextStyle(foreground: .rgb(.white), background: .rgb(green), attributes: .bold))
        #expect(
            style.textStyle(forItemAt: 0, depth: .ansi16)
                == TextStyle(foreground: .rgb(.black), background: .rgb(green), attributes: []))
        #expect(
            style.textStyle(forItemAt: 1, depth: .ansi16)
                == TextStyle(foreground: .rgb(.white), background: .rgb(blue), attributes: .bold))
        #expect(
            style.textStyle(forItemAt: 2, depth: .truecolor)
                == TextStyle(foreground: .rgb(.black), background: .rgb(olive), attributes: .bold))
        #expect(
            style.textStyle(forItemAt: 2, depth: .ansi16)
                == TextStyle(foreground: .rgb(.black), background: .rgb(olive), attributes: []))
    }

    /// Every frame of every transition but the fades (fade, fold) at 16 colours, the default
    /// palette: no glyph is bold in palette colour 0, and every glyph's colour has a WCAG
    /// contrast of at least 4.5 with its cell's background as xterm's default palette shows them.
    @Test("16 colours: no bold black text, and card text contrasts at least 4.5:1", arguments: everyCase)
    func sixteenColourFrames(_ row: KindCase) {
        func luminance(_ colour: RGBColor) -> Double {
            func linear(_ channel: UInt8) -> Double {
                let value = Double(channel) / 255
                return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
        }
        for size in Self.sizes {
            for frame in Self.frames(row.kind, row.direction, size: size, depth: .ansi16) {
                for cell in frame.cells where cell.glyph != 0x20 && !Self.isEdgeGlyph(cell.glyph) {
                    guard cell.foregroundBits & TerminalColor.rgbTag != 0,
                        cell.backgroundBits & TerminalColor.rgbTag != 0
                    else { continue }
                    let ink = ColorDepth.ansi16Index(for: RGBColor(packed: cell.foregroundBits))
                    let paper = ColorDepth.ansi16Index(for: RGBColor(packed: cell.backgroundBits))
                    // Fades blend text toward the terminal's background and the card: only text at
                    // full strength is held to the rule (bold white fading out passes through
                    // palette black, which xterm draws grey: a fade through grey).
                    guard row.kind != .fade && row.kind != .fold else { continue }
                    #expect(!(ink == 0 && cell.attributes.contains(.bold)), "\(size): \(cell)")
                    let a = luminance(ColorDepth.palette16[Int(ink)])
                    let b = luminance(ColorDepth.palette16[Int(paper)])
                    let contrast = (max(a, b) + 0.05) / (min(a, b) + 0.05)
                    #expect(contrast >= 4.5, "\(size): \(cell)")
                }
            }
        }
    }

    /// ``LayerBlending/edgeCell(glyph:ink:paper:)``: the three forms.
    @Test("an edge cell's form follows which of its colours is the default")
    func edgeCellForm() {
        let green = TerminalColor.rgbTag | 0x00_80_00
        let blue = TerminalColor.rgbTag | 0x00_00_FF
        let none = TerminalColor.packedDefault
        let glyph = BlockGlyph.lowerEighths(3)
        #expect(
            EdgeFixture.edgeCell(glyph: glyph, ink: green, paper: blue)
                == Cell(glyph: glyph, foregroundBits: green, backgroundBits: blue))
        #expect(
            EdgeFixture.edgeCell(glyph: glyph, ink: green, paper: none)
                == Cell(glyph: glyph, foregroundBits: green, backgroundBits: none))
        #expect(
            EdgeFixture.edgeCell(glyph: glyph, ink: none, paper: blue)
                == Cell(glyph: glyph, foregroundBits: blue, backgroundBits: none, attributes: .reverse))
        #expect(EdgeFixture.edgeCell(glyph: glyph, ink: none, paper: none) == Cell(glyph: 0x20))
    }

    /// A reversed edge cell below a new edge: its ink is its background, its paper its foreground.
    @Test("the uncovered colour of a reversed block swaps its colours")
    func uncoveredReversed() {
        let blue = TerminalColor.rgbTag | 0x00_00_FF
        // ▃ reversed: the bottom 3/8 the default background, the rest blue.
        let cell = Cell(
            glyph: BlockGlyph.lowerEighths(3), foregroundBits: blue, backgroundBits: TerminalColor.packedDefault,
            attributes: .reverse)
        // A layer covering the top 6/8 leaves the bottom 2/8 (middle 2/16, inside the block): default.
        #expect(
            EdgeFixture.uncoveredColour(of: cell, family: .lower, eighths: 6, coversFar: false)
                == TerminalColor.packedDefault)
        // A layer covering the bottom 2/8 leaves the top 6/8 (middle 10/16): blue.
        #expect(EdgeFixture.uncoveredColour(of: cell, family: .lower, eighths: 2, coversFar: true) == blue)
        // A reversed space (a caret) shows its foreground.
        let caret = Cell(glyph: 0x20, foregroundBits: blue, backgroundBits: 0, attributes: .reverse)
        #expect(EdgeFixture.uncoveredColour(of: caret, family: .left, eighths: 3, coversFar: true) == blue)
    }
}

/// A ``LayerBlending`` to reach its static helpers.
private struct EdgeFixture: LayerBlending {
    var alpha256: UInt32 { 256 }
    var backgroundRGB: UInt32 { 0 }
    var foregroundRGB: UInt32 { 0xFF_FF_FF }
    var colorDepth: ColorDepth { .truecolor }
}
