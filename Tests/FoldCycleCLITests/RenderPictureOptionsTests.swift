import FoldCycle
import Testing

@testable import FoldCycleCLI

/// The render command's parsed run, or a recorded issue.
func renderCommand(_ arguments: [String]) throws -> RenderCommand {
    guard case .run(let command) = try RenderCommand.parse(arguments) else {
        Issue.record("expected a run of \(arguments)")
        throw CLIError.runtime("not a run")
    }
    return command
}

@Suite("render: sampling on the virtual clock and the picture options (issue 11)")
struct RenderPictureOptionsTests {
    struct SamplingCase: CustomStringConvertible, Sendable {
        let sampling: RenderSampling
        let duration: Double
        let times: [Double]
        var description: String { "\(sampling) over \(duration) s" }
    }

    static let samplingCases: [SamplingCase] = [
        .init(sampling: .frames(3), duration: 2, times: [0, 1, 2]),
        .init(sampling: .frames(5), duration: 1, times: [0, 0.25, 0.5, 0.75, 1]),
        .init(sampling: .framesPerSecond(4), duration: 1, times: [0, 0.25, 0.5, 0.75, 1]),
        // 1.9 × 30 is 57.000000000000007 in binary: still 58 frames, the last at exactly 1.9.
        .init(sampling: .framesPerSecond(30), duration: 1.9, times: (0...57).map { Double($0) / 30 }),
        // A duration off the grid ends with the transition's end.
        .init(sampling: .framesPerSecond(10), duration: 0.25, times: [0, 0.1, 0.2, 0.25]),
        // Shorter than one frame: the start and the end.
        .init(sampling: .framesPerSecond(1), duration: 0.5, times: [0, 0.5]),
    ]

    @Test("frames are sampled at counts or rates, the transition's end always included", arguments: samplingCases)
    func sampling(_ testCase: SamplingCase) {
        let samples = testCase.sampling.samples(duration: testCase.duration)
        #expect(samples.map(\.time) == testCase.times.map { min($0, testCase.duration) })
        #expect(samples.map(\.t) == testCase.times.map { $0 == testCase.duration ? 1 : $0 / testCase.duration })
        #expect(samples.last?.t == 1)
    }

    @Test("defaults: 9 frames for streams, 30 per second for pictures and --play; duration 1.9 s, hold 1 s")
    func defaults() throws {
        let plain = try renderCommand(["A", "B"])
        #expect(plain.sampling == .frames(9))
        #expect(plain.duration == 1.9)
        #expect(plain.hold == 1)
        #expect(plain.play == false)
        #expect(plain.background == .black)
        #expect(plain.pictureStyle == AnimatedSVGStyle())
        for arguments in [["--format", "svg"], ["--format", "asciicast"], ["--format", "ansi", "--play"]] {
            #expect(try renderCommand(arguments + ["A", "B"]).sampling == .framesPerSecond(30))
        }
        #expect(try renderCommand(["--format", "svg", "--frames", "4", "A", "B"]).sampling == .frames(4))
        #expect(try renderCommand(["--fps", "12", "A", "B"]).sampling == .framesPerSecond(12))
    }

    @Test("the svg options make the picture's style; --background is also the blend colour")
    func svgStyle() throws {
        let command = try renderCommand([
            "--format", "svg", "--cell-size", "8X16", "--background", "#FFFFFF", "--font-family",
            "'Fira Code', monospace", "--duration", "2", "--hold", "0", "A", "B",
        ])
        #expect(
            command.pictureStyle
                == AnimatedSVGStyle(
                    fontFamily: "'Fira Code', monospace", cellWidth: 8, cellHeight: 16, background: .white,
                    foreground: .black))
        #expect(command.background == .white)
        #expect(command.duration == 2)
        #expect(command.hold == 0)
        #expect(
            try renderCommand(["--background", "Purple", "A"]).background == RGBColor(red: 128, green: 0, blue: 128))
    }

    @Test("asciicast colour does not depend on the machine: truecolor unless --color never")
    func asciicastColor() throws {
        #expect(try renderCommand(["--format", "asciicast", "A", "B"]).colorDepth == .truecolor)
        #expect(try renderCommand(["--format", "asciicast", "--color", "always", "A", "B"]).colorDepth == .truecolor)
        #expect(try renderCommand(["--format", "asciicast", "--color", "never", "A", "B"]).colorDepth == .none)
    }

    static let errorCases: [([String], String)] = [
        (
            ["--frames", "5", "--fps", "10"],
            "'--frames' and '--fps' cannot be used together (choose a count or a rate)"
        ),
        (["--fps", "0"], "value 0 for '--fps' is out of range (a whole number from 1 to 240)"),
        (
            ["--duration", "0"],
            "value 0 for '--duration' is out of range (seconds: a finite number ≥ 0.01 and ≤ 3600)"
        ),
        (
            ["--format", "svg", "--hold", "-1"],
            "value -1 for '--hold' is out of range (seconds: a finite number ≥ 0 and ≤ 3600)"
        ),
        (
            ["--format", "asciicast", "--play"],
            "'--play' paces a stream of frames: use it with --format \(RenderCommand.streamNames(conjunction: "or")), not asciicast"
        ),
        (
            ["--format", "json", "--hold", "1"],
            "'--hold' applies to --format \(RenderCommand.pictureNames()), not json"
        ),
        (["--format", "ansi", "--cell-size", "10x20"], "'--cell-size' applies to --format svg, not ansi"),
        (["--font-family", "mono"], "'--font-family' applies to --format svg, not plain"),
        (
            ["--format", "svg", "--cell-size", "10"],
            "invalid value '10' for '--cell-size' (WxH: whole pixels from 1 to 200 each, e.g. 10x20)"
        ),
        (
            ["--format", "svg", "--cell-size", "10x201"],
            "invalid value '10x201' for '--cell-size' (WxH: whole pixels from 1 to 200 each, e.g. 10x20)"
        ),
        (
            ["--format", "svg", "--font-family", "x</style>"],
            "invalid value 'x</style>' for '--font-family' (a CSS font-family list: names, quoted where they have "
                + "spaces, separated by commas; letters, digits, spaces and , ' \" - _ . only)"
        ),
        (["--background", "#12345"], "invalid value '#12345' for '--background' ('#12345' is not #rrggbb)"),
    ]

    @Test("options that do not go together, and bad values, are usage errors", arguments: errorCases)
    func errors(_ arguments: [String], _ message: String) {
        #expect(throws: CLIError.usage(message, .render)) { try RenderCommand.parse(arguments + ["A", "B"]) }
    }

    @Test("--list-transitions wins over items, as help does")
    func listTransitions() throws {
        guard case .listTransitions = try RenderCommand.parse(["--list-transitions"]) else {
            Issue.record("expected the list")
            return
        }
    }

    @Test("--record is a live option with no default")
    func recordOption() throws {
        guard case .run(let command) = try LiveCommand.parse(["--record", "x.cast", "A"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(command.record == SessionRecording.Request(path: "x.cast", overwrite: false, itemsFile: nil))
        guard case .run(let plain) = try LiveCommand.parse(["A"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(plain.record == nil)
        #expect(LiveCommand.specs.contains { $0.name == "record" })
    }
}
