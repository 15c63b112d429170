import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Motion (docs/DESIGN.md#motion) through the player, by screen, on a manual clock.
@Suite("Player: motion")
struct PlayerMotionTests {
    static let black = RGBColor(red: 0, green: 0, blue: 0)
    static let white = RGBColor(red: 255, green: 255, blue: 255)

    static func makePlayer(
        _ motion: Motion, depth: ColorDepth = .truecolor, columns: Int = 10, rows: Int = 5, scrolls: Bool = false,
        heartbeat: TimeInterval? = 30, kind: TransitionKind = .fold
    ) throws -> (Player, ManualClock, RecordingTerminal) {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["AAA", "BBB"]), interval: 1, duration: 0.5,
            style: TransitionStyle(kind: kind, direction: .down, timingFunction: .linear), clock: clock)
        let terminal = RecordingTerminal(columns: columns, rows: rows, scrolls: scrolls)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 7, rows: 3), style: CardStyle(palette: [black, white]),
            configuration: .init(
                output: .inline, colorDepth: .fixed(depth), motion: .fixed(motion), keepsHostLine: false,
                heartbeatInterval: heartbeat),
            sink: terminal)
        return (player, clock, terminal)
    }

    /// Advances the clock, then lets the player's queue catch up (its frame for that instant).
    static func step(_ clock: ManualClock, _ player: Player, by seconds: TimeInterval) -> Int {
        clock.advance(by: seconds, drawing: player)
    }

    @Test("reduced: a fold becomes a 0.2 s cross-fade with nothing moving, and no frames once it is done")
    func reduced() throws {
        let (player, clock, terminal) = try Self.makePlayer(.reduced)
        #expect(player.motion == .reduced)
        player.start()
        _ = Self.step(clock, player, by: 1)  // The tick: the transition begins.
        _ = Self.step(clock, player, by: 0.1)  // Half of the fade.
        // No block-eighth edges: nothing moved; the incoming glyphs over a half-blended card.
        #expect(terminal.lines == ["          ", "  BBB     ", "          ", "          ", "          "])
        #expect(terminal.rendition(column: 0, row: 0) == "bg=rgb:128,128,128")
        let faded = Self.step(clock, player, by: 0.15)
        #expect(terminal.rendition(column: 0, row: 0) == "bg=rgb:255,255,255")
        // The cycler's transition runs until 1.5 s; the fade was complete at 1.2 s: no frames.
        #expect(Self.step(clock, player, by: 0.2) == faded)
        #expect(Self.step(clock, player, by: 0.1) == faded + 1)  // The settled frame, at 1.5 s.
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test("reduced at colour depth none: the card switches at once")
    func reducedWithoutColour() throws {
        let (player, clock, terminal) = try Self.makePlayer(.reduced, depth: .none)
        player.start()
        _ = Self.step(clock, player, by: 1)
        _ = Self.step(clock, player, by: 0.02)  // The frame 1/60 s in: alpha ≤ 0.1.
        #expect(terminal.lines[1] == "  BBB     ")
        player.finish()
    }

    @Test(
        "the reduced cross-fade's progress over a transition's normalized time",
        arguments: [
            (0.0, 0.5, 0.0), (0.2, 0.5, 0.5), (0.4, 0.5, 1.0), (1.0, 0.5, 1.0), (0.5, 0.1, 0.5), (1.0, 0.1, 1.0),
            (0.1, 2.0, 1.0), (0.05, 2.0, 0.5),
        ])
    func crossFadeProgress(_ t: Double, _ duration: Double, _ expected: Double) {
        let progress = CyclerScene<ArrayDataSource<String>>.crossFadeProgress(t: t, duration: duration)
        #expect(abs(progress - expected) < 1e-12)
    }

    @Test("none: no card; each settled item is printed as a line above the status, which stays")
    func none() throws {
        let (player, clock, terminal) = try Self.makePlayer(.none, columns: 20, rows: 6, scrolls: true, heartbeat: 5)
        player.setFooter([FooterLine("status: running")])
        player.start()
        #expect(
            terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) } == [
                "AAA", "status: running", "", "", "", "",
            ])
        _ = Self.step(clock, player, by: 1)
        let during = Self.step(clock, player, by: 0.25)
        #expect(terminal.lines[1].hasPrefix("status: running"))  // Nothing drawn mid-transition.
        _ = Self.step(clock, player, by: 0.25)
        #expect(
            terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                == ["AAA", "BBB", "status: running", "", "", ""])
        #expect(during <= 2)
        // 5 s with no new line (paused): a heartbeat says what is still shown.
        _ = player.withScene(as: CyclerScene<ArrayDataSource<String>>.self) { $0.cycler.cancel() }
        _ = Self.step(clock, player, by: 5)
        #expect(
            terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                == ["AAA", "BBB", "still showing: BBB", "status: running", "", ""])
        player.finish()
        #expect(terminal.errors == [])
    }

    @Test(
        "detection: the explicit choice, then no frames, ACCESSIBLE, CI, REDUCED_MOTION, in that order",
        arguments: [
            (true, [:], Motion.Setting.detected, Motion.full, true),
            (false, [:], .detected, .none, false),
            (true, ["TERM": "dumb"], .detected, .none, false),
            (true, ["ACCESSIBLE": "1"], .detected, .none, true),
            (true, ["CI": "true"], .detected, .none, true),
            (true, ["CI": "false"], .detected, .full, true),
            (true, ["CI": "0", "REDUCED_MOTION": "1"], .detected, .reduced, true),
            (true, ["REDUCED_MOTION": "yes", "CI": "1"], .detected, .none, true),
            (true, ["REDUCED_MOTION": "OFF"], .detected, .full, true),
            (true, ["REDUCED_MOTION": " "], .detected, .full, true),
            (true, ["CI": "1"], .full, .full, true),
            (false, [:], .reduced, .reduced, false),
        ] as [(Bool, [String: String], Motion.Setting, Motion, Bool)])
    func detection(
        _ isTerminal: Bool, _ environment: [String: String], _ setting: Motion.Setting, _ expected: Motion,
        _ drawsFrames: Bool
    ) {
        let capabilities = TerminalCapabilities.detect(
            isTerminal: isTerminal, environment: environment, motion: setting)
        #expect(capabilities.motion == expected)
        #expect(capabilities.drawsFrames == drawsFrames)
    }

    @Test("no motion draws inline even when fullscreen is asked: the items are lines in the scrollback")
    func noneIsInline() {
        let configuration = Player.Configuration(output: .fullscreen, motion: .none)
        #expect(
            configuration.resolved(for: RecordingTerminal(columns: 10, rows: 3), environment: [:]).output == .inline)
        let full = Player.Configuration(output: .fullscreen, motion: .full)
        #expect(full.resolved(for: RecordingTerminal(columns: 10, rows: 3), environment: [:]).output == .fullscreen)
    }

    @Test(
        "the player's defaults follow the CLI's rule: NO_COLOR, TERM=dumb, COLORTERM, not a terminal",
        arguments: [
            (true, ["NO_COLOR": "1", "TERM": "xterm-256color"], Player.Output.inline, ColorDepth.none),
            (true, ["NO_COLOR": "1", "TERM": "dumb"], .plainText, .none),
            (true, ["COLORTERM": "truecolor"], .inline, .truecolor),
            (true, ["TERM": "xterm-256color"], .inline, .ansi256),
            (false, ["COLORTERM": "truecolor"], .plainText, .none),
        ] as [(Bool, [String: String], Player.Output, ColorDepth)])
    func playerDefaults(
        _ isTerminal: Bool, _ environment: [String: String], _ output: Player.Output, _ depth: ColorDepth
    ) {
        let sink: any OutputSink = isTerminal ? RecordingTerminal(columns: 10, rows: 3) : NotATerminal()
        let resolved = Player.Configuration().resolved(for: sink, environment: environment)
        #expect(resolved.output == output)
        #expect(resolved.depth == depth)
        #expect(resolved.motion == (output == .plainText ? .none : .full))
    }
}

/// An output sink that is not a terminal (a pipe or a file), for the detection rule.
struct NotATerminal: OutputSink {
    func write(_ bytes: [UInt8]) throws(TerminalError) {}
    var isTerminal: Bool { false }
    var size: TerminalSize? { nil }
}
