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
                == .failure(.init("invalid transition 'spin' (values: fold, cube, flip, push, move-in, reveal, fade)")))
        #expect(
            SessionCommand.parse("transition")
                == .failure(
                    .init("'transition' needs a transition (values: fold, cube, flip, push, move-in, reveal, fade)")))
    }
}

@Suite("Live defaults")
struct LiveDefaultsTests {
    @Test(
        "the CLI's duration is min(0.6, interval/2): most of each interval shows a still card",
        arguments: [(2.0, 0.6), (1.2, 0.6), (1.0, 0.5), (0.3, 0.15), (86_400.0, 0.6), (0.01, 0.005)])
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
