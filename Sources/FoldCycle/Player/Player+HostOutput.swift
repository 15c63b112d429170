import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The host's own output and the item lines, written above an inline region in one synchronized
// update (or held for the normal screen); the heartbeat line with no motion. On the player's queue.
extension Player {
    func writeHost(_ data: [UInt8]) {
        guard state.value.started, !state.value.finished, output != .plainText, state.value.region.isActive else {
            state.value.bytes += data
            flush()
            return
        }
        if output == .fullscreen {
            state.value.heldForNormalScreen += data
            return
        }
        let complete = state.value.text.completeLines(data)
        if !complete.isEmpty { writeAbove(complete) }
    }

    /// Writes an item as text: in plain-text output at once; in a terminal (``Motion/none``)
    /// above the live region, after any partial line the host left.
    func writeItem(_ item: String) {
        let data = state.value.text.item(item)
        if output == .plainText {
            state.value.bytes += data
            flush()
            return
        }
        writeAbove(data)
    }

    /// Writes whole lines above an active inline region in one synchronized update: the region
    /// is erased from its top-left, the lines take its place (the screen scrolls up when they
    /// reach the bottom), and the region is drawn anew below them. Fullscreen, held for the
    /// normal screen.
    func writeAbove(_ lines: [UInt8]) {
        guard !lines.isEmpty else { return }
        guard output == .inline, state.value.region.isActive else {
            if output == .fullscreen && state.value.region.isActive {
                state.value.heldForNormalScreen += lines
            } else {
                state.value.bytes += lines
                flush()
            }
            return
        }
        EscapeSequence.beginSynchronizedUpdate.append(to: &state.value.bytes)
        if state.value.region.reservedRows > 0 { state.withValue { $0.region.releaseRows(into: &$0.bytes) } }
        state.value.bytes += lines
        if !drawFrame() {
            EscapeSequence.endSynchronizedUpdate.append(to: &state.value.bytes)
            flush()
        }
        scheduleHeartbeat()
    }

    /// With ``Motion/none`` in a terminal: a heartbeat line after
    /// ``Configuration/heartbeatInterval`` seconds without a printed line.
    func scheduleHeartbeat() {
        guard motion == .none, output != .plainText, state.value.started, !state.value.finished,
            state.value.region.isActive,
            let interval = configuration.heartbeatInterval
        else {
            cancelHeartbeat()
            return
        }
        if state.value.heartbeat == nil {
            state.value.heartbeat = HeartbeatTimer(clock: clock, queue: queue, interval: interval)
        }
        state.value.heartbeat?.restart { [weak self] in self?.heartbeatFired() }
    }

    func cancelHeartbeat() { state.value.heartbeat?.cancel() }

    private func heartbeatFired() {
        guard state.value.started, !state.value.finished, state.value.region.isActive else { return }
        let shown = scenePlainText()
        writeAbove(state.value.text.heartbeat(for: shown))
    }
}
