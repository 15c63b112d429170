import FoldCycle
import FoldCycleTestSupport
import Testing

@testable import FoldCycleCLI

/// `render --deck`: its options, and the frames of a scripted deck, the deck and its footer as
/// `foldcycle deck` draws them (docs/DESIGN.md#deck-pictures).
@Suite("render --deck: a scripted deck's frames")
struct RenderDeckTests {
    static let black = RGBColor(red: 0, green: 0, blue: 0)
    static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// The frames of `script` on three 8 × 3 cards (black, white, black) in a 24-column deck at
    /// 20 frames per second: the deck scene tests' deck, so their screens apply.
    func frames(_ script: String, _ extra: [String] = []) throws -> DeckRenderFrames {
        let command = try renderCommand(
            [
                "--deck", script, "--fps", "20", "--width", "8", "--height", "3", "--deck-width", "24", "--palette",
                "black,white",
            ] + extra + ["AAAA", "BBBB", "CCCC"])
        let settings = try #require(command.deck)
        return try DeckRenderFrames(command: command, settings: settings)
    }

    @Test("--deck's defaults: 30 frames per second, a 0.5 s pause, 80 columns, the deck's card and stack")
    func defaults() throws {
        let command = try renderCommand(["--deck", "right,undo", "a", "b"])
        #expect(
            command.deck
                == DeckRenderSettings(
                    script: DeckScript(actions: [.swipe(.right), .undo]), pause: 0.5, width: 80, visibleCount: 2,
                    behavior: .swipeDeck, loops: false, framesPerSecond: 30))
        #expect(command.sampling == .framesPerSecond(30))
        // The deck's card: fitted to the items, at least 24 columns.
        #expect(command.cardSize == TerminalSize(columns: 24, rows: 3))
        // A plain format renders every frame too: no 9-frame default.
        #expect(try renderCommand(["--deck", "left", "--format", "json", "a"]).sampling == .framesPerSecond(30))
        // A card wider than 80 / 1.5 gets a deck one and a half cards wide.
        #expect(try renderCommand(["--deck", "left", "--width", "61", "a"]).deck?.width == 92)
        #expect(try renderCommand(["--deck", "left", "a"]).deck?.width == 80)
        // Without --deck, a transition as before.
        #expect(try renderCommand(["a", "b"]).deck == nil)
    }

    @Test("the deck's own options")
    func options() throws {
        let command = try renderCommand([
            "--deck", "drag(0.1,0,0.5)", "--pause", "0", "--deck-width", "50", "--visible", "3", "--drag", "page",
            "--loop", "--fps", "12", "--width", "30", "--height", "4", "a",
        ])
        #expect(
            command.deck
                == DeckRenderSettings(
                    script: DeckScript(actions: [.drag(translation: DeckPoint(x: 0.1, y: 0), duration: 0.5)]),
                    pause: 0, width: 50, visibleCount: 3, behavior: .reusingStack, loops: true, framesPerSecond: 12))
        #expect(command.cardSize == TerminalSize(columns: 30, rows: 4))
    }

    struct UsageCase: CustomStringConvertible, Sendable {
        let arguments: [String]
        let message: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let actions = DeckAction.syntaxList

    static let usageCases: [UsageCase] = [
        .init(
            arguments: ["--deck", "right,rigth", "a"],
            message:
                "invalid value 'right,rigth' for '--deck': action 2, 'rigth', is not an action; did you mean 'right'? "
                + "(actions: \(actions))"),
        .init(
            arguments: ["--deck", "shuffle", "a"],
            message: "invalid value 'shuffle' for '--deck': action 1, 'shuffle', is not an action (actions: \(actions))"
        ),
        // A name within a third of its length: `drg` is near `drag`; `jump` is 2 edits from `up`, too far.
        .init(
            arguments: ["--deck", "drg(1,0,1)", "a"],
            message:
                "invalid value 'drg(1,0,1)' for '--deck': action 1, 'drg(1,0,1)', is not an action; did you mean "
                + "'drag'? (actions: \(actions))"),
        .init(
            arguments: ["--deck", "jump", "a"],
            message: "invalid value 'jump' for '--deck': action 1, 'jump', is not an action (actions: \(actions))"),
        .init(
            arguments: ["--deck", "drag(1)", "a"],
            message:
                "invalid value 'drag(1)' for '--deck': action 1, 'drag(1)': drag(dx,dy,seconds) takes three finite numbers"
        ),
        .init(
            arguments: ["--deck", "", "a"],
            message: "invalid value '' for '--deck': no actions (actions: \(actions))"),
        // Issue 24: a long script is quoted as a bounded excerpt, not echoed back whole.
        .init(
            arguments: ["--deck", Array(repeating: "right", count: 1001).joined(separator: ","), "a"],
            message:
                "invalid value '\(String(repeating: "right,", count: 10))…' for '--deck': 1001 actions are more than "
                + "the 1000 a script may hold"),
        .init(
            arguments: ["--deck", "left", "--transition", "cube", "a"],
            message:
                "'--transition' applies to a transition's frames, not to --deck (a deck's frames come every 1/--fps "
                + "second until its script ends)"),
        .init(
            arguments: ["--deck", "left", "--duration", "2", "a"],
            message:
                "'--duration' applies to a transition's frames, not to --deck (a deck's frames come every 1/--fps "
                + "second until its script ends)"),
        .init(
            arguments: ["--pause", "1", "a", "b"], message: "'--pause' applies with --deck (a scripted deck's frames)"),
        .init(arguments: ["--loop", "a", "b"], message: "'--loop' applies with --deck (a scripted deck's frames)"),
        .init(
            arguments: ["--deck", "left", "--width", "30", "--deck-width", "29", "a"],
            message: "'--deck-width' 29 is narrower than the card (30 columns; give at least that)"),
        .init(
            arguments: ["--deck", "left", "--pause", "61", "a"],
            message: "value 61 for '--pause' is out of range (seconds: a finite number ≥ 0 and ≤ 60)"),
        .init(
            arguments: ["--deck", "left", "--format", "svg", "--play", "a"],
            message:
                "'--play' paces a stream of frames: use it with --format \(RenderCommand.streamNames(conjunction: "or")), not svg"
        ),
    ]

    @Test("bad --deck scripts and options are usage errors naming what is wrong", arguments: usageCases)
    func usage(_ testCase: UsageCase) {
        #expect(throws: CLIError.usage(testCase.message, .render)) { try RenderCommand.parse(testCase.arguments) }
    }

    @Test("an action that would do nothing is found before anything is written")
    func noEffect() throws {
        #expect(
            throws: CLIError.usage(
                "--deck: action 3, 'undo', would do nothing: there is no decision to take back", .render)
        ) { try frames("right,undo,undo") }
    }

    @Test("frames every 1/20 s until the deck is at rest after the script: the deck, then its footer")
    func screens() throws {
        let frames = try frames("right,undo")
        // At rest at 0.25 s (frame 5), the swipe 10 frames later, landed at 1.05 s (frame 21), the
        // undo at frame 31, the card back on top at 1.85 s (frame 37).
        #expect(frames.count == 38)
        #expect((0..<38).map(frames.time(ofFrame:)) == (0..<38).map { Double($0) / 20 })
        #expect(frames.title == "foldcycle render: deck right,undo")
        let status = "card 1 of 3 · kept 0 …"
        let keys = "← discard · → keep …"
        frames.render(5)
        #expect(
            Screen(frames.cells)
                == Screen(
                    ["", "", "          AAAA", "", "", "", status, keys].map(Self.padded),
                    styles: [
                        "........................",
                        "........kkkkkkkk........",
                        "........kkAAAAkk........",
                        "........kkkkkkkk........",
                        ".........wwwwww.........",
                        "........................",
                        "dddddddddddddddddddddd..",
                        "dddddddddddddddddddd....",
                    ], legend: Self.legend),
            "\(Screen(frames.cells))")
        #expect(frames.markers(afterFrame: 5) == [])
        frames.render(15)
        #expect(frames.markers(afterFrame: 15) == ["right"])
        #expect(Screen(frames.cells).lines[6] == Self.padded("card 2 of 3 · kept 1 …"))
        frames.render(18)
        // 0.15 s into the flight: the deck scene tests' screen of a key swipe, here under the footer
        // (the clock's 3 × 1/20 s puts the flying card's line a column right of that test's).
        #expect(
            Screen(frames.cells).lines
                == [
                    "                 ▄▃▂▁", "        ▆▆▆▆▆▆▆▆      ▇▆", "        ▏ BBBB ▉▏  AAAA",
                    "        ▏      ▉▃▂▁", "        ▇▇▇▇▇▇▇▇    ▇▆▅▄", "", "card 2 of 3 · kept 1 …", keys,
                ].map(Self.padded))
        frames.render(31)
        #expect(frames.markers(afterFrame: 31) == ["undo"])
        #expect(Screen(frames.cells).lines[6] == Self.padded(status))
        frames.render(37)
        #expect(Screen(frames.cells).lines == ["", "", "          AAAA", "", "", "", status, keys].map(Self.padded))
    }

    @Test("plain and json text of a frame: its time, the action begun, the decisions, the cards")
    func text() throws {
        let frames = try frames("right")
        frames.render(15)
        let plain = Self.text(frames, 15, .plain)
        #expect(plain.hasPrefix("# frame 16/22 time=0.75 action=right\n" + Self.padded("") + "\n"))
        #expect(plain.hasSuffix("\n\n"))
        #expect(plain.split(separator: "\n", omittingEmptySubsequences: false).count == 1 + 8 + 2)
        let json = Self.text(frames, 15, .json)
        // The swipe's frame: the decision as `foldcycle deck` prints it; B on top but still where it
        // was beneath (its move up begins now: 1 row, 0.25 card widths, lower, and its centre
        // 0.375 × (1 − 0.75) lower for the scale), C entering beneath from its seeded offset, A
        // beginning its flight from its place.
        #expect(
            json.hasPrefix(
                "{\"frame\":15,\"time\":0.75,\"action\":\"right\",\"decisions\":[{\"index\":0,\"item\":\"AAAA\","
                    + "\"action\":\"right\",\"by\":\"key\",\"velocity\":null}],\"top\":1,\"cards\":[{\"index\":2,"
                    + "\"position\":1,\"side\":\"front\",\"offset\":["))
        #expect(
            json.hasSuffix(
                "{\"index\":1,\"position\":0,\"side\":\"front\",\"offset\":[0,0.34375],\"rotation\":0,\"scale\":0.75,"
                    + "\"alpha\":1,\"flip\":null},{\"index\":0,\"position\":null,\"side\":\"front\",\"offset\":[0,0],"
                    + "\"rotation\":0,\"scale\":1,\"alpha\":1,\"flip\":null}]}\n"))
        frames.render(16)
        let next = Self.text(frames, 16, .json)
        #expect(next.hasPrefix("{\"frame\":16,\"time\":0.8,\"action\":null,\"decisions\":[],\"top\":1,"))
    }

    /// Styles: `k` a black card cell, `A` the black card's text, `w` a white card cell, `d` the dim
    /// footer.
    static let legend: [Character: TextStyle] = [
        "k": TextStyle(background: .rgb(black)),
        "A": TextStyle(foreground: .rgb(white), background: .rgb(black), attributes: .bold),
        "w": TextStyle(background: .rgb(white)),
        "d": TextStyle(attributes: .dim),
    ]

    /// Frame `index` of `frames` (the one made last) as `format`'s writer gives it.
    static func text(_ frames: any RenderSource, _ index: Int, _ format: RenderCommand.Format) -> String {
        var writer: any FrameWriter = format == .json ? JSONFrameWriter() : PlainFrameWriter()
        return String(decoding: writer.write(frames.frame(index)), as: UTF8.self)
    }

    static func padded(_ line: String) -> String {
        line + String(repeating: " ", count: max(0, 24 - DisplayWidth.of(line)))
    }
}
