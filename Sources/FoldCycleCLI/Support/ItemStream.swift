import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Items read from a descriptor (the deck's standard input) on a thread of their own, cut as
/// they arrive (``ItemStreamSplitter``) and handed over in batches, so that a deck shows its
/// first card as soon as that item is read and takes more while it runs (as fzf reads its
/// input): `find / | foldcycle deck` starts at once. Reading never waits for the deck's queue,
/// nor the queue for a read.
///
/// Bounded as a whole read is: at most ``Limits/inputFileBytes`` bytes and ``Limits/items``
/// items; past either the stream ends with an error naming the limit (the items before it are
/// kept). Between the reader and its consumer at most ``pendingItemLimit`` items wait: the
/// reader pauses until they are taken.
///
/// Thread-safe: a ``Condition`` guards the hand-over. `@unchecked Sendable` because the reader and
/// the consumer both wait on that condition, which a ``LockedBox`` cannot do.
final class ItemStream: @unchecked Sendable {
    /// How the input ended.
    enum End: Equatable, Sendable {
        /// Read to its end.
        case complete
        /// Cut short: the input cannot be read, is not UTF-8, or passes a limit.
        case failed(CLIError)
    }

    /// The most items that wait to be taken before the reader pauses.
    static let pendingItemLimit = 1 << 16

    private let descriptor: Int32
    private let name: String
    private let split: ItemSplit
    private let condition = Condition()
    private var pending: [String] = []
    private var end: End?
    private var consumer: (queue: DispatchQueue, handler: @Sendable () -> Void)?
    private var deliveryScheduled = false

    /// A stream of the items on `descriptor` (not read until ``start()``), named `name` in
    /// messages (`standard input`), cut as `split` says.
    init(descriptor: Int32, name: String, split: ItemSplit) {
        self.descriptor = descriptor
        self.name = name
        self.split = split
    }

    /// Starts the reading thread.
    func start() {
        Platform.startThread(named: "FoldCycle.items") { [self] in readToEnd() }
    }

    /// Waits until an item is read or the input ends; returns (and takes) the items read so far
    /// and the end, if it came.
    func waitForItems() -> (items: [String], end: End?) {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && end == nil { condition.wait() }
        return takeLocked()
    }

    /// Calls `handler` on `queue` whenever items or the end are there to ``take()`` (once per
    /// batch; a batch not taken yet is not announced again).
    func setConsumer(queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        consumer = (queue, handler)
        if !pending.isEmpty || end != nil { scheduleDeliveryLocked() }
    }

    /// The items read since the last take, and the end once it came (then every later take
    /// returns it again, with no items).
    func take() -> (items: [String], end: End?) {
        condition.lock()
        defer { condition.unlock() }
        return takeLocked()
    }

    private func takeLocked() -> (items: [String], end: End?) {
        let items = pending
        pending = []
        deliveryScheduled = false
        condition.broadcast()  // The reader may go on.
        return (items, end)
    }

    private func scheduleDeliveryLocked() {
        guard let consumer, !deliveryScheduled else { return }
        deliveryScheduled = true
        consumer.queue.async { consumer.handler() }
    }

    // MARK: - Reading (on the stream's thread)

    private func readToEnd() {
        var splitter = ItemStreamSplitter(split: split)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var bytesRead = 0
        var itemCount = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return finish(.failed(InputFile.failure(name, errno: errno)))
            }
            let items: [String]
            do throws(ItemStreamSplitter.InvalidText) {
                items = count == 0 ? try splitter.finish() : try splitter.feed(buffer[0..<count])
            } catch {
                return finish(.failed(.unreadableInput("\(name) is not valid UTF-8 text")))
            }
            bytesRead += count
            if bytesRead > Limits.inputFileBytes {
                return finish(
                    .failed(
                        .unreadableInput(
                            "\(name) is larger than \(Limits.inputFileBytes >> 20) MiB (the most an input may have)")))
            }
            let room = Limits.items - itemCount
            hand(Array(items.prefix(room)))
            itemCount += min(items.count, room)
            if items.count > room {
                return finish(
                    .failed(.unreadableInput("\(name) has more than \(Limits.items) items (the most a deck holds)")))
            }
            if count == 0 { return finish(.complete) }
        }
    }

    /// Hands `items` over, first waiting while too many wait already.
    private func hand(_ items: [String]) {
        guard !items.isEmpty else { return }
        condition.lock()
        defer { condition.unlock() }
        while pending.count >= Self.pendingItemLimit { condition.wait() }
        pending += items
        condition.broadcast()
        scheduleDeliveryLocked()
    }

    private func finish(_ end: End) {
        condition.lock()
        defer { condition.unlock() }
        self.end = end
        condition.broadcast()
        scheduleDeliveryLocked()
    }
}
