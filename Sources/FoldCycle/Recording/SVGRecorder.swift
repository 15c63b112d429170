#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An animated SVG of the frames a ``Player`` draws (`foldcycle --record FILE.svg`), timed on
/// the scene's clock from when it was made, written whole when it finishes
/// (docs/DESIGN.md#pictures). Each distinct picture is kept once, up to ``Limits/svgCells``
/// cells in all; past that the recording ends where it is (``cutTime``). A frame of another size
/// than the first (the terminal resized) is cut or padded to the first's.
///
/// Lock-guarded: frames come on the player's queue, ``finish()`` from the session's exit path.
package final class SVGRecorder: @unchecked Sendable {
    /// The recording's path.
    package let path: String
    private let lock = Lock()
    private let clock: any CycleClock
    private let origin: TimeInterval
    private let style: AnimatedSVGStyle
    private let cellLimit: Int
    private var file: RecordingFile
    private var closed = false
    private var builder: AnimatedSVG.Builder?
    private var size = TerminalSize(columns: 0, rows: 0)
    private var lastTime: TimeInterval = 0
    private var cut: TimeInterval?

    /// Creates the file at `path` (as ``AsciicastRecorder`` does: never through a symbolic link,
    /// an existing file only with `overwrite`, never one of `protecting`); frame times are
    /// seconds on `clock` from now; distinct pictures are kept up to `cellLimit` cells in all.
    ///
    /// - Throws: ``RecordingError/exists(path:)``, ``RecordingError/symbolicLink(path:)``,
    ///   ``RecordingError/protectedFile(path:)`` or ``RecordingError/cannotCreate(path:errno:)``.
    package init(
        path: String, clock: any CycleClock, style: AnimatedSVGStyle = .init(), overwrite: Bool = false,
        protecting: [String] = [], cellLimit: Int = Limits.svgCells
    ) throws(RecordingError) {
        self.cellLimit = cellLimit
        file = try RecordingFile.open(path: path, overwrite: overwrite, protecting: protecting)
        self.path = path
        self.clock = clock
        self.style = style
        origin = clock.now
    }

    /// Records every frame `player` draws from now on.
    package func attach(to player: Player) {
        player.setFrameObserver { [self] cells, time in add(cells, at: time) }
    }

    /// Seconds from the start where the recording stopped because it held more than its cell
    /// limit, or nil.
    package var cutTime: TimeInterval? { lock.withLock { cut } }

    /// Adds `cells`, drawn at `time` on the clock.
    package func add(_ cells: CellBuffer, at time: TimeInterval) {
        lock.withLock {
            guard !closed, cut == nil else { return }
            let seconds = max(time - origin, lastTime)
            if builder == nil {
                size = TerminalSize(columns: max(cells.width, 1), rows: max(cells.height, 1))
                builder = AnimatedSVG.Builder(columns: size.columns, rows: size.rows, style: style)
            }
            builder?.add(fitted(cells), at: seconds)
            lastTime = seconds
            if (builder?.pictureCount ?? 0) * size.columns * size.rows > cellLimit { cut = seconds }
        }
    }

    /// Writes the picture (looping at the time since the start, or the last frame's if later)
    /// and closes the file; later frames are ignored. Idempotent.
    ///
    /// - Returns: the failure writing the file, if any.
    @discardableResult
    package func finish() -> RecordingError? {
        lock.withLock {
            guard !closed else { return nil }
            closed = true
            if builder == nil {
                builder = AnimatedSVG.Builder(columns: 1, rows: 1, style: style)
                builder?.add(CellBuffer(width: 1, height: 1), at: 0)
            }
            let duration = cut ?? max(clock.now - origin, lastTime)
            var failure: RecordingError?
            do throws(RecordingError) {
                try file.append(Array((builder?.document(duration: max(duration, 0.001)) ?? "").utf8))
                try file.drain(within: Limits.recordingDrainSeconds)
            } catch {
                failure = error
            }
            if Platform.close(file.descriptor) != 0, failure == nil {
                failure = .writeFailed(path: path, errno: errno)
            }
            return failure
        }
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
