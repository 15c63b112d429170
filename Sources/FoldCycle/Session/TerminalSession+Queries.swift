import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Questions to the terminal (the cursor's position, the background colour, graphics support),
// whose answers come back among the keys: the launch query holds the input read meanwhile and
// hands it on after its completion, in order. On the session's queue.
extension TerminalSession {
    /// Asks the terminal where the cursor is (`CSI 6n`); the answer comes as a `.report(.cursorPosition)` event.
    /// Call on the session's queue. With `player`, the request is written after every frame the
    /// player has submitted (frames are written on a queue of their own, so a request written
    /// at once could reach the terminal before the frame whose place it asks: the answer would
    /// be the place before that frame scrolled the screen); without, at once.
    package func requestCursorPosition(after player: Player? = nil) {
        request(EscapeSequence.requestCursorPosition.bytes, after: player)
    }

    /// Asks the terminal again for the largest sixel image it takes now
    /// (``TerminalGraphicsProbe/sixelGeometryQuery``), after every frame `player` has submitted;
    /// the answer comes as a `.report(.sixelGeometry)` event. xterm's limit is its window's size
    /// (capped at 1000 × 1000 pixels): after a resize the limit asked at launch is stale, and a
    /// settled picture drawn within it would leave cells around it in a larger window.
    package func requestSixelGeometry(after player: Player? = nil) {
        request(TerminalGraphicsProbe.sixelGeometryQuery, after: player)
    }

    /// Asks the terminal again for a cell's size in pixels (``TerminalGraphicsProbe/cellSizeQuery``,
    /// `CSI 16 t`), after every frame `player` has submitted; the answer comes as a
    /// `.report(.cellSize)` event. A resize may come with another font or pixel size: pictures
    /// at rest drawn for the cell asked at launch would no longer fill their cells.
    package func requestCellSize(after player: Player? = nil) {
        request(TerminalGraphicsProbe.cellSizeQuery, after: player)
    }

    /// Writes `request` (a question whose answer comes back among the keys) after the frames
    /// `player` has submitted, or at once; nothing when keys are not read or the session has
    /// ended or is suspended.
    private func request(_ request: [UInt8], after player: Player?) {
        guard state.value.readsKeys, !state.value.ended, !state.value.suspended else { return }
        if let player {
            let device = configuration.outputDevice
            player.afterFrames { try? device.write(request) }
        } else {
            try? configuration.outputDevice.write(request)
        }
    }
    /// Asks the terminal for its background colour (``TerminalBackground/query``: OSC 11, then
    /// Primary Device Attributes) and calls `completion` once, on the queue: with the colour it
    /// answers; with nil when it answers the attributes first (it does not answer OSC 11), when
    /// nothing comes within `timeout` seconds, or at once when keys are not read from a terminal
    /// (the answer would be left unread, typed into the shell after the run). Keys and mouse
    /// reports read meanwhile are held and handed on after `completion`, in order: typing
    /// during the query is not lost. An answer after the timeout is dropped like any other
    /// control string. Call on the session's queue after ``start()``.
    package func queryBackgroundColor(
        timeout: TimeInterval, completion: @escaping @Sendable (RGBColor?) -> Void
    ) {
        queryTerminal(asksBackground: true, asksGraphics: false, timeout: timeout) { completion($0.background) }
    }

    /// ``queryBackgroundColor(timeout:completion:)`` for what is asked: OSC 11 when
    /// `asksBackground`, the graphics queries when `asksGraphics` (``TerminalGraphicsProbe/query``:
    /// kitty graphics, a cell's size in pixels, the terminal's name, the largest sixel image), then
    /// DA1: `completion` has all that was answered when DA1's answer comes (or the timeout), the
    /// cell size falling back to the output's `TIOCGWINSZ` pixels.
    package func queryTerminal(
        asksBackground: Bool = true, asksGraphics: Bool, timeout: TimeInterval,
        completion: @escaping @Sendable (TerminalAnswers) -> Void
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        let deviceAttributes = Array(TerminalBackground.query.suffix(3))
        let query =
            (asksBackground ? Array(TerminalBackground.query.dropLast(3)) : [])
            + (asksGraphics ? TerminalGraphicsProbe.query : []) + deviceAttributes
        // Not from the background (`&`, ended by `kill %1` before it ever came forward): the
        // run is about to end, and nothing may wait for an answer or write to another job's
        // terminal.
        guard state.value.readsKeys, configuration.outputDevice.isTerminal, !state.value.ended,
            !state.value.suspended, state.value.backgroundQuery == nil,
            !SignalRelay.hasTerminationSignalArrived, isForeground,
            (try? configuration.outputDevice.write(query)) != nil
        else {
            completion(TerminalAnswers())
            return
        }
        state.value.answers = TerminalAnswers()
        state.value.backgroundQuery = completion
        armBackgroundQueryTimeout(timeout)
    }

    /// Ends the open background query with no answer after `timeout` seconds, unless the session
    /// is suspended then (Ctrl-Z during the query, or `bg` after it): the completion starts the
    /// drawing, which must wait for the foreground, so the timeout runs again. An ended session
    /// drops the query.
    private func armBackgroundQueryTimeout(_ timeout: TimeInterval) {
        queue.asyncAfter(deadline: .now() + timeout) { [weak self] in
            guard let self, state.value.backgroundQuery != nil else { return }
            if state.value.ended {
                state.value.backgroundQuery = nil
                state.value.heldInput.removeAll()
            } else if state.value.suspended || SignalRelay.hasTerminationSignalArrived {
                // A termination signal's handler, behind us on the queue, ends the run.
                if !SignalRelay.hasTerminationSignalArrived { armBackgroundQueryTimeout(timeout) }
            } else {
                endBackgroundQuery()
            }
        }
    }

    /// Ends the open launch query (if it is still open) with what was answered, then hands on
    /// the input held meanwhile.
    func endBackgroundQuery() {
        guard let completion = state.value.backgroundQuery else { return }
        state.value.backgroundQuery = nil
        var answers = state.value.answers
        if answers.graphics.cellPixels == nil { answers.graphics.cellPixels = configuration.outputDevice.cellPixels }
        completion(answers)
        let held = state.value.heldInput
        state.value.heldInput.removeAll()
        for entry in held { deliver(entry.input, readAt: entry.readAt) }
    }
}
