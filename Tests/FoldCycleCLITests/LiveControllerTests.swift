import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// The live run's commands in both protocols: word replies count items from 1, JSON results and
/// errors from 0 (docs/DESIGN.md#control-protocol), on a manual clock.
@Suite("Live commands: words and JSON results")
struct LiveControllerTests {
    static func controller(_ items: [String] = ["A", "B", "C"]) throws -> (LiveController, ManualClock) {
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(items.map { StyledString($0) }), interval: 2, duration: 0.5,
            style: .fold(.down),
            clock: clock)
        cycler.launch()
        return (LiveController(cycler: cycler, durationFollowsInterval: true), clock)
    }

    static func result(_ reply: LiveController.Reply) -> String? {
        guard case .success(let value) = reply.outcome else { return nil }
        return value.serialized
    }

    static func error(_ reply: LiveController.Reply) -> ProtocolError? {
        guard case .failure(let error) = reply.outcome else { return nil }
        return error
    }

    @Test("seconds in words to the millisecond: a third of a second is 0.333 (a new user read 0.3333333333333333)")
    func secondsInWords() throws {
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["A", "B"].map { StyledString($0) }), interval: 1,
            duration: Cycler<ArrayDataSource<StyledString>>.defaultDuration(forInterval: 1), style: .fold(.down),
            clock: ManualClock())
        let controller = LiveController(cycler: cycler, durationFollowsInterval: true)
        #expect(controller.statusText.contains(" interval=1 duration=0.333 "))
        #expect(controller.execute(.interval(2.0 / 3), numbering: .fromOne).text == "interval 0.667s, duration 0.222s")
    }

    @Test(
        "while the list is read, replies count as the footer does: the known total, or so far",
        arguments: [
            (LiveController.ItemsStillRead?.none, "goto: item 2/3", "item=2/3"),
            (.counted(7), "goto: item 2/7", "item=2/7"),
            (.uncounted, "goto: item 2/3 so far", "item=2/3"),
        ])
    func countWhileRead(_ stillRead: LiveController.ItemsStillRead?, _ reply: String, _ status: String) throws {
        let (controller, _) = try Self.controller()
        controller.itemsStillRead = stillRead
        #expect(controller.execute(.goto(1), numbering: .fromOne).text == reply)
        #expect(controller.statusText.contains(" \(status) "))
    }

    @Test(
        "the new words parse; item numbers count from 1 and the text keeps its case and spaces",
        arguments: [
            ("add Hello  World", SessionCommand.add("Hello  World", at: nil)), ("ADD x", .add("x", at: nil)),
            ("insert 2 Second one", .add("Second one", at: 1)), ("remove 3", .remove(2)), ("goto 1", .goto(0)),
            ("replace 1 New\ttext", .replace(0, "New\ttext")), ("items", .items), ("goto 0", .goto(-1)),
        ])
    func words(_ line: String, _ expected: SessionCommand) {
        #expect(SessionCommand.parse(line) == .success(expected))
    }

    @Test(
        "bad new words name the input",
        arguments: [
            ("add", "'add' needs the item's text: add TEXT"),
            ("remove", "'remove' needs an item number, counting from 1: remove N"),
            ("goto two", "invalid item number 'two' for 'goto' (a whole number, counting from 1)"),
            ("goto 1 2", "invalid item number '1 2' for 'goto' (a whole number, counting from 1)"),
            ("insert x text", "invalid item number 'x' for 'insert' (a whole number, counting from 1)"),
            ("replace 2", "'replace' needs an item number and the item's text: replace N TEXT"),
            ("items now", "'items' takes no argument (got 'now')"),
            (
                "goto -9223372036854775808",
                "invalid item number '-9223372036854775808' for 'goto' (a whole number, counting from 1)"
            ),
        ])
    func badWords(_ line: String, _ message: String) {
        #expect(SessionCommand.parse(line) == .failure(.init(message)))
    }

    @Test("add, insert, remove, replace and goto: word replies from 1, JSON results from 0")
    func itemCommands() throws {
        let (controller, clock) = try Self.controller()
        var reply = controller.execute(.add("D", at: nil), numbering: .fromOne)
        #expect(reply.text == "added as item 4/4")
        #expect(Self.result(reply) == #"{"index":3,"count":4}"#)
        reply = controller.execute(.add("first", at: 0), numbering: .fromZero)
        #expect(reply.text == "inserted as item 1/5")
        #expect(Self.result(reply) == #"{"index":0,"count":5}"#)
        reply = controller.execute(.remove(4), numbering: .fromOne)
        #expect(reply.text == "removed item 5 (4 left)")
        #expect(Self.result(reply) == #"{"index":4,"item":"D","count":4}"#)
        reply = controller.execute(.replace(2, "b!"), numbering: .fromZero)
        #expect(Self.result(reply) == #"{"index":2,"previous":"B","count":4}"#)
        reply = controller.execute(.goto(2), numbering: .fromOne)
        #expect(reply.text == "goto: item 3/4")
        #expect(Self.result(reply) == #"{"changed":true,"state":"running","index":2}"#)
        clock.advance(by: 1)
        #expect(controller.execute(.goto(2), numbering: .fromOne).text == "already showing item 3/4")
        reply = controller.execute(.items, numbering: .fromOne)
        #expect(reply.text == "items (4):\n  1  first\n  2  A\n▶ 3  b!\n  4  C")
        #expect(Self.result(reply) == #"{"items":["first","A","b!","C"],"index":2,"count":4}"#)
    }

    @Test(
        "ranges are named in the protocol's numbering",
        arguments: [
            (
                SessionCommand.remove(3), LiveController.Numbering.fromOne,
                "item 4 is out of range for 'remove' (a whole number from 1 to 3)"
            ),
            (.remove(3), .fromZero, "index 3 is out of range for 'remove' (a whole number from 0 to 2)"),
            (.goto(-1), .fromOne, "item 0 is out of range for 'goto' (a whole number from 1 to 3)"),
            (.add("x", at: 5), .fromZero, "index 5 is out of range for 'insert' (a whole number from 0 to 3)"),
            (.add("x", at: 4), .fromOne, "item 5 is out of range for 'insert' (a whole number from 1 to 4)"),
            (.replace(9, "x"), .fromZero, "index 9 is out of range for 'replace' (a whole number from 0 to 2)"),
        ])
    func ranges(_ command: SessionCommand, _ numbering: LiveController.Numbering, _ message: String) throws {
        let (controller, _) = try Self.controller()
        let reply = controller.execute(command, numbering: numbering)
        #expect(reply.isError && reply.text == message)
        #expect(Self.error(reply) == ProtocolError(.badValue, message))
    }

    @Test("the only item cannot be removed")
    func onlyItem() throws {
        let (controller, _) = try Self.controller(["only"])
        let reply = controller.execute(.remove(0), numbering: .fromZero)
        #expect(
            Self.error(reply)
                == ProtocolError(
                    .badValue, "the only item cannot be removed (a cycler shows at least one; add another first)"))
    }

    @Test("status, state commands and settings as JSON results")
    func results() throws {
        let (controller, _) = try Self.controller()
        #expect(
            Self.result(controller.execute(.status, numbering: .fromZero))
                == #"{"state":"running","index":0,"count":3,"item":"A","direction":"down","transition":"fold","#
                + #""interval":2,"duration":0.5,"transitioning":false}"#)
        #expect(
            Self.result(controller.execute(.pause, numbering: .fromZero))
                == #"{"changed":true,"state":"paused","index":0}"#)
        #expect(
            Self.result(controller.execute(.pause, numbering: .fromZero))
                == #"{"changed":false,"state":"paused","index":0}"#)
        #expect(controller.execute(.pause, numbering: .fromOne).text == "already paused")
        #expect(Self.result(controller.execute(.direction(.up), numbering: .fromZero)) == #"{"direction":"up"}"#)
        #expect(Self.result(controller.execute(.transition(.flip), numbering: .fromZero)) == #"{"transition":"flip"}"#)
        #expect(
            Self.result(controller.execute(.interval(4), numbering: .fromZero)) == #"{"interval":4,"duration":0.6}"#)
        let tooShort = controller.execute(.interval(0.001), numbering: .fromZero)
        #expect(
            Self.error(tooShort)
                == ProtocolError(
                    .badValue, "interval 0.001 is out of range (seconds: a finite number ≥ 0.01 and ≤ 86400)"))
        #expect(
            Self.result(controller.execute(.help, numbering: .fromZero))
                == #"{"commands":["# + LiveRequests.commandNames.map { "\"\($0)\"" }.joined(separator: ",") + "]}")
        #expect(Self.result(controller.execute(.subscribe, numbering: .fromZero)) == #"{"subscribed":true}"#)
    }
}

/// Issue 24: nothing capped how many items `add` piles up (5,000 adds of 60 kB held 317 MiB).
@Suite("Item limits: count and bytes, checked in O(1) per change")
struct ItemLimitTests {
    @Test("a run at Limits.itemBytes refuses add, insert and a larger replace with limit-reached; remove frees room")
    func bytes() throws {
        let big = String(repeating: "x", count: Limits.itemBytes - 2)
        let (controller, _) = try LiveControllerTests.controller([big, "A"])
        let refused = controller.execute(.add("BC", at: nil), numbering: .fromZero)
        #expect(
            LiveControllerTests.error(refused)
                == ProtocolError(
                    .limitReached,
                    "cannot add: the items would be more than 64 MiB of text in all, the most a run takes; "
                        + "remove some first"))
        #expect(
            LiveControllerTests.error(controller.execute(.add("BC", at: 0), numbering: .fromZero))?.kind
                == .limitReached)
        #expect(
            LiveControllerTests.error(controller.execute(.replace(1, "BCD"), numbering: .fromZero))?.kind
                == .limitReached)
        #expect(
            LiveControllerTests.result(controller.execute(.add("B", at: nil), numbering: .fromZero))
                == #"{"index":2,"count":3}"#)
        #expect(
            LiveControllerTests.error(controller.execute(.add("C", at: nil), numbering: .fromZero))?.kind
                == .limitReached)
        #expect(LiveControllerTests.error(controller.execute(.remove(1), numbering: .fromZero)) == nil)
        #expect(
            LiveControllerTests.result(controller.execute(.add("C", at: nil), numbering: .fromZero))
                == #"{"index":2,"count":3}"#)
        // A failed insert (out of range) takes nothing from the budget.
        #expect(LiveControllerTests.error(controller.execute(.add("", at: 9), numbering: .fromZero))?.kind == .badValue)
        #expect(controller.cycler.count == 3)
    }

    @Test("a budget at Limits.items refuses one more item, but not a replace")
    func count() {
        var budget = ItemBudget(Array(repeating: "", count: Limits.items))
        #expect(throws: ItemLimitError.tooManyItems(limit: Limits.items)) { try budget.admit("x") }
        #expect(throws: Never.self) { try budget.admit("x", replacing: "") }
        budget.release("x")
        #expect(throws: Never.self) { try budget.admit("y") }
        #expect(budget.count == Limits.items && budget.bytes == 1)
        #expect(
            ItemLimitError.tooManyItems(limit: 1_000_000).description
                == "the run holds 1000000 items, the most it takes; remove some first")
    }
}
