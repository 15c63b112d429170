import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Keys, mouse reports and the terminal's reports, turned into deck commands and drags. On the
// session's queue.
extension DeckSession {
    /// One event of the terminal session, on its queue.
    func handleTerminalEvent(_ event: TerminalEvent) {
        switch event.kind {
        case .key(let key): handleKey(key)
        // Timed by when each report was read: reports that waited while a frame was composed
        // keep their pace in the fling's velocity fit.
        case .mouse(let report): handleMouse(report, time: deck.clock.now - event.age)
        case .report(let report): handleReport(report, time: deck.clock.now - event.age)
        // Keys end only when the terminal went away (a closed window; Ctrl-D is a key): a lost
        // terminal, never success. The decisions made are on stdout already.
        case .inputEnded: finish(exitCode: LostTerminal.exitCode)
        case .resumed:
            updateFooter()
            // After the player's redraw.
            queue.async { self.askFramePosition() }
        // A resize reaches the deck as a participant (before the player redraws); the output
        // is the terminal, not a pipe; keys are decoded, not read as lines.
        case .resized: core.terminalResized()
        case .outputClosed, .line, .overlongLine, .keyBytes: break
        }
    }

    private func handleKey(_ key: KeyPress) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch key {
        case .arrow(.left): deck.swipe(.left)
        case .arrow(.right): deck.swipe(.right)
        case .arrow(.up): deck.page(.previous)
        case .arrow(.down): deck.page(.next)
        case .enter: deck.click()
        case .escape, .endOfTransmission: quit()
        case .text(let text):
            for character in text.lowercased() { handleLetter(character) }
        case .backspace, .clearLine: break
        }
    }

    private func handleLetter(_ character: Character) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch character {
        case "h": deck.swipe(.left)
        case "l": deck.swipe(.right)
        case "k": deck.page(.previous)
        case "j": deck.page(.next)
        case "u": deck.undo()
        case " ":
            flipTop()
        case "q": quit()
        default: break
        }
    }

    private func handleMouse(_ report: MouseEvent, time: TimeInterval) {
        // The card's place and size are the player's scene's (a resize changes them there).
        player.withScene(as: DeckScene<DeckItemStore>.self) { scene in
            state.value.pointer.handle(report, time: time, scene: scene)
        }
        followDrag()
    }

    /// All motion is reported while a drag is open (a bare motion report ends it), only motion
    /// with a button held otherwise.
    func followDrag() {
        terminal.setReportsAllMotion(state.value.pointer.isDragging)
    }

    /// A report the terminal made of itself: focus out ends an open drag (its release may come
    /// outside the window, never reported); a cursor position asked for places the frame.
    private func handleReport(_ report: TerminalReport, time: TimeInterval) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch report {
        case .focusOut:
            state.value.pointer.focusLost(time: time, deck: deck)
            followDrag()
        case .sixelGeometry(let width, let height):
            core.sixelGeometryAnswered(width: width, height: height)
        case .cellSize(let width, let height):
            core.cellSizeAnswered(width: width, height: height)
        case .focusIn, .backgroundColor, .deviceAttributes, .kittyGraphics, .terminalName:
            break
        case .cursorPosition(let row, _):
            // Taken only as the answer to a request (a modified F3 is sent the same way).
            guard state.value.cursorReportsAwaited > 0 else { return }
            state.value.cursorReportsAwaited -= 1
            if state.value.cursorReportsAwaited == 0 { state.value.pointer.frameTop = row }
        }
    }

    /// Asks the terminal where the (inline) frame is; the answer sets ``frameTop``. Called on
    /// the queue between frames, where the cursor is parked at the frame's top-left.
    func askFramePosition() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !command.fullscreen, command.usesMouse, !core.isFinishing else { return }
        state.value.pointer.frameTop = nil
        state.value.cursorReportsAwaited += 1
        terminal.requestCursorPosition(after: player)
    }

    /// Quits after whatever the queue already holds (a decision just made is printed first).
    func quit() {
        dispatchPrecondition(condition: .onQueue(queue))
        queue.async { self.finish(exitCode: 0) }
    }
}
