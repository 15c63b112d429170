import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The session's one stream of stamped events (docs/decisions/0205-one-stamped-event-stream.md):
// a handler on the queue and any number of async sequences, each event handed to the handler
// first, then to the sequences, in the order it was read or happened.
extension TerminalSession {
    /// Calls `handler` on the session's queue with every ``TerminalEvent``, in order (keys and
    /// mouse reports in the order their bytes were read; those read while a launch query is open
    /// are held and handed on after its completion, still in order). Replaces the handler set
    /// before; nil removes it. Set it before ``start()`` so that nothing is missed. The input is
    /// read no faster than the handler handles it.
    public func setEventHandler(_ handler: (@Sendable (TerminalEvent) -> Void)?) {
        onQueue { state.value.eventHandler = handler }
    }

    /// A new sequence of the ``TerminalEvent``s from now on, the same events in the same order
    /// as the handler's (``setEventHandler(_:)``), after it has had each. It ends when the
    /// session ends (``end()``, or at once when the session has ended). Iterate it from any task;
    /// events wait in it without limit until they are read (the reader of the input does not
    /// wait for it: keep up, or stop iterating, which removes the sequence). Make it before
    /// ``start()`` so that nothing is missed.
    ///
    /// ```swift
    /// let session = TerminalSession(configuration: .init(input: .keys))
    /// let events = session.events()
    /// session.start()
    /// for await event in events {
    ///     if case .key(.text("q")) = event.kind { break }
    /// }
    /// session.end()
    /// ```
    public func events() -> AsyncStream<TerminalEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        onQueue {
            guard !state.value.ended else {
                continuation.finish()
                return
            }
            let number = state.value.nextStream
            state.value.nextStream += 1
            state.value.streams[number] = continuation
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                queue.async { self.state.value.streams[number] = nil }
            }
        }
        return stream
    }

    /// Hands `kind`, stamped at `readAt` (default now), to the handler, then to every stream.
    func emit(_ kind: TerminalEvent.Kind, readAt: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        let event = TerminalEvent(kind, uptimeNanoseconds: readAt)
        state.value.eventHandler?(event)
        for continuation in state.value.streams.values { continuation.yield(event) }
    }

    /// Hands one decoded input (a key, a mouse report or a terminal report) on, stamped with when
    /// its bytes were read.
    func deliver(_ decoded: TerminalEvent.Kind, readAt: UInt64) {
        guard !state.value.ended, !state.value.suspended else { return }
        emit(decoded, readAt: readAt)
    }

    /// The session ended: every stream ends.
    func finishEventStreams() {
        let streams = state.value.streams
        state.value.streams.removeAll()
        for continuation in streams.values { continuation.finish() }
    }
}
