import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Composing and encoding one frame (scene, footer, host line; a resting picture in terminal
// graphics over it). On the player's queue.
extension Player {
    /// The picture to draw with graphics over the frame just composed: the scene's resting
    /// picture, placed in the frame, when graphics are on, the scene moves fully, this is not a
    /// final frame, the scene is shown whole and a frame row is left below the picture (a sixel
    /// image ending on the screen's last row would scroll it).
    func restingPicture(in state: State, at time: TimeInterval) -> (resting: RestingPicture, at: CellPosition)? {
        guard state.graphics != .cells, motion == .full, !state.drawsFinalFrame,
            let origin = state.composer.sceneOrigin, let source = state.scene as? any RestingPictureSource,
            let resting = source.restingPicture(at: time)
        else { return nil }
        let at = CellPosition(column: origin.column + resting.origin.column, row: origin.row + resting.origin.row)
        guard at.column >= 0, at.row >= 0, at.column + resting.columns <= state.frame.width,
            at.row + resting.rows < state.frame.height
        else { return nil }
        return (resting, at)
    }

    /// Draws the frame for `time` (default: now on the scene's clock); returns whether it did
    /// (started, not finished, region active). Its bytes go in the background when `background`
    /// (see ``flush(background:)``).
    @discardableResult
    func drawFrame(at time: TimeInterval? = nil, background: Bool = false) -> Bool {
        guard state.value.started, !state.value.finished, state.value.region.isActive else { return false }
        // Check the size before every frame (one ioctl), not only on SIGWINCH: a frame drawn for
        // a taller terminal than the one on screen would move the cursor past the bottom row.
        if sink.isTerminal, let size = sink.size?.bounded, size != state.value.terminalSize {
            state.value.terminalSize = size
            fitScene()
            state.withValue {
                // The new width: the erase reaches the whole row (TerminalRegion.reset(into:)).
                $0.region.terminalColumns = $0.terminalSize?.columns
                $0.region.reset(into: &$0.bytes)
            }
        }
        // One access for the frame's composing and encoding: the scene, the player's value in the
        // state, renders into the state's buffers in place (it never calls back into the player).
        state.withValue { state in
            var content = FrameComposer.Content(
                scene: nil, footer: state.drawsFinalFrame ? [] : state.footer,
                hostLine: configuration.keepsHostLine && output == .inline && !state.drawsFinalFrame)
            if motion != .none {
                state.scene.render(at: time ?? clock.now, into: &state.sceneFrame)
                content.scene = state.sceneFrame
            }
            state.composer.compose(
                content, terminal: state.terminalSize, fullscreen: output == .fullscreen, into: &state.frame)
            let resting = restingPicture(in: state, at: time ?? clock.now)
            // A frame drawn in full (a resize, a footer of another size) writes over the image.
            let drawsInFull = state.region.drawsInFull(state.frame)
            if let shown = state.shownPicture, drawsInFull || resting.map({ $0 == shown }) != true {
                // Off: its cells are drawn again over the image (a kitty image is deleted).
                state.region.invalidate(
                    column: shown.at.column, row: shown.at.row, columns: shown.resting.columns,
                    rows: shown.resting.rows)
                state.bytes += state.region.graphicsRemoval
                state.shownPicture = nil
            }
            state.region.terminalColumns = state.terminalSize?.columns
            state.region.draw(state.frame, into: &state.bytes)
            var waiting: RestingPictureRenderer.Key?
            if let resting, state.shownPicture == nil {
                let key = RestingPictureRenderer.Key(resting.resting, graphics: state.graphics)
                if let graphic = state.pictures.cached(key) {
                    if !graphic.isEmpty {
                        state.region.overlay(
                            graphic, column: resting.at.column, row: resting.at.row, into: &state.bytes)
                        state.shownPicture = resting
                    }
                } else {
                    // Cells now; the picture when its bytes are ready (Player+Pictures.swift).
                    waiting = key
                }
            }
            if state.pictureWaiting != waiting {
                state.pictureWaiting = waiting
                pictureWanted.withLock { $0 = waiting }
            }
            if let waiting, !state.picturesPending.contains(waiting) {
                state.picturesPending.insert(waiting)
                renderInBackground(waiting)
            }
            state.framesDrawn += 1
        }
        // Handlers run with no access to the state held (they may call the player), and the
        // copy read for them is gone before the bytes are flushed (no copy of the buffers).
        let rowsChanged: (@Sendable () -> Void)?
        do {
            let drawn = state.value
            drawn.frameObserver?(drawn.frame, time ?? clock.now, drawn.region.depth)
            rowsChanged = drawn.frame.height != drawn.drawnRows ? drawn.rowsHandler : nil
            state.value.drawnRows = drawn.frame.height
        }
        flush(background: background)
        rowsChanged?()
        return true
    }
}
