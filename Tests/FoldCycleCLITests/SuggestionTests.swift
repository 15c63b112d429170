import FoldCycleOptions
import Testing

@testable import FoldCycleCLI

@Suite("Did you mean: edit distance and suggestions")
struct SuggestionTests {
    @Test(
        "Damerau–Levenshtein distance",
        arguments: [
            ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("a", "a", 0), ("render", "rendr", 1), ("render", "tender", 1),
            ("render", "rnedre", 2), ("direction", "direciton", 1), ("ab", "ba", 1), ("abcd", "acbd", 1),
            ("ca", "abc", 2), ("kitten", "sitting", 3), ("end", "render", 3), ("折叠", "叠折", 1), ("🎴a", "a🎴", 1),
        ])
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggestion.distance(Array(a), Array(b)) == expected)
        #expect(Suggestion.distance(Array(b), Array(a)) == expected)
    }

    @Test(
        "the nearest name within two edits, case-insensitively, first on a tie",
        arguments: [
            ("direciton", ["fps", "direction", "duration"], "direction"),
            ("DIRECTION", ["direction"], "direction"),
            ("fpx", ["fps", "fix"], "fps"),
            ("durashun", ["duration"], nil),
            ("bogus", LiveCommand.specs.map(\.name), nil),
            ("colour", LiveCommand.specs.map(\.name), "color"),
            ("abc", [], nil),
        ] as [(String, [String], String?)])
    func nearest(_ word: String, _ candidates: [String], _ expected: String?) {
        #expect(Suggestion.nearest(to: word, among: candidates) == expected)
    }

    @Test(
        "a first argument close to a subcommand is an error",
        arguments: [
            (["rendr", "A", "B"], "rendr"), (["Render"], "Render"), (["rnder"], "rnder"), (["rendre"], "rendre"),
            (["rednre", "A"], "rednre"), (["tender"], "tender"), (["RENDERS"], "RENDERS"),
        ])
    func mistypedSubcommand(_ arguments: [String], _ word: String) {
        let error = CLIError.usage("unknown subcommand '\(word)' (did you mean 'render'?)", .live)
        #expect(throws: error) { try CLICommand.rejectMistypedSubcommand(in: arguments) }
        #expect(throws: error) { try LiveCommand.parse(arguments + ["--help"]) }
    }

    @Test(
        "items that are not a mistyped first subcommand play",
        arguments: [
            ["A", "rendr"], ["--", "rendr"], ["rendr me"], ["render"], ["end"], ["-5"], ["--paused", "rendr"], [],
            ["rendering"], ["and"], ["end"], ["neck"], ["re"], ["st"], ["hello"], ["stationery"],
        ])
    func notMistyped(_ arguments: [String]) throws {
        try CLICommand.rejectMistypedSubcommand(in: arguments)
    }

    @Test(
        "the other subcommands' typos name them; a short name takes only same-length typos",
        arguments: [
            (["stauts"], "stauts", "status"), (["stats", "A"], "stats", "status"), (["sned"], "sned", "send"),
            (["semd"], "semd", "send"), (["dekc"], "dekc", "deck"),
            // Issue 22: a dropped or added letter of a short name, and a name's first letters.
            (["dek"], "dek", "deck"), (["decks", "A"], "decks", "deck"), (["sends"], "sends", "send"),
            (["rend"], "rend", "render"), (["ren"], "ren", "render"), (["stat"], "stat", "status"),
            (["hepl"], "hepl", "help"), (["helps"], "helps", "help"), (["Dek"], "Dek", "deck"),
        ])
    func otherSubcommands(_ arguments: [String], _ word: String, _ name: String) {
        #expect(throws: CLIError.usage("unknown subcommand '\(word)' (did you mean '\(name)'?)", .live)) {
            try CLICommand.rejectMistypedSubcommand(in: arguments)
        }
    }

    @Test("'--' lets a subcommand-like word be an item")
    func doubleDash() throws {
        guard case .run(let command) = try LiveCommand.parse(["--", "rendr", "render"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(command.items == ["rendr", "render"])
    }

    @Test(
        "short subcommand names allow fewer edits",
        arguments: [
            ("render", 2), ("status", 2), ("deck", 1), ("send", 1), ("help", 1), ("go", 1),
        ])
    func typoDistance(_ name: String, _ expected: Int) {
        #expect(CLICommand.maximumTypoDistance(for: name) == expected)
    }

    @Test(
        "foldcycle help [SUBCOMMAND]: the live help, or the subcommand's",
        arguments: [
            ([], CLICommand.live), (["deck"], .deck), (["render"], .render), (["status"], .status), (["send"], .send),
            (["help"], .help), (["DECK"], .deck),
        ])
    func helpTopic(_ arguments: [String], _ expected: CLICommand) throws {
        #expect(try CLICommand.helpTopic(arguments) == expected)
        #expect(CLIFuzzing.commandLine(["help"] + arguments) == .help)
    }

    @Test("help for what is no subcommand names the subcommands")
    func helpTopicErrors() {
        #expect(
            CLIFuzzing.commandLine(["help", "dek"])
                == .error(
                    "Error: no help for 'dek' (did you mean 'deck'? subcommands: \(Listed.subcommands))\n"
                        + "Usage: foldcycle help [SUBCOMMAND]\n  See 'foldcycle --help' for more information.\n", 64))
        #expect(
            CLIFuzzing.commandLine(["help", "a", "b"])
                == .error(
                    "Error: 'help' takes one subcommand's name at most (subcommands: \(Listed.subcommands))\n"
                        + "Usage: foldcycle help [SUBCOMMAND]\n  See 'foldcycle --help' for more information.\n", 64))
    }

    @Test("-v is --version")
    func shortVersion() throws {
        guard case .version = try LiveCommand.parse(["-v"]) else {
            Issue.record("expected the version")
            return
        }
    }
}
