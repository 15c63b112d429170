import Testing

@testable import FoldCycleCLI

@Suite("CLI errors and the command table")
struct CLIErrorTests {
    @Test(
        "each error's stderr text and exit code",
        arguments: [
            (
                CLIError.usage("unknown option '--bogus'", .live),
                "Error: unknown option '--bogus'\nUsage: foldcycle [OPTIONS] [ITEM ...]\n  See 'foldcycle --help' for more information.\n",
                64
            ),
            (
                CLIError.usage("no items", .render),
                "Error: no items\nUsage: foldcycle render [OPTIONS] [ITEM ...]\n  See 'foldcycle render --help' for more information.\n",
                64
            ),
            (
                CLIError.unreadableInput("cannot read file 'x': no such file"),
                "Error: cannot read file 'x': no such file\n", 66
            ),
            (CLIError.runtime("write failed"), "Error: write failed\n", 1),
        ] as [(CLIError, String, Int32)])
    func message(_ error: CLIError, _ text: String, _ code: Int32) {
        #expect(error.message == text)
        #expect(error.exitCode == code)
    }

    @Test("the command table")
    func commands() {
        #expect(CLICommand.subcommands == [.render, .deck, .status, .send, .run, .help])
        #expect(CLICommand.subcommands.compactMap(\.name) == ["render", "deck", "status", "send", "run", "help"])
        #expect(CLICommand.subcommand(named: "help") == .help)
        #expect(CLICommand.subcommand(named: "deck") == .deck)
        #expect(CLICommand.subcommand(named: "status") == .status)
        #expect(CLICommand.subcommand(named: "send") == .send)
        #expect(CLICommand.subcommand(named: "run") == .run)
        #expect(CLICommand.subcommand(named: "render") == .render)
        #expect(CLICommand.subcommand(named: "Render") == nil)
        #expect(CLICommand.live.name == nil)
        #expect(
            CLICommand.allCases.map(\.usage) == [
                "foldcycle [OPTIONS] [ITEM ...]", "foldcycle render [OPTIONS] [ITEM ...]",
                "foldcycle deck [OPTIONS] [ITEM ...]", "foldcycle status [OPTIONS] [ITEM ...]",
                "foldcycle send [OPTIONS] <PATH> [REQUEST ...]", "foldcycle run [OPTIONS] -- <COMMAND> [ARG ...]",
                "foldcycle help [SUBCOMMAND]",
            ])
    }
}
