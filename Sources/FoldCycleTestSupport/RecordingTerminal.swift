import FoldCycle
internal import FoldCyclePlatform
import Foundation

/// The VT model as an ``OutputSink``: a player, region or encoder draws into it as into a
/// terminal of a fixed size, and the test reads the screen it shows (``lines``), the bytes it
/// received, and anything a real terminal would have done differently (``errors``: a scroll, a
/// wrap, an unknown sequence).
///
/// Thread-safe: writes come from the player's queue, reads from the test.
package final class RecordingTerminal: OutputSink, Sendable {
    private let state: LockedBox<State>

    private struct State {
        var model: VTModel
        var received: [UInt8] = []
        var writeCount = 0
        var terminalSize: TerminalSize
    }

    /// A terminal of `columns` × `rows` cells, blank, the cursor at the top-left.
    ///
    /// - Parameters:
    ///   - scrolls: whether an LF on the last row scrolls (into ``scrollback``) and text past the
    ///     right margin wraps, as for lines printed above a live region; otherwise both are
    ///     errors (a frame must never scroll or wrap).
    ///   - widths: how the modelled terminal measures clusters (``VTModel/Widths``).
    package init(columns: Int, rows: Int, scrolls: Bool = false, widths: VTModel.Widths = .cluster) {
        state = LockedBox(
            State(
                model: VTModel(width: columns, height: rows, scrolls: scrolls, widths: widths),
                terminalSize: TerminalSize(columns: columns, rows: rows)))
    }

    /// Applies `bytes` to the model.
    package func write(_ bytes: [UInt8]) throws(TerminalError) {
        state.withLock {
            $0.model.apply(bytes)
            $0.received += bytes
            $0.writeCount += 1
        }
    }

    /// Always a terminal.
    package var isTerminal: Bool { true }

    /// The size (fixed until ``resize(columns:rows:)``).
    package var size: TerminalSize? { state.withLock { $0.terminalSize } }

    /// Resizes the terminal, as a terminal that does not reflow does (``VTModel/resize(width:height:)``);
    /// a player reads the new size before its next frame.
    package func resize(columns: Int, rows: Int) {
        state.withLock {
            $0.model.resize(width: columns, height: rows)
            $0.terminalSize = TerminalSize(columns: columns, rows: rows)
        }
    }

    /// The terminal graphics received so far (``VTModel/graphics``).
    package var graphics: [(text: String, row: Int, column: Int)] { state.withLock { $0.model.graphics } }

    /// The screen's rows as text (trailing halves of wide clusters skipped).
    package var lines: [String] { state.withLock { $0.model.lines } }

    /// The rows scrolled off the top, oldest first (a terminal that ``VTModel/scrolls``).
    package var scrollback: [String] { state.withLock { $0.model.scrollback } }

    /// Whether autowrap (DECAWM) is on.
    package var autowrap: Bool { state.withLock { $0.model.autowrap } }

    /// The cursor's row and column (0-based).
    package var cursor: (row: Int, column: Int) { state.withLock { ($0.model.row, $0.model.column) } }

    /// Everything the model could not or should not do, in order.
    package var errors: [String] { state.withLock { $0.model.errors } }

    /// Every byte written so far.
    package var bytes: [UInt8] { state.withLock { $0.received } }

    /// How many writes (frames or lines) arrived.
    package var writes: Int { state.withLock { $0.writeCount } }

    /// The SGR rendition of the cell at (column, row), as the model records it (`""` is the
    /// default; e.g. `a1=on,bg=rgb:0,128,0`).
    package func rendition(column: Int, row: Int) -> String {
        state.withLock { $0.model.cells[row * $0.model.width + column].sgr }
    }
}
