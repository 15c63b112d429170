import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Carries out the commands of a live run on its cycler, for both protocols: each command gives
/// one ``Reply`` with the word protocol's prose and the JSON-lines protocol's result or typed
/// error (docs/DESIGN.md#control-protocol).
///
/// Used on the terminal session's queue only, so commands from stdin and from every socket
/// client are carried out one at a time, in the order they arrive.
final class LiveController {
    /// How a protocol numbers items in what it reads and writes.
    enum Numbering: Sendable {
        /// The word protocol: item 1 is the first, as `status` and the footer count.
        case fromOne
        /// The JSON-lines protocol: index 0 is the first, as the deck's lines and the library.
        case fromZero

        /// What is added to a 0-based index to show it.
        var offset: Int { self == .fromOne ? 1 : 0 }
    }

    /// What a command did: the word protocol's reply and the JSON-lines protocol's outcome.
    struct Reply {
        /// The reply in words (an error's text without the `error: ` prefix).
        var text: String
        /// The JSON reply's `result`, or its typed error.
        var outcome: Result<JSONValue, ProtocolError>

        var isError: Bool {
            if case .failure = outcome { return true }
            return false
        }

        static func success(_ text: String, _ result: JSONValue) -> Reply {
            Reply(text: text, outcome: .success(result))
        }

        static func failure(_ text: String, _ kind: ProtocolError.Kind = .badValue) -> Reply {
            Reply(text: text, outcome: .failure(ProtocolError(kind, text)))
        }
    }

    let cycler: Cycler<ArrayDataSource<StyledString>>
    /// Whether the duration follows a typed `interval` (no `--duration`, no `duration` typed).
    private(set) var durationFollowsInterval: Bool
    /// The most items `items` lists in words (the JSON reply lists every one).
    static let listedItemLimit = 20

    /// The items' count and bytes, checked against ``Limits`` at each change.
    private var budget: ItemBudget

    /// How the text of an added or replacing item is read (`--ansi`, `--markdown`), as the first
    /// items were.
    let reading: ItemReading

    init(
        cycler: Cycler<ArrayDataSource<StyledString>>, durationFollowsInterval: Bool,
        reading: ItemReading = ItemReading()
    ) {
        self.cycler = cycler
        self.durationFollowsInterval = durationFollowsInterval
        self.reading = reading
        budget = ItemBudget(cycler.withDataSource { $0.items.map(\.plainText) })
    }

    /// Appends `items`, read from the run's own list while it runs (``LiveCommand/stream``), in
    /// order; they count against the limits as added items do (the list is within them: none is
    /// refused unless items were added meanwhile, and then the rest are left out).
    func appendRead(_ items: [StyledString]) {
        for item in items {
            guard (try? budget.admit(item.plainText)) != nil else { return }
            _ = try? cycler.insert(item, at: nil)
        }
    }

    /// Puts `items` in place of items 0, 1, … (the first pictures read, in place of their
    /// loading cards: ``ItemStream/takeLoaded()``); one shown begins a transition to its picture.
    func replaceRead(_ items: [StyledString]) {
        for (index, item) in items.enumerated() where index < cycler.count {
            _ = try? cycler.replace(at: index, with: item)
        }
    }

    /// The items while the run's own list is still read (``LiveCommand/stream``): how many there
    /// will be, when known from the start (a list whose pictures are still decoded), or nil (a
    /// descriptor, still read: the count is "so far"). Nil once the list is all read, and for a
    /// run that reads none.
    enum ItemsStillRead: Equatable {
        case counted(Int)
        case uncounted
    }

    /// Set by the session while its list is read (docs/decisions/0250-streamed-counts-and-waits-in-the-footer.md).
    var itemsStillRead: ItemsStillRead?

    /// The shown (or incoming) item as people count, `3/7`: of the known total while a list's
    /// pictures are still decoded, of the items read so far while a descriptor is read.
    var itemNumber: String {
        if case .counted(let total) = itemsStillRead { return "\(cycler.index + 1)/\(total)" }
        return "\(cycler.index + 1)/\(cycler.count)"
    }

    /// ``itemNumber`` in words: `3/7`, or `3/7 so far` while a descriptor's items are still read
    /// (the footer and the word protocol's replies).
    var itemNumberInWords: String { itemNumber + (itemsStillRead == .uncounted ? " so far" : "") }

    /// Carries out `command` (``SessionCommand/quit`` and the subscriptions are the caller's: they
    /// get a plain success here).
    ///
    /// - Parameters:
    ///   - numbering: how the protocol the command came in numbers items, for the reply.
    ///   - helpSuffix: what `help` adds in words after the command list (the keys, or Ctrl-C).
    func execute(_ command: SessionCommand, numbering: Numbering, helpSuffix: String = "") -> Reply {
        switch command {
        case .start:
            let before = cycler.state
            let changed = cycler.start()
            return stateReply(changed, !changed ? "already running" : before == .paused ? "resumed" : "started")
        case .pause:
            let state = cycler.state
            let changed = cycler.pause()
            return stateReply(
                changed, changed ? "paused" : state == .paused ? "already paused" : "not running (\(state))")
        case .resume:
            let changed = cycler.resume()
            return stateReply(changed, changed ? "resumed" : "not paused (\(cycler.state))")
        case .stop:
            let changed = cycler.stop()
            return stateReply(changed, changed ? "stopped" : "already stopped")
        case .next:
            let changed = cycler.next()
            return stateReply(changed, changed ? "next: item \(itemNumberInWords)" : "only one item")
        case .previous:
            let changed = cycler.previous()
            return stateReply(changed, changed ? "previous: item \(itemNumberInWords)" : "only one item")
        case .goto(let index):
            return show(index: index, numbering: numbering)
        case .direction(let direction):
            cycler.direction = direction
            return .success("direction \(direction)", .object([("direction", .string("\(direction)"))]))
        case .transition(let kind):
            cycler.transitionKind = kind
            return .success("transition \(kind)", .object([("transition", .string(kind.rawValue))]))
        case .interval(let seconds):
            return setInterval(seconds)
        case .duration(let seconds):
            return setDuration(seconds)
        case .add(let text, let index):
            return add(text, at: index, numbering: numbering)
        case .remove(let index):
            return remove(at: index, numbering: numbering)
        case .replace(let index, let text):
            return replace(at: index, with: text, numbering: numbering)
        case .items:
            return itemsReply(numbering: numbering)
        case .status:
            return .success(statusText, statusResult)
        case .help:
            return .success(
                "commands: \(SessionCommand.summary)" + helpSuffix,
                .object([("commands", .array(LiveRequests.commandNames.map { .string($0) }))]))
        case .quit:
            return .success("quitting", .emptyObject)
        case .subscribe:
            return .success("subscribed", .object([("subscribed", .bool(true))]))
        case .unsubscribe:
            return .success("unsubscribed", .object([("subscribed", .bool(false))]))
        }
    }

    // MARK: - Commands with more to do than one call

    private func show(index: Int, numbering: Numbering) -> Reply {
        do {
            let changed = try cycler.show(index: index)
            return stateReply(
                changed, changed ? "goto: item \(itemNumberInWords)" : "already showing item \(itemNumberInWords)")
        } catch {
            return .failure(rangeMessage(error, numbering: numbering, verb: "goto"))
        }
    }

    private func setDuration(_ seconds: TimeInterval) -> Reply {
        do {
            try cycler.setDuration(seconds)
            durationFollowsInterval = false
            return .success("duration \(secondsText(cycler.duration))s", timingResult)
        } catch {
            return .failure("\(error)")
        }
    }

    private func add(_ text: String, at index: Int?, numbering: Numbering) -> Reply {
        do throws(ItemLimitError) {
            try budget.admit(text)
        } catch {
            return .failure("cannot \(index == nil ? "add" : "insert"): \(error)", .limitReached)
        }
        do {
            let position = try cycler.insert(reading.styledString(text), at: index)
            return .success(
                "\(index == nil ? "added" : "inserted") as item \(position + 1)/\(cycler.count)",
                .object([("index", .int(position)), ("count", .int(cycler.count))]))
        } catch {
            budget.undo(text)
            return .failure(rangeMessage(error, numbering: numbering, verb: index == nil ? "add" : "insert"))
        }
    }

    private func remove(at index: Int, numbering: Numbering) -> Reply {
        do {
            let removed = try cycler.remove(at: index).plainText
            budget.release(removed)
            return .success(
                "removed item \(index + 1) (\(cycler.count) left)",
                .object([("index", .int(index)), ("item", .string(removed)), ("count", .int(cycler.count))]))
        } catch {
            return .failure(rangeMessage(error, numbering: numbering, verb: "remove"))
        }
    }

    private func replace(at index: Int, with text: String, numbering: Numbering) -> Reply {
        let current = cycler.withDataSource { (0..<$0.count).contains(index) ? $0.item(at: index).plainText : nil }
        do throws(ItemLimitError) {
            if let current { try budget.admit(text, replacing: current) }
        } catch {
            return .failure("cannot replace: \(error)", .limitReached)
        }
        do {
            let old = try cycler.replace(at: index, with: reading.styledString(text)).plainText
            return .success(
                "replaced item \(index + 1)",
                .object([("index", .int(index)), ("previous", .string(old)), ("count", .int(cycler.count))]))
        } catch {
            return .failure(rangeMessage(error, numbering: numbering, verb: "replace"))
        }
    }

    // MARK: - Replies

    private func stateReply(_ changed: Bool, _ text: String) -> Reply {
        .success(
            text,
            .object([
                ("changed", .bool(changed)), ("state", .string("\(cycler.state)")), ("index", .int(cycler.index)),
            ]))
    }

    private var timingResult: JSONValue {
        .object([("interval", .double(cycler.interval)), ("duration", .double(cycler.duration))])
    }

    private func setInterval(_ seconds: TimeInterval) -> Reply {
        guard LiveCommand.intervalRange.contains(seconds) else {
            return .failure(
                "interval \(shortestText(seconds)) is out of range (seconds: \(LiveCommand.intervalRangeText))")
        }
        do {
            if durationFollowsInterval {
                // The default duration follows the interval: shorten it first when it must.
                let duration = LiveCommand.defaultDuration(forInterval: seconds)
                if duration < cycler.interval { try cycler.setDuration(duration) }
                try cycler.setInterval(seconds)
                try cycler.setDuration(duration)
            } else {
                try cycler.setInterval(seconds)
            }
            return .success(
                "interval \(secondsText(cycler.interval))s, duration \(secondsText(cycler.duration))s", timingResult)
        } catch CyclerError.invalidDuration(let duration, _) {
            return .failure(
                "interval \(shortestText(seconds)) must be longer than the duration, \(shortestText(duration))s "
                    + "(set a shorter duration first)")
        } catch {
            return .failure("\(error)")
        }
    }

    /// `state=running item=3/7 direction=down interval=2 duration=0.6 transition=fold`.
    var statusText: String {
        "state=\(cycler.state) item=\(itemNumber) direction=\(cycler.direction) "
            + "interval=\(secondsText(cycler.interval)) duration=\(secondsText(cycler.duration)) "
            + "transition=\(cycler.transitionKind)"
    }

    private var statusResult: JSONValue {
        let snapshot = cycler.snapshot()
        return .object([
            ("state", .string("\(snapshot.state)")), ("index", .int(snapshot.index)), ("count", .int(cycler.count)),
            ("item", .string(snapshot.item.plainText)), ("direction", .string("\(cycler.direction)")),
            ("transition", .string(cycler.transitionKind.rawValue)), ("interval", .double(cycler.interval)),
            ("duration", .double(cycler.duration)), ("transitioning", .bool(snapshot.transition != nil)),
        ])
    }

    /// Every item; in words one line each (`▶ 2  text`, the shown one marked; a multi-line item by
    /// its first line), at most ``listedItemLimit`` of them.
    private func itemsReply(numbering: Numbering) -> Reply {
        let items = cycler.withDataSource { $0.items.map(\.plainText) }
        let shown = cycler.index
        var lines = ["items (\(items.count)):"]
        for (index, item) in items.prefix(Self.listedItemLimit).enumerated() {
            let firstLine = item.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            lines.append("\(index == shown ? "▶" : " ") \(index + numbering.offset)  \(firstLine)")
        }
        if items.count > Self.listedItemLimit { lines.append("… and \(items.count - Self.listedItemLimit) more") }
        return .success(
            lines.joined(separator: "\n"),
            .object([
                ("items", .array(items.map { .string($0) })), ("index", .int(shown)), ("count", .int(items.count)),
            ]))
    }

    /// A cycler error in the protocol's numbering: `item 9 is out of range for 'remove' (a whole
    /// number from 1 to 5)`.
    private func rangeMessage(_ error: CyclerError, numbering: Numbering, verb: String) -> String {
        switch error {
        case .indexOutOfRange(let index, let upperBound):
            let noun = numbering == .fromOne ? "item" : "index"
            let given = index.addingReportingOverflow(numbering.offset)
            return "\(noun) \(given.overflow ? index : given.partialValue) is out of range for '\(verb)' "
                + "(a whole number from \(numbering.offset) to \(upperBound + numbering.offset))"
        default:
            return "\(error)"
        }
    }
}
