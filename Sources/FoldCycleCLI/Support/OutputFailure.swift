import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a failed write of a command's output means for its exit status, in one place: only a
/// closed pipe (`EPIPE`: `| head -1` is done) is a quiet end with 0; a lost terminal (EIO on a
/// terminal) is 129 (``LostTerminal``); any other error (`ENOSPC`, `/dev/full`, `EBADF`, EIO on
/// a disk) is exit 1 with a message naming what could not be written and why.
enum OutputFailure {
    /// The exit status for `failure` met writing `what` (`"decisions to standard output"`) to
    /// `device`, after reporting the message when there is one.
    static func exitCode(_ failure: TerminalError, writing what: String, to device: TerminalDevice) -> Int32 {
        guard case .writeFailed(let code) = failure else {
            CLIError.runtime("cannot write \(what): \(failure)").report()
            return 1
        }
        if code == EPIPE { return 0 }
        if LostTerminal.isLost(failure, writingTo: device) { return LostTerminal.exitCode }
        CLIError.runtime("cannot write \(what): \(String(cString: strerror(code)))").report()
        return 1
    }
}
