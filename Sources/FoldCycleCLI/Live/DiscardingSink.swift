import FoldCycle
internal import FoldCyclePlatform

/// An output sink that keeps nothing: the player of a run whose standard output carries JSON
/// lines and that has no terminal for its card (docs/DESIGN.md#control-protocol). The player
/// still plays, so that `--cycles` and `item-settled` follow the items as they would be shown.
struct DiscardingSink: OutputSink {
    /// Drops `bytes`.
    func write(_ bytes: [UInt8]) throws(TerminalError) {}
    /// Never: no frames are drawn.
    var isTerminal: Bool { false }
    /// None.
    var size: TerminalSize? { nil }
}
