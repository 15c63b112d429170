/// Lays a player's frame out: the scene, the footer lines under it and, inline, the host line
/// above it, within the terminal's size.
///
/// - Inline: the host line (a blank row where the cursor waits), the scene at the left, the
///   footer under it; the frame is as wide as the widest of them (the footer as wide as the
///   terminal) and no taller than the terminal.
/// - Fullscreen: the whole screen, the scene centred above the footer, which takes the last rows.
/// - The scene wins when rows are short: it gets its rows first, and the footer the rows left
///   (its first line and its last ones, as many as fit), so a one-row ticker in a two- or
///   three-row pane shows its card, not "terminal too small". A scene taller than the terminal
///   is clipped anyway: then the footer keeps one row, for the notice.
/// - A scene wider or taller than the terminal is clipped. When a footer row is left, a
///   one-line notice ("terminal too small: …") takes the first footer line's place so that the
///   user knows; without footer lines (an embedded ticker) the scene is just clipped, never
///   replaced.
///
/// Footer lines are shaped once per change, not once per frame. Not thread-safe: owned by the
/// player's queue.
struct FrameComposer {
    private var footerCache: (lines: [FooterLine], width: Int, rows: [CellBuffer])?
    /// Where the last composed frame has the scene's top-left, when the scene is shown whole
    /// (not clipped); nil otherwise.
    private(set) var sceneOrigin: CellPosition?

    /// What one frame shows.
    struct Content {
        /// The scene's frame, or nil when the scene is not shown (``Motion/none``).
        var scene: CellBuffer?
        /// The lines under the scene.
        var footer: [FooterLine]
        /// Whether a blank host line goes above the scene (inline only).
        var hostLine: Bool
    }

    /// Composes `content` into `frame` for a terminal of `terminal` cells (nil: unknown, taken
    /// as wide as the scene or 80 columns and as tall as the frame).
    mutating func compose(
        _ content: Content, terminal: TerminalSize?, fullscreen: Bool, into frame: inout CellBuffer
    ) {
        let sceneSize =
            content.scene.map { TerminalSize(columns: $0.width, rows: $0.height) } ?? .init(columns: 0, rows: 0)
        let hostRows = content.hostLine && !fullscreen ? 1 : 0
        let columns = terminal?.columns ?? max(sceneSize.columns, 80)
        // Wrapping lines (a long reply) take as many rows as the terminal's width needs now.
        let footer = content.footer.flatMap { $0.rows(width: columns) }
        let needRows = hostRows + sceneSize.rows + footer.count
        let size = terminal ?? TerminalSize(columns: columns, rows: needRows)
        let footerWidth = footer.isEmpty ? 0 : size.columns
        let width =
            fullscreen
            ? size.columns : min(size.columns, max(sceneSize.columns, footerWidth, hostRows))
        let height = fullscreen ? size.rows : min(size.rows, needRows)
        frame.reset(width: max(width, 0), height: max(height, 0))
        sceneOrigin = nil
        guard width > 0, height > 0 else { return }

        var lines = footer
        let hostShown = min(hostRows, height)
        let available = height - hostShown
        // The scene first: the footer has the rows the scene leaves.
        let sceneFits = min(sceneSize.rows, available)
        let tooSmall = size.columns < sceneSize.columns || sceneFits < sceneSize.rows
        if tooSmall && !lines.isEmpty {
            // The notice takes the status line's place; the reply and command lines stay.
            let notice = FooterLine(
                "terminal too small: the card needs \(sceneSize.columns)x\(needRows - hostRows), this is \(size)",
                attributes: .reverse)
            lines = [notice] + lines.dropFirst()
        }
        // A scene taller than the rows is clipped whatever happens: then one row says so.
        let footerRoom = sceneFits < sceneSize.rows && available > 1 ? 1 : available - sceneFits
        var footerRows = min(lines.count, footerRoom)
        if footerRows < lines.count {
            // Not even the footer fits: keep the notice (or status) and the last lines.
            lines = footerRows > 0 ? Array(lines.prefix(1) + lines.suffix(footerRows - 1)) : []
            footerRows = lines.count
        }
        let sceneRows = available - footerRows
        if let scene = content.scene {
            let origin: CellPosition
            if fullscreen {
                origin = CellPosition(
                    column: max((width - sceneSize.columns) / 2, 0), row: max((sceneRows - sceneSize.rows) / 2, 0))
            } else {
                origin = CellPosition(column: 0, row: hostShown)
            }
            frame.blit(scene, at: origin, clippingRows: hostShown + sceneRows)
            if !tooSmall, sceneRows >= sceneSize.rows { sceneOrigin = origin }
        }
        for (offset, row) in footerCells(for: Array(lines.suffix(footerRows)), width: width).enumerated() {
            frame.blit(row, at: CellPosition(column: 0, row: height - footerRows + offset))
        }
    }

    /// The footer lines laid out as rows of `width` cells, from the cache when unchanged.
    private mutating func footerCells(for lines: [FooterLine], width: Int) -> [CellBuffer] {
        if let cached = footerCache, cached.lines == lines, cached.width == width { return cached.rows }
        let rows = lines.map { line -> CellBuffer in
            var row = CellBuffer(width: width, height: 1)
            row.drawText(line, row: 0)
            return row
        }
        footerCache = (lines, width, rows)
        return rows
    }
}
