import FoldCycle
import FoldCycleOptions
import Testing

@testable import FoldCycleCLI

@Suite("Option values: ranges, choices and defaults")
struct OptionValueTests {
    // Values outside the declarations: UsageErrorTests, the one table of usage errors.

    @Test("absent options take their declared defaults")
    func liveDefaults() throws {
        guard case .run(let command) = try LiveCommand.parse(["A", "B"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(command.items == ["A", "B"])
        #expect(command.direction == .down)
        #expect(command.interval == 2)
        // The CLI's readable default, min(0.6, interval/3), which follows a typed interval.
        #expect(command.duration == 0.6)
        #expect(command.durationFollowsInterval)
        #expect(command.motion == .detected)
        // auto: asked of the terminal when the run starts.
        #expect(command.background == nil)
        #expect(command.fitsWidth)
        #expect(command.cardSize == TerminalSize(columns: 3, rows: 3))
        #expect(command.timingFunction == .easeInEaseOut)
        #expect(command.framesPerSecond == 60)
        #expect(command.style == CardStyle())
        #expect(command.fullscreen == false)
        #expect(command.paused == false)
        #expect(command.cycles == nil)
        #expect(command.transition == .fold)
        #expect(command.cellAspect == 2)
    }

    @Test("given options are read by their declarations, names case-insensitively")
    func liveValues() throws {
        let arguments = [
            "--direction", "LEFT", "--interval", " 0.5", "--duration=0.25", "--timing",
            "cubic-bezier(0.1, 0.2, 0.3, 0.4)",
            "--fps", "30", "--width", "12", "--height", "4", "--align", "Right", "--palette", "red, #00ff00",
            "--fullscreen", "--paused", "--cycles", "0", "--transition", "Move-In", "--cell-aspect", "2.25",
            "--shading", "--motion", "Reduced", "X",
        ]
        guard case .run(let command) = try LiveCommand.parse(arguments) else {
            Issue.record("expected a run")
            return
        }
        #expect(command.items == ["X"])
        #expect(command.direction == .left)
        #expect(command.interval == 0.5)
        #expect(command.duration == 0.25)
        #expect(!command.durationFollowsInterval)
        #expect(command.motion == .reduced)
        #expect(!command.fitsWidth)
        #expect(command.timingFunction == (try TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)))
        #expect(command.framesPerSecond == 30)
        #expect(command.cardSize == TerminalSize(columns: 12, rows: 4))
        #expect(
            command.style
                == CardStyle(
                    palette: [RGBColor(red: 255, green: 0, blue: 0), RGBColor(red: 0, green: 255, blue: 0)],
                    alignment: .right, shading: true))
        #expect(command.transition == .moveIn)
        #expect(command.cellAspect == 2.25)
        #expect(command.fullscreen == true)
        #expect(command.paused == true)
        #expect(command.cycles == 0)
    }

    @Test("help and version win over items")
    func helpAndVersion() throws {
        guard case .help = try LiveCommand.parse(["A", "-h"]) else {
            Issue.record("expected help")
            return
        }
        guard case .version = try LiveCommand.parse(["--version"]) else {
            Issue.record("expected version")
            return
        }
        guard case .help = try RenderCommand.parse(["--help"]) else {
            Issue.record("expected help")
            return
        }
    }

    @Test("render reads its options and defaults")
    func renderValues() throws {
        let command = try renderCommand(["A", "B"])
        #expect(command.sampling == .frames(9))
        #expect(command.fromItem == 0)
        #expect(command.format == .plain)
        #expect(command.fullFrames == false)
        let given = try renderCommand([
            "--frames", "2", "--from-item", "1", "--format", "JSON", "--encoder", "full", "--timing", "linear", "A",
            "B",
        ])
        #expect(given.sampling == .frames(2))
        #expect(given.fromItem == 1)
        #expect(given.format == .json)
        #expect(given.fullFrames == true)
        #expect(given.timingFunction == .linear)
        #expect(command.cellAspect == 2)
        #expect(command.style.shading == false)
        let turned = try renderCommand(["--transition", "cube", "--cell-aspect", "0.5", "--shading", "A", "B"])
        #expect(turned.transition == .cube)
        #expect(turned.cellAspect == 0.5)
        #expect(turned.style.shading == true)
    }

    @Test("choice lists come from the types' cases")
    func choicesFromTypes() {
        #expect(SharedOptions.direction.names == ["down", "up", "left", "right"])
        #expect(Set(SharedOptions.direction.choices.map(\.value)) == Set(TransitionDirection.allCases))
        #expect(SharedOptions.direction.choices.allSatisfy { $0.name == $0.value.description })
        #expect(SharedOptions.align.choices.map(\.value) == HorizontalAlignment.allCases)
        #expect(SharedOptions.color.choices.map(\.value) == ColorDepth.Choice.allCases)
        // The library's `default` is listed as `ca-default` (issue 22), the functions in its order.
        #expect(
            SharedOptions.timing.names
                == TimingFunction.presets.map { $0.name == "default" ? "ca-default" : $0.name }
                + [TimingFunction.parameterizedForms.joined(separator: ", ")])
        #expect(SharedOptions.timing.choices.map(\.value) == TimingFunction.presets.map(\.function))
        #expect(RenderCommand.Options.format.choices.map(\.value) == RenderCommand.Format.allCases)
        #expect(RenderCommand.Format.allCases.map(\.rawValue) == ["plain", "ansi", "json", "asciicast", "svg"])
    }

    @Test("the interval range that the live session checks typed commands with is the option's")
    func intervalRange() {
        #expect(LiveCommand.Options.interval.range == NumberRange(LiveCommand.intervalRange, unit: "seconds"))
        #expect(LiveCommand.intervalRangeText == "a finite number ≥ 0.01 and ≤ 86400")
    }

    @Test("--background names the terminal's background, as render's does, or auto")
    func liveBackground() throws {
        guard case .run(let auto) = try LiveCommand.parse(["A", "--background", "auto"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(auto.background == nil)
        guard case .run(let command) = try LiveCommand.parse(["A", "--background", "#ffffff"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(command.background == .white)
        #expect(
            throws: CLIError.usage(
                "invalid value 'beige' for '--background' (values: auto, black, white, red, green, blue, yellow, cyan, magenta, orange, purple, gray, grey, #rrggbb)",
                .live)
        ) {
            try LiveCommand.parse(["A", "--background", "beige"])
        }
    }
}
