import Dispatch
import FoldCycle
internal import FoldCyclePlatform

/// The command `foldcycle run` runs: started with `posix_spawn` in a pseudo-terminal of its own
/// (a new session whose controlling terminal it is, so that the command keeps its colours and
/// line buffering and its process group is that terminal's foreground job) or with its output
/// on a pipe; read on a thread of its own, each chunk handed to a queue; waited for on another.
///
/// What is read while the queue is busy is handed over in one piece; once ``pendingBytes`` wait,
/// the reader waits too, so a flood is read no faster than it is written out (the command blocks
/// on its full terminal, as it would on a slow one), and memory stays bounded.
final class CommandProcess: Sendable {
    /// How the command's output reaches us.
    enum Wiring: Equatable, Sendable {
        /// A pseudo-terminal of `columns` × `rows`; `forwardsInput`: its input too (our standard
        /// input is a terminal whose keys we hand on), else it inherits our standard input.
        case pseudoTerminal(columns: Int, rows: Int, forwardsInput: Bool)
        /// A pipe for standard output and standard error, standard input inherited; the command
        /// in our process group.
        case pipe
        /// Nothing of ours between: standard input, output and error inherited, the command in
        /// our process group (plain pass-through).
        case inherited

        /// Whether typed keys are handed to the command's terminal.
        var forwardsInput: Bool {
            if case .pseudoTerminal(_, _, let forwardsInput) = self { return forwardsInput }
            return false
        }
    }

    /// Bytes read and not yet handed to the queue, at most (the reader then waits).
    static let pendingBytes = 1024 * 1024
    /// Seconds output is gathered before it is handed to the queue.
    static let gathering = 0.004
    /// Bytes read at once.
    static let chunkBytes = 64 * 1024
    /// Seconds the reader waits for more output once the command has ended (a process it left
    /// behind may hold its terminal open; what is already written is still read).
    static let drainPoll: Int32 = 50

    let processID: pid_t
    /// The descriptor we read the output from (the pseudo-terminal's primary side, a pipe); nil
    /// when inherited.
    let output: Int32?
    /// Where typed bytes go (the primary side), when the input is forwarded.
    let input: Int32?
    let wiring: Wiring
    private let ended = LockedBox<Platform.ChildEnd?>(nil)
    private let endSignal = DispatchSemaphore(value: 0)
    /// Output read and not yet handed over (the reader thread adds, the queue takes).
    private let pending = LockedBox(PendingOutput())
    /// Signalled when a hand-over takes the output a waiting reader left.
    private let room = DispatchSemaphore(value: 0)

    private init(processID: pid_t, output: Int32?, input: Int32?, wiring: Wiring) {
        self.processID = processID
        self.output = output
        self.input = input
        self.wiring = wiring
    }

    /// Starts `arguments` wired as `wiring` says.
    ///
    /// - Returns: the process, or how it failed to start: ``RunOutcome/notFound`` or
    ///   ``RunOutcome/notExecutable`` with the system's reason (a pseudo-terminal or pipe that
    ///   cannot be made counts as not executable, 126, as a shell's fork failure would not be 127).
    static func start(_ arguments: [String], wiring: Wiring) -> Result<CommandProcess, StartFailure> {
        switch wiring {
        case .pseudoTerminal(let columns, let rows, let forwardsInput):
            let terminal: Platform.PseudoTerminal
            switch Platform.openPseudoTerminal() {
            case .success(let opened): terminal = opened
            case .failure(let error): return .failure(StartFailure(outcome: .notExecutable, reason: "\(error)"))
            }
            Platform.setWindowSize(terminal.primary, columns: columns, rows: rows)
            let path = terminal.secondaryPath
            copyModes(to: path)
            let actions: [Platform.SpawnAction] =
                forwardsInput
                ? [.open(path, as: 0), .duplicate(0, as: 1), .duplicate(0, as: 2)]
                : [.open(path, as: 1), .duplicate(1, as: 2)]
            switch Platform.spawn(arguments, actions: actions, grouping: .newSession) {
            case .success(let child):
                // Typed bytes a command does not read fill the terminal's input: dropped then,
                // never blocking the queue.
                _ = fcntl(terminal.primary, F_SETFL, fcntl(terminal.primary, F_GETFL) | O_NONBLOCK)
                return .success(
                    CommandProcess(
                        processID: child, output: terminal.primary, input: forwardsInput ? terminal.primary : nil,
                        wiring: wiring))
            case .failure(let error):
                Platform.close(terminal.primary)
                return .failure(StartFailure(outcome: RunOutcome(spawnErrno: error.errno), reason: "\(error)"))
            }
        case .pipe:
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                return .failure(StartFailure(outcome: .notExecutable, reason: "\(PlatformError(errno: errno))"))
            }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            defer { Platform.close(ends[1]) }
            switch Platform.spawn(
                arguments, actions: [.duplicate(ends[1], as: 1), .duplicate(ends[1], as: 2)],
                grouping: .sameProcessGroup)
            {
            case .success(let child):
                return .success(CommandProcess(processID: child, output: ends[0], input: nil, wiring: wiring))
            case .failure(let error):
                Platform.close(ends[0])
                return .failure(StartFailure(outcome: RunOutcome(spawnErrno: error.errno), reason: "\(error)"))
            }
        case .inherited:
            switch Platform.spawn(arguments, actions: [], grouping: .sameProcessGroup) {
            case .success(let child):
                return .success(CommandProcess(processID: child, output: nil, input: nil, wiring: wiring))
            case .failure(let error):
                return .failure(StartFailure(outcome: RunOutcome(spawnErrno: error.errno), reason: "\(error)"))
            }
        }
    }

    /// Gives the command's terminal our terminal's modes, as the user set them (its erase and
    /// interrupt characters, `stty` settings), but for ONLCR: a line feed it writes reaches our
    /// terminal as written, whose own ONLCR makes it CR LF once, as if it wrote there directly.
    private static func copyModes(to path: String) {
        var modes = termios()
        guard tcgetattr(isatty(0) == 1 ? 0 : 1, &modes) == 0 else { return }
        modes.c_oflag &= ~tcflag_t(ONLCR)
        let secondary = Platform.open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard secondary >= 0 else { return }
        _ = tcsetattr(secondary, TCSANOW, &modes)
        Platform.close(secondary)
    }

    /// Why a command did not start.
    struct StartFailure: Error, Equatable {
        let outcome: RunOutcome
        let reason: String
    }

    /// Reads the output on a thread of its own, `chunk` called on `queue` for each read, then
    /// `end` once, on `queue`, after the last chunk and the command's end.
    func start(
        on queue: DispatchQueue, chunk: @escaping @Sendable ([UInt8]) -> Void,
        end: @escaping @Sendable (Platform.ChildEnd?) -> Void
    ) {
        let processID = processID
        Platform.startThread(named: "foldcycle-wait") { [self] in
            let result = Platform.waitForEnd(of: processID)
            ended.withLock { $0 = result ?? .exited(127) }
            endSignal.signal()
        }
        Platform.startThread(named: "foldcycle-read") { [self] in
            if let output { readAll(from: output, queue: queue, chunk: chunk) }
            endSignal.wait()
            let result = ended.withLock { $0 }
            // What is still gathered goes first: the end comes after the last byte.
            queue.async { [self] in
                handOver(to: chunk)
                end(result)
            }
        }
    }

    private func readAll(from descriptor: Int32, queue: DispatchQueue, chunk: @escaping @Sendable ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: Self.chunkBytes)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Self.drainPoll)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 {
                if ended.withLock({ $0 != nil }) { break }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            // 0: the pipe's writers are gone; EIO: the terminal's last secondary closed (Linux).
            guard count > 0 else { break }
            let (schedules, isFull) = pending.withLock { pending in
                pending.bytes += buffer[..<count]
                defer { pending.isScheduled = true }
                pending.isReaderWaiting = pending.bytes.count >= Self.pendingBytes
                return (!pending.isScheduled, pending.isReaderWaiting)
            }
            if schedules {
                // A moment's wait gathers what a flood writes meanwhile into one hand-over (one
                // redraw of the card for all of it), unseen by anyone watching.
                queue.asyncAfter(deadline: .now() + Self.gathering) { [self] in handOver(to: chunk) }
            }
            if isFull { room.wait() }
        }
    }

    /// On the queue: hands what was gathered to `chunk` (nothing when nothing was), and lets a
    /// waiting reader go on.
    private func handOver(to chunk: ([UInt8]) -> Void) {
        let (bytes, wasWaiting) = pending.withLock { pending in
            defer { pending = PendingOutput() }
            return (pending.bytes, pending.isReaderWaiting)
        }
        if wasWaiting { room.signal() }
        if !bytes.isEmpty { chunk(bytes) }
    }

    /// Output read and not yet handed to the queue: what is read while the queue writes the
    /// last of it is handed over in one piece (one redraw of the card for all of it).
    private struct PendingOutput {
        var bytes: [UInt8] = []
        /// A hand-over is queued.
        var isScheduled = false
        /// The reader waits for the hand-over (``CommandProcess/pendingBytes`` are pending).
        var isReaderWaiting = false
    }

    /// Sends `number` to the command's process group (in its pseudo-terminal), or to the
    /// command (in our group, where the terminal's own signals reach it too).
    func signal(_ number: Int32) {
        if case .pseudoTerminal = wiring {
            _ = kill(-processID, number)
        } else {
            _ = kill(processID, number)
        }
    }

    /// Sets the command's terminal size (the kernel tells it with SIGWINCH).
    func resize(columns: Int, rows: Int) {
        guard case .pseudoTerminal = wiring, let output else { return }
        Platform.setWindowSize(output, columns: columns, rows: rows)
    }

    /// Hands typed bytes to the command's terminal; what its full input cannot take is dropped.
    func type(_ bytes: [UInt8]) {
        guard let input else { return }
        _ = bytes.withUnsafeBytes { Platform.write(input, $0.baseAddress!, $0.count) }
    }
}
