import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The terminal went away under a run (its window closed, its ssh connection dropped): writes
/// fail with EIO, key input ends, SIGHUP comes, in whichever order. Every one of them ends the
/// run with the status of SIGHUP, 129, never 0, so that `foldcycle deck … > decisions.jsonl &&
/// apply` does not take an abandoned triage for a finished one. The decisions made are on
/// stdout before the run ends.
enum LostTerminal {
    /// 128 + SIGHUP, what a shell reports for a job killed by the hangup.
    static let exitCode: Int32 = 128 + SIGHUP

    /// Whether `failure`, from writing frames to `device`, means the terminal is gone: EIO on a
    /// terminal (the slave side of a pty whose master closed, a hung-up line).
    static func isLost(_ failure: TerminalError, writingTo device: TerminalDevice?) -> Bool {
        guard case .writeFailed(errno: EIO) = failure else { return false }
        // After a hangup isatty() may fail too: a terminal's EIO is the hangup, and so is EIO on
        // a descriptor that no longer reads as a terminal (a file's EIO is a disk's error).
        return device.map { $0.isTerminal || Self.wasTerminal($0) } ?? false
    }

    /// Whether `device` is a character device (what a hung-up terminal still is).
    private static func wasTerminal(_ device: TerminalDevice) -> Bool {
        var status = stat()
        return fstat(device.fileDescriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR
    }
}
