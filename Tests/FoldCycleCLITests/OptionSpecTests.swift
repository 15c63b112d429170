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
}
