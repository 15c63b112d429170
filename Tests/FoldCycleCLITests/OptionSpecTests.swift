import FoldCycleOptions
import Testing

@testable import FoldCycleCLI

@Suite("Option declarations: help suffixes and ranges")
struct OptionSpecTests {
    @Test(
        "the help suffix is generated from the kind and the default",
        arguments: [
            (FlagOption("paused", summary: "Launch paused.").spec, "--paused", "Launch paused."),
            (FlagOption("help", short: "h", summary: "Show help.").spec, "-h, --help", "Show help."),
            (TextOption("file", value: "path", summary: "Read items.").spec, "--file <path>", "Read items."),
            (
                TextOption("palette", value: "colors", summary: "Colours.", defaultText: "green,blue").spec,
                "--palette <colors>", "Colours. (default: green,blue)"
            ),
            (
                IntegerOption("fps", value: "n", summary: "Frames per second.", range: .init(1...240), default: 60)
                    .spec,
                "--fps <n>", "Frames per second. (1...240; default: 60)"
            ),
            (
                IntegerOption("width", value: "cells", summary: "Width.", range: .init(1...1000), defaultText: "fits")
                    .spec,
                "--width <cells>", "Width. (1...1000; default: fits)"
            ),
            (
                IntegerOption(
                    "from-item", value: "index", summary: "From.", range: .init(from: 0, upTo: "the last"),
                    default: 0
                ).spec,
                "--from-item <index>", "From. (0...the last; default: 0)"
            ),
            (
                NumberOption(
                    "interval", value: "seconds", summary: "Between.", range: .init(0.01...86_400, unit: "seconds"),
                    default: 2
                ).spec,
                "--interval <seconds>", "Between. (0.01...86400; default: 2)"
            ),
            (
                NumberOption(
                    "interval", value: "seconds", summary: "Between.", range: .init(0.5...1.25, unit: "seconds"),
                    default: 0.75
                ).spec,
                "--interval <seconds>", "Between. (0.5...1.25; default: 0.75)"
            ),
            (
                NumberOption(
                    "duration", value: "seconds", summary: "Runs.",
                    range: .init(above: 0, below: "the interval", unit: "seconds"), defaultText: "most of it"
                ).spec,
                "--duration <seconds>", "Runs. (> 0 and < the interval; default: most of it)"
            ),
            (
                ChoiceOption(
                    "align", value: "alignment", summary: "Align.", choices: [("left", 0), ("right", 1)], default: 1
                ).spec,
                "--align <alignment>", "Align. (values: left, right; default: right)"
            ),
        ])
    func helpLine(_ spec: OptionSpec, _ synopsis: String, _ help: String) {
        #expect(spec.synopsis == synopsis)
        #expect(spec.help == help)
    }

    @Test("a flag has no value name; every other kind has one")
    func valueNames() {
        for spec in LiveCommand.specs + RenderCommand.specs {
            #expect((spec.valueName == nil) == (spec.kind == .flag), "\(spec.name)")
        }
    }

    @Test("integer ranges: fixed and named upper bounds")
    func integerRanges() {
        let fixed = IntegerRange(1...240)
        #expect(fixed.allowedText(upperBound: nil) == "a whole number from 1 to 240")
        #expect(fixed.allowedText(upperBound: 7) == "a whole number from 1 to 240")
        #expect([0, 1, 240, 241].map { fixed.contains($0, upperBound: nil) } == [false, true, true, false])
        let named = IntegerRange(from: 0, upTo: "the last item's index")
        #expect(named.helpText == "0...the last item's index")
        #expect(named.allowedText(upperBound: 3) == "a whole number from 0 to 3")
        #expect(named.allowedText(upperBound: nil) == "a whole number from 0 to the last item's index")
        #expect([-1, 0, 3, 4].map { named.contains($0, upperBound: 3) } == [false, true, true, false])
        #expect(named.contains(Int.max, upperBound: nil))
    }

    @Test("number ranges: inclusive, exclusive and named ends")
    func numberRanges() {
        let interval = NumberRange(0.01...86_400, unit: "seconds")
        #expect(interval.helpText == "0.01...86400")
        #expect(interval.allowedText(upperBound: nil) == "seconds: a finite number ≥ 0.01 and ≤ 86400")
        #expect(
            [0.0099, 0.01, 86_400, 86_400.001, .nan, .infinity].map { interval.contains($0, upperBound: nil) }
                == [false, true, true, false, false, false])
        let duration = NumberRange(above: 0, below: "the interval", unit: "seconds")
        #expect(duration.helpText == "> 0 and < the interval")
        #expect(duration.boundsText(upperBound: nil) == "a finite number > 0 and < the interval")
        #expect(duration.allowedText(upperBound: 1.5) == "seconds: a finite number > 0 and < the interval, 1.5")
        #expect([0, 0.001, 1.499, 1.5].map { duration.contains($0, upperBound: 1.5) } == [false, true, true, false])
        #expect(duration.contains(1e300, upperBound: nil))
        #expect(!duration.contains(-.infinity, upperBound: nil))
    }

    @Test("a reworded option keeps its name, value and default; only its summary or default's text change")
    func reworded() {
        let fps = IntegerOption("fps", value: "n", summary: "Frames per second.", range: .init(1...240), default: 60)
        let moving = fps.reworded(summary: "Frames per second while cards move.")
        #expect(moving.spec.synopsis == "--fps <n>")
        #expect(moving.spec.help == "Frames per second while cards move. (1...240; default: 60)")
        #expect((moving.range, moving.defaultValue) == (fps.range, 60))
        let width = IntegerOption(
            "width", value: "cells", summary: "Width.", range: .init(1...1000), defaultText: "fits")
        #expect(
            width.reworded(defaultText: "the widest side").spec.help == "Width. (1...1000; default: the widest side)")
        let loop = FlagOption("loop", short: "l", summary: "Start over.").reworded(summary: "--deck: start over.")
        #expect((loop.spec.synopsis, loop.spec.help) == ("-l, --loop", "--deck: start over."))
    }

    @Test("a number option reworded with its own default keeps its name and range; help shows the new default")
    func rewordedDefault() {
        let interval = NumberOption(
            "interval", value: "seconds", summary: "Seconds between cards.",
            range: .init(0.01...86_400, unit: "seconds"), default: 2)
        let tips = interval.reworded(summary: "Seconds each tip is shown.", default: 4.5)
        #expect(tips.spec.synopsis == "--interval <seconds>")
        #expect(tips.spec.help == "Seconds each tip is shown. (0.01...86400; default: 4.5)")
        #expect((tips.range, tips.defaultValue) == (interval.range, 4.5))
        #expect((interval.spec.help, interval.defaultValue) == ("Seconds between cards. (0.01...86400; default: 2)", 2))
    }

    @Test("an option with an unset choice added: the choice first, standing for nil, the default; the pattern kept")
    func addingUnset() throws {
        let shade = ChoiceOption(
            "shade", value: "color", summary: "Shade.", choices: [("black", 0), ("white", 255)],
            pattern: .init(syntax: "#nn") { text throws(OptionValueError) in
                text.hasPrefix("#") ? Int(text.dropFirst(), radix: 16) : nil
            }, default: 0)
        let asked = shade.addingUnset("auto", summary: "Shade; auto: ask.")
        #expect(asked.names == ["auto", "black", "white", "#nn"])
        #expect(asked.spec.help == "Shade; auto: ask. (values: auto, black, white, #nn; default: auto)")
        #expect(asked.defaultValue == nil)
        #expect(asked.choices.map(\.value) == [nil, 0, 255])
        let pattern = try #require(asked.pattern)
        #expect(try pattern.parse("#1f") == .some(.some(31)))
        #expect(try pattern.parse("grey") == nil)  // Not of the pattern's form.
    }
}
