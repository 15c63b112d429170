import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A run's JSON-lines control channel (docs/DESIGN.md#control-protocol): requests from stdin
/// (`--protocol jsonl`) answered on standard output or `--protocol-fd`, which also carries every
/// event; and requests from `--listen`'s socket clients, each answered on its own connection,
/// with events for those that `subscribe`. The live cycler and the deck share it; each gives it a
/// handler that carries out a decoded request.
///
/// Used on the session's queue only: its state is ``QueueConfined`` to it. Nothing written here
/// can block that queue (``LineWriter``), so the animation goes on whatever the readers do.
final class ControlChannel: Sendable {
    /// Where a request came from.
    enum Origin {
        case standardInput
        case client(ControlServer.Client)
    }

    /// What carrying out a request gave.
    struct Response {
        /// The reply's result, or its typed error.
        var outcome: Result<JSONValue, ProtocolError>
        /// Events the request caused that the handler reports itself (item changes with their
        /// texts), written after the reply.
        var events: [ProtocolEvent] = []
        /// `subscribe` (true) or `unsubscribe` (false): the client's subscription is set.
        var subscribes: Bool?
        /// `quit`: the run ends once the reply is written.
        var quits = false
    }

    /// Why the channel cannot go on: its primary output failed.
    enum Failure: Sendable {
        /// The reader of the primary output went away (`EPIPE`): a normal end, as `| head -1`.
        case readerGone
        /// The primary output's reader fell more than ``ProtocolLimits/primaryQueueBytes`` behind,
        /// or writing failed with `errno`; the message says which.
        case failed(String)
    }

    /// What changes while the channel serves: on the queue only.
    private struct State {
        var server: ControlServer?
        var handler: ((ProtocolRequest, Origin) -> Response)?
        var quitHandler: (@Sendable () -> Void)?
        var failureHandler: (@Sendable (Failure) -> Void)?
        var closed = false
        /// Requests read and not carried out yet, oldest first (see ``submit(_:from:)``).
        /// Requests waiting: `pending[pendingStart...]`. Taken from the front by moving
        /// `pendingStart` (the array is compacted once half of it is taken), so each request
        /// costs O(1) however many wait: `Array.removeFirst()` moved every waiting request each
        /// time, and 160,000 piped `add`s spent a quarter of their time there.
        var pending: [(line: [UInt8], origin: Origin)] = []
        var pendingStart = 0
        var pendingCount: Int { pending.count - pendingStart }
        var pumpScheduled = false
        /// Whether socket clients' reads are paused while ``pending`` is long.
        var readingPaused = false
    }

    private let endpoints: ControlEndpoints
    private let primary: LineWriter?
    private let primaryFlags: Int32?
    private let state: QueueConfined<State>
    private var queue: DispatchQueue { state.queue }
    private var server: ControlServer? { state.value.server }
    private var closed: Bool { state.value.closed }

    /// Requests that may wait before socket clients stop being read (until half are done).
    static let pendingLimit = 256

    /// Opens the channel's endpoints: the primary output's writer (made non-blocking when it is
    /// a pipe or socket) and `--listen`'s socket. Nothing is read until ``start(handler:)``.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` when the socket cannot be made (see
    ///   ``ControlSocket/listen(at:)``).
    init(endpoints: ControlEndpoints, queue: DispatchQueue) throws(CLIError) {
        self.endpoints = endpoints
        var server: ControlServer?
        if let descriptor = endpoints.descriptor {
            primaryFlags = LineWriter.makeNonBlocking(descriptor)
            primary = LineWriter(descriptor: descriptor, queue: queue, limit: ProtocolLimits.primaryQueueBytes)
        } else {
            primaryFlags = nil
            primary = nil
        }
        if let path = endpoints.listenPath {
            do {
                let socket = try ControlSocket.listen(at: path)
                server = ControlServer(socket: socket, queue: queue)
            } catch {
                LineWriter.restoreFlags(primaryFlags, of: endpoints.descriptor ?? -1)
                throw error
            }
        }
        state = QueueConfined(State(server: server), on: queue)
    }

    /// Whether stdin's lines are JSON requests.
    var readsJSONLines: Bool { endpoints.language == .jsonl }

    /// Starts serving: socket clients are accepted, and every request (from stdin through
    /// ``handleStandardInputLine(_:)``, or a client) goes to `handler` on the queue.
    func start(
        handler: @escaping (ProtocolRequest, Origin) -> Response, onQuit: @escaping @Sendable () -> Void,
        onFailure: @escaping @Sendable (Failure) -> Void
    ) {
        state.withValue { state in
            state.handler = handler
            state.quitHandler = onQuit
            state.failureHandler = onFailure
        }
        primary?.setFailureHandler { [weak self] failure in self?.primaryFailed(failure) }
        // The socket was opened at creation, so that a bad path fails before the terminal is
        // touched; clients are accepted from now on.
        server?.setRequestHandler { [weak self] client, line in self?.submit(line, from: .client(client)) }
        server?.setAnsweredCheck { [weak self] in self.map { $0.state.value.pendingCount == 0 } ?? true }
        server?.start()
    }

    /// One line of stdin in `--protocol jsonl` (blank lines are no requests).
    func handleStandardInputLine(_ line: String) {
        handleStandardInput(.line(Array(line.utf8)))
    }

    /// One line of stdin as a ``LineFramer`` gave it: a request, or a line too long to read.
    func handleStandardInput(_ line: LineFramer.Line) {
        switch line {
        case .line(let bytes):
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            submit(bytes, from: .standardInput)
        case .tooLong(let byteCount):
            reply(
                ProtocolReply.failure(
                    id: nil, error: ProtocolError(.badJSON, ProtocolRequest.tooLong(byteCount: byteCount))),
                to: .standardInput)
        }
    }

    /// Whether a client of the socket is subscribed to events (call on the queue).
    var hasSubscribers: Bool { !closed && (server?.hasSubscribers ?? false) }

    /// Writes `event` to the primary output and to every subscribed client.
    func emit(_ event: ProtocolEvent) {
        // Without JSON lines or a socket there is no one to tell: nothing is formed.
        guard !closed, primary != nil || server != nil else { return }
        let line = event.line
        primary?.write(line)
        server?.broadcast(line)
    }

    /// Writes what is still pending (at most `timeout` seconds), closes the socket (removing its
    /// file) and gives the primary output its flags back. Idempotent.
    func close(draining timeout: TimeInterval = 0.5) {
        guard !closed else { return }
        state.value.closed = true
        primary?.drain(timeout: timeout)
        primary?.close()
        server?.close(draining: min(timeout, 0.2))
        state.value.server = nil
        LineWriter.restoreFlags(primaryFlags, of: endpoints.descriptor ?? -1)
    }

    // MARK: - Requests

    /// Queues a request. Requests are carried out one per turn of the queue, each after the
    /// events the one before caused (they are queued on it as they happen), so a request's reply
    /// and events come before the next request's reply, whoever sent them.
    private func submit(_ line: [UInt8], from origin: Origin) {
        let pauses = state.withValue { state in
            state.pending.append((line, origin))
            guard state.pendingCount >= Self.pendingLimit, !state.readingPaused else { return false }
            state.readingPaused = true
            return true
        }
        if pauses { server?.setReadingPaused(true) }
        schedulePump()
    }

    private func schedulePump() {
        let schedules = state.withValue { state in
            guard !state.pumpScheduled, state.pendingCount > 0, !state.closed else { return false }
            state.pumpScheduled = true
            return true
        }
        if schedules { queue.async { [weak self] in self?.pump() } }
    }

    private func pump() {
        let taken = state.withValue { state -> (next: (line: [UInt8], origin: Origin), resumes: Bool)? in
            state.pumpScheduled = false
            guard !state.closed, state.pendingCount > 0 else { return nil }
            let next = state.pending[state.pendingStart]
            state.pending[state.pendingStart] = ([], next.origin)  // Its bytes go now, not at the compaction.
            state.pendingStart += 1
            if state.pendingStart == state.pending.count {
                state.pending.removeAll(keepingCapacity: state.pending.count <= 4096)
                state.pendingStart = 0
            } else if state.pendingStart >= 1024, state.pendingStart * 2 >= state.pending.count {
                state.pending.removeFirst(state.pendingStart)
                state.pendingStart = 0
            }
            guard state.readingPaused, state.pendingCount <= Self.pendingLimit / 2 else { return (next, false) }
            state.readingPaused = false
            return (next, true)
        }
        guard let taken else { return }
        if taken.resumes { server?.setReadingPaused(false) }
        handle(line: taken.next.line, from: taken.next.origin)
        schedulePump()
    }

    private func handle(line: [UInt8], from origin: Origin) {
        guard !closed, let handler = state.value.handler else { return }
        let request: ProtocolRequest
        switch ProtocolRequest.decode(line) {
        case .failure(let failure):
            reply(ProtocolReply.failure(id: failure.id, error: failure.error), to: origin)
            return
        case .success(let decoded):
            request = decoded
        }
        let response = handler(request, origin)
        switch response.outcome {
        case .success(let result): reply(ProtocolReply.success(id: request.id, result: result), to: origin)
        case .failure(let error): reply(ProtocolReply.failure(id: request.id, error: error), to: origin)
        }
        if let subscribes = response.subscribes, case .client(let client) = origin {
            client.isSubscribed = subscribes
        }
        for event in response.events { emit(event) }
        if response.quits, let quit = state.value.quitHandler { quit() }
    }

    private func reply(_ line: String, to origin: Origin) {
        switch origin {
        case .standardInput: primary?.write(line)
        case .client(let client): client.send(line)
        }
    }

    private func primaryFailed(_ failure: LineWriter.Failure) {
        guard let failureHandler = state.value.failureHandler else { return }
        let name = endpoints.descriptor == 1 ? "standard output" : "descriptor \(endpoints.descriptor ?? -1)"
        switch failure {
        case .writeFailed(let error) where error == EPIPE:
            failureHandler(.readerGone)
        case .writeFailed(let error):
            failureHandler(.failed("cannot write replies and events to \(name): \(ControlSocket.reason(error))"))
        case .fellBehind(let bytes):
            failureHandler(
                .failed(
                    "the reader of \(name) fell \(bytes) bytes behind (more than \(ProtocolLimits.primaryQueueBytes)): "
                        + "replies and events are not being read"))
        }
    }
}
