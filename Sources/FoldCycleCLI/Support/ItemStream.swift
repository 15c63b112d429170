import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Items read on a thread of their own, from a descriptor (the deck's standard input, cut as
/// they arrive: ``ItemStreamSplitter``) or from a list read before (arguments, `--file`), read
/// as their cards show them (``ItemReading``: pictures decoded, in order, at most
/// ``ItemReading/pictureChunkSize`` at once, the first chunk one a core) and handed over a chunk at a time, so that a deck
/// shows its first card as soon as that item is read and decoded and takes more while it runs
/// (as fzf reads its input): `find / | foldcycle deck` and `foldcycle deck photos/*.jpg` start at
/// once (docs/decisions/0195-pictures-decoded-as-a-stream.md). Reading never waits for the
/// deck's queue, nor the queue for a read.
///
/// Bounded as a whole read is: at most ``Limits/inputFileBytes`` bytes and ``Limits/items``
/// items; past either the stream ends with an error naming the limit (the items before it are
/// kept). Between the reader and its consumer at most ``pendingItemLimit`` items wait: the
/// reader pauses until they are taken.
///
/// Thread-safe: the hand-over is in a `ConditionBox`, which the reader and the consumer both wait
/// on (checked `Sendable`).
final class ItemStream: Sendable {
    /// How the input ended.
    enum End: Equatable, Sendable {
        /// Read to its end.
        case complete
        /// Cut short: the input cannot be read, is not UTF-8, or passes a limit.
        case failed(CLIError)
    }

    /// An item as read (its text, which names it to scripts and counts in ``Limits``) and as its
    /// card shows it.
    struct Item: Sendable {
        /// The item's text.
        let text: String
        /// The item as ``ItemReading/styledString(_:)`` reads it.
        let styled: StyledString
    }

    /// Where the items come from.
    enum Source: Sendable {
        /// Read from a descriptor, cut as `split` says.
        case descriptor(Int32, split: ItemSplit)
        /// A list read before.
        case list([String])
    }

    /// The most items that wait to be taken before the reader pauses.
    static let pendingItemLimit = 1 << 16

    private let source: Source
    private let name: String
    private let reading: ItemReading
    private let handOver = ConditionBox(HandOver())

    private struct HandOver {
        var pending: [Item] = []
        /// The first chunk's items read, when they were handed over first as loading cards
        /// (``ItemStream/takeLoaded()``): they replace items 0, 1, ….
        var loaded: [Item] = []
        var end: End?
        var consumer: (queue: DispatchQueue, handler: @Sendable () -> Void)?
        var deliveryScheduled = false
        /// Whether a chunk was read already.
        var handedAny = false

        /// Whether items or the end are there to take.
        static func hasNews(_ handOver: inout HandOver) -> Bool {
            !handOver.pending.isEmpty || !handOver.loaded.isEmpty || handOver.end != nil
        }

        /// Whether fewer than ``ItemStream/pendingItemLimit`` items wait.
        static func hasRoom(_ handOver: inout HandOver) -> Bool {
            handOver.pending.count < ItemStream.pendingItemLimit
        }

        /// The items read since the last take, and the end if it came; the reader may go on.
        mutating func take() -> (items: [Item], end: End?) {
            let items = pending
            pending = []
            deliveryScheduled = false
            return (items, end)
        }

        mutating func scheduleDelivery() {
            guard let consumer, !deliveryScheduled else { return }
            deliveryScheduled = true
            consumer.queue.async { consumer.handler() }
        }
    }

    /// A stream of the items on `descriptor` (not read until ``start()``), named `name` in
    /// messages (`standard input`), cut as `split` says, read as `reading` says.
    init(descriptor: Int32, name: String, split: ItemSplit, reading: ItemReading = ItemReading()) {
        source = .descriptor(descriptor, split: split)
        self.name = name
        self.reading = reading
    }

    /// A stream of `items` (read before, within ``Limits``), read as `reading` says (not until
    /// ``start()``); it ends complete after the last.
    init(items: [String], name: String, reading: ItemReading = ItemReading()) {
        source = .list(items)
        self.name = name
        self.reading = reading
    }

    /// Whether the items come from a descriptor (then the deck says where the input is: `end of
    /// input`); a list's end is not news.
    var readsDescriptor: Bool {
        if case .descriptor = source { return true }
        return false
    }

    /// How many items the stream holds in all when that is known from the start (a list: its
    /// pictures are still decoded); nil for a descriptor, whose items are still read.
    var knownCount: Int? {
        if case .list(let items) = source { return items.count }
        return nil
    }

    /// What names the input in messages (`standard input`).
    var inputName: String { name }

    /// Starts the reading thread.
    func start() {
        Platform.startThread(named: "FoldCycle.items") { [self] in
            switch source {
            case .descriptor(let descriptor, let split): readToEnd(descriptor, split: split)
            case .list(let items):
                hand(items)
                finish(.complete)
            }
        }
    }

    /// Waits until an item is read or the input ends; returns (and takes) the items read so far
    /// and the end, if it came.
    func waitForItems() -> (items: [Item], end: End?) {
        handOver.withLock(waitingUntil: HandOver.hasNews) { $0.take() }
    }

    /// Waits until the input ends or `seconds` pass, whichever comes first; returns (and takes)
    /// the items read since the last take, and the end, if it came.
    func waitForEnd(atMost seconds: Double) -> (items: [Item], end: End?) {
        handOver.withLock(waitingAtMost: seconds, until: { $0.end != nil }, { $0.take() })
    }

    /// Calls `handler` on `queue` whenever items or the end are there to ``take()`` (once per
    /// batch; a batch not taken yet is not announced again).
    func setConsumer(queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) {
        handOver.withLock { handOver in
            handOver.consumer = (queue, handler)
            if HandOver.hasNews(&handOver) { handOver.scheduleDelivery() }
        }
    }

    /// The items read since the last take, and the end once it came (then every later take
    /// returns it again, with no items).
    func take() -> (items: [Item], end: End?) {
        handOver.withLock { $0.take() }
    }

    /// The first items as read, when they were handed over as loading cards first (a picture
    /// slow to decode among them: ``ItemReading/loadingCard(_:)``): they replace items 0, 1, …
    /// in order. Empty until then, and after the one take that returns them. Take them before
    /// ``take()``'s items of the same delivery.
    func takeLoaded() -> [Item] {
        handOver.withLock { handOver in
            defer { handOver.loaded = [] }
            return handOver.loaded
        }
    }

    // MARK: - Reading (on the stream's thread)

    private func readToEnd(_ descriptor: Int32, split: ItemSplit) {
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

    /// The most items in a stream's first chunk: the first card waits for a few items' reading,
    /// not a whole read's (a 64 KiB read of short lines is some 30,000 items).
    static let firstChunkItemLimit = 256

    /// Reads `items` as their cards show them, a chunk at a time (``ItemReading/chunks(of:pictures:first:)``;
    /// the stream's first chunk at most ``firstChunkItemLimit`` items and one picture a core), and
    /// hands each chunk over as soon as it is read.
    private func hand(_ items: [String]) {
        guard !items.isEmpty else { return }
        var rest = items[...]
        let first = handOver.withLock { handOver in
            defer { handOver.handedAny = true }
            return !handOver.handedAny
        }
        if first {
            let head = Array(rest.prefix(Self.firstChunkItemLimit))
            let first = reading.chunks(of: head, first: ItemReading.firstPictureChunkSize)[0]
            let texts = Array(head[first])
            let slow = texts.map { reading.decodesSlowly($0) }
            if slow.contains(true) {
                // The others read now, the slow pictures' cards saying "loading"; then those
                // pictures, in their place.
                let quick = texts.indices.filter { !slow[$0] }
                var styled = texts.map(reading.loadingCard)
                for (index, read) in zip(quick, reading.styledStrings(quick.map { texts[$0] })) { styled[index] = read }
                hand(zip(texts, styled).map { Item(text: $0, styled: $1) })
                let late = texts.indices.filter { slow[$0] }
                for (index, read) in zip(late, reading.styledStrings(late.map { texts[$0] })) { styled[index] = read }
                let read = zip(texts, styled).map { Item(text: $0, styled: $1) }
                handOver.withLock { handOver in
                    handOver.loaded = read
                    handOver.scheduleDelivery()
                }
            } else {
                handRead(texts)
            }
            rest = rest.dropFirst(first.count)
        }
        let texts = Array(rest)
        for chunk in reading.chunks(of: texts) { handRead(Array(texts[chunk])) }
    }

    /// Reads `texts` (on every core at once) and hands them over.
    private func handRead(_ texts: [String]) {
        hand(zip(texts, reading.styledStrings(texts)).map { Item(text: $0, styled: $1) })
    }

    /// Hands `items` over, first waiting while too many wait already.
    private func hand(_ items: [Item]) {
        guard !items.isEmpty else { return }
        handOver.withLock(waitingUntil: HandOver.hasRoom) { handOver in
            handOver.pending += items
            handOver.scheduleDelivery()
        }
    }

    private func finish(_ end: End) {
        handOver.withLock { handOver in
            handOver.end = end
            handOver.scheduleDelivery()
        }
    }
}
