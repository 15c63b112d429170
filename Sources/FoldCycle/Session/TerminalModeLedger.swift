internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Who holds each terminal's modes in this process, so that changes nest: the first
/// ``TerminalModes`` to take a terminal saves the modes it finds, later ones (a second card, a
/// deck beside a ticker) only add what they need, and the last to give the terminal back puts
/// the saved modes back. A terminal is known by its device (`st_rdev`), however many descriptors
/// name it. While held, the modes are the most any holder asks for: key input (non-canonical, no
/// echo) if any holder reads keys, else no echo.
///
/// The saved modes are kept in one ``TerminalRescue`` slot per terminal, so a crash or an exit
/// without the holders' restore puts back the modes from before the first holder, never a
/// holder's raw ones. Thread-safe (one lock).
final class TerminalModeLedger: Sendable {
    /// The one ledger of the process.
    static let shared = TerminalModeLedger()

    private struct Holder {
        var descriptor: Int32
        var keyInput: Bool
    }

    private struct Entry {
        var original: termios
        var rescueSlot: Int?
        var holders: [ObjectIdentifier: Holder] = [:]
    }

    private let entries = LockedBox([UInt64: Entry]())

    /// Makes `holder` one of the holders of the terminal on `descriptor`, in key-input mode or
    /// no-echo mode, saving the terminal's modes if it is the first.
    ///
    /// - Throws: ``TerminalError/termiosFailed(errno:)`` when the modes cannot be read or set
    ///   (nothing is then held).
    func take(_ holder: ObjectIdentifier, descriptor: Int32, keyInput: Bool) throws(TerminalError) {
        let key = Self.terminalKey(descriptor)
        var failure: TerminalError?
        entries.withLock { entries in
            var entry: Entry
            if let held = entries[key] {
                entry = held
            } else {
                var original = termios()
                guard tcgetattr(descriptor, &original) == 0 else {
                    failure = .termiosFailed(errno: errno)
                    return
                }
                entry = Entry(original: original, rescueSlot: TerminalRescue.shared.makeModeSlot())
                if let slot = entry.rescueSlot {
                    TerminalRescue.shared.setModes(original, descriptor: descriptor, slot: slot)
                }
            }
            let previous = entry.holders[holder]
            entry.holders[holder] = Holder(descriptor: descriptor, keyInput: keyInput)
            guard Self.apply(entry, descriptor: descriptor) else {
                failure = .termiosFailed(errno: errno)
                entry.holders[holder] = previous
                if entry.holders.isEmpty {
                    if let slot = entry.rescueSlot { TerminalRescue.shared.releaseModeSlot(slot) }
                    entries[key] = nil
                } else {
                    entries[key] = entry
                }
                return
            }
            entries[key] = entry
        }
        if let failure { throw failure }
    }

    /// Removes `holder` from the terminal on `descriptor`: the last holder puts back the modes
    /// saved by the first; otherwise the modes become what the others need.
    func give(_ holder: ObjectIdentifier, descriptor: Int32) {
        let key = Self.terminalKey(descriptor)
        entries.withLock { entries in
            guard var entry = entries[key], entry.holders.removeValue(forKey: holder) != nil else { return }
            if entry.holders.isEmpty {
                var original = entry.original
                _ = tcsetattr(descriptor, TCSANOW, &original)
                if let slot = entry.rescueSlot { TerminalRescue.shared.releaseModeSlot(slot) }
                entries[key] = nil
            } else {
                _ = Self.apply(entry, descriptor: descriptor)
                entries[key] = entry
            }
        }
    }

    /// Whether the terminal on `descriptor` still has the echo and canonical bits its holders
    /// asked for (true when no one holds it, or its modes cannot be read).
    func holdsItsModes(descriptor: Int32) -> Bool {
        let key = Self.terminalKey(descriptor)
        return entries.withLock { entries in
            guard let entry = entries[key] else { return true }
            var current = termios()
            guard tcgetattr(descriptor, &current) == 0 else { return true }
            let bits = tcflag_t(ICANON | ECHO)
            return current.c_lflag & bits == Self.modes(for: entry).c_lflag & bits
        }
    }

    /// How many hold the terminal on `descriptor` (for tests).
    func holderCount(descriptor: Int32) -> Int {
        entries.withLock { $0[Self.terminalKey(descriptor)]?.holders.count ?? 0 }
    }

    /// Sets the modes `entry`'s holders need, derived from the saved ones: whether it worked.
    private static func apply(_ entry: Entry, descriptor: Int32) -> Bool {
        var modes = modes(for: entry)
        return tcsetattr(descriptor, TCSANOW, &modes) == 0
    }

    /// The modes `entry`'s holders need, derived from the saved ones.
    private static func modes(for entry: Entry) -> termios {
        var modes = entry.original
        if entry.holders.values.contains(where: \.keyInput) {
            modes.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
            modes.c_iflag &= ~tcflag_t(IXON | ICRNL)
            withUnsafeMutableBytes(of: &modes.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
        } else {
            modes.c_lflag &= ~tcflag_t(ECHO | ECHOCTL)
        }
        return modes
    }

    /// The terminal's device number, or the descriptor itself (tagged) when `fstat` fails.
    private static func terminalKey(_ descriptor: Int32) -> UInt64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return 1 << 63 | UInt64(UInt32(bitPattern: descriptor)) }
        return UInt64(truncatingIfNeeded: status.st_rdev)
    }
}
