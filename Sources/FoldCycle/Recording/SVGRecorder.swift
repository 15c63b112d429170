internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An animated SVG of the frames a ``Player`` draws (`foldcycle --record FILE.svg`), timed on
/// the scene's clock from when it was made, written whole when it finishes
/// (docs/DESIGN.md#pictures): each frame in the colours the terminal shows at the player's depth
/// (the palette's colour at 256 and 16 colours, the terminal's defaults without colour), each
/// distinct picture once, every picture as large as the largest drawn (the footer comes and
/// goes, the terminal is resized), and the last frame held ``holdSeconds`` before the loop
/// starts again. The cell limit counts what is built: every distinct picture at the largest
/// size so far (a resize to a larger terminal makes each earlier picture as large); a frame
/// that would take the count past it is not kept, and the recording ends at its time
/// (``cutTime``). So memory stays bounded whatever the terminal does, and the picture is written.
///
/// Lock-guarded: frames come on the player's queue, ``finish()`` from the session's exit path.
package final class SVGRecorder: Sendable {
    /// How long the last frame stays before the picture loops, as `render`'s `--hold` default.
    package static let holdSeconds: TimeInterval = 1

    /// The recording's path.
    package let path: String
    private let clock: any CycleClock
    private let origin: TimeInterval
    private let style: AnimatedSVGStyle
    private let cellLimit: Int
    private let state: LockedBox<State>

    private struct State {
        var file: RecordingFile
        var closed = false
        var pictures = SVGPictureTimeline()
        var lastTime: TimeInterval = 0
        var cut: TimeInterval?
    }

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
        state = LockedBox(State(file: try RecordingFile.open(path: path, overwrite: overwrite, protecting: protecting)))
        self.path = path
        self.clock = clock
        self.style = style
        origin = clock.now
    }

    /// Records every frame `player` draws from now on.
    package func attach(to player: Player) {
        player.setFrameObserver { [self] cells, time, depth in add(cells, at: time, depth: depth) }
        // A signal that ends the process while the player's queue is stuck (a terminal that
        // stopped reading, a closed window) still gets the picture written; one that finds it
        // being written (past the deadline: a large picture) waits for it to be whole.
        TerminalSession.addFinalWrite { [self] in finish(waitingAtMost: Limits.recordingFinishWait) }
    }

    /// Seconds from the start where the recording stopped because it held more than its cell
    /// limit, or nil.
    package var cutTime: TimeInterval? { state.withLock { $0.cut } }

    /// The cells the picture is built of so far: every distinct picture at the largest size.
    package var builtCellCount: Int { state.withLock { $0.pictures.builtCellCount } }

    /// Adds `frame`, drawn at `time` on the clock at `depth`.
    package func add(_ frame: CellBuffer, at time: TimeInterval, depth: ColorDepth = .truecolor) {
        state.withLock { state in
            guard !state.closed, state.cut == nil else { return }
            let seconds = max(time - origin, state.lastTime)
            state.lastTime = seconds
            let shown = Self.displayed(frame, depth: depth)
            // The limit counts what is built (every picture padded to the largest): a frame
            // that would take it past the limit is not kept, and the recording ends at its time.
            guard state.pictures.builtCellCount(adding: shown) <= cellLimit else {
                state.cut = seconds
                return
            }
            state.pictures.add(shown, at: seconds)
        }
    }

    /// Writes the picture (looping after the time since the start, or the last frame's if
    /// later, plus the hold; at the cut without one) and closes the file; later frames are
    /// ignored. Idempotent.
    ///
    /// - Returns: the failure writing the file, if any.
    @discardableResult
    package func finish() -> RecordingError? {
        state.withLock { finish(&$0) }
    }

    /// ``finish()`` on an exit path that must not hang: nothing when the lock does not come free
    /// within `seconds`.
    package func finish(waitingAtMost seconds: Double) {
        _ = state.withLock(waitingAtMost: seconds) { finish(&$0) }
    }

    /// ``finish()`` with the lock held.
    private func finish(_ state: inout State) -> RecordingError? {
        guard !state.closed else { return nil }
        state.closed = true
        let duration = state.cut ?? max(clock.now - origin, state.lastTime) + Self.holdSeconds
        var failure: RecordingError?
        do throws(RecordingError) {
            try state.file.replaceWhole(
                with: Array(state.pictures.document(style: style, duration: max(duration, 0.001)).utf8))
        } catch {
            failure = error
        }
        if Platform.close(state.file.descriptor) != 0, failure == nil {
            failure = .writeFailed(path: path, errno: errno)
        }
        return failure
    }

    /// `frame` as the terminal shows it at `depth`: colours that depth cannot send become the
    /// palette's nearest (256, 16 colours: ``ColorDepth/paletteColor(for:)``, what the encoder
    /// sends) or the terminal's defaults (no colour).
    package static func displayed(_ frame: CellBuffer, depth: ColorDepth) -> CellBuffer {
        guard depth != .truecolor else { return frame }
        var shown = frame
        func mapped(_ color: TerminalColor) -> TerminalColor {
            guard case .rgb(let rgb) = color else { return color }
            return depth == .none ? .default : .rgb(depth.paletteColor(for: rgb))
        }
        shown.withUnsafeMutableCells { cells in
            for index in cells.indices {
                cells[index].foreground = mapped(cells[index].foreground)
                cells[index].background = mapped(cells[index].background)
            }
        }
        return shown
    }
}
