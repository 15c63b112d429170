import FoldCycleOptions
import Testing

@testable import FoldCycleCLI

/// Every usage error of the live cycler and of `render`, parsed in-process, in one table: the
/// message, the usage line and help hint, exit 64 (moved from the e2e suite, which keeps one run
/// of the binary per command to show the text reaches stderr with nothing on stdout).
@Suite("Usage errors: message, usage line and exit code")
struct UsageErrorTests {
    static let liveCases: [([String], String)] = [
        (["--bogus"], "unknown option '--bogus'"),
        (["-x"], "unknown option '-x'"),
        (["--direction", "sideways"], "invalid value 'sideways' for '--direction' (values: down, up, left, right)"),
        (["--direction"], "missing value for '--direction <direction>' (values: down, up, left, right)"),
        (["--markdown"], "missing value for '--markdown <when>' (values: auto, always, never)"),
        (["--file"], "missing value for '--file <path>'"),
        (
            ["--interval", "0"],
            "value 0 for '--interval' is out of range (seconds: a finite number ≥ 0.01 and ≤ 86400)"
        ),
        (
            ["--interval", "-1"],
            "value -1 for '--interval' is out of range (seconds: a finite number ≥ 0.01 and ≤ 86400)"
        ),
        (["--interval", "nan"], "invalid value 'nan' for '--interval' (seconds: a finite number ≥ 0.01 and ≤ 86400)"),
        (["--interval", "inf"], "invalid value 'inf' for '--interval' (seconds: a finite number ≥ 0.01 and ≤ 86400)"),
        (["--interval", "abc"], "invalid value 'abc' for '--interval' (seconds: a finite number ≥ 0.01 and ≤ 86400)"),
        (
            ["--interval", "1", "--duration", "1"],
            "value 1 for '--duration' is out of range (seconds: a finite number ≥ 0.001 and < the interval, 1)"
        ),
        (
            ["--duration", "3"],
            "value 3 for '--duration' is out of range (seconds: a finite number ≥ 0.001 and < the interval, 2)"
        ),
        (
            ["--duration", "0"],
            "value 0 for '--duration' is out of range (seconds: a finite number ≥ 0.001 and < the interval, 2)"
        ),
        (
            ["--duration", "0.0005"],
            "value 0.0005 for '--duration' is out of range (seconds: a finite number ≥ 0.001 and < the interval, 2)"
        ),
        (
            ["--duration", "nan"],
            "invalid value 'nan' for '--duration' (seconds: a finite number ≥ 0.001 and < the interval, 2)"
        ),
        (["--fps", "0"], "value 0 for '--fps' is out of range (a whole number from 1 to 240)"),
        (["--fps", "241"], "value 241 for '--fps' is out of range (a whole number from 1 to 240)"),
        (["--fps", "ten"], "invalid value 'ten' for '--fps' (a whole number from 1 to 240)"),
        (["--cycles", "-1"], "value -1 for '--cycles' is out of range (a whole number from 0 to 1000000000)"),
        (["--width", "0"], "value 0 for '--width' is out of range (a whole number from 1 to 1000)"),
        (["--height", "501"], "value 501 for '--height' is out of range (a whole number from 1 to 500)"),
        (
            ["--timing", "bounce"],
            "invalid value 'bounce' for '--timing' (values: linear, ease-in, ease-out, ease-in-out, ca-default, spring, cubic-bezier(x1,y1,x2,y2), spring(mass,stiffness,damping,velocity), spring(duration,bounce))"
        ),
        (
            ["--timing", "spring(1,100,0,0)"],
            "invalid value 'spring(1,100,0,0)' for '--timing' (invalid spring(1.0,100.0,0.0,0.0): mass, stiffness and damping must be in 1e-6...1e6, the velocity in -1e6...1e6)"
        ),
        (
            ["--timing", "spring(0.5,1)"],
            "invalid value 'spring(0.5,1)' for '--timing' (invalid spring(0.5,1.0): the duration must be in 0.01...1e6 seconds, the bounce in (-1, 1))"
        ),
        (
            ["--timing", "cubic-bezier(2,0,0.5,1)"],
            "invalid value 'cubic-bezier(2,0,0.5,1)' for '--timing' (invalid control points (2.0, 0.0, 0.5, 1.0): all must be finite, x1 and x2 in 0...1, y1 and y2 in -10...10)"
        ),
        (["--align", "middle"], "invalid value 'middle' for '--align' (values: left, center, right)"),
        (["--color", "sometimes"], "invalid value 'sometimes' for '--color' (values: auto, always, never)"),
        (
            ["--palette", "green,chartreuse"],
            "invalid colour 'chartreuse' in '--palette' (values: black, white, red, green, blue, yellow, cyan, magenta, orange, purple, gray, grey, or #rrggbb)"
        ),
        (["--paused=yes"], "option '--paused' takes no value"),
        (["--direciton", "up"], "unknown option '--direciton' (did you mean '--direction'?)"),
        (
            ["--direction", "--fps", "30"],
            "missing value for '--direction <direction>' (values: down, up, left, right)"
        ),
        (["--direction="], "invalid value '' for '--direction' (values: down, up, left, right)"),
        (
            ["--interval", "0.009"],
            "value 0.009 for '--interval' is out of range (seconds: a finite number ≥ 0.01 and ≤ 86400)"
        ),
        (
            ["--interval", "86400.5"],
            "value 86400.5 for '--interval' is out of range (seconds: a finite number ≥ 0.01 and ≤ 86400)"
        ),
        (["--fps", "2.5"], "invalid value '2.5' for '--fps' (a whole number from 1 to 240)"),
        (
            ["--cycles", "1000000001"],
            "value 1000000001 for '--cycles' is out of range (a whole number from 0 to 1000000000)"
        ),
        (["--width", "1001"], "value 1001 for '--width' is out of range (a whole number from 1 to 1000)"),
        (["--height", "0"], "value 0 for '--height' is out of range (a whole number from 1 to 500)"),
        (
            ["--timing", "cubic-bezier(1,2)"],
            "invalid value 'cubic-bezier(1,2)' for '--timing' (values: linear, ease-in, ease-out, ease-in-out, ca-default, spring, cubic-bezier(x1,y1,x2,y2), spring(mass,stiffness,damping,velocity), spring(duration,bounce))"
        ),
        (
            ["--palette", ""],
            "invalid colour '' in '--palette' (values: black, white, red, green, blue, yellow, cyan, magenta, orange, purple, gray, grey, or #rrggbb)"
        ),
    ]

    static let renderCases: [([String], String)] = [
        (["--frames", "1"], "value 1 for '--frames' is out of range (a whole number from 2 to 10000)"),
        (["--from-item", "2"], "value 2 for '--from-item' is out of range (a whole number from 0 to 1)"),
        (["--format", "gif"], "invalid value 'gif' for '--format' (values: \(Listed.formats))"),
        (["--encoder", "fast"], "invalid value 'fast' for '--encoder' (values: diff, full)"),
        (["--interval", "2"], "unknown option '--interval'"),
        (["--frames", "10001"], "value 10001 for '--frames' is out of range (a whole number from 2 to 10000)"),
        (["--from-item", "-1"], "value -1 for '--from-item' is out of range (a whole number from 0 to 1)"),
        (["--direction", "in"], "invalid value 'in' for '--direction' (values: down, up, left, right)"),
        (["--width", "x"], "invalid value 'x' for '--width' (a whole number from 1 to 1000)"),
        (
            ["--cell-aspect", "0.4"],
            "value 0.4 for '--cell-aspect' is out of range (a cell's height over its width: a finite number ≥ 0.5 and ≤ 4)"
        ),
        (
            ["--cell-aspect", "nan"],
            "invalid value 'nan' for '--cell-aspect' (a cell's height over its width: a finite number ≥ 0.5 and ≤ 4)"
        ),
        (
            ["--transition", "spin"],
            "invalid value 'spin' for '--transition' (values: \(Listed.transitions))"
        ),
    ]

    @Test("the live cycler's", arguments: liveCases)
    func live(_ arguments: [String], _ message: String) {
        #expect(throws: CLIError.usage(message, .live)) { try LiveCommand.parse(["A", "B"] + arguments) }
        #expect(CLIError.usage(message, .live).exitCode == 64)
    }

    @Test("render's", arguments: renderCases)
    func render(_ arguments: [String], _ message: String) {
        #expect(throws: CLIError.usage(message, .render)) { try RenderCommand.parse(arguments + ["A", "B"]) }
    }

    /// The allowed values an invalid value of `spec` is told (the parenthesis of its error),
    /// nil when the option's kind is not checked by the reader, its bound is named or another
    /// error comes first.
    private static func allowedByInvalidValue(_ spec: OptionSpec, parse: ([String]) throws -> Void) -> String? {
        switch spec.kind {
        case .choice: break
        case .integer(let range): if case .named = range.upperBound { return nil }
        case .number(let range): if case .named = range.upperBound { return nil }
        case .flag, .text, .path: return nil
        }
        do {
            try parse(["--\(spec.name)=@"])
        } catch CLIError.usage(let message, _) {
            let prefix = "invalid value '@' for '--\(spec.name)' ("
            // Another rule may speak first (`--hold` applies only to some formats): not compared.
            guard message.hasPrefix(prefix), message.hasSuffix(")") else { return nil }
            return String(message.dropFirst(prefix.count).dropLast())
        } catch {
            return "unexpected: \(error)"
        }
        return nil  // Read only with items from a file or stdin (`--split`).
    }

    @Test(
        "a missing value lists what is allowed, as an invalid value's error does",
        arguments: [CLICommand.live, .render])
    func missingValueListsTheAllowedValues(_ command: CLICommand) {
        let parse: ([String]) throws -> Void =
            command == .live
            ? { _ = try LiveCommand.parse(["A", "B"] + $0) } : { _ = try RenderCommand.parse(["A", "B"] + $0) }
        var checked = 0
        for spec in command.options {
            guard let valueName = spec.valueName, let allowed = Self.allowedByInvalidValue(spec, parse: parse) else {
                continue
            }
            checked += 1
            #expect(throws: CLIError.usage("missing value for '--\(spec.name) <\(valueName)>' (\(allowed))", command)) {
                try parse(["--\(spec.name)"])
            }
        }
        #expect(checked >= 10)
    }

    @Test("render without items")
    func renderWithoutItems() {
        #expect(throws: CLIError.usage("no items: give items as arguments or with '--file <path>'", .render)) {
            try RenderCommand.parse([])
        }
    }
}
