import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The last-resort restore of every terminal the process changed, for the two moments the normal
/// exit path cannot run: a crash (a trap, a fault, `abort`) and a termination signal that the
/// session's queue cannot take because a write to the terminal is blocked (Ctrl-S, a terminal
/// that stopped reading).
///
/// What to restore is kept ready in fixed memory, updated as it changes: each player's bytes that
/// give the terminal back from where its output stands (``TerminalRegion/exitRestoration``), the
/// mouse-reporting off bytes while reports are on, and each saved termios. ``rescue(resumingOutput:)``
/// writes the bytes with non-blocking writes (on a descriptor opened anew, so the blocked writer
/// is not disturbed) and puts the termios back, with async-signal-safe calls only.
///
/// Crashes: once anything is kept, a handler for SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS and
/// SIGFPE restores the terminals first, points standard input at `/dev/null` (so the Swift
/// runtime's interactive crash reporter, which would hold the process for 30 s waiting for a key,
/// ends at once), then hands the signal to the handler that was there before (the runtime's
/// backtracer, `SWIFT_BACKTRACE`), whose report lands below the card, never on it.
///
/// Thread-safe: updates take a lock; the crash handler reads without one (a report torn by a
/// crash during an update is the price of never blocking there).
final class TerminalRescue: @unchecked Sendable {
    /// The one table of the process.
    static let shared = TerminalRescue()

    /// How many byte slots (players, mouse reporting) and termios slots the table holds.
    static let slotCount = 16
    /// The most restoration bytes one slot keeps (a region's restoration is about 20).
    static let slotBytes = 256

    private let lock = NSLock()

    private init() {
        // Touch the storage now: the crash handler must find it initialized.
        _ = rescueStorage
    }

    /// A slot for restoration bytes (a player's output, mouse reporting), or nil when all are taken.
    func makeByteSlot() -> Int? {
        lock.withLock {
            let storage = rescueStorage
            for index in 0..<Self.slotCount where storage.bytesDescriptor[index] == slotFree {
                storage.bytesDescriptor[index] = slotIdle
                storage.byteCount[index] = 0
                installCrashHandlerLocked()
                return index
            }
            return nil
        }
    }

    /// Keeps `bytes` (at most ``slotBytes``; longer ones are cut) to be written to `descriptor` by
    /// a rescue; empty bytes keep nothing.
    func setBytes(_ bytes: [UInt8], descriptor: Int32, slot: Int) {
        lock.withLock {
            let storage = rescueStorage
            let count = min(bytes.count, Self.slotBytes)
            storage.byteCount[slot] = 0
            bytes.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                (storage.bytes + slot * Self.slotBytes).update(from: base, count: count)
            }
            storage.bytesDescriptor[slot] = count > 0 ? descriptor : slotIdle
            storage.byteCount[slot] = Int32(count)
        }
    }

    /// Frees a byte slot.
    func releaseByteSlot(_ slot: Int) {
        lock.withLock {
            rescueStorage.byteCount[slot] = 0
            rescueStorage.bytesDescriptor[slot] = slotFree
        }
    }

    /// A slot for a saved termios, or nil when all are taken.
    func makeModeSlot() -> Int? {
        lock.withLock {
            let storage = rescueStorage
            for index in 0..<Self.slotCount where storage.modesDescriptor[index] == slotFree {
                storage.modesDescriptor[index] = slotIdle
                installCrashHandlerLocked()
                return index
            }
            return nil
        }
    }

    /// Keeps `modes` to be put back on `descriptor` by a rescue (nil: nothing to put back).
    func setModes(_ modes: termios?, descriptor: Int32, slot: Int) {
        lock.withLock {
            let storage = rescueStorage
            storage.modesDescriptor[slot] = slotIdle
            if let modes {
                storage.modes[slot] = modes
                storage.modesDescriptor[slot] = descriptor
            }
        }
    }

    /// Frees a termios slot.
    func releaseModeSlot(_ slot: Int) {
        lock.withLock { rescueStorage.modesDescriptor[slot] = slotFree }
    }

    /// Restores every terminal kept: writes the kept bytes (each slot's once; they are cleared)
    /// without blocking, then puts back the kept termios. With `resumingOutput`, output stopped
    /// by flow control (Ctrl-S) is restarted first (`tcflow` TCOOFF then TCOON), so the bytes can
    /// reach the terminal. Async-signal-safe.
    func rescue(resumingOutput: Bool) {
        rescueTerminals(resumingOutput: resumingOutput)
    }

    /// Writes `bytes` to `descriptor` without blocking (see ``rescue(resumingOutput:)``): for an
    /// exit path that must not wait on a terminal that stopped reading.
    static func writeWithoutBlocking(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            writeNonBlocking(descriptor, base, buffer.count)
        }
    }

    private func installCrashHandlerLocked() {
        let storage = rescueStorage
        guard storage.crashHandlerInstalled.pointee == 0 else { return }
        storage.crashHandlerInstalled.pointee = 1
        for number in crashSignals {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_sigaction = handleCrash
            #else
                action.__sigaction_u.__sa_sigaction = handleCrash
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            _ = sigaction(number, &action, storage.previousActions + Int(number))
        }
    }
}

// MARK: - The storage and the async-signal-safe parts (no locks, no allocation)

/// A slot no one holds.
private let slotFree: Int32 = -2
/// A slot held, with nothing to restore.
private let slotIdle: Int32 = -1

/// The signals a crash arrives as.
private let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

/// Fixed memory the crash handler reads: allocated once and never freed.
private struct RescueStorage: @unchecked Sendable {
    let bytesDescriptor: UnsafeMutablePointer<Int32>
    let byteCount: UnsafeMutablePointer<Int32>
    let bytes: UnsafeMutablePointer<UInt8>
    let modesDescriptor: UnsafeMutablePointer<Int32>
    let modes: UnsafeMutablePointer<termios>
    /// One `sigaction` per signal number below 65: the handlers the crash handler hands over to.
    let previousActions: UnsafeMutablePointer<sigaction>
    let crashHandlerInstalled: UnsafeMutablePointer<Int32>
    let rescuing: UnsafeMutablePointer<Int32>

    init() {
        let count = TerminalRescue.slotCount
        bytesDescriptor = .allocate(capacity: count)
        bytesDescriptor.initialize(repeating: slotFree, count: count)
        byteCount = .allocate(capacity: count)
        byteCount.initialize(repeating: 0, count: count)
        bytes = .allocate(capacity: count * TerminalRescue.slotBytes)
        bytes.initialize(repeating: 0, count: count * TerminalRescue.slotBytes)
        modesDescriptor = .allocate(capacity: count)
        modesDescriptor.initialize(repeating: slotFree, count: count)
        modes = .allocate(capacity: count)
        modes.initialize(repeating: termios(), count: count)
        previousActions = .allocate(capacity: 65)
        previousActions.initialize(repeating: sigaction(), count: 65)
        crashHandlerInstalled = .allocate(capacity: 1)
        crashHandlerInstalled.initialize(to: 0)
        rescuing = .allocate(capacity: 1)
        rescuing.initialize(to: 0)
    }
}

private let rescueStorage = RescueStorage()

/// Writes `count` bytes at `base` to `descriptor` without blocking the caller for long: on a new
/// non-blocking open file description of the same file (`/proc/self/fd/N`), so a writer blocked
/// on the descriptor is left alone, retrying a full buffer for at most about 0.2 s. Nothing is
/// written when the descriptor cannot be opened anew. Async-signal-safe.
private func writeNonBlocking(_ descriptor: Int32, _ base: UnsafePointer<UInt8>, _ count: Int) {
    // "/proc/self/fd/" and the descriptor's digits, built without allocating.
    var path:
        (
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let reopened: Int32 = withUnsafeMutableBytes(of: &path) { raw in
        let prefix: StaticString = "/proc/self/fd/"
        var length = 0
        prefix.withUTF8Buffer { utf8 in
            for byte in utf8 {
                raw[length] = byte
                length += 1
            }
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
        var digitCount = 0
        var value = max(descriptor, 0)
        withUnsafeMutableBytes(of: &digits) { digitBytes in
            repeat {
                digitBytes[digitCount] = UInt8(truncatingIfNeeded: 48 + value % 10)
                digitCount += 1
                value /= 10
            } while value > 0 && digitCount < 10
            for index in (0..<digitCount).reversed() {
                raw[length] = digitBytes[index]
                length += 1
            }
        }
        raw[length] = 0
        return open(raw.baseAddress!.assumingMemoryBound(to: CChar.self), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    }
    guard reopened >= 0 else { return }
    var offset = 0
    var attempts = 0
    while offset < count && attempts < 20 {
        #if canImport(Glibc)
            let written = Glibc.write(reopened, base + offset, count - offset)
        #else
            let written = Darwin.write(reopened, base + offset, count - offset)
        #endif
        if written > 0 {
            offset += written
            continue
        }
        let code = errno
        guard written < 0, code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { break }
        attempts += 1
        var pending = pollfd(fd: reopened, events: Int16(POLLOUT), revents: 0)
        _ = poll(&pending, 1, 10)
    }
    close(reopened)
}

/// The body of ``TerminalRescue/rescue(resumingOutput:)``: async-signal-safe.
private func rescueTerminals(resumingOutput: Bool) {
    let storage = rescueStorage
    for slot in 0..<TerminalRescue.slotCount {
        let descriptor = storage.bytesDescriptor[slot]
        let count = Int(storage.byteCount[slot])
        guard descriptor >= 0, count > 0 else { continue }
        storage.byteCount[slot] = 0
        if resumingOutput {
            // TCOON alone undoes only a TCOOFF; after TCOOFF it also clears a stop by Ctrl-S
            // (Linux keeps the two apart).
            _ = tcflow(descriptor, TCOOFF)
            _ = tcflow(descriptor, TCOON)
        }
        writeNonBlocking(descriptor, UnsafePointer(storage.bytes + slot * TerminalRescue.slotBytes), count)
    }
    for slot in 0..<TerminalRescue.slotCount {
        let descriptor = storage.modesDescriptor[slot]
        guard descriptor >= 0 else { continue }
        _ = tcsetattr(descriptor, TCSANOW, storage.modes + slot)
    }
}

/// The crash handler (see ``TerminalRescue``): restore, quiet the interactive reporter, hand over.
private func handleCrash(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?)
{
    let storage = rescueStorage
    if storage.rescuing.pointee == 0 {
        storage.rescuing.pointee = 1
        rescueTerminals(resumingOutput: false)
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        if null >= 0 {
            _ = dup2(null, 0)
            close(null)
        }
    }
    let previous = storage.previousActions + Int(number)
    #if canImport(Glibc)
        if previous.pointee.sa_flags & SA_SIGINFO != 0, let handler = previous.pointee.__sigaction_handler.sa_sigaction
        {
            handler(number, info, context)
        } else if let handler = previous.pointee.__sigaction_handler.sa_handler,
            unsafeBitCast(handler, to: Int.self) > 1
        {
            handler(number)
        }
    #else
        if previous.pointee.sa_flags & SA_SIGINFO != 0, let handler = previous.pointee.__sigaction_u.__sa_sigaction {
            handler(number, info, context)
        } else if let handler = previous.pointee.__sigaction_u.__sa_handler, unsafeBitCast(handler, to: Int.self) > 1 {
            handler(number)
        }
    #endif
    // Whatever the previous handler did, the process dies of the signal: default disposition,
    // raised again (delivered when this handler returns; a fault would recur anyway).
    signal(number, SIG_DFL)
    raise(number)
}
