import Dispatch
import FoldCycle
import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycleCLI

/// Issue 23, item 6: the CLI's objects keep their state in an audited box, a ``QueueConfined``
/// for those used on one queue (the line writer, the control channel, the sessions) and a
/// ``LockedBox`` for those shared across threads (the deck's item store).
@Suite("Concurrency: the CLI's state in its boxes")
struct ConfinedStateTests {
    /// A pipe's two ends, blocking; the read end is read to its end once the write end closes.
    private static func withPipe(_ body: (_ writeEnd: Int32) -> Void) -> String {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        body(ends[1])
        close(ends[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        close(ends[0])
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a line writer used on its queue writes its lines in order, and nothing once closed")
    func lineWriterOnItsQueue() {
        let queue = DispatchQueue(label: "test.line-writer")
        let written = Self.withPipe { descriptor in
            let writer = LineWriter(descriptor: descriptor, queue: queue, limit: 1024)
            queue.sync {
                writer.write("one\n")
                writer.write("two\n")
                #expect(writer.pendingByteCount == 0)
                #expect(writer.failure == nil)
                writer.close()
                writer.write("three\n")
            }
        }
        #expect(written == "one\ntwo\n")
    }

    @Test("a line writer whose reader falls behind fails once, with the bytes that waited")
    func lineWriterFallsBehind() {
        let queue = DispatchQueue(label: "test.line-writer")
        let failures = LockedBox<[LineWriter.Failure]>([])
        var filled = 0
        let written = Self.withPipe { descriptor in
            let flags = LineWriter.makeNonBlocking(descriptor)
            #expect(flags != nil)
            // Nobody reads: the pipe is filled first, so what the writer is given waits.
            var byte: UInt8 = 0x78
            while write(descriptor, &byte, 1) == 1 { filled += 1 }
            let writer = LineWriter(descriptor: descriptor, queue: queue, limit: 8)
            queue.sync {
                writer.setFailureHandler { failure in failures.withLock { $0.append(failure) } }
                writer.write("12345\n")
                #expect(writer.pendingByteCount == 6)
                #expect(writer.failure == nil)
                writer.write("6789\n")
                #expect(writer.failure == .fellBehind(bytes: 11))
                #expect(writer.pendingByteCount == 0)
                writer.write("more\n")
            }
            LineWriter.restoreFlags(flags, of: descriptor)
        }
        #expect(failures.withLock { $0 } == [.fellBehind(bytes: 11)])
        #expect(filled > 0)
        #expect(written == String(repeating: "x", count: filled))
    }

    @Test("the deck's item store keeps every item appended from many threads at once")
    func deckItemStoreAcrossThreads() {
        let store = DeckItemStore(["first"])
        let remaining = LockedBox<[Int]>([])
        store.setNeedsMoreDataHandler { count in remaining.withLock { $0.append(count) } }
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            store.append("item \(index)")
            _ = store.text(at: index)
        }
        store.append(contentsOf: ["last", "one more"])
        store.needsMoreData(remaining: 3)
        #expect(store.count == 203)
        #expect(store.item(at: 0) == "first")
        #expect(store.items.suffix(2) == ["last", "one more"])
        #expect(Set(store.items.dropFirst().dropLast(2)) == Set((0..<200).map { "item \($0)" }))
        #expect(store.text(at: 203) == "")
        #expect(remaining.withLock { $0 } == [3])
    }
}
