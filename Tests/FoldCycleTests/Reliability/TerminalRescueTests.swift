import Dispatch
import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, findings 3 and 5: what restores a terminal when the normal exit path cannot run (a
/// crash; a termination signal behind a blocked write).
@Suite("Reliability: the terminal rescue")
struct TerminalRescueTests {
    @Test("kept restoration bytes are written once, without blocking; kept termios is put back")
    func rescueWritesAndRestores() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let rescue = TerminalRescue.shared
        let slot = try #require(rescue.makeByteSlot())
        defer { rescue.releaseByteSlot(slot) }
        rescue.setBytes(Array("\u{1B}[0m\u{1B}[?25h".utf8), descriptor: ends[1], slot: slot)
        rescue.rescue(resumingOutput: false)
        #expect(drain(ends[0]) == "\u{1B}[0m\u{1B}[?25h")
        rescue.rescue(resumingOutput: false)
        #expect(drain(ends[0]) == "")

        // A pseudo-terminal whose modes were changed comes back to the saved ones.
        let (master, slave) = try Self.openPseudoTerminal()
        defer {
            close(master)
            close(slave)
        }
        var saved = termios()
        #expect(tcgetattr(slave, &saved) == 0)
        let modes = TerminalModes(device: TerminalDevice(fileDescriptor: slave))
        try modes.enterKeyInputMode()
        var changed = termios()
        #expect(tcgetattr(slave, &changed) == 0)
        #expect(changed.c_lflag & tcflag_t(ICANON | ECHO) == 0)
        rescue.rescue(resumingOutput: true)
        var after = termios()
        #expect(tcgetattr(slave, &after) == 0)
        #expect(after.c_lflag == saved.c_lflag && after.c_iflag == saved.c_iflag)
        modes.restore()
    }

    @Test("an exit while a write is blocked (a terminal that stopped reading) no longer hangs")
    func exitRestorationDoesNotBlock() throws {
        var pair: [Int32] = [-1, -1]
        #expect(pipe(&pair) == 0)
        let ends = pair
        let output = GuardedOutput(sink: TerminalDevice(fileDescriptor: ends[1]))
        output.guardExit()
        // A write of more than the pipe holds blocks, holding the output's lock.
        let written = DispatchSemaphore(value: 0)
        let writing = Thread {
            try? output.write([UInt8](repeating: 0x41, count: 1 << 20), restoration: Array("\u{1B}[?25h".utf8))
            written.signal()
        }
        writing.start()
        var waited = 0
        while waited < 5000 {
            var available: Int32 = 0
            _ = ioctl(ends[0], UInt(FIONREAD), &available)
            if available >= 4096 { break }
            usleep(1000)
            waited += 1
        }
        let done = DispatchSemaphore(value: 0)
        let exiting = Thread {
            output.restoreForExit()
            done.signal()
        }
        exiting.start()
        // Before: restoreForExit waited half a second and then wrote with a blocking write: forever.
        #expect(done.wait(timeout: .now() + 5) == .success)
        // Let the blocked write finish.
        let drained = DispatchSemaphore(value: 0)
        let drainer = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while read(ends[0], &buffer, buffer.count) > 0 {}
            drained.signal()
        }
        drainer.start()
        // The pipe is closed only after the write is done (closing it under a write raises SIGPIPE),
        // and its read end only after the drainer saw the end (the rescue's copy of the write end
        // released first): a drainer still reading a closed descriptor would read whatever another
        // test opens under the same number next.
        #expect(written.wait(timeout: .now() + 10) == .success)
        output.releaseExitGuard()
        close(ends[1])
        #expect(drained.wait(timeout: .now() + 10) == .success)
        close(ends[0])
    }

    @Test("a rescue reaches a terminal through its device, opened when the slot got the descriptor")
    func rescueReachesTheTerminalDevice() throws {
        let (master, slave) = try Self.openPseudoTerminal()
        defer { close(master) }
        let rescue = TerminalRescue.shared
        let slot = try #require(rescue.makeByteSlot())
        defer { rescue.releaseByteSlot(slot) }
        rescue.setBytes(Array("\u{1B}[?25h".utf8), descriptor: slave, slot: slot)
        // The descriptor given is gone by the time of the rescue: the device kept is written.
        close(slave)
        rescue.rescue(resumingOutput: false)
        var pending = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pending, 1, 5000) == 1)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(master, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "\u{1B}[?25h")
    }

    @Test("a rescue to a file appends to it (a reopened descriptor wrote over its start)")
    func rescueAppendsToAFile() throws {
        let path = NSTemporaryDirectory() + "rescue-\(getpid()).txt"
        defer { unlink(path) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        defer { close(file) }
        #expect(write(file, "before;", 7) == 7)
        let rescue = TerminalRescue.shared
        let slot = try #require(rescue.makeByteSlot())
        defer { rescue.releaseByteSlot(slot) }
        rescue.setBytes(Array("\u{1B}[0m".utf8), descriptor: file, slot: slot)
        rescue.rescue(resumingOutput: false)
        TerminalRescue.writeWithoutBlocking(Array("after".utf8), to: file)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "before;\u{1B}[0mafter")
    }

    @Test("a signal whose handler is stuck on its queue reaches the watchdog's emergency handler")
    func watchdog() throws {
        let stuck = DispatchQueue(label: "test.stuck")
        let free = DispatchQueue(label: "test.free")
        let release = DispatchSemaphore(value: 0)
        stuck.async { release.wait() }
        let emergencies = LineLog()
        let handled = LineLog()
        let relay = SignalRelay.shared
        let stuckWatchdog = SignalRelay.Watchdog(deadline: 0.2) { number in emergencies.append("stuck \(number)") }
        // The free queue's deadline is long: on a loaded machine its handler may start later
        // than 0.2 s, and only the stuck queue's emergency is under test.
        let freeWatchdog = SignalRelay.Watchdog(deadline: 30) { number in emergencies.append("free \(number)") }
        let stuckRegistration = relay.register(SIGUSR2, queue: stuck, watchdog: stuckWatchdog) { _ in
            handled.append("stuck")
        }
        let freeRegistration = relay.register(SIGUSR2, queue: free, watchdog: freeWatchdog) { _ in
            handled.append("free")
        }
        let stuckToken = try #require(stuckRegistration)
        let freeToken = try #require(freeRegistration)
        defer {
            relay.unregister(stuckToken)
            relay.unregister(freeToken)
        }
        // From a thread of its own that lets SIGUSR2 through and goes on to an intercepted call:
        // Dispatch's workers (this test's thread among them) block signals, and ThreadSanitizer
        // runs a handler only when the receiving thread makes such a call, so a process-wide
        // signal could wait for good on a thread parked in a futex wait (the stuck queue's).
        let sent = DispatchSemaphore(value: 0)
        let sender = Thread {
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            // Delivered before pthread_kill returns: the signal is unblocked on this thread.
            pthread_kill(pthread_self(), SIGUSR2)
            sent.signal()
        }
        sender.start()
        #expect(sent.wait(timeout: .now() + 10) == .success)
        #expect(emergencies.waitFor("stuck \(SIGUSR2)", timeout: 10))
        // The handler that ran in time had no emergency.
        #expect(handled.waitFor("free", timeout: 10))
        #expect(handled.all == ["free"])
        #expect(emergencies.all == ["stuck \(SIGUSR2)"])
        release.signal()
        #expect(handled.waitFor("stuck", timeout: 10))
    }

    /// A pseudo-terminal pair (master, slave), from `/dev/ptmx` (TIOCSPTLCK unlocks the slave,
    /// TIOCGPTN names it).
    static func openPseudoTerminal() throws -> (Int32, Int32) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(master, UInt(0x4004_5431), &unlock) == 0)
        try #require(ioctl(master, UInt(0x8004_5430), &number) == 0)
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        return (master, slave)
    }
}
