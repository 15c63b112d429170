internal import FoldCyclePlatform

/// An output that keeps every byte and mark written to it, for tests: give it to a
/// ``PseudoFoldCycler`` or a ``Player`` and read ``text`` afterwards instead of seeing the card in
/// the test command's output. Not a terminal by default (a player writes each item once as a line
/// of text); with `size`, a terminal of that size (the player draws ANSI frames into it).
///
/// Thread safety: written from the player's queue, read from any thread.
public final class CapturingSink: OutputSink {
    /// Whether it stands for a terminal (frames are drawn only then).
    public let isTerminal: Bool
    /// The terminal's size in cells when it stands for one; nil otherwise.
    public let size: TerminalSize?

    private let captured = LockedBox(Captured())

    private struct Captured {
        var bytes: [UInt8] = []
        var marks: [String] = []
    }

    /// A capturing sink: plain text when `size` is nil, else a terminal of `size` cells.
    public init(size: TerminalSize? = nil) {
        self.size = size
        isTerminal = size != nil
    }

    /// Keeps `bytes`; never fails.
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        captured.withLock { $0.bytes += bytes }
    }

    /// Keeps `label` (the player marks each item it settles on).
    public func mark(_ label: String) {
        captured.withLock { $0.marks.append(label) }
    }

    /// Every byte written so far, in order.
    public var bytes: [UInt8] { captured.withLock { $0.bytes } }

    /// The bytes written so far as UTF-8 text (invalid sequences as U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The labels ``mark(_:)`` was given, in order.
    public var marks: [String] { captured.withLock { $0.marks } }
}
