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
            ["rendering"], ["and"], ["dek"], ["sends"],
        ])
    func notMistyped(_ arguments: [String]) throws {
        try CLICommand.rejectMistypedSubcommand(in: arguments)
    }

    @Test(
        "the other subcommands' typos name them; a short name takes only same-length typos",
        arguments: [
            (["stauts"], "stauts", "status"), (["stats", "A"], "stats", "status"), (["sned"], "sned", "send"),
            (["semd"], "semd", "send"), (["rend"], "rend", "send"), (["dekc"], "dekc", "deck"),
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
            ("render", 2), ("status", 2), ("deck", 1), ("send", 1), ("go", 1),
        ])
    func typoDistance(_ name: String, _ expected: Int) {
        #expect(CLICommand.maximumTypoDistance(for: name) == expected)
    }
}
