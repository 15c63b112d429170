import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 34, finding 2: two players on one terminal (two cards, a deck beside a ticker) give the
/// terminal back as it was, whatever order they end in.
@Suite("Reliability: terminal modes nest")
struct TerminalModeNestingTests {
    private static func modes(_ descriptor: Int32) -> (lflag: tcflag_t, iflag: tcflag_t) {
        var current = termios()
        _ = tcgetattr(descriptor, &current)
        return (current.c_lflag, current.c_iflag)
    }

    @Test(
        "the first to take the terminal saves, the last to give it back restores, in either order",
        arguments: [[0, 1], [1, 0]])
    func nestsInEitherOrder(restoreOrder: [Int]) throws {
        let (master, slave) = try TerminalRescueTests.openPseudoTerminal()
        // A second descriptor on the same terminal (a player on /dev/tty beside one on stdin).
        let other = dup(slave)
        defer {
            close(other)
            close(slave)
            close(master)
        }
        let before = Self.modes(slave)
        let keepers = [
            TerminalModes(device: TerminalDevice(fileDescriptor: slave)),
            TerminalModes(device: TerminalDevice(fileDescriptor: other)),
        ]
        try keepers[0].enterKeyInputMode()
        try keepers[1].enterNoEchoMode()
        // The key reader's modes stay while it holds the terminal, whoever came second.
        #expect(Self.modes(slave).lflag & tcflag_t(ICANON | ECHO) == 0)
        keepers[restoreOrder[0]].restore()
        let between = Self.modes(slave)
        #expect(between.lflag & tcflag_t(ECHO) == 0)
        #expect(between.lflag & tcflag_t(ICANON) == (restoreOrder[0] == 0 ? before.lflag & tcflag_t(ICANON) : 0))
        keepers[restoreOrder[1]].restore()
        let after = Self.modes(slave)
        #expect(after.lflag == before.lflag && after.iflag == before.iflag)
        #expect(TerminalModeLedger.shared.holderCount(descriptor: slave) == 0)
    }

    @Test("a keeper released while holding gives the terminal back")
    func releasedKeeperRestores() throws {
        let (master, slave) = try TerminalRescueTests.openPseudoTerminal()
        defer {
            close(slave)
            close(master)
        }
        let before = Self.modes(slave)
        do {
            let first = TerminalModes(device: TerminalDevice(fileDescriptor: slave))
            let second = TerminalModes(device: TerminalDevice(fileDescriptor: slave))
            try first.enterKeyInputMode()
            try second.enterKeyInputMode()
            withExtendedLifetime((first, second)) {}
        }
        let after = Self.modes(slave)
        #expect(after.lflag == before.lflag && after.iflag == before.iflag)
    }

    @Test("a rescue after two holders puts back the modes from before the first")
    func rescueRestoresTheFirstSavedModes() throws {
        let (master, slave) = try TerminalRescueTests.openPseudoTerminal()
        defer {
            close(slave)
            close(master)
        }
        let before = Self.modes(slave)
        let first = TerminalModes(device: TerminalDevice(fileDescriptor: slave))
        let second = TerminalModes(device: TerminalDevice(fileDescriptor: slave))
        try first.enterKeyInputMode()
        try second.enterKeyInputMode()
        TerminalRescue.shared.rescue(resumingOutput: false)
        let after = Self.modes(slave)
        #expect(after.lflag == before.lflag && after.iflag == before.iflag)
        first.restore()
        second.restore()
    }
}
