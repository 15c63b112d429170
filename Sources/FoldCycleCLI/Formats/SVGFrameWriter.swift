import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--format svg`: one animated SVG of the frames, built as they come (each distinct picture
/// once), written whole at the end, looping at the end's time. Frames at or after `loopEnd` are
/// left out (with no hold the last frame is where the loop starts again); a frame of another
/// size than the first (a live terminal resized) is cut or padded to the first's.
struct SVGFrameWriter: FrameWriter {
    private let style: AnimatedSVGStyle
    private let loopEnd: TimeInterval?
    private var builder: AnimatedSVG.Builder?
    private var size = TerminalSize(columns: 0, rows: 0)

    /// A picture drawn in `style` of the frames before `loopEnd` (all of them when nil).
    init(style: AnimatedSVGStyle, loopEnd: TimeInterval? = nil) {
        self.style = style
        self.loopEnd = loopEnd
    }

    /// The cells of the distinct pictures kept so far.
    var cellCount: Int { builder.map { $0.pictureCount * size.columns * size.rows } ?? 0 }

    mutating func write(_ frame: RenderedFrame) -> [UInt8] {
        if builder == nil {
            size = TerminalSize(columns: frame.cells.width, rows: frame.cells.height)
            builder = AnimatedSVG.Builder(columns: size.columns, rows: size.rows, style: style)
        }
        guard frame.index == 0 || loopEnd.map({ frame.time < $0 }) ?? true else { return [] }
        let cells = fitted(frame.cells)
        builder?.add(cells, at: frame.time)
        return []
    }

    mutating func end(at time: TimeInterval) -> [UInt8] {
        guard var builder else { return [] }
        return Array(builder.document(duration: time).utf8)
    }

    private func fitted(_ cells: CellBuffer) -> CellBuffer {
        guard cells.width != size.columns || cells.height != size.rows else { return cells }
        var fitted = CellBuffer(width: size.columns, height: size.rows)
        for y in 0..<min(size.rows, cells.height) {
            for x in 0..<min(size.columns, cells.width) { fitted[x, y] = cells[x, y] }
        }
        fitted.normalizeWideClusters()
        return fitted
    }
}
