import Dispatch
import FoldCycle
internal import FoldCyclePlatform

// The live run's footer (a split of LiveSession.swift, one concept a file): what it says, and
// the typed line's visible tail.

extension LiveSession {
    /// The footer under the card: the run's state and count, then the reply or the hint, then the
    /// typed line.
    func updateFooter() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard drawsFrames, !core.isFinishing else { return }
        guard command.showsFooter else { return }
        let current = state.value
        let runState: String
        // Items read from a descriptor are counted "so far"; a list's pictures are still decoded
        // but its count is known (docs/decisions/0250-streamed-counts-and-waits-in-the-footer.md).
        let stillRead = controller.value.itemsStillRead
        // Before launch the cycler is still stopped: show the state it is about to take.
        switch current.launched ? cycler.state : command.paused ? .paused : .running {
        case .running where current.readingItems && cycler.index == cycler.count - 1:
            // Held (or about to be) at the last item read: the deck's words for the same wait.
            runState = stillRead == .uncounted ? "▶ waiting for input" : "▶ loading pictures"
        case .running: runState = "▶ running"
        case .paused: runState = "‖ paused"
        case .stopped: runState = "■ stopped"
        }
        // "reduced motion", "no motion" (not "none motion").
        let motion =
            player.motion == .full ? "" : player.motion == .none ? " · no motion" : " · \(player.motion) motion"
        // Arrows turn the direction, which only a full-motion fold shows: offered only then.
        let arrows = player.motion == .full ? " · arrows turn" : ""
        let summary =
            "\(runState) · item \(controller.value.itemNumberInWords) · \(cycler.style) · every \(secondsText(cycler.interval))s\(motion)"
        var lines = [FooterLine(summary, attributes: [.dim])]
        if let reply = current.reply {
            lines += reply.lines.map { FooterLine($0, attributes: reply.isError ? [.bold] : [], wraps: true) }
        } else {
            let hint =
                commandDevice == nil
                ? "items from stdin · Ctrl-C quits"
                : current.readsKeys
                    ? control.readsJSONLines
                        ? "type a JSON request and Enter · Space pause\(arrows) · q quit"
                        : "type a command and Enter (help) · Space pause\(arrows) · q quit"
                    : current.commandsEnded
                        ? "commands ended (stdin closed) · Ctrl-C quits"
                        : control.readsJSONLines
                            ? "JSON-line commands on stdin · Ctrl-C quits"
                            : "commands on stdin: \(SessionCommand.summary) · Ctrl-C quits"
            lines.append(FooterLine(hint, attributes: [.dim]))
        }
        if current.readsKeys {
            let line = current.commandLine
            let tail = visibleTail(of: line.text)
            // The caret on the cluster the cursor is before; kept in view when the start is cut.
            let caretOffset = min(line.characters.count - line.cursor, max(tail.count - 1, 0))
            lines.append(FooterLine("› " + tail, showsCaret: true, caretOffset: caretOffset))
        }
        player.setFooter(lines)
    }

    /// The end of the typed line that fits the terminal beside "› " and the caret, with "…" in
    /// front when the start is cut: what is being typed stays in view. Reads the line from its
    /// end and stops once the room is full, so a key costs time for what fits, not for the line.
    private func visibleTail(of text: String) -> String {
        dispatchPrecondition(condition: .onQueue(queue))
        return Self.visibleTail(of: text, room: max(((cardDevice ?? .standardOutput).size?.columns ?? 80) - 3, 1))
    }

    /// The end of `text` that fits `room` columns (≥ 1): all of it, or "…" and as much of its end
    /// as fits beside it.
    static func visibleTail(of text: String, room: Int) -> String {
        var tail: [Character] = []
        var width = 0
        var cut = false
        for character in text.reversed() {
            width += DisplayWidth.of(character)
            if width > room {
                cut = true
                break
            }
            tail.append(character)
        }
        guard cut else { return text }
        // Room for the "…": drop clusters from the front of the tail until it fits.
        var shown = tail.reduce(0) { $0 + DisplayWidth.of($1) }
        while shown + 1 > room, let first = tail.popLast() { shown -= DisplayWidth.of(first) }
        return "…" + String(tail.reversed())
    }
}
