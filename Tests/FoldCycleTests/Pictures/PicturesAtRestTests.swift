import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Pictures at rest (issue 30 point 4, docs/decisions/0154-pictures-at-rest.md): the sixel
/// encoder and its palette, the kitty commands, the launch answers' parsers, and the player
/// drawing a settled picture over its cells and taking it off when motion starts.
@Suite("Pictures at rest")
struct PicturesAtRestTests {
    static let red: [UInt8] = [255, 0, 0]
    static let blue: [UInt8] = [0, 0, 255]

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Sixel

    @Test("a 2 × 2 sixel: the palette in first-seen order, one band, a colour a pass")
    func sixelTwoByTwo() {
        let rgb = Self.red + Self.blue + Self.red + Self.red
        #expect(
            text(SixelEncoder.encode(rgb: rgb, width: 2, height: 2))
                == "\u{1B}P0;1;0q\"1;1;2;2#0;2;100;0;0#1;2;0;0;100#0BA$#1?@\u{1B}\\")
    }

    @Test("runs of four or more are written !n, shorter ones in full; a seventh row starts a band")
    func sixelRuns() {
        let green: [UInt8] = [0, 255, 0]
        #expect(
            text(SixelEncoder.encode(rgb: Array([[UInt8]](repeating: green, count: 5).joined()), width: 5, height: 1))
                == "\u{1B}P0;1;0q\"1;1;5;1#0;2;0;100;0#0!5@\u{1B}\\")
        #expect(
            text(SixelEncoder.encode(rgb: Array([[UInt8]](repeating: green, count: 3).joined()), width: 3, height: 1))
                == "\u{1B}P0;1;0q\"1;1;3;1#0;2;0;100;0#0@@@\u{1B}\\")
        let white = Array([[UInt8]](repeating: [255, 255, 255], count: 7).joined())
        #expect(
            text(SixelEncoder.encode(rgb: white, width: 1, height: 7))
                == "\u{1B}P0;1;0q\"1;1;1;7#0;2;100;100;100#0~-#0@\u{1B}\\")
    }

    @Test("nothing for an empty or short image")
    func sixelEmpty() {
        #expect(SixelEncoder.encode(rgb: [], width: 0, height: 0) == [])
        #expect(SixelEncoder.encode(rgb: Self.red, width: 2, height: 1) == [])
    }

    @Test("median cut: more colours than allowed are cut at the weighted median of the longest channel")
    func medianCut() {
        let rgb: [UInt8] = [0, 0, 0, 8, 0, 0, 255, 255, 255]
        let quantized = MedianCutQuantizer(rgb: rgb, width: 3, height: 1, maximumColours: 2)
        // Three bins (5 bits a channel), each its pixel's colour; red is the longest channel
        // (0...255), the weighted median falls after the second: (0,0,0) and (8,0,0) average
        // to (4,0,0).
        #expect(quantized.palette == [0x04_0000, 0xFF_FFFF])
        #expect(quantized.indices == [0, 0, 1])
        let exact = MedianCutQuantizer(rgb: rgb, width: 3, height: 1)
        #expect(exact.palette == [0x00_0000, 0x08_0000, 0xFF_FFFF])
        #expect(exact.indices == [0, 1, 2])
    }

    @Test("a photo-sized gradient keeps to 256 colours, each pixel near its own")
    func gradient() {
        var rgb: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 { rgb += [UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2)] }
        }
        let quantized = MedianCutQuantizer(rgb: rgb, width: 64, height: 64)
        #expect(quantized.palette.count == 256)
        var worst = 0
        for pixel in 0..<64 * 64 {
            let colour = quantized.palette[Int(quantized.indices[pixel])]
            for (c, shift) in [16, 8, 0].enumerated() {
                worst = max(worst, abs(Int(colour >> UInt32(shift) & 0xFF) - Int(rgb[3 * pixel + c])))
            }
        }
        #expect(worst == 6)
    }

    // MARK: - Kitty

    @Test("kitty: one chunk for a small image, the keys on the first; delete by id")
    func kittySmall() {
        let bytes = KittyGraphicsEncoder.transmit(rgba: [255, 0, 0, 255], width: 1, height: 1, columns: 2, rows: 1)
        #expect(text(bytes) == "\u{1B}_Ga=T,f=32,s=1,v=1,c=2,r=1,i=7373,C=1,q=2,m=0;/wAA/w==\u{1B}\\")
        #expect(text(KittyGraphicsEncoder.delete()) == "\u{1B}_Ga=d,d=I,i=7373,q=2\u{1B}\\")
    }

    @Test("kitty: chunks of 4096 base64 bytes, m=1 on all but the last")
    func kittyChunks() {
        // 3073 pixels: 12292 bytes, 16392 base64 bytes: four full chunks and 8 bytes.
        let bytes = KittyGraphicsEncoder.transmit(
            rgba: [UInt8](repeating: 0, count: 3073 * 4), width: 3073, height: 1, columns: 1, rows: 1)
        let commands = text(bytes).components(separatedBy: "\u{1B}\\").dropLast()
        #expect(commands.count == 5)
        #expect(commands.map { $0.split(separator: ";")[0].hasSuffix("m=1") } == [true, true, true, true, false])
        #expect(commands.map { $0.split(separator: ";")[1].count } == [4096, 4096, 4096, 4096, 8])
    }

    @Test("base64 of 0, 1, 2 and 3 bytes")
    func base64() {
        #expect(text(KittyGraphicsEncoder.base64([])) == "")
        #expect(text(KittyGraphicsEncoder.base64([0x66])) == "Zg==")
        #expect(text(KittyGraphicsEncoder.base64([0x66, 0x6F])) == "Zm8=")
        #expect(text(KittyGraphicsEncoder.base64([0x66, 0x6F, 0x6F])) == "Zm9v")
    }

    // MARK: - The launch answers

    @Test(
        "DA1's attributes",
        arguments: [
            ("?63;1;2;4;6;9;15;16;22;28", [63, 1, 2, 4, 6, 9, 15, 16, 22, 28] as [Int]?), ("?62;22", [62, 22]),
            ("?1;2", [1, 2]), ("?62;", [62]), ("?62;;4", [62, 4]), ("?", []), ("62;4", nil), ("?123456", nil),
            ("?6a", nil),
        ])
    func deviceAttributes(text: String, attributes: [Int]?) {
        #expect(TerminalGraphicsProbe.deviceAttributes(Array(text.utf8)) == attributes)
    }

    @Test(
        "the kitty query's answer",
        arguments: [
            ("Gi=31;OK", true as Bool?), ("Gi=31,p=1;OK", true), ("Gi=31;ENOTSUPPORTED:no", false), ("Gi=31;", false),
            ("Gi=32;OK", nil), ("Gi=310;OK", nil), ("Gi=31", nil), ("G", nil), ("", nil),
        ])
    func kittyReply(text: String, ok: Bool?) {
        #expect(TerminalGraphicsProbe.kittyReply(Array(text.utf8)) == ok)
    }

    @Test("a cell's size from CSI 16 t's answer and from the window's pixels")
    func cellSize() {
        #expect(TerminalGraphicsProbe.cellSize(Array("6;20;10".utf8)).map { [$0.width, $0.height] } == [10, 20])
        for bad in ["6;0;10", "4;20;10", "6;20", "6;20;10000", "6;2000;10", "6;;10", "6;20;1x"] {
            #expect(TerminalGraphicsProbe.cellSize(Array(bad.utf8)) == nil, "\(bad)")
        }
        #expect(
            TerminalGraphicsProbe.cellSize(windowPixels: (804, 484), cells: (80, 24)).map { [$0.width, $0.height] }
                == [10, 20])
        #expect(TerminalGraphicsProbe.cellSize(windowPixels: (0, 0), cells: (80, 24)) == nil)
    }

    @Test("XTSMGRAPHICS's sixel geometry: status 0 only, both sides 1 to 5 digits")
    func sixelGeometry() {
        #expect(
            TerminalGraphicsProbe.sixelGeometry(Array("?2;0;1000;760".utf8)).map { [$0.width, $0.height] } == [
                1000, 760,
            ])
        for bad in [
            "?2;3;0", "?2;1;800;480", "?1;0;1024", "?2;0;0;480", "?2;0;800", "2;0;800;480", "?2;0;123456;1",
            "?2;0;8a;4",
        ] {
            #expect(TerminalGraphicsProbe.sixelGeometry(Array(bad.utf8)) == nil, "\(bad)")
        }
        let probe = TerminalGraphicsProbe(deviceAttributes: [4], cellPixels: (10, 20), sixelGeometry: (1000, 760))
        #expect(
            probe.graphics(allowed: true, environment: [:])
                == .sixel(cellWidth: 10, cellHeight: 20, maximumWidth: 1000, maximumHeight: 760))
    }

    @Test("a sixel larger than the terminal draws: the largest centred block of whole cells within it, moved to")
    func sixelWithinTheMaximum() {
        // The 4 × 2-cell area is 8 × 8 pixels; at most 5 × 4: 2 × 1 cells (4 × 4 pixels), one
        // column in, on the first row; the fitted picture's red rows (2-3) in it.
        let resting = RestingPicture(
            picture: Self.picture, origin: .zero, columns: 4, rows: 2, background: RGBColor(red: 0, green: 128, blue: 0)
        )
        let key = RestingPictureRenderer.Key(
            resting, graphics: .sixel(cellWidth: 2, cellHeight: 4, maximumWidth: 5, maximumHeight: 4))
        #expect(
            text(RestingPictureRenderer.render(key))
                == "\u{1B}[1C\u{1B}P0;1;0q\"1;1;4;4#0;2;0;50;0#1;2;100;0;0#0!4B$#1!4K\u{1B}\\")
        let fits = RestingPictureRenderer.Key(
            resting, graphics: .sixel(cellWidth: 2, cellHeight: 4, maximumWidth: 8, maximumHeight: 8))
        #expect(text(RestingPictureRenderer.render(fits)).hasPrefix("\u{1B}P0;1;0q\"1;1;8;8"))
        let none = RestingPictureRenderer.Key(
            resting, graphics: .sixel(cellWidth: 2, cellHeight: 4, maximumWidth: 1, maximumHeight: 8))
        #expect(RestingPictureRenderer.render(none) == [])
    }

    @Test("the choice: kitty, else sixel by DA1's 4, else cells; cells in tmux, when not allowed, without a cell size")
    func choice() {
        let cell = (width: 10, height: 20)
        let sixel = TerminalGraphicsProbe(deviceAttributes: [62, 4, 22], cellPixels: cell)
        let kitty = TerminalGraphicsProbe(deviceAttributes: [62, 4], kittyGraphics: true, cellPixels: cell)
        #expect(sixel.graphics(allowed: true, environment: [:]) == .sixel(cellWidth: 10, cellHeight: 20))
        #expect(kitty.graphics(allowed: true, environment: [:]) == .kitty(cellWidth: 10, cellHeight: 20))
        #expect(sixel.graphics(allowed: true, environment: ["TMUX": "/tmp/tmux-0/default,1,0"]) == .cells)
        #expect(sixel.graphics(allowed: false, environment: [:]) == .cells)
        #expect(TerminalGraphicsProbe(deviceAttributes: [62, 4]).graphics(allowed: true, environment: [:]) == .cells)
        #expect(
            TerminalGraphicsProbe(deviceAttributes: [62, 22], cellPixels: cell).graphics(
                allowed: true, environment: [:])
                == .cells)
    }

    @Test("iTerm2 and WezTerm by XTVERSION's answer: inline images, before sixel, after kitty; other names sixel")
    func inlineImageChoice() {
        let cell = (width: 10, height: 20)
        func choice(_ name: String?, kitty: Bool = false) -> PictureGraphics {
            TerminalGraphicsProbe(
                deviceAttributes: [62, 4], kittyGraphics: kitty, cellPixels: cell, terminalName: name
            )
            .graphics(allowed: true, environment: [:])
        }
        #expect(choice("iTerm2 3.5.0") == .iterm2(cellWidth: 10, cellHeight: 20))
        #expect(choice("WezTerm 20240203-110809-5046fc22") == .iterm2(cellWidth: 10, cellHeight: 20))
        #expect(choice("WezTerm 20240203-110809-5046fc22", kitty: true) == .kitty(cellWidth: 10, cellHeight: 20))
        for other in ["XTerm(390)", "foot(1.16.2)", "iTerm2x 1", "Wez", "tmux 3.4", nil] {
            #expect(choice(other) == .sixel(cellWidth: 10, cellHeight: 20), "\(other ?? "no answer")")
        }
        let iTerm = TerminalGraphicsProbe(cellPixels: cell, terminalName: "iTerm2 3.5.0")
        #expect(iTerm.graphics(allowed: true, environment: ["TMUX": "/tmp/tmux-0/default,1,0"]) == .cells)
        #expect(iTerm.graphics(allowed: false, environment: [:]) == .cells)
    }

    @Test(
        "XTVERSION's answer",
        arguments: [
            (">|iTerm2 3.5.0", "iTerm2 3.5.0"), (">|XTerm(390)", "XTerm(390)"), ("|iTerm2", nil), (">|", nil),
            (">|a\u{7}b", nil), (">|é", nil),
            (">|" + String(repeating: "n", count: 64), String(repeating: "n", count: 64)),
            (">|" + String(repeating: "n", count: 65), nil), ("1$r0m", nil),
        ] as [(String, String?)])
    func terminalName(text: String, name: String?) {
        #expect(TerminalGraphicsProbe.terminalName(Array(text.utf8)) == name)
    }

    @Test("iTerm2 inline image: OSC 1337 File= with the cells and the PNG's size, base64 PNG, ST")
    func inlineImage() throws {
        let bytes = ITermImageEncoder.inlineImage(rgb: Self.red + Self.blue, width: 1, height: 2, columns: 3, rows: 1)
        let png = try #require(PNGEncoder.encode(pixels: Self.red + Self.blue, width: 1, height: 2, channels: 3))
        let expected =
            "\u{1B}]1337;File=inline=1;size=\(png.count);width=3;height=1;preserveAspectRatio=0:"
            + text(KittyGraphicsEncoder.base64(png)) + "\u{1B}\\"
        #expect(text(bytes) == expected)
        let image = try PictureDecoder.decode(png)
        #expect(image.pixels == Self.red + [255] + Self.blue + [255])
        #expect(ITermImageEncoder.inlineImage(rgb: [], width: 0, height: 2, columns: 3, rows: 1) == [])
    }

    @Test("the decoder reports the kitty answer, a cell size, the largest sixel, a name and DA1, split anywhere")
    func decoderReports() {
        let bytes = Array(
            ("a\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?2;0;1000;760S\u{1B}_Gother\u{1B}\\"
                + "\u{1B}P>|WezTerm 2024\u{1B}\\\u{1B}P1$r0m\u{1B}\\\u{1B}[?62;4c\u{1B}[?62;c\u{1B}[?6:1c").utf8)
        // kitty's DA1 (`?62;`); one it cannot read still ends the query, with no attributes.
        let expected: [TerminalEvent.Kind] = [
            .key(.text("a")), .report(.kittyGraphics(true)), .report(.cellSize(width: 10, height: 20)),
            .report(.sixelGeometry(width: 1000, height: 760)), .report(.terminalName("WezTerm 2024")),
            .report(.deviceAttributes([62, 4])), .report(.deviceAttributes([62])), .report(.deviceAttributes([])),
        ]
        for chunk in 1...bytes.count {
            var decoder = KeyDecoder()
            var decoded: [TerminalEvent.Kind] = []
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                decoded += decoder.decodeWithReports(Array(bytes[start..<min(start + chunk, bytes.count)]))
            }
            #expect(decoded == expected, "chunk \(chunk)")
        }
    }

    // MARK: - The player

    /// A 4 × 2 picture: red on top, blue below.
    static let picture = CardPicture(
        image: RGBAImage(
            width: 4, height: 2, pixels: [UInt8]((0..<8).flatMap { $0 < 4 ? red + [255] : blue + [255] }))!,
        caption: "p")

    func makePlayer(rows: Int = 5) throws -> (
        Player, Cycler<ArrayDataSource<StyledString>>, ManualClock, RecordingTerminal
    ) {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource([Self.picture.styledString, StyledString("text")]), interval: 1,
            duration: 0.5, style: TransitionStyle(kind: .push, direction: .left, timingFunction: .linear), clock: clock)
        let terminal = RecordingTerminal(columns: 8, rows: rows)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 4, rows: 3),
            configuration: .init(output: .inline, colorDepth: .fixed(.truecolor), motion: .full, keepsHostLine: false),
            sink: terminal)
        return (player, cycler, clock, terminal)
    }

    @Test("settled: the picture's area (4 × 2 cells) drawn as a sixel of 8 × 8 pixels at its top-left, cursor restored")
    func drawsAtRest() throws {
        let (player, _, _, terminal) = try makePlayer()
        player.setPictureGraphics(.sixel(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        let graphics = terminal.graphics
        #expect(graphics.count == 1)
        #expect(graphics.first.map { [$0.row, $0.column] } == [0, 0])
        // Fitted: 8 × 4 pixels, centred, the card's green (0, 128, 0) above and below; red rows
        // 2-3, blue rows 4-5; a band of 6 rows and one of 2.
        #expect(
            graphics.first?.text
                == "\u{1B}P0;1;0q\"1;1;8;8#0;2;0;50;0#1;2;100;0;0#2;2;0;0;100#0!8B$#1!8K$#2!8o-#0!8B\u{1B}\\")
        #expect(terminal.bytes.suffix(2) == Array("\u{1B}8".utf8))
        #expect(terminal.cursor == (0, 0))
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("the frame at rest shows cells at once and the queue keeps answering; the picture is drawn when rendered")
    func renderedInTheBackground() throws {
        let (player, _, _, terminal) = try makePlayer()
        player.setPictureGraphics(.sixel(cellWidth: 2, cellHeight: 4))
        player.holdPictureRendering(true)
        player.start()
        #expect(player.frameCount == 1)
        #expect(terminal.graphics.isEmpty)
        #expect(terminal.lines[0] == "▀▀▀▀    ")
        // The player's queue is free while the picture waits: a footer change is drawn at once.
        player.setFooter([FooterLine("status")])
        #expect(player.frameCount == 2)
        #expect(terminal.graphics.isEmpty)
        player.holdPictureRendering(false)
        player.waitForPictures()
        #expect(player.frameCount == 3)
        #expect(terminal.graphics.map { [$0.row, $0.column] } == [[0, 0]])
        #expect(terminal.bytes.suffix(2) == Array("\u{1B}8".utf8))
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a picture whose card moves before its turn is neither rendered nor drawn; at rest again it is")
    func staleResultDropped() throws {
        let (player, _, clock, terminal) = try makePlayer()
        player.setPictureGraphics(.sixel(cellWidth: 2, cellHeight: 4))
        player.holdPictureRendering(true)
        player.start()
        clock.advance(by: 1.125, drawing: player)  // The push is a quarter in.
        player.holdPictureRendering(false)
        player.waitForPictures()
        #expect(terminal.graphics.isEmpty)
        clock.advance(by: 0.5, drawing: player)  // Settled on the text card (1.625 s).
        // The next push, back to the picture, settled at 2.5 s (2.625 s): waited for at rest.
        // (A further 0.5 s started the push after it, at 3 s, so a render that came late on a
        // loaded machine was skipped, rightly, and the test failed now and then.)
        clock.advance(by: 1, drawing: player)
        player.waitForPictures()
        #expect(terminal.graphics.count == 1)
        player.finish()
        #expect(terminal.errors == [])
    }

    /// Paints `#` over the picture's 4 × 2 cells, as an image drawn over them would cover them
    /// (the cursor and pen kept).
    func coverPicture(on terminal: RecordingTerminal) throws {
        try terminal.write(Array("\u{1B}7\u{1B}[1;1H####\u{1B}[2;1H####\u{1B}8".utf8))
    }

    @Test("motion starts: every cell under the picture is written again, and no image follows until it settles")
    func takenOffWhenMoving() throws {
        let (player, _, clock, terminal) = try makePlayer()
        player.setPictureGraphics(.sixel(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        try coverPicture(on: terminal)
        #expect(terminal.lines[0] == "####    ")
        let before = terminal.bytes.count
        clock.advance(by: 1.125, drawing: player)  // The push is a quarter in.
        #expect(!text(Array(terminal.bytes[before...])).contains("\u{1B}P"))
        #expect(terminal.graphics.count == 1)
        #expect(terminal.lines.allSatisfy { !$0.contains("#") }, "\(terminal.lines)")
        clock.advance(by: 0.5, drawing: player)  // Settled on the text card: nothing to draw.
        #expect(terminal.graphics.count == 1)
        clock.advance(by: 1, drawing: player)  // The next push, back to the picture.
        clock.advance(by: 0.5, drawing: player)
        #expect(terminal.graphics.count == 2)
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a resize draws the frame in full and the picture again over it")
    func resize() throws {
        let (player, _, _, terminal) = try makePlayer()
        player.setPictureGraphics(.sixel(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        try coverPicture(on: terminal)
        terminal.resize(columns: 9, rows: 5)
        player.terminalResized()
        player.finish()  // After the resize's frame, on the same queue.
        #expect(terminal.lines.allSatisfy { !$0.contains("#") }, "\(terminal.lines)")
        #expect(terminal.graphics.count == 2)
        #expect(terminal.errors == [])
    }

    @Test("the final frame is cells: the picture's cells are drawn again at the end")
    func offAtTheEnd() throws {
        let (player, _, _, terminal) = try makePlayer()
        player.setPictureGraphics(.sixel(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        try coverPicture(on: terminal)
        player.finish()
        #expect(terminal.lines.allSatisfy { !$0.contains("#") }, "\(terminal.lines)")
        #expect(terminal.graphics.count == 1)
        #expect(terminal.errors == [])
    }

    @Test("a suspend (Ctrl-Z) draws the cells again; the resume draws the picture again")
    func suspendAndResume() throws {
        // Rows for the second region, which starts below the first.
        let (player, _, _, terminal) = try makePlayer(rows: 8)
        player.setPictureGraphics(.sixel(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        try coverPicture(on: terminal)
        player.suspendOutput()
        #expect(terminal.lines.allSatisfy { !$0.contains("#") }, "\(terminal.lines)")
        #expect(terminal.graphics.count == 1)
        player.resumeOutput()
        #expect(terminal.graphics.count == 2)
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("kitty: the image is deleted when motion starts and at the end, and by an early exit")
    func kittyDeleted() throws {
        let (player, _, clock, terminal) = try makePlayer()
        player.setPictureGraphics(.kitty(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        let delete = "\u{1B}_Ga=d,d=I,i=7373,q=2\u{1B}\\"
        #expect(terminal.graphics.map { $0.text.hasPrefix("\u{1B}_Ga=T,f=32,s=8,v=8,c=4,r=2,") } == [true])
        #expect(player.restorationAtExit().starts(with: Array(delete.utf8)))
        clock.advance(by: 1.125, drawing: player)
        #expect(terminal.graphics.map(\.text).last == delete)
        clock.advance(by: 1.625, drawing: player)  // Back on the picture (2.5 s), before the next push (3 s).
        #expect(terminal.graphics.count == 3)
        player.finish()
        #expect(terminal.graphics.map(\.text).last == delete)
        #expect(terminal.graphics.count == 4)
        #expect(terminal.errors == [])
    }

    @Test("iTerm2: the PNG over the picture's cells at rest; taken off by the cells alone, nothing at exit")
    func iTermImage() throws {
        let (player, _, clock, terminal) = try makePlayer()
        player.setPictureGraphics(.iterm2(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        #expect(terminal.graphics.map { [$0.row, $0.column] } == [[0, 0]])
        let shown = try #require(terminal.graphics.first?.text)
        #expect(shown.hasPrefix("\u{1B}]1337;File=inline=1;size="))
        #expect(shown.contains(";width=4;height=2;preserveAspectRatio=0:"))
        // Nothing to delete: an early exit's restoration has no graphics command.
        #expect(!text(player.restorationAtExit()).contains("\u{1B}_G"))
        try coverPicture(on: terminal)
        clock.advance(by: 1.125, drawing: player)
        #expect(terminal.graphics.count == 1)
        #expect(terminal.lines.allSatisfy { !$0.contains("#") }, "\(terminal.lines)")
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("a frame of another size (a footer line more) is drawn in full, the picture again over it")
    func frameSizeChange() throws {
        let (player, _, _, terminal) = try makePlayer()
        player.setPictureGraphics(.sixel(cellWidth: 2, cellHeight: 4))
        player.start()
        player.waitForPictures()
        try coverPicture(on: terminal)
        player.setFooter([FooterLine("status")])
        player.finish()
        #expect(terminal.graphics.count == 2)
        #expect(terminal.errors == [])
    }

    @Test("cells (the default): no graphics")
    func cellsOnly() throws {
        let (player, _, _, terminal) = try makePlayer()
        player.start()
        player.finish()
        #expect(terminal.graphics.isEmpty)
    }

    @Test("the region's invalidated cells are written by the next diff")
    func invalidate() {
        var region = TerminalRegion(placement: .fullscreen, depth: .truecolor)
        var bytes: [UInt8] = []
        region.begin(into: &bytes)
        let frame = CellBuffer(width: 4, height: 2, filling: Cell("x"))
        region.draw(frame, into: &bytes)
        bytes.removeAll()
        region.draw(frame, into: &bytes)
        #expect(!text(bytes).contains("x"))
        region.invalidate(column: 1, row: 1, columns: 5, rows: 3)
        bytes.removeAll()
        region.draw(frame, into: &bytes)
        #expect(text(bytes).filter { $0 == "x" }.count == 3)
    }
}
