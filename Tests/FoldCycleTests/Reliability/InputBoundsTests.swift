import Dispatch
import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, findings 4 and 6: work and memory per input are bounded. Each test failed before the
/// fix (an input read or held without limit, or keys swallowed for good).
@Suite("Reliability: input is bounded")
struct InputBoundsTests {
    @Test("Alt+] (a control string nothing ends) no longer swallows the keys after it")
    func altRightBracket() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, UInt8(ascii: "]")]) == [])
        // The reader's escape wait passes with nothing more: the string is dropped.
        #expect(decoder.flushPendingEscape() == nil)
        #expect(decoder.decode(Array("status".utf8)) == [.key(.text("status"))])
        #expect(decoder.decode([0x0D]) == [.key(.enter)])
    }

    @Test("every control-string introducer is dropped on the escape wait", arguments: Array("]PX^_".utf8))
    func introducers(_ introducer: UInt8) {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, introducer, UInt8(ascii: "1"), UInt8(ascii: ";")]) == [])
        #expect(decoder.flushPendingEscape() == nil)
        #expect(decoder.decode(Array("q".utf8)) == [.key(.text("q"))])
    }

    @Test("a control string is dropped once it passes the limit, and keys are read again")
    func longControlString() {
        var decoder = KeyDecoder()
        let string =
            [0x1B, UInt8(ascii: "]")] + [UInt8](repeating: UInt8(ascii: "x"), count: Limits.controlStringBytes)
        #expect(decoder.decode(string) == [])
        #expect(decoder.decode(Array("ab".utf8)) == [.key(.text("ab"))])
        // A whole string still ends at BEL or ST, and what follows is typed text.
        #expect(decoder.decode(Array("\u{1B}]0;title\u{07}c\u{1B}P1$r\u{1B}\\d".utf8)) == [.key(.text("cd"))])
    }

    @Test("the glyph table interns at most its capacity; later clusters get a replacement of their width")
    func glyphTableBound() {
        let table = GlyphTable()
        // Distinct clusters none of which is canonically equivalent to another: an ideograph and
        // one combining mark.
        let marks = (0x301...0x304).compactMap(Unicode.Scalar.init)
        var first: UInt32?
        var count = 0
        outer: for base in (0x4E00...0x9FFF).compactMap(Unicode.Scalar.init) {
            for mark in marks {
                guard count < GlyphTable.capacity else { break outer }
                let id = table.id(for: Character("\(base)\(mark)"))
                #expect(id == GlyphTable.firstInternedID + UInt32(count))
                first = first ?? id
                count += 1
            }
        }
        #expect(count == Limits.internedClusters)
        // Full: a new narrow cluster is U+FFFD, a new wide one 〓; known ones keep their ids.
        #expect(table.id(for: "z\u{301}\u{302}\u{303}") == 0xFFFD)
        #expect(table.id(for: "가\u{301}") == 0x3013)
        #expect(table.id(for: "一\u{301}") == first)
        #expect(table.character(for: first ?? 0) == "一\u{301}")
        // Single scalars never need the table.
        #expect(table.id(for: "x") == 0x78)
    }

    @Test("measuring text interns nothing (fitting a million items costs no glyph table entries)")
    func measureDoesNotIntern() {
        let before = GlyphTable.shared.id(for: "q\u{301}\u{302}\u{303}\u{304}")
        let metrics = TextLayout.measure("w\u{301}\u{303}\u{305} e\u{301}\u{330}\u{331}")
        #expect(metrics == TextLayout.Metrics(width: 3, lineCount: 1))
        // The next id handed out follows `before` directly: measure interned neither cluster.
        #expect(GlyphTable.shared.id(for: "q\u{301}\u{302}\u{303}\u{305}") == before + 1)
    }

    @Test("piped lines are read no faster than they are handled (the reader waits), in order")
    func backpressure() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let queue = DispatchQueue(label: "test.reader")
        let lines = LineLog()
        queue.suspend()
        let reader = InputReader(descriptor: ends[0], mode: .lines, queue: queue)
        reader.start(
            onBytes: { _, _ in }, onLine: { lines.append($0) }, onOverlongLine: { lines.append("overlong \($0)") },
            onEscapeTimeout: {}, onEnd: { lines.append("end") })
        // Write until the pipe stays full for 0.2 s: the reader has stopped reading. Without
        // backpressure it read on (queueing every line) and all 4 MB went through.
        let line = Array("status\n".utf8)
        var written = 0
        while written < 4 << 20 {
            let count = line.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
                continue
            }
            var room = pollfd(fd: ends[1], events: Int16(POLLOUT), revents: 0)
            if poll(&room, 1, 200) == 0 { break }
        }
        #expect(written < 1 << 20)
        // A line over the limit is reported by its length, then reading goes on.
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: Limits.commandLineBytes + 10) + Array("\nnext\n".utf8)
        queue.resume()
        var offset = 0
        while offset < long.count {
            let count = long[offset...].withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else {
                var room = pollfd(fd: ends[1], events: Int16(POLLOUT), revents: 0)
                _ = poll(&room, 1, 1000)
            }
        }
        close(ends[1])
        #expect(lines.waitFor("end", timeout: 20))
        let handled = lines.all
        #expect(handled.count == written / line.count + 3)
        #expect(handled.dropLast(3).allSatisfy { $0 == "status" })
        #expect(Array(handled.suffix(3)) == ["overlong \(Limits.commandLineBytes + 10)", "next", "end"])
    }

    @Test(
        "a line at the limit is a line; one byte more is dropped whole",
        arguments: [(0, false), (1, true)])
    func lineLimit(_ extra: Int, _ overlong: Bool) throws {
        var pair: [Int32] = [-1, -1]
        #expect(pipe(&pair) == 0)
        let ends = pair
        defer { close(ends[0]) }
        let lines = LineLog()
        let reader = InputReader(descriptor: ends[0], mode: .lines, queue: DispatchQueue(label: "test.limit"))
        reader.start(
            onBytes: { _, _ in }, onLine: { lines.append("line \($0.utf8.count)") },
            onOverlongLine: { lines.append("overlong \($0)") }, onEscapeTimeout: {}, onEnd: { lines.append("end") })
        let text = [UInt8](repeating: UInt8(ascii: "y"), count: Limits.commandLineBytes + extra) + Array("\r\n".utf8)
        let writer = Thread {
            var offset = 0
            while offset < text.count {
                let count = text[offset...].withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                offset += count
            }
            close(ends[1])
        }
        writer.start()
        #expect(lines.waitFor("end", timeout: 10))
        let expected = overlong ? "overlong \(Limits.commandLineBytes + 1)" : "line \(Limits.commandLineBytes)"
        #expect(lines.all == [expected, "end"])
    }
}

/// Lines handled by a reader, in order; a test waits for one to arrive.
final class LineLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []

    var all: [String] { condition.withLock { lines } }

    func append(_ line: String) {
        condition.withLock {
            lines.append(line)
            condition.broadcast()
        }
    }

    /// Waits (at most `timeout` seconds) until `line` has arrived.
    func waitFor(_ line: String, timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while !lines.contains(line) {
                if !condition.wait(until: deadline) { return lines.contains(line) }
            }
            return true
        }
    }
}
