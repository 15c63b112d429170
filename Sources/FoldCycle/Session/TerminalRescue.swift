internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The last-resort restore of every terminal the process changed, for the two moments the normal
/// exit path cannot run: a crash (a trap, a fault, `abort`) and a termination signal that the
/// session's queue cannot take because a write to the terminal is blocked (Ctrl-S, a terminal
/// that stopped reading).
///
/// What to restore is kept ready in fixed memory, updated as it changes: each player's bytes that
/// give the terminal back from where its output stands (``TerminalRegion/exitRestoration``), the
/// mouse-reporting off bytes while reports are on, and each saved termios. ``rescue(resumingOutput:)``
/// writes the bytes without blocking and puts the termios back, with async-signal-safe calls
/// only. The bytes go to a writer kept for the slot, made when its descriptor is given
/// (``RescueWriter``): on a terminal, the terminal's device opened anew, non-blocking (so a
/// writer blocked on the descriptor is not disturbed); on anything else, a duplicate written to
/// only when `poll` says it takes the bytes.
///
/// Crashes: once anything is kept, a handler for SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS and
/// SIGFPE restores the terminals first, points standard input at `/dev/null` (so the Swift
/// runtime's interactive crash reporter, which would hold the process for 30 s waiting for a key,
/// ends at once), then hands the signal to the handler that was there before (the runtime's
/// backtracer, `SWIFT_BACKTRACE`), whose report lands below the card, never on it.
///
/// Thread-safe: updates take a lock; the crash handler reads without one (a report torn by a
/// crash during an update is the price of never blocking there).
final class TerminalRescue: Sendable {
    /// The one table of the process.
    static let shared = TerminalRescue()

    /// How many byte slots (players, mouse reporting) and termios slots the table holds.
    static let slotCount = 16
    /// The most restoration bytes one slot keeps (a region's restoration is about 20).
    static let slotBytes = 256

    private let lock = Lock()

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
            if storage.writerSource[slot] != descriptor {
                closeWriterLocked(slot)
                let writer = RescueWriter(descriptor: descriptor)
                storage.writerDescriptor[slot] = writer?.descriptor ?? -1
                storage.writerIsShared[slot] = writer?.isShared == true ? 1 : 0
                storage.writerSource[slot] = descriptor
            }
            bytes.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                (storage.bytes + slot * Self.slotBytes).update(from: base, count: count)
            }
            storage.bytesDescriptor[slot] = count > 0 && storage.writerDescriptor[slot] >= 0 ? descriptor : slotIdle
            storage.byteCount[slot] = Int32(count)
        }
    }

    /// Frees a byte slot.
    func releaseByteSlot(_ slot: Int) {
        lock.withLock {
            rescueStorage.byteCount[slot] = 0
            rescueStorage.bytesDescriptor[slot] = slotFree
            closeWriterLocked(slot)
        }
    }

    private func closeWriterLocked(_ slot: Int) {
        let storage = rescueStorage
        let writer = storage.writerDescriptor[slot]
        storage.writerDescriptor[slot] = -1
        storage.writerSource[slot] = -1
        if writer >= 0 { Platform.close(writer) }
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
        guard let writer = RescueWriter(descriptor: descriptor) else { return }
        defer { Platform.close(writer.descriptor) }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            writeKept(writer.descriptor, shared: writer.isShared, base, buffer.count)
        }
    }

    private func installCrashHandlerLocked() {
        let storage = rescueStorage
        guard storage.crashHandlerInstalled.pointee == 0 else { return }
        storage.crashHandlerInstalled.pointee = 1
        for number in crashSignals {
            var action = sigaction()
            Platform.setInformationHandler(handleCrash, of: &action)
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

/// Where a rescue writes a slot's bytes: a descriptor of the same file, made when the slot's
/// descriptor is given (not async-signal-safe) and kept until the slot is freed.
///
/// On a terminal it is the terminal's device (its path from `ttyname_r`) opened anew with
/// `O_NONBLOCK`: a new open file description, so the flag never reaches a writer blocked on the
/// slot's descriptor. Anything else (a pipe, a file, a device that cannot be opened by name) has
/// no path to open anew on every platform, so it is a duplicate (`F_DUPFD_CLOEXEC`, sharing the file offset, so a file is appended to,
/// not overwritten), written to only after `poll` reports room (see ``isShared``).
private struct RescueWriter {
    let descriptor: Int32
    /// Whether ``descriptor`` shares its open file description with the slot's descriptor (it
    /// may block, so each write waits for `POLLOUT` and is at most `PIPE_BUF` bytes, which a pipe
    /// with room takes whole).
    let isShared: Bool

    init?(descriptor source: Int32) {
        if let path = Platform.terminalPath(of: source) {
            let opened = Platform.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            if opened >= 0 {
                descriptor = opened
                isShared = false
                return
            }
            // A device this process may not open by name (another user's tty): share instead.
        }
        let duplicate = fcntl(source, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { return nil }
        descriptor = duplicate
        isShared = true
    }
}

/// Fixed memory the crash handler reads: allocated once and never freed.
private struct RescueStorage: @unchecked Sendable {
    // audited: fixed memory a signal handler reads with no lock (it may take none), allocated once,
    // never freed; written only under `TerminalRescue`'s lock.
    let bytesDescriptor: UnsafeMutablePointer<Int32>
    /// Per byte slot: the descriptor its writer was made for, the writer (``RescueWriter``;
    /// -1: none), and whether the writer is shared (1) or opened anew (0).
    let writerSource: UnsafeMutablePointer<Int32>
    let writerDescriptor: UnsafeMutablePointer<Int32>
    let writerIsShared: UnsafeMutablePointer<Int32>
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
        writerSource = .allocate(capacity: count)
        writerSource.initialize(repeating: -1, count: count)
        writerDescriptor = .allocate(capacity: count)
        writerDescriptor.initialize(repeating: -1, count: count)
        writerIsShared = .allocate(capacity: count)
        writerIsShared.initialize(repeating: 0, count: count)
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

/// Writes `count` bytes at `base` to a ``RescueWriter``'s `descriptor` without blocking the
/// caller for long, retrying a full buffer for at most about 0.2 s. Async-signal-safe.
private func writeKept(_ descriptor: Int32, shared: Bool, _ base: UnsafePointer<UInt8>, _ count: Int) {
    var offset = 0
    var attempts = 0
    while offset < count && attempts < 20 {
        var pending = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        if shared {
            // A shared descriptor may block: write only when there is room, PIPE_BUF bytes at most.
            guard poll(&pending, 1, 10) >= 0 else { break }
            guard pending.revents & Int16(POLLOUT) != 0 else {
                attempts += 1
                continue
            }
        }
        let written = Platform.write(descriptor, base + offset, shared ? min(count - offset, 512) : count - offset)
        if written > 0 {
            offset += written
            continue
        }
        let code = errno
        guard written < 0, code == EAGAIN || code == EWOULDBLOCK || code == EINTR else { break }
        attempts += 1
        if !shared { _ = poll(&pending, 1, 10) }
    }
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
        let writer = storage.writerDescriptor[slot]
        guard writer >= 0 else { continue }
        writeKept(
            writer, shared: storage.writerIsShared[slot] != 0,
            UnsafePointer(storage.bytes + slot * TerminalRescue.slotBytes), count)
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
    if let handler = Platform.informationHandler(of: previous.pointee) {
        handler(number, info, context)
    } else if let handler = Platform.handler(of: previous.pointee) {
        handler(number)
    }
    // Whatever the previous handler did, the process dies of the signal: default disposition,
    // raised again (delivered when this handler returns; a fault would recur anyway).
    signal(number, SIG_DFL)
    raise(number)
}
