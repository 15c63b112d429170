import Dispatch
import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycle

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal session's one stream of stamped events (docs/decisions/0205-one-stamped-event-stream.md):
/// the handler and every async sequence get the same events in the same order.
@Suite("Terminal events", .timeLimit(.minutes(1)))
struct TerminalEventTests {
    @Test("an event's age is the seconds from its stamp to a later time, 0 for an earlier one")
    func age() {
        let event = TerminalEvent(.resumed, uptimeNanoseconds: 1_000_000_000)
        #expect(event.age(at: 3_500_000_000) == 2.5)
        #expect(event.age(at: 1_000_000_001) == 1e-9)
        #expect(event.age(at: 1_000_000_000) == 0)
        #expect(event.age(at: 999_999_999) == 0)
        #expect(event.time == DispatchTime(uptimeNanoseconds: 1_000_000_000))
    }

    @Test(
        "lines, an overlong line and the end of input reach the handler and two streams, in order; end() ends the streams"
    )
    func linesInOrder() async throws {
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        #expect(pipe(&input) == 0)
        #expect(pipe(&output) == 0)
        defer { for end in input + output { close(end) } }
        let session = TerminalSession(
            configuration: .init(
                inputDevice: TerminalDevice(fileDescriptor: input[0]),
                outputDevice: TerminalDevice(fileDescriptor: output[1]), input: .lines, signalPolicy: .none,
                handlesJobControl: false, watchesOutputPipe: false))
        let handled = LockedBox<[TerminalEvent]>([])
        session.setEventHandler { event in handled.withLock { $0.append(event) } }
        let first = session.events()
        let second = session.events()
        let before = DispatchTime.now().uptimeNanoseconds
        session.start()
        let overlong = Limits.commandLineBytes + 1
        let bytes = Array("first\n".utf8) + [UInt8](repeating: 0x78, count: overlong) + Array("\nsecond\n".utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
            #expect(count > 0)
            if count <= 0 { break }
            offset += count
        }
        close(input[1])
        input[1] = -1

        let expected: [TerminalEvent.Kind] = [
            .line("first"), .overlongLine(byteCount: overlong), .line("second"), .inputEnded,
        ]
        var streamed: [TerminalEvent] = []
        for await event in first {
            streamed.append(event)
            if event.kind == .inputEnded { break }
        }
        #expect(streamed.map(\.kind) == expected)
        // The handler had each event before the streams.
        #expect(handled.withLock { $0 } == streamed)
        let after = DispatchTime.now().uptimeNanoseconds
        #expect(streamed.allSatisfy { $0.uptimeNanoseconds >= before && $0.uptimeNanoseconds <= after })
        #expect(zip(streamed, streamed.dropFirst()).allSatisfy { $0.uptimeNanoseconds <= $1.uptimeNanoseconds })

        session.end()
        // The second stream holds the same events, then ends with the session.
        var rest: [TerminalEvent] = []
        for await event in second { rest.append(event) }
        #expect(rest == streamed)
        // A stream made after the end is over at once.
        var late = 0
        for await _ in session.events() { late += 1 }
        #expect(late == 0)
    }

    @Test(
        "keys, a mouse report and a focus report typed on a terminal come through a stream decoded, in order, stamped when read"
    )
    func keysFromATerminal() async throws {
        let (master, slave) = try TerminalRescueTests.openPseudoTerminal()
        defer {
            close(slave)
            close(master)
        }
        let session = Self.session(on: slave, input: .keys)
        var events = session.events().makeAsyncIterator()
        session.start()
        #expect(session.isReadingKeys)
        let typed: [(String, TerminalEvent.Kind)] = [
            ("q", .key(.text("q"))),
            ("\u{1B}[A", .key(.arrow(.up))),
            ("\u{1B}[<0;10;5M", .mouse(MouseEvent(action: .press, button: .left, column: 9, row: 4))),
            ("\u{1B}[I", .report(.focusIn)),
        ]
        for (bytes, expected) in typed {
            let before = DispatchTime.now().uptimeNanoseconds
            #expect(Self.type(bytes, into: master))
            let event = await events.next()
            #expect(event?.kind == expected)
            #expect((event?.uptimeNanoseconds ?? 0) >= before)
            #expect((event?.uptimeNanoseconds ?? .max) <= DispatchTime.now().uptimeNanoseconds)
        }
        session.end()
        #expect(await events.next() == nil)
    }

    @Test("with Input.keyBytes the bytes read come undecoded, in place of keys and mouse reports")
    func keyBytes() async throws {
        let (master, slave) = try TerminalRescueTests.openPseudoTerminal()
        defer {
            close(slave)
            close(master)
        }
        let session = Self.session(on: slave, input: .keyBytes)
        var events = session.events().makeAsyncIterator()
        session.start()
        #expect(session.isReadingKeys)
        #expect(Self.type("q\u{1B}[<0;10;5M", into: master))
        let event = await events.next()
        #expect(event?.kind == .keyBytes(Array("q\u{1B}[<0;10;5M".utf8)))
        session.end()
        #expect(await events.next() == nil)
    }

    /// A session reading `input` from the terminal `descriptor` (mouse reports on), drawing on it
    /// too, with no signal policy or job control.
    private static func session(on descriptor: Int32, input: TerminalSession.Input) -> TerminalSession {
        let device = TerminalDevice(fileDescriptor: descriptor)
        return TerminalSession(
            configuration: .init(
                inputDevice: device, outputDevice: device, input: input, signalPolicy: .none,
                handlesJobControl: false, watchesOutputPipe: false, reportsMouse: true))
    }

    /// Writes `text` to a pseudo-terminal's master: the session reads it as typed.
    private static func type(_ text: String, into master: Int32) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } == bytes.count
    }
}
