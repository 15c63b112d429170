import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
        let device: TerminalDevice
        switch controllingTerminal() {
        case .failure(let reason):
            throw .runtime("foldcycle deck needs a terminal to draw its cards and read keys: \(reason)")
        case .success(let opened):
            device = opened
        }
        if ProcessInfo.processInfo.environment["TERM"] == "dumb" {
            close(device.fileDescriptor)
            throw .runtime("foldcycle deck needs a terminal that can move the cursor (TERM is 'dumb')")
        }
        return device
    }

    /// The controlling terminal, opened for reading and writing (close-on-exec), or why it cannot
    /// be: `cannot open /dev/tty (No such device or address)`, `/dev/tty is not one`. The live
    /// cycler reads keys from it when its standard input carries items (`--file -`).
    static func controllingTerminal() -> Result<TerminalDevice, ControllingTerminalError> {
        let descriptor = Platform.open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(.init(description: "cannot open \(path) (\(String(cString: strerror(errno))))"))
        }
        let device = TerminalDevice(fileDescriptor: descriptor)
        guard device.isTerminal else {
            close(descriptor)
            return .failure(.init(description: "\(path) is not one"))
        }
        return .success(device)
    }
}

/// Why the controlling terminal cannot be opened, in words for a message.
struct ControllingTerminalError: Error, CustomStringConvertible {
    let description: String
}
