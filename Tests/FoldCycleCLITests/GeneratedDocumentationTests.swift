import Foundation
import Testing

@testable import FoldCycleCLI

@Suite("Versions, completion scripts and the manual")
struct GeneratedDocumentationTests {
    @Test("--version names the version and says when no commit was recorded")
    func versionLine() {
        // The build's own binary is not stamped: only scripts/stage's copy of it is.
        #expect(BuildCommit.identifier == nil)
        #expect(
            BuildVersion.versionLine
                == "foldcycle 0.1.0 (commit unknown: not stamped by scripts/install or scripts/release)")
    }

    @Test("A stamp is the marker, the commit and spaces to the stamp's length")
    func stampedCommit() {
        let padding = String(repeating: " ", count: 64)
        #expect(BuildCommit.stamp == "@(#)foldcycle-commit:" + padding)
        #expect(
            BuildCommit.identifier(in: "@(#)foldcycle-commit:4812f55-dirty" + padding.dropFirst(13)) == "4812f55-dirty")
        #expect(BuildCommit.identifier(in: "@(#)foldcycle-commit:" + padding) == nil)
        #expect(BuildCommit.identifier(in: "@(#)other:4812f55") == nil)
    }

    @Test("CHANGELOG.md has a section for the version --version prints")
    func changelogHasTheVersion() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("\n## \(BuildVersion.version) — \(BuildVersion.releaseDate)"))
    }

    @Test(
        "the generators are selected by the live command's options",
        arguments: [
            (["--generate-completion-script", "bash"], "bash"), (["--generate-completion-script=zsh"], "zsh"),
            (["--generate-completion-script", "FISH"], "fish"), (["--generate-manual"], "manual"),
        ])
    func generatorOptions(arguments: [String], expected: String) throws {
        switch try LiveCommand.parse(arguments) {
        case .completionScript(let shell): #expect(shell.rawValue == expected)
        case .manual: #expect(expected == "manual")
        default: Issue.record("expected a generator for \(arguments)")
        }
    }

    @Test("every option of every command is in every script, with its value names")
    func scriptsCoverEveryOption() {
        let scripts = CompletionShell.allCases.map(CompletionScript.make(for:))
        for command in CLICommand.allCases {
            for spec in command.options {
                for script in scripts {
                    #expect(script.contains(spec.name), "\(command) --\(spec.name)")
                    if case .choice(let names, _) = spec.kind {
                        #expect(script.contains(names.joined(separator: " ")), "\(command) --\(spec.name)")
                    }
                }
            }
        }
        for script in scripts {
            for name in CLICommand.subcommands.compactMap(\.name) { #expect(script.contains(name)) }
        }
    }

    @Test("the manual has a section per subcommand and an entry per option")
    func manualCoversEveryOption() {
        let page = ManualPage.text
        #expect(page.hasPrefix(".TH FOLDCYCLE 1 2026-12-01 \"foldcycle 0.1.0\" \"User Commands\"\n.SH NAME\n"))
        for command in CLICommand.subcommands {
            #expect(page.contains("\n.SH \"FOLDCYCLE \(command.name!.uppercased())\"\n"))
        }
        for command in CLICommand.allCases {
            for spec in command.options {
                #expect(page.contains("\\fB\\-\\-\(ManualPage.escaped(spec.name))\\fR"), "--\(spec.name)")
            }
        }
    }

    @Test(
        "roff escapes",
        arguments: [
            ("--file", "\\-\\-file"), (".x starts a request", "\\&.x starts a request"),
            ("'y too", "\\&'y too"), ("a\\b", "a\\eb"), ("interval − 0.1", "interval \\[u2212] 0.1"),
            ("🎴", "\\[u1F3B4]"), ("plain", "plain"),
        ])
    func roffEscapes(text: String, expected: String) {
        #expect(ManualPage.escaped(text) == expected)
    }
}
