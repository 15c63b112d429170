/// Where a player's bytes go: a terminal, a recorder that tees them, a file, a test's recording
/// terminal.
///
/// Writes happen on the player's queue, one call per frame (or per plain-text line).
public protocol OutputSink: Sendable {
    /// Writes all of `bytes`.
    ///
    /// - Throws: ``TerminalError/writeFailed(errno:)`` when the output is gone (e.g. `EPIPE`).
    func write(_ bytes: [UInt8]) throws(TerminalError)
    /// Whether the sink is a terminal that interprets escape sequences (frames are drawn only
    /// then).
    var isTerminal: Bool { get }
    /// The terminal's size in cells, or nil when unknown (not a terminal).
    var size: TerminalSize? { get }
}

extension TerminalDevice: OutputSink {}
