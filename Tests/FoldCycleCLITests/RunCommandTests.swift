import FoldCycle
import FoldCyclePlatform
import Testing

@testable import FoldCycleCLI

/// The pure parts of `foldcycle run`: the line the card shows, the pacing of its folds, the
/// summary and the exit status (the processes and the terminal: Tests/e2e/test_run_command.py).
@Suite("foldcycle run")
struct RunCommandTests {
    private static let green = StyledString.Style(foreground: .palette(2))

    @Test(
        "a line reduces to its last segment with text, styles kept, controls dropped",
        arguments: [
            ("plain", StyledString("plain")),
            ("10%\r20%\r30%", StyledString("30%")),
            ("building\r", StyledString("building")),
            ("done   \t", StyledString("done")),
            ("\u{1B}[2K\u{1B}[1Gstep 3/4", StyledString("step 3/4")),
            ("a\u{1B}[3Ab\u{07}c", StyledString("abc")),
            ("\u{1B}[32mok\u{1B}[0m passed", StyledString(runs: [.init("ok", style: green), .init(" passed")])),
        ])
    func reduction(_ line: String, _ expected: StyledString) {
        #expect(OutputLines.reduce(Array(line.utf8)) == expected)
    }

    @Test("a line with no text reduces to nothing", arguments: ["", "\r", "   ", "\u{1B}[0m\u{1B}[K", "\r\r  \r"])
    func blank(_ line: String) {
        #expect(OutputLines.reduce(Array(line.utf8)) == nil)
    }

    @Test("the latest line: a partial line with text, else the last complete line with text")
    func latest() {
        var lines = OutputLines()
        #expect(lines.takeLatest() == nil)
        lines.append(Array("one\ntwo\n".utf8))
        #expect(lines.hasNewLine)
        #expect(lines.takeLatest() == "two")
        #expect(!lines.hasNewLine)
        lines.append(Array("thr".utf8))
        #expect(lines.takeLatest() == "thr")
        lines.append(Array("ee\n\n   \n".utf8))
        #expect(lines.takeLatest() == "three")
        lines.append(Array("[##  ] 50%\r[####] 100%".utf8))
        #expect(lines.takeLatest() == "[####] 100%")
    }

    @Test("a line longer than the bytes kept shows its end")
    func longLine() {
        var lines = OutputLines()
        lines.append([UInt8](repeating: 0x61, count: OutputLines.maximumLineBytes * 3) + Array("END".utf8))
        let latest = lines.takeLatest()?.plainText ?? ""
        #expect(latest.utf8.count == OutputLines.maximumLineBytes)
        #expect(latest.hasSuffix("aaEND"))
    }

    @Test("lines fold in no faster than the minimum show, the latest one when due")
    func pacing() {
        let clock = ManualClock()
        var pacing = LinePacing(minimumShow: 1)
        #expect(pacing.lineArrived(at: clock.now) == .showNow)
        clock.advance(by: 0.25)
        #expect(pacing.lineArrived(at: clock.now) == .showAt(1))
        clock.advance(by: 0.25)
        #expect(pacing.lineArrived(at: clock.now) == .waiting)
        clock.advance(by: 0.5)
        pacing.due(at: clock.now)
        #expect(pacing.shownAt == 1)
        #expect(pacing.dueAt == nil)
        clock.advance(by: 1.5)
        #expect(pacing.lineArrived(at: clock.now) == .showNow)
        #expect(pacing.shownAt == 2.5)
    }

    @Test("a minimum show of 0 folds to every line")
    func noPacing() {
        var pacing = LinePacing(minimumShow: 0)
        #expect(pacing.lineArrived(at: 0) == .showNow)
        #expect(pacing.lineArrived(at: 0) == .showNow)
    }

    @Test(
        "exit statuses: the command's, 128 + N for signal N, 127 not found, 126 not executable",
        arguments: [
            (RunOutcome.exited(0), Int32(0)), (.exited(2), 2), (.exited(255), 255), (.signaled(SIGINT), 130),
            (.signaled(SIGKILL), 137), (.notFound, 127), (.notExecutable, 126),
        ])
    func exitStatus(_ outcome: RunOutcome, _ status: Int32) {
        #expect(outcome.exitStatus == status)
    }

    @Test("wait statuses decode as the macros do; spawn errors as a shell reports them")
    func decoding() {
        #expect(Platform.childEnd(fromWaitStatus: 0) == .exited(0))
        #expect(Platform.childEnd(fromWaitStatus: 2 << 8) == .exited(2))
        #expect(Platform.childEnd(fromWaitStatus: 2) == .signaled(2))
        #expect(Platform.childEnd(fromWaitStatus: 0x80 | 11) == .signaled(11))
        #expect(RunOutcome(spawnErrno: ENOENT) == .notFound)
        #expect(RunOutcome(spawnErrno: EACCES) == .notExecutable)
    }

    @Test(
        "summary lines",
        arguments: [
            (RunOutcome.exited(0), 42.34, "✓ swift build · 42.3 s"),
            (.exited(2), 3.06, "✗ swift build · exit 2 · 3.1 s"),
            (.signaled(SIGINT), 0.04, "✗ swift build · SIGINT · 0.0 s"),
            (.signaled(40), 1, "✗ swift build · signal 40 · 1.0 s"),
            (.notFound, 0, "✗ swift build · not found · 0.0 s"),
            (.exited(0), 125, "✓ swift build · 2 min 05 s"),
            (.exited(0), 3725, "✓ swift build · 1 h 02 min"),
        ])
    func summary(_ outcome: RunOutcome, _ elapsed: Double, _ line: String) {
        #expect(outcome.summary(title: "swift build", elapsed: elapsed) == line)
    }

    @Test("the footer's running time: whole seconds under a minute (redrawn each second), then as the summary")
    func runningText() {
        #expect(
            [0, 0.96, 1, 59.99, 125.4, 3725].map(RunOutcome.runningText) == [
                "0 s", "0 s", "1 s", "59 s", "2 min 05 s", "1 h 02 min",
            ])
        #expect(RunOutcome.runningText(.nan) == "0 s")
    }

    @Test("--quiet keeps the output's end; --tail cuts its last lines")
    func tail() {
        var tail = OutputTail(capacity: 8)
        tail.append(Array("a\nb\nc\n".utf8))
        #expect(tail.last(lines: nil) == Array("a\nb\nc\n".utf8))
        #expect(tail.last(lines: 2) == Array("b\nc\n".utf8))
        #expect(tail.last(lines: 5) == Array("a\nb\nc\n".utf8))
        tail.append(Array("dddd\nee".utf8))
        #expect(tail.last(lines: nil) == Array("\ndddd\nee".utf8))
        #expect(tail.last(lines: 1) == Array("ee".utf8))
        tail.append(Array("0123456789abcdefgh".utf8))
        #expect(tail.last(lines: nil) == Array("abcdefgh".utf8))
    }

    @Test(
        "the command starts after '--' or at the first argument that is no option",
        arguments: [
            (["--", "make", "-j4"], [String](), ["make", "-j4"]),
            (["--title", "build", "make", "-j4"], ["--title", "build"], ["make", "-j4"]),
            (["-q", "--title=x", "--", "ls"], ["-q", "--title=x"], ["ls"]),
            (["--quiet", "ls", "--", "x"], ["--quiet"], ["ls", "--", "x"]),
            (["--min-show", "0", "--"], ["--min-show", "0"], []),
        ])
    func split(_ arguments: [String], _ options: [String], _ command: [String]) {
        let split = RunCommand.split(arguments)
        #expect(split.options == options)
        #expect(split.command == command)
    }

    @Test("no command is a usage error; the title is data")
    func parsing() throws {
        #expect(throws: CLIError.self) { try RunCommand.parse(["--quiet"]) }
        #expect(throws: CLIError.self) { try RunCommand.parse(["--tail", "0", "--", "ls"]) }
        let command = try #require(try RunCommand.parse(["--title", "a\u{1B}[31mb\tc", "--", "ls", "-l"]))
        #expect(command.title == "ab c")
        #expect(command.arguments == ["ls", "-l"])
        #expect(try RunCommand.parse(["--", "ls", "-l"])?.title == "ls -l")
        // The default title is the command as a shell would need it typed.
        #expect(
            try RunCommand.parse(["--", "sh", "-c", "for i in 1 2; do echo $i; done"])?.title
                == "sh -c 'for i in 1 2; do echo $i; done'")
        #expect(RunCommand.shellWord("it's") == "'it'\\''s'")
        #expect(RunCommand.shellWord("") == "''")
        #expect(RunCommand.shellWord("a/b_c-d.e@f%g+h=i:j,k") == "a/b_c-d.e@f%g+h=i:j,k")
    }
}
