import FoldCycle
import Foundation

/// The terminal a deck draws on and reads keys from: the process's controlling terminal,
/// `/dev/tty`, whatever standard input and output are (as fzf does), so that items may come
/// from a pipe and decisions go to one.
enum DeckTerminal {
    /// The controlling terminal's path.
    static let path = "/dev/tty"

    /// Opens the controlling terminal for reading and writing (close-on-exec).
    ///
    /// - Throws: ``CLIError/runtime(_:)`` when there is none (no terminal at all: a detached job,
    ///   cron, CI), or it is a terminal that cannot move the cursor (`TERM=dumb`).
    static func open() throws(CLIError) -> TerminalDevice {
        let descriptor = Platform.open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw .runtime(
                "foldcycle deck needs a terminal to draw its cards and read keys: cannot open \(path) (\(reason))")
        }
        let device = TerminalDevice(fileDescriptor: descriptor)
        guard device.isTerminal else {
            close(descriptor)
            throw .runtime("foldcycle deck needs a terminal to draw its cards and read keys: \(path) is not one")
        }
        if ProcessInfo.processInfo.environment["TERM"] == "dumb" {
            close(descriptor)
            throw .runtime("foldcycle deck needs a terminal that can move the cursor (TERM is 'dumb')")
        }
        return device
    }
}
