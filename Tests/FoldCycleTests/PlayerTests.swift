import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

#if canImport(Glibc)
    import Glibc
#endif

/// Reads whatever a pipe holds right now (the write end stays open).
func drain(_ fd: Int32) -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let flags = fcntl(fd, F_GETFL)
    _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    while true {
        let count = read(fd, &buffer, buffer.count)
        // A signal (the sanitizers' and Dispatch's) can interrupt the read: read again.
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

@Suite("Player")
struct PlayerTests {
    @Test("plain-text output writes each item once as it settles, sanitized, with no escape bytes")
    func plainText() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["A", "B\u{1B}[2J", "C"]), interval: 1, duration: 0.5, clock: clock)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 5, rows: 3), configuration: .init(output: .plainText),
            sink: TerminalDevice(fileDescriptor: fds[1]))
        player.start()
        _ = player.frameCount  // A barrier: the player's queue has run everything queued so far.
        #expect(drain(fds[0]) == "A\n")
        clock.advance(by: 1.25)
        _ = player.frameCount
        #expect(drain(fds[0]) == "")  // In flight: nothing settled yet.
        clock.advance(by: 0.25)
        _ = player.frameCount
        #expect(drain(fds[0]) == "B␛[2J\n")
        clock.advance(by: 2)
        _ = player.frameCount
        #expect(drain(fds[0]) == "C\nA\n")
        #expect(player.finish() == nil)
        #expect(player.frameCount == 0)
    }

    @Test("inline output: first frame reserves the rows; finish leaves the cursor below, shown")
    func inlineStartAndFinish() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["A", "B"]), interval: 1, duration: 0.5, clock: ManualClock())
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 3, rows: 2), style: CardStyle(palette: []),
            configuration: .init(output: .inline, colorDepth: .none, motion: .full, keepsHostLine: false),
            sink: TerminalDevice(fileDescriptor: fds[1]))
        player.start()
        #expect(player.frameCount == 1)
        player.finish()
        // Hide the cursor, reserve 2 rows, draw " A" on row 0 (vertically centred text in 2 rows
        // goes to row 0) and erase the rest of it and the blank row 1 with EL (the bold pen has
        // the default background, so it erases as is), park at the top-left (the column is
        // known: 0), then go below and show the cursor.
        #expect(
            drain(fds[0])
                == "\u{1B}[?25l\r\n\u{1B}[A\u{1B}[?2026h\u{1B}[0m \u{1B}[1mA\u{1B}[K\r\n\u{1B}[K\u{1B}[0m\u{1B}[?2026l\u{1B}[A\u{1B}[0m\u{1B}[B\n\u{1B}[?25h"
        )
    }
}
