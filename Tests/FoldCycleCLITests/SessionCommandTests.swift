import FoldCycle
import Testing

@testable import FoldCycleCLI

@Suite("Session commands (stdin words)")
struct SessionCommandTests {
    @Test(
        "words parse case-insensitively, with surrounding white space",
        arguments: [
            ("pause", SessionCommand.pause), ("  NEXT ", .next), ("prev", .previous), ("previous", .previous),
            ("exit", .quit), ("direction up", .direction(.up)), ("interval 0.5", .interval(0.5)),
            ("duration\t2", .duration(2)),
        ])
    func parses(_ line: String, _ expected: SessionCommand) {
        #expect(SessionCommand.parse(line) == .success(expected))
    }

    @Test("an empty line is no command")
    func emptyLine() {
        #expect(SessionCommand.parse("   ") == nil)
    }

    @Test("errors name the input and what is allowed")
    func errors() {
        #expect(
            SessionCommand.parse("direction sideways")
                == .failure(.init("invalid direction 'sideways' (values: down, up, left, right)")))
        #expect(SessionCommand.parse("pause now") == .failure(.init("'pause' takes no argument (got 'now')")))
    }
}

@Suite("Session commands: transition")
struct TransitionCommandTests {
    @Test("'transition NAME' names a registered kind", arguments: TransitionKind.allCases)
    func parses(_ kind: TransitionKind) {
        #expect(SessionCommand.parse("transition \(kind.rawValue.uppercased())") == .success(.transition(kind)))
    }

    @Test("an unknown or missing transition names the allowed values")
    func errors() {
        #expect(
            SessionCommand.parse("transition spin")
                == .failure(.init("invalid transition 'spin' (values: \(Listed.transitions))")))
        #expect(
            SessionCommand.parse("transition")
                == .failure(
                    .init("'transition' needs a transition (values: \(Listed.transitions))")))
    }
}

@Suite("Live defaults")
struct LiveDefaultsTests {
    @Test(
        "the CLI's duration is the library's min(0.6, interval/3): most of each interval shows a still card",
        arguments: [(2.0, 0.6), (1.8, 0.6), (1.2, 0.39999999999999997), (0.3, 0.09999999999999999), (86_400.0, 0.6)])
    func defaultDuration(_ interval: Double, _ expected: Double) {
        #expect(LiveCommand.defaultDuration(forInterval: interval) == expected)
        #expect(LiveCommand.defaultDuration(forInterval: interval) < interval)
    }

    @Test("help lists 'exit' and every key, and says that only Ctrl-C is left when piped commands end")
    func helpMentions() {
        #expect(SessionCommand.summary.hasSuffix("help, quit (or exit)"))
        for key in ["Space", "q, Esc or Ctrl-D quits", "arrow keys", "Ctrl-C quits"] {
            #expect(SessionCommand.keysSummary.contains(key))
        }
        #expect(LiveCommand.help.contains("until a signal (Ctrl-C) or --cycles."))
        #expect(LiveCommand.help.contains("('-': stdin)"))
    }
}

/// Issue 22: a mistyped command is named with what it most likely meant; a piped first line that
/// is no command says in one line how to pipe items.
@Suite("Unknown commands")
struct UnknownCommandTests {
    @Test(
        "a verb within a typo's distance of a command suggests it",
        arguments: [
            ("nxt", "next"), ("NXT", "next"), ("pasue", "pause"), ("stauts", "status"), ("diretcion up", "direction"),
            ("qiut", "quit"), ("prevous", "previous"),
        ])
    func suggested(_ line: String, _ verb: String) {
        guard case .failure(let error) = SessionCommand.parse(line) else {
            Issue.record("expected a failure for '\(line)'")
            return
        }
        #expect(error.suggestion == verb)
        #expect(error.unknownCommand == line)
        #expect(
            error.message == "unknown command '\(line)' (did you mean '\(verb)'? commands: \(SessionCommand.summary))")
    }

    @Test(
        "words that are no near command suggest nothing", arguments: ["tip: one", "tip", "bogus", "hello world", "x"])
    func noSuggestion(_ line: String) {
        guard case .failure(let error) = SessionCommand.parse(line) else {
            Issue.record("expected a failure for '\(line)'")
            return
        }
        #expect(error.suggestion == nil)
        #expect(error.unknownCommand == line)
        #expect(error.message == "unknown command '\(line)' (commands: \(SessionCommand.summary))")
    }

    @Test("a bad argument of a command is no unknown command")
    func badArgument() {
        guard case .failure(let error) = SessionCommand.parse("direction sideways") else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.unknownCommand == nil)
    }

    @Test("a piped line that is no command ends the run: the line, cut to 24 characters, and the commands")
    func pipedLineError() throws {
        let commands = "(commands: \(SessionCommand.summary))"
        for (line, shown) in [
            ("tip: one", "tip: one"), (String(repeating: "x", count: 200), String(repeating: "x", count: 23) + "…"),
        ] {
            guard case .failure(let error) = SessionCommand.parse(line) else {
                Issue.record("expected a failure")
                return
            }
            #expect(LiveSession.pipedLineError(error) == "standard input: unknown command '\(shown)' \(commands)")
        }
        guard case .failure(let typo) = SessionCommand.parse("pasue") else {
            Issue.record("expected a failure")
            return
        }
        #expect(LiveSession.pipedLineError(typo) == "standard input: " + typo.message)
        #expect(typo.message.contains("did you mean 'pause'?"))
        let long = String(repeating: "x", count: 200)
        #expect(LiveSession.quotedShort(long) == "'" + String(repeating: "x", count: 23) + "…'")
    }
}
