internal import FoldCyclePlatform

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
    /// Notes a named point in the output, after the bytes that show it: the player calls it with
    /// the item on screen when it starts and each time an item settles. A recorder writes a
    /// marker (``AsciicastRecorder``); a terminal ignores it (the default).
    func mark(_ label: String)
    /// The terminal device the bytes finally reach, if there is one (a terminal itself, a
    /// recorder's terminal): a ``Player`` that guards the terminal watches this device. Default
    /// nil.
    var terminalDevice: TerminalDevice? { get }
}

extension OutputSink {
    /// Ignores the mark.
    public func mark(_ label: String) {}
    /// None.
    public var terminalDevice: TerminalDevice? { nil }
}

extension TerminalDevice: OutputSink {
    /// The device itself.
    public var terminalDevice: TerminalDevice? { self }
}
