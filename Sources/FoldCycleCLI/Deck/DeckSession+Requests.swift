import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Requests (JSON lines from stdin or `--listen`'s socket, through the ``ControlChannel``) and
// the protocol's events about them. On the session's queue.
extension DeckSession {
    /// Serves `--listen`'s clients and, with `--protocol jsonl` and items not read from stdin,
    /// requests on stdin.
    func startControl() {
        dispatchPrecondition(condition: .onQueue(queue))
        control.start(
            handler: { [self] request, _ in respond(to: request) },
            onQuit: { [self] in quit() },
            onFailure: { [self] failure in
                queue.async {
                    switch failure {
                    case .readerGone: self.finish(exitCode: 0)
                    case .failed(let message):
                        CLIError.runtime(message).report()
                        self.finish(exitCode: 1)
                    }
                }
            })
        if control.readsJSONLines, !command.readsStandardInputItems, !TerminalDevice.standardInput.isTerminal {
            StandardInputLines.start(
                queue: queue, onLine: { [self] line in control.handleStandardInput(line) }, onEnd: {})
        }
    }

    /// Writes the pending `needs-more-data` event, if any.
    func emitNeedsMoreData() {
        guard let remaining = state.value.pendingNeedsMoreData else { return }
        state.value.pendingNeedsMoreData = nil
        control.emit(.needsMoreData(remaining: remaining, count: store.itemCount))
    }

    /// Turns the top card when it has a back; returns whether it did.
    @discardableResult
    func flipTop() -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let top = deck.topIndex, CardFaces(item: store.text(at: top)).hasBack else { return false }
        return deck.flip()
    }

    private func respond(to request: ProtocolRequest) -> ControlChannel.Response {
        dispatchPrecondition(condition: .onQueue(queue))
        let command: DeckCommandRequest
        switch DeckRequests.command(for: request) {
        case .failure(let error): return .init(outcome: .failure(error))
        case .success(let decoded): command = decoded
        }
        func changed(_ done: Bool) -> ControlChannel.Response {
            .init(outcome: .success(.object([("changed", .bool(done)), ("top", topItem.map(JSONValue.int) ?? .null)])))
        }
        switch command {
        case .swipe(let side): return changed(deck.swipe(side))
        case .page(let direction): return changed(deck.page(direction))
        case .undo: return changed(deck.undo())
        case .click: return changed(deck.click())
        case .flip: return changed(flipTop())
        case .add(let text):
            do throws(ItemLimitError) {
                try state.value.budget.admit(text)
            } catch {
                return .init(outcome: .failure(ProtocolError(.limitReached, "cannot add: \(error)")))
            }
            let index = store.append(text)
            deck.reloadData()
            defer { updateFooter() }
            return .init(
                outcome: .success(.object([("index", .int(index)), ("count", .int(store.itemCount))])),
                events: [.itemAdded(index: index, item: store.text(ofItem: index), count: store.itemCount)])
        case .items:
            return .init(
                outcome: .success(
                    .object([
                        ("items", .array(store.items.map(JSONValue.string))),
                        ("top", topItem.map(JSONValue.int) ?? .null), ("count", .int(store.itemCount)),
                    ])))
        case .status:
            let top = topItem
            let tally = state.value.tally
            return .init(
                outcome: .success(
                    .object([
                        ("top", top.map(JSONValue.int) ?? .null),
                        ("item", top.map { .string(store.text(ofItem: $0)) } ?? .null),
                        ("count", .int(store.itemCount)),
                        ("remaining", .int(deck.remainingCount)), ("kept", .int(tally.kept)),
                        ("discarded", .int(tally.discarded)), ("skipped", .int(tally.skipped)),
                        ("clicked", .int(tally.clicks)),
                    ])))
        case .end:
            state.value.ended = true
            // After the reply: a deck with no card left finishes now.
            queue.async { if self.deck.isFinished { self.handle(.finished) } }
            return .init(outcome: .success(.object([("ended", .bool(true))])))
        case .help:
            return .init(
                outcome: .success(.object([("commands", .array(DeckRequests.commandNames.map(JSONValue.string)))])))
        case .quit:
            return .init(outcome: .success(.emptyObject), quits: true)
        case .subscribe:
            return .init(outcome: .success(.object([("subscribed", .bool(true))])), subscribes: true)
        case .unsubscribe:
            return .init(outcome: .success(.object([("subscribed", .bool(false))])), subscribes: false)
        }
    }

    /// The top card's item index, if a card is left.
    var topItem: Int? { deck.topIndex.map(store.itemIndex(at:)) }
}
