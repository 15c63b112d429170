import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Serves the JSON-lines protocol on a ``ControlSocket`` to any number of clients at once (up to
/// ``ProtocolLimits/maximumClients``), on one serial queue: each client's lines are read as they
/// come (a ``LineFramer`` each), handed to the request handler in order, and answered on that
/// client; events go to the clients that asked for them (`subscribe`).
///
/// Nothing a client does can hold the queue: reads take what is there (at most
/// ``ProtocolLimits/readChunkBytes`` a turn), writes never block (a ``LineWriter`` each), and a
/// client more than ``ProtocolLimits/clientQueueBytes`` behind is disconnected
/// (docs/DESIGN.md#control-socket). Its state, and each client's, is ``QueueConfined`` to the
/// queue.
final class ControlServer: Sendable {
    /// One connected client.
    final class Client: Sendable {
        /// What changes while it is connected: on the server's queue only.
        fileprivate struct State {
            var isSubscribed = false
            var framer = LineFramer()
            var readSource: (any DispatchSourceRead)?
        }

        /// A number for messages, counting connections from 1.
        let number: Int
        let descriptor: Int32
        let writer: LineWriter
        fileprivate let state: QueueConfined<State>

        fileprivate init(number: Int, descriptor: Int32, queue: DispatchQueue) {
            self.number = number
            self.descriptor = descriptor
            writer = LineWriter(descriptor: descriptor, queue: queue, limit: ProtocolLimits.clientQueueBytes)
            state = QueueConfined(State(), on: queue)
        }

        /// Whether events are sent to it.
        var isSubscribed: Bool {
            get { state.value.isSubscribed }
            set { state.value.isSubscribed = newValue }
        }

        fileprivate var readSource: (any DispatchSourceRead)? {
            get { state.value.readSource }
            set { state.value.readSource = newValue }
        }

        /// Writes one line (a reply or an event) to the client.
        func send(_ line: String) { writer.write(line) }
    }

    /// Why a client went away, for the disconnect handler.
    enum Disconnect: Equatable, Sendable {
        /// It closed its end (or the connection failed).
        case closed
        /// It fell more than ``ProtocolLimits/clientQueueBytes`` behind and was dropped.
        case fellBehind
    }

    /// What changes as clients come and go: on the queue only.
    private struct State {
        var acceptSource: (any DispatchSourceRead)?
        var clients: [Int: Client] = [:]
        var connections = 0
        var closed = false
        var readingPaused = false
        var acceptPaused = false
        var requestHandler: @Sendable (Client, [UInt8]) -> Void = { _, _ in }
        /// Whether every request handed to ``requestHandler`` has been answered.
        var answeredAll: @Sendable () -> Bool = { true }
        var disconnectHandler: (@Sendable (Client, Disconnect) -> Void)?
    }

    private let socket: ControlSocket
    private let state: QueueConfined<State>
    private var queue: DispatchQueue { state.queue }

    /// A server on `socket`, its work on `queue`; nothing is accepted until ``start()``. Each
    /// request line (without its LF; blank lines and too-long lines are answered here) goes to
    /// the handler of ``setRequestHandler(_:)`` on the queue.
    init(socket: ControlSocket, queue: DispatchQueue) {
        self.socket = socket
        state = QueueConfined(State(), on: queue)
    }

    /// Sets the handler of each request line (call before ``start()``).
    func setRequestHandler(_ handler: @escaping @Sendable (Client, [UInt8]) -> Void) {
        state.value.requestHandler = handler
    }

    /// Sets the check that every request handed on has been answered (call before
    /// ``start()``): a client that ends its side after a request is dropped only then.
    func setAnsweredCheck(_ check: @escaping @Sendable () -> Bool) {
        state.value.answeredAll = check
    }

    /// The socket's path.
    var path: String { socket.path }

    /// The clients connected now.
    var clientCount: Int { state.value.clients.count }

    /// Called on the queue when a client is gone.
    func setDisconnectHandler(_ handler: (@Sendable (Client, Disconnect) -> Void)?) {
        state.value.disconnectHandler = handler
    }

    /// Stops (or resumes) reading every client, while the requests already read wait to be
    /// carried out: a client that sends without pause cannot make them pile up.
    func setReadingPaused(_ paused: Bool) {
        guard paused != state.value.readingPaused else { return }
        state.value.readingPaused = paused
        for client in state.value.clients.values {
            if paused { client.readSource?.suspend() } else { client.readSource?.resume() }
        }
    }

    /// Starts accepting connections (call on the queue).
    func start() {
        let source = DispatchSource.makeReadSource(fileDescriptor: socket.descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.acceptPending() }
        state.value.acceptSource = source
        source.resume()
    }

    /// Whether a connected client is subscribed to events.
    var hasSubscribers: Bool { state.value.clients.values.contains { $0.isSubscribed } }

    /// Sends `line` to every subscribed client.
    func broadcast(_ line: String) {
        for client in state.value.clients.values.sorted(by: { $0.number < $1.number }) where client.isSubscribed {
            client.send(line)
        }
    }

    /// Writes what each client still has pending (at most `timeout` seconds in all), then closes
    /// every connection and the socket, removing its file. Idempotent.
    func close(draining timeout: TimeInterval = 0) {
        guard !state.value.closed else { return }
        state.withValue { state in
            state.closed = true
            state.acceptSource?.cancel()
            // A suspended source must be resumed to be released.
            if state.acceptPaused { state.acceptSource?.resume() }
            state.acceptPaused = false
            state.acceptSource = nil
        }
        let deadline = Date().addingTimeInterval(timeout)
        for client in state.value.clients.values {
            client.writer.drain(timeout: max(deadline.timeIntervalSinceNow, 0))
            drop(client, notifying: nil)
        }
        socket.close()
    }

    // MARK: - Connections

    private func acceptPending() {
        while !state.value.closed {
            let descriptor = Platform.acceptConnection(socket.descriptor)
            if descriptor < 0 {
                // EAGAIN: none left. Out of descriptors (EMFILE, ENFILE) the connection waits in
                // the backlog and the socket stays readable: pause accepting for a moment rather
                // than spin on it.
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    pauseAccepting()
                }
                return
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            state.value.connections += 1
            let client = Client(number: state.value.connections, descriptor: descriptor, queue: queue)
            guard state.value.clients.count < ProtocolLimits.maximumClients else {
                client.send(
                    ProtocolReply.failure(
                        id: nil,
                        error: ProtocolError(
                            .badValue,
                            "too many clients: at most \(ProtocolLimits.maximumClients) at once (open connections count, "
                                + "idle or subscribed; try again when one closes)")))
                Platform.close(descriptor)
                continue
            }
            state.value.clients[client.number] = client
            client.writer.setFailureHandler { [weak self, weak client] (failure: LineWriter.Failure) in
                guard let self, let client else { return }
                self.drop(client, notifying: Self.reason(failure))
            }
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            source.setEventHandler { [weak self, weak client] in
                guard let self, let client else { return }
                self.read(client)
            }
            client.readSource = source
            // A client that connects while reads are paused is read once they resume.
            source.resume()
            if state.value.readingPaused { source.suspend() }
        }
    }

    /// Suspends the accepting source for 0.1 s.
    private func pauseAccepting() {
        guard !state.value.acceptPaused, let source = state.value.acceptSource else { return }
        state.value.acceptPaused = true
        source.suspend()
        queue.asyncAfter(deadline: .now() + 0.1) { [weak self] in
            self?.state.withValue { state in
                guard state.acceptPaused else { return }
                state.acceptPaused = false
                state.acceptSource?.resume()
            }
        }
    }

    private static func reason(_ failure: LineWriter.Failure) -> Disconnect {
        if case .fellBehind = failure { return .fellBehind }
        return .closed
    }

    private func read(_ client: Client) {
        var buffer = [UInt8](repeating: 0, count: ProtocolLimits.readChunkBytes)
        let count = buffer.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
        guard count > 0 else {
            // The client closed its end: a last line without LF still counts, as on stdin, and
            // its replies are written before the client is dropped.
            stopReading(client)
            if let last = client.state.value.framer.finish() { handle(last, from: client) }
            dropWhenAnswered(client, deadline: .now() + Self.lingerSeconds)
            return
        }
        for line in client.state.value.framer.append(buffer[0..<count]) {
            guard state.value.clients[client.number] != nil else { return }
            handle(line, from: client)
        }
    }

    /// How long a client that ended its side waits for its replies to be written, at most.
    static let lingerSeconds = 5.0

    /// Cancels the client's read source (it would fire without end at the end of input).
    private func stopReading(_ client: Client) {
        guard let source = client.readSource else { return }
        source.cancel()
        // A suspended source must be resumed to be released (Dispatch traps otherwise).
        if state.value.readingPaused { source.resume() }
        client.readSource = nil
    }

    /// Drops `client` once every request is answered and its replies are written (or the
    /// deadline passed): checked each turn of the queue, then every 10 ms.
    private func dropWhenAnswered(_ client: Client, deadline: DispatchTime, turns: Int = 0) {
        guard state.value.clients[client.number] != nil else { return }
        let answered = state.value.answeredAll() && client.writer.pendingByteCount == 0
        if (answered && turns > 0) || DispatchTime.now() >= deadline {
            drop(client, notifying: .closed)
            return
        }
        let next: @Sendable () -> Void = { [weak self] in
            self?.dropWhenAnswered(client, deadline: deadline, turns: turns + 1)
        }
        if answered || turns < 2 {
            queue.async(execute: next)
        } else {
            queue.asyncAfter(deadline: .now() + 0.01, execute: next)
        }
    }

    private func handle(_ line: LineFramer.Line, from client: Client) {
        switch line {
        case .line(let raw):
            // Blank lines are no requests (as in the word protocol).
            guard raw.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            // Invalid UTF-8 is read as U+FFFD, as on standard input (whose lines are text).
            let bytes = Array(String(decoding: raw, as: UTF8.self).utf8)
            let handler = state.value.requestHandler
            handler(client, bytes)
        case .tooLong(let byteCount):
            client.send(
                ProtocolReply.failure(
                    id: nil, error: ProtocolError(.badJSON, ProtocolRequest.tooLong(byteCount: byteCount))))
        }
    }

    private func drop(_ client: Client, notifying reason: Disconnect?) {
        guard state.value.clients.removeValue(forKey: client.number) != nil else { return }
        client.readSource?.cancel()
        // A suspended source must be resumed to be released (Dispatch traps otherwise).
        if state.value.readingPaused { client.readSource?.resume() }
        client.readSource = nil
        client.writer.close()
        Platform.close(client.descriptor)
        if let reason, let handler = state.value.disconnectHandler { handler(client, reason) }
    }
}
