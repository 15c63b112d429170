import FoldCycle
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycleCLI

/// The JSON-lines decoder (docs/DESIGN.md#control-protocol): every command, ids of every JSON
/// type, malformed lines, unknown fields, bad values and huge lines, each with its exact reply.
@Suite("Control protocol: decoding requests")
struct ProtocolCodecTests {
    static func decode(_ line: String) -> Result<(id: JSONValue?, command: SessionCommand), ProtocolRequest.Failure> {
        LiveRequests.decode(Array(line.utf8))
    }

    /// The reply the channel writes for a line that fails to decode.
    static func failureReply(_ line: String) -> String? {
        guard case .failure(let failure) = decode(line) else { return nil }
        return ProtocolReply.failure(id: failure.id, error: failure.error)
    }

    @Test(
        "every live command, as the word protocol names it (aliases and any case too)",
        arguments: [
            (#"{"cmd":"start"}"#, SessionCommand.start), (#"{"cmd":"pause"}"#, .pause),
            (#"{"cmd":"resume"}"#, .resume), (#"{"cmd":"stop"}"#, .stop), (#"{"cmd":"next"}"#, .next),
            (#"{"cmd":"prev"}"#, .previous), (#"{"cmd":"previous"}"#, .previous), (#"{"cmd":"PREV"}"#, .previous),
            (#"{"cmd":"goto","index":2}"#, .goto(2)), (#"{"cmd":"goto","index":2.0}"#, .goto(2)),
            (#"{"cmd":"direction","value":"up"}"#, .direction(.up)),
            (#"{"cmd":"direction","value":"LEFT"}"#, .direction(.left)),
            (#"{"cmd":"transition","value":"cube"}"#, .transition(.cube)),
            (#"{"cmd":"transition","value":"move-in"}"#, .transition(.moveIn)),
            (#"{"cmd":"interval","value":0.5}"#, .interval(0.5)), (#"{"cmd":"duration","value":2}"#, .duration(2)),
            (#"{"cmd":"add","value":"D"}"#, .add("D", at: nil)),
            (#"{"cmd":"add","value":"Line 1\nLine 2","index":0}"#, .add("Line 1\nLine 2", at: 0)),
            (#"{"cmd":"insert","index":3,"value":""}"#, .add("", at: 3)), (#"{"cmd":"remove","index":1}"#, .remove(1)),
            (#"{"cmd":"replace","index":0,"value":"☃ new"}"#, .replace(0, "☃ new")), (#"{"cmd":"items"}"#, .items),
            (#"{"cmd":"status"}"#, .status), (#"{"cmd":"help"}"#, .help), (#"{"cmd":"quit"}"#, .quit),
            (#"{"cmd":"exit"}"#, .quit), (#"{"cmd":"subscribe"}"#, .subscribe),
            (#"{"cmd":"unsubscribe"}"#, .unsubscribe), (#"  {"cmd" : "next"}  "#, .next),
            ("{\"cmd\":\"next\"}\r", .next),
        ])
    func liveCommands(_ line: String, _ expected: SessionCommand) throws {
        let decoded = try Self.decode(line).get()
        #expect(decoded.command == expected)
        #expect(decoded.id == nil)
    }

    @Test("the command table names every word of the word protocol and its fields")
    func table() {
        #expect(
            LiveRequests.commandNames == [
                "start", "pause", "resume", "stop", "next", "prev", "goto", "direction", "transition", "interval",
                "duration", "add", "insert", "remove", "replace", "items", "status", "help", "quit", "subscribe",
                "unsubscribe",
            ])
        // Every verb the word protocol parses is a command (or an alias) here.
        for word in [
            "start", "pause", "resume", "stop", "next", "prev", "previous", "goto 1", "direction up",
            "transition fold", "interval 2", "duration 1", "add x", "insert 1 x", "remove 1", "replace 1 x", "items",
            "status", "help", "quit", "exit",
        ] {
            let verb = String(word.split(separator: " ")[0])
            #expect(LiveRequests.specs.contains { $0.name == verb || $0.aliases.contains(verb) }, "\(verb)")
            #expect(SessionCommand.parse(word).map { (try? $0.get()) != nil } == true, "\(word)")
        }
    }

    @Test(
        "every deck command",
        arguments: [
            (#"{"cmd":"left"}"#, DeckCommandRequest.swipe(.left)), (#"{"cmd":"right"}"#, .swipe(.right)),
            (#"{"cmd":"next"}"#, .page(.next)), (#"{"cmd":"prev"}"#, .page(.previous)),
            (#"{"cmd":"previous"}"#, .page(.previous)), (#"{"cmd":"undo"}"#, .undo), (#"{"cmd":"click"}"#, .click),
            (#"{"cmd":"flip"}"#, .flip), (#"{"cmd":"add","value":"more"}"#, .add("more")),
            (#"{"cmd":"items"}"#, .items),
            (#"{"cmd":"status"}"#, .status), (#"{"cmd":"help"}"#, .help), (#"{"cmd":"quit"}"#, .quit),
            (#"{"cmd":"end"}"#, .end), (#"{"cmd":"subscribe"}"#, .subscribe), (#"{"cmd":"unsubscribe"}"#, .unsubscribe),
        ])
    func deckCommands(_ line: String, _ expected: DeckCommandRequest) throws {
        #expect(try DeckRequests.decode(Array(line.utf8)).get().command == expected)
    }

    @Test(
        "an id of every JSON type is echoed by the reply as the same value",
        arguments: [
            ("null", "null"), ("true", "true"), ("false", "false"), ("0", "0"), ("-17", "-17"), ("1.5", "1.5"),
            ("-0.25", "-0.25"), ("1e300", "1e+300"), ("2.0", "2"), ("12345678901234567890", "12345678901234567890"),
            (#""req-1""#, #""req-1""#), (#""☃ \"q\" \u0007""#, #""☃ \"q\" \u0007""#), ("[]", "[]"),
            (#"[1,"a",null,[true]]"#, #"[1,"a",null,[true]]"#), ("{}", "{}"),
            (#"{"b":2,"a":{"c":[null]}}"#, #"{"a":{"c":[null]},"b":2}"#),
        ])
    func ids(_ id: String, _ echoed: String) throws {
        let decoded = try Self.decode(#"{"id":"# + id + #","cmd":"next"}"#).get()
        let reply = ProtocolReply.success(id: decoded.id, result: .emptyObject)
        #expect(reply == #"{"id":"# + echoed + #","ok":true,"result":{}}"# + "\n")
        // Errors echo it too.
        #expect(
            Self.failureReply(#"{"id":"# + id + #","cmd":"nope"}"#)?.hasPrefix(#"{"id":"# + echoed + #","ok":false"#)
                == true)
    }

    @Test("a request without an id gets a reply without one")
    func noID() {
        #expect(ProtocolReply.success(id: nil, result: .emptyObject) == #"{"ok":true,"result":{}}"# + "\n")
    }

    @Test(
        "lines that are not one JSON object are bad-json, named in the message",
        arguments: [
            ("not json", "'not json' is not JSON: Invalid value around character 1"),
            (#"{"cmd":"next""#, #"'{"cmd":"next"' is not JSON: Unexpected end of file during JSON parse"#),
            (#"{"cmd":"next"} trailing"#, #"'{"cmd":"next"} trailing' is not JSON: Invalid value around character 15"#),
            (#"{"cmd":'next'}"#, #"'{"cmd":'next'}' is not JSON: Invalid value around character 7"#),
            (#"{cmd:"next"}"#, #"'{cmd:"next"}' is not JSON: Invalid value around character 1"#),
            (
                #"{"cmd":"a\u0"}"#,
                #"'{"cmd":"a\u0"}' is not JSON: Invalid \u escape (four hex digits) around character 12"#
            ),
            (#"["next"]"#, #"a request is one JSON object per line, like {"cmd":"next"}; got an array ('["next"]')"#),
            (
                "42",
                #"'42' is not JSON: JSON text did not start with array or object and option to allow fragments not set"#
            ),
            (
                #""next""#,
                #"'"next"' is not JSON: JSON text did not start with array or object and option to allow fragments not set"#
            ),
        ])
    func badJSON(_ line: String, _ message: String) {
        #expect(
            Self.failureReply(line)
                == ProtocolReply.failure(id: nil, error: ProtocolError(.badJSON, message)))
    }

    @Test("invalid UTF-8 and a NUL byte are bad-json, and the quoted input shows U+FFFD")
    func invalidBytes() throws {
        var line = Array(#"{"cmd":""#.utf8)
        line += [0xFF, 0xFE]
        line += Array(#""}"#.utf8)
        guard case .failure(let failure) = LiveRequests.decode(line) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.error.kind == .badJSON)
        #expect(failure.error.message.hasPrefix("'{\"cmd\":\"\u{FFFD}\u{FFFD}\"}' is not JSON: Invalid UTF-8"))
        guard case .failure(let nul) = LiveRequests.decode(Array(#"{"cmd":"next"}"#.utf8) + [0]) else {
            Issue.record("expected a failure")
            return
        }
        #expect(nul.error.kind == .badJSON)
    }

    @Test("nesting far beyond Foundation's 512 levels is refused, never a crash")
    func deepNesting() throws {
        let depth = 30_000
        let line = #"{"id":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        guard case .failure(let failure) = Self.decode(line) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.error.kind == .badJSON)
        #expect(failure.error.message.contains("Too many nested arrays or dictionaries"))
    }

    @Test("a line longer than the limit is refused by its length; one at the limit is read")
    func hugeLines() throws {
        let request = #"{"cmd":"add","value":""#
        let fill = ProtocolLimits.maximumLineBytes - request.utf8.count - 2
        let atLimit = request + String(repeating: "x", count: fill) + #""}"#
        #expect(atLimit.utf8.count == ProtocolLimits.maximumLineBytes)
        #expect(try Self.decode(atLimit).get().command == .add(String(repeating: "x", count: fill), at: nil))
        let over = request + String(repeating: "x", count: fill + 1) + #""}"#
        #expect(
            Self.failureReply(over)
                == ProtocolReply.failure(
                    id: nil,
                    error: ProtocolError(.badJSON, "a line of 65537 bytes is longer than the limit of 65536 bytes")))
        let tenMegabytes = String(repeating: " ", count: 10_000_000)
        #expect(Self.failureReply(tenMegabytes)?.contains("10000000 bytes is longer than the limit") == true)
    }

    @Test(
        "unknown commands are unknown-command, with the nearest suggested",
        arguments: [
            (
                #"{"id":1,"cmd":"nxt"}"#,
                #"unknown command "nxt" (did you mean 'next'? commands: "#
                    + LiveRequests.commandNames.joined(
                        separator: ", ") + ")"
            ),
            (
                #"{"id":1,"cmd":"frobnicate"}"#,
                #"unknown command "frobnicate" (commands: "# + LiveRequests.commandNames.joined(separator: ", ") + ")"
            ),
            (
                #"{"id":1,"cmd":""}"#,
                #"unknown command "" (commands: "# + LiveRequests.commandNames.joined(separator: ", ") + ")"
            ),
        ])
    func unknownCommands(_ line: String, _ message: String) {
        #expect(Self.failureReply(line) == ProtocolReply.failure(id: .int(1), error: .init(.unknownCommand, message)))
    }

    @Test(
        "unknown fields are bad-value, naming the field, the nearest field and every field allowed",
        arguments: [
            (
                #"{"id":1,"cmd":"direction","vlaue":"up"}"#,
                #"unknown field "vlaue" for 'direction' (did you mean 'value'? fields: id, cmd, value)"#
            ),
            (#"{"id":1,"cmd":"pause","value":1}"#, #"unknown field "value" for 'pause' (fields: id, cmd)"#),
            (
                #"{"id":1,"cmd":"goto","index":1,"jsonrpc":"2.0"}"#,
                #"unknown field "jsonrpc" for 'goto' (fields: id, cmd, index)"#
            ),
            (
                #"{"id":1,"cmd":"replace","index":1,"value":"x","at":2}"#,
                #"unknown field "at" for 'replace' (fields: id, cmd, index, value)"#
            ),
        ])
    func unknownFields(_ line: String, _ message: String) {
        #expect(Self.failureReply(line) == ProtocolReply.failure(id: .int(1), error: .init(.badValue, message)))
    }

    @Test(
        "missing and mistyped fields are bad-value, naming the field and what it allows",
        arguments: [
            (#"{"id":1,"cmd":"direction"}"#, #"'direction' needs "value" (values: down, up, left, right)"#),
            (
                #"{"id":1,"cmd":"direction","value":"sideways"}"#,
                #""value" of 'direction' must be one of down, up, left, right, not "sideways""#
            ),
            (
                #"{"id":1,"cmd":"transition","value":3}"#,
                #""value" of 'transition' must be one of \#(Listed.transitions), not 3"#
            ),
            (
                #"{"id":1,"cmd":"interval","value":"2"}"#,
                #""value" of 'interval' must be a number of seconds > 0, not "2""#
            ),
            (#"{"id":1,"cmd":"interval","value":0}"#, #""value" of 'interval' must be a number of seconds > 0, not 0"#),
            (
                #"{"id":1,"cmd":"duration","value":-1.5}"#,
                #""value" of 'duration' must be a number of seconds > 0, not -1.5"#
            ),
            (
                #"{"id":1,"cmd":"interval","value":1e400}"#,
                #"'{"id":1,"cmd":"interval","value":1e400}' is not JSON: Number 1e400 is not representable in Swift"#
            ),
            (#"{"id":1,"cmd":"goto"}"#, #"'goto' needs "index" (a whole number, counting from 0)"#),
            (
                #"{"id":1,"cmd":"goto","index":1.5}"#,
                #""index" of 'goto' must be a whole number, counting from 0, not 1.5"#
            ),
            (
                #"{"id":1,"cmd":"remove","index":"2"}"#,
                #""index" of 'remove' must be a whole number, counting from 0, not "2""#
            ),
            (
                #"{"id":1,"cmd":"remove","index":true}"#,
                #""index" of 'remove' must be a whole number, counting from 0, not true"#
            ),
            (
                #"{"id":1,"cmd":"goto","index":1e20}"#,
                #""index" of 'goto' must be a whole number, counting from 0, not 1e+20"#
            ),
            (#"{"id":1,"cmd":"add"}"#, #"'add' needs "value" (a string)"#),
            (#"{"id":1,"cmd":"add","value":7}"#, #""value" of 'add' must be a string, not a number (7)"#),
            (#"{"id":1,"cmd":"insert","value":"x"}"#, #"'insert' needs "index" (a whole number, counting from 0)"#),
            (#"{"id":1,"cmd":"replace","index":0}"#, #"'replace' needs "value" (a string)"#),
            (#"{"id":1}"#, #"the request has no "cmd" ('{"id":1}'); e.g. {"cmd":"next"}"#),
            (#"{"id":1,"cmd":["next"]}"#, #""cmd" must be a string naming a command, not an array"#),
            (#"{"id":1,"cmd":null}"#, #""cmd" must be a string naming a command, not null"#),
        ])
    func badValues(_ line: String, _ message: String) {
        let kind: ProtocolError.Kind = message.contains("is not JSON") ? .badJSON : .badValue
        let id: JSONValue? = kind == .badJSON ? nil : .int(1)
        #expect(Self.failureReply(line) == ProtocolReply.failure(id: id, error: .init(kind, message)))
    }

    @Test("a long value is shortened in the message")
    func longValueShortened() {
        let value = String(repeating: "y", count: 200)
        guard case .failure(let failure) = Self.decode(#"{"cmd":"direction","value":""# + value + #""}"#) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.error.message.hasSuffix("not \"" + String(repeating: "y", count: 59) + "…"))
    }

    @Test("10,000 seeded random lines of JSON-ish bytes decode to a command or a typed error, never a trap")
    func randomLines() {
        var random = SeededRandom(seed: 14)
        let pieces =
            Array(#"{}[]":,0123456789.-+eE truefalsenull\u"cmd"id"value"index"next"add"#.utf8) + [0xFF, 0x00, 0x0A]
        var decoded = 0
        for _ in 0..<10_000 {
            let count = Int(random.next() % 48)
            var line: [UInt8] = Array(#"{"cmd":"#.utf8)
            for _ in 0..<count { line.append(pieces[Int(random.next() % UInt64(pieces.count))]) }
            switch LiveRequests.decode(line) {
            case .success: decoded += 1
            case .failure(let failure): #expect(!failure.error.message.isEmpty)
            }
            _ = DeckRequests.decode(line)
        }
        #expect(decoded < 10_000)
    }
}
