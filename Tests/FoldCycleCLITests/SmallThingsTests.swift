import FoldCycle
import Testing

@testable import FoldCycleCLI

/// Issue 22, point 9: small things a user tripped on.
@Suite("Small things: timing names, send's word requests")
struct SmallThingsTests {
    @Test(
        "--timing lists Core Animation's default curve as ca-default and still reads 'default'",
        arguments: ["ca-default", "default", "CA-Default"])
    func caDefault(_ name: String) throws {
        guard case .run(let command) = try LiveCommand.parse(["--timing", name, "A", "B"]) else {
            Issue.record("expected a run")
            return
        }
        #expect(command.timingFunction == .default)
        #expect(SharedOptions.timing.spec.defaultText == "ease-in-out")
        #expect(!SharedOptions.timing.names.contains("default"))
    }

    @Test(
        "send: a request in words becomes its JSON object; JSON goes as given",
        arguments: [
            ("next", #"{"cmd":"next"}"#),
            ("  pause ", #"{"cmd":"pause"}"#),
            ("direction up", #"{"cmd":"direction","value":"up"}"#),
            ("interval 3", #"{"cmd":"interval","value":3}"#),
            ("duration 0.25", #"{"cmd":"duration","value":0.25}"#),
            ("add two  words", #"{"cmd":"add","value":"two  words"}"#),
            ("add 42", #"{"cmd":"add","value":"42"}"#),
            (#"add say "hi""#, #"{"cmd":"add","value":"say \"hi\""}"#),
            ("left", #"{"cmd":"left"}"#),
            (#"{"cmd":"goto","index":2}"#, #"{"cmd":"goto","index":2}"#),
        ])
    func sendWords(_ argument: String, _ expected: String) throws {
        #expect(SendCommand.request(argument) == expected)
        #expect(try SendCommand.parse(["/tmp/x.sock", argument])?.requests == [expected])
    }

    @Test("-v in a subcommand says where the version is", arguments: ["render", "deck", "status"])
    func versionInSubcommand(_ name: String) {
        guard case .error(let message, 64) = CLIFuzzing.commandLine([name, "-v"]) else {
            Issue.record("expected a usage error")
            return
        }
        #expect(message.hasPrefix("Error: unknown option '-v' (the version: foldcycle --version)\n"))
    }
}
