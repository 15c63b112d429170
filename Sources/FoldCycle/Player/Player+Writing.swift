import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Writing composed bytes: in the background (dropping frames a slow terminal cannot take, one
// owed frame drawn when it catches up) or at once; marks after the bytes that show their item;
// the first write failure kept. On the player's queue.
extension Player {
    /// Writes the bytes composed so far: in the background when `background` and there is a
    /// writer (a frame of the loop), otherwise before returning (after any frame in flight).
    func flush(background: Bool = false) {
        guard !state.value.bytes.isEmpty else { return }
        if state.value.writeFailure == nil {
            let restoration = state.value.region.exitRestoration
            if background, let writer {
                writer.submit(state.value.bytes, restoration: restoration) { [weak self, queue] failure in
                    queue.async { [weak self] in self?.outputCaughtUp(failure: failure) }
                }
            } else {
                do {
                    if let writer {
                        try writer.write(state.value.bytes, restoration: restoration)
                    } else {
                        try guarded.write(state.value.bytes, restoration: restoration)
                    }
                } catch {
                    recordFailure(error)
                }
            }
        }
        state.value.bytes.removeAll(keepingCapacity: true)
    }

    private func recordFailure(_ error: TerminalError) {
        guard state.value.writeFailure == nil else { return }
        state.value.writeFailure = error
        state.value.failureHandler?(error)
    }

    /// Tells the sink `label` after the bytes that show it: at once when frames are written on
    /// this queue; on the writer's queue after the frame submitted last; after the owed frame when
    /// the one that shows it was dropped.
    func mark(_ label: String) {
        guard let writer else {
            sink.mark(label)
            return
        }
        if state.value.frameDeferred {
            state.value.pendingMarks.append(label)
            return
        }
        let sink = self.sink
        writer.enqueue { sink.mark(label) }
    }

    /// The marks held for an owed frame, after the bytes written so far.
    func releaseMarks() {
        guard !state.value.pendingMarks.isEmpty else { return }
        let labels = state.value.pendingMarks
        state.value.pendingMarks.removeAll()
        for label in labels { mark(label) }
    }

    /// A background write is done: the frame owed for the ones dropped meanwhile is drawn now,
    /// for the scene as it is now (the settled card when the motion ended meanwhile).
    private func outputCaughtUp(failure: TerminalError?) {
        if let failure { recordFailure(failure) }
        guard state.value.frameDeferred, !(writer?.isBusy ?? false) else { return }
        state.value.frameDeferred = false
        if state.value.writeFailure == nil { drawFrame(background: true) }
        releaseMarks()
    }

    /// Draws a frame unless the output is still writing the one before: then the frame is
    /// dropped (counted) and one is drawn when the output catches up, so frames never queue
    /// behind a slow terminal and the last one drawn shows the scene as it is.
    func requestFrame(at time: TimeInterval? = nil) {
        guard state.value.started, !state.value.finished, state.value.region.isActive else { return }
        if let writer, writer.isBusy {
            state.value.framesDropped += 1
            state.value.frameDeferred = true
            return
        }
        state.value.frameDeferred = false
        drawFrame(at: time, background: true)
        releaseMarks()
    }
}
