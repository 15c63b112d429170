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
        /// Each distinct picture once, and which one is on screen from each time.
        var pictures: [CellBuffer: Int] = [:]
        var distinct: [CellBuffer] = []
        var timeline: [(time: TimeInterval, picture: Int)] = []
        /// The largest picture's size so far: every picture is built this large.
        var width = 0
        var height = 0
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

    /// Adds `frame`, drawn at `time` on the clock at `depth`.
    package func add(_ frame: CellBuffer, at time: TimeInterval, depth: ColorDepth = .truecolor) {
        state.withLock { state in
            guard !state.closed, state.cut == nil else { return }
            let seconds = max(time - origin, state.lastTime)
            state.lastTime = seconds
            let shown = Self.displayed(frame, depth: depth)
            let picture: Int
            if let known = state.pictures[shown] {
                picture = known
            } else {
                let width = max(state.width, shown.width)
                let height = max(state.height, shown.height)
                guard Self.builtCells(pictures: state.distinct.count + 1, width: width, height: height) <= cellLimit
                else {
                    state.cut = seconds
                    return
                }
                picture = state.distinct.count
                state.pictures[shown] = picture
                state.distinct.append(shown)
                (state.width, state.height) = (width, height)
            }
            if state.timeline.last?.picture != picture {
                state.timeline.append((state.timeline.isEmpty ? 0 : seconds, picture))
            }
        }
    }

    /// The cells built for `pictures` pictures of `width` × `height` (saturating).
    private static func builtCells(pictures: Int, width: Int, height: Int) -> Int {
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (cells, overflow) = area.multipliedReportingOverflow(by: pictures)
        return areaOverflow || overflow ? Int.max : cells
    }

    /// The cells the picture is built of so far: every distinct picture at the largest size.
    package var builtCellCount: Int {
        state.withLock { Self.builtCells(pictures: $0.distinct.count, width: $0.width, height: $0.height) }
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
        let document = Self.document(of: &state, style: style, duration: max(duration, 0.001))
        var failure: RecordingError?
        do throws(RecordingError) {
            try state.file.replaceWhole(with: document)
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

    /// The document of `state`'s pictures, each drawn once, padded to the largest one at a time
    /// and let go once drawn (so the cells and the text are not both held whole); a recording of
    /// no frame is one blank cell.
    private static func document(of state: inout State, style: AnimatedSVGStyle, duration: TimeInterval) -> [UInt8] {
        let width = max(state.width, 1)
        let height = max(state.height, 1)
        var writer = SVGDocumentWriter(style: style, columns: width, rows: height)
        var timeline = state.timeline.map { (time: $0.time, slot: $0.picture) }
        if timeline.isEmpty {
            writer.addFrame(CellBuffer(width: width, height: height), slot: 0)
            timeline = [(0, 0)]
        }
        state.pictures = [:]
        for slot in state.distinct.indices {
            writer.addFrame(padded(state.distinct[slot], width: width, height: height), slot: slot)
            state.distinct[slot] = CellBuffer(width: 0, height: 0)
        }
        state.distinct = []
        return Array(writer.document(timeline: timeline, duration: duration).utf8)
    }

    /// `picture` in the top-left corner of `width` × `height` blank cells.
    private static func padded(_ picture: CellBuffer, width: Int, height: Int) -> CellBuffer {
        guard picture.width != width || picture.height != height else { return picture }
        var padded = CellBuffer(width: width, height: height)
        for y in 0..<picture.height {
            for x in 0..<picture.width { padded[x, y] = picture[x, y] }
        }
        return padded
    }
}
