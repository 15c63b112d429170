import FoldCycle
import Foundation

/// The VT model as an ``OutputSink``: a player, region or encoder draws into it as into a
/// terminal of a fixed size, and the test reads the screen it shows (``lines``), the bytes it
/// received, and anything a real terminal would have done differently (``errors``: a scroll, a
/// wrap, an unknown sequence).
///
/// Thread-safe: writes come from the player's queue, reads from the test.
package final class RecordingTerminal: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var model: VTModel
    private var received: [UInt8] = []
    private var writeCount = 0
    private var terminalSize: TerminalSize

    /// A terminal of `columns` × `rows` cells, blank, the cursor at the top-left.
    ///
    /// - Parameters:
    ///   - scrolls: whether an LF on the last row scrolls (into ``scrollback``) and text past the
    ///     right margin wraps, as for lines printed above a live region; otherwise both are
    ///     errors (a frame must never scroll or wrap).
    ///   - widths: how the modelled terminal measures clusters (``VTModel/Widths``).
    package init(columns: Int, rows: Int, scrolls: Bool = false, widths: VTModel.Widths = .cluster) {
        model = VTModel(width: columns, height: rows, scrolls: scrolls, widths: widths)
        terminalSize = TerminalSize(columns: columns, rows: rows)
    }

    /// Applies `bytes` to the model.
    package func write(_ bytes: [UInt8]) throws(TerminalError) {
        lock.withLock {
            model.apply(bytes)
            received += bytes
            writeCount += 1
        }
    }

    /// Always a terminal.
    package var isTerminal: Bool { true }

    /// The size (fixed until ``resize(columns:rows:)``).
    package var size: TerminalSize? { lock.withLock { terminalSize } }

    /// Resizes the terminal, as a terminal that does not reflow does (``VTModel/resize(width:height:)``);
    /// a player reads the new size before its next frame.
    package func resize(columns: Int, rows: Int) {
        lock.withLock {
            model.resize(width: columns, height: rows)
            terminalSize = TerminalSize(columns: columns, rows: rows)
        }
    }

    /// The screen's rows as text (trailing halves of wide clusters skipped).
    package var lines: [String] { lock.withLock { model.lines } }

    /// The rows scrolled off the top, oldest first (a terminal that ``VTModel/scrolls``).
    package var scrollback: [String] { lock.withLock { model.scrollback } }

    /// Whether autowrap (DECAWM) is on.
    package var autowrap: Bool { lock.withLock { model.autowrap } }

    /// The cursor's row and column (0-based).
    package var cursor: (row: Int, column: Int) { lock.withLock { (model.row, model.column) } }

    /// Everything the model could not or should not do, in order.
    package var errors: [String] { lock.withLock { model.errors } }

    /// Every byte written so far.
    package var bytes: [UInt8] { lock.withLock { received } }

    /// How many writes (frames or lines) arrived.
    package var writes: Int { lock.withLock { writeCount } }

    /// The SGR rendition of the cell at (column, row), as the model records it (`""` is the
    /// default; e.g. `a1=on,bg=rgb:0,128,0`).
    package func rendition(column: Int, row: Int) -> String {
        lock.withLock { model.cells[row * model.width + column].sgr }
    }
}
