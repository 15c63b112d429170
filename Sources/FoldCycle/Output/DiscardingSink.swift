/// An output that discards every byte: a card that runs (its cycler, its events, its frames read
/// with ``PseudoFoldCycler/lines(atProgress:)``) without printing anything. Not a terminal, so a
/// player writes it each item once as text, which it drops.
///
/// ```swift
/// let card = try PseudoFoldCycler(items: ["a", "b"], direction: .up, interval: 1, output: DiscardingSink())
/// ```
public struct DiscardingSink: OutputSink {
    /// A sink that drops what it is given.
    public init() {}

    /// Drops `bytes`; never fails.
    public func write(_ bytes: [UInt8]) throws(TerminalError) {}

    /// False: frames are not drawn here.
    public var isTerminal: Bool { false }

    /// Nil: not a terminal.
    public var size: TerminalSize? { nil }
}
