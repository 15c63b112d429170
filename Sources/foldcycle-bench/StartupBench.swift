import FoldCycle
internal import FoldCyclePlatform
import Foundation

/// The figures of the start-up run.
struct StartupResult: Codable, Sendable {
    /// The binary spawned.
    var binary: String
    /// Milliseconds from `posix_spawn` to the read that returned the first `CSI ?2026h`, per
    /// successful spawn.
    var firstFrameMilliseconds: Summary
    /// Spawns that never showed a frame within the time-out.
    var failures: Int
    /// Exit statuses seen after SIGTERM (`143` is the CLI's code for SIGTERM; `signal N` if the
    /// child was killed by a signal).
    var exitStatuses: [String]
}

/// Time from process start to the first synchronized-output frame of `foldcycle` (live mode, its
/// demo deck, 80×24, truecolor) in a pseudo-terminal.
///
/// The child is spawned with `posix_spawn` in a new session with the pty's slave as stdin, stdout
/// and stderr; the parent reads the master with `poll` the whole time the child runs (so the child
/// never blocks on a full pty buffer), then sends SIGTERM, drains until EOF/EIO and reaps it.
enum StartupBench {
    /// `ESC [ ? 2 0 2 6 h`: begin synchronized update, the first bytes of every frame.
    static let frameStart: [UInt8] = Array("\u{1B}[?2026h".utf8)

    /// `POSIX_SPAWN_SETSID` (``Platform/spawnSetSessionFlag``).
    private static let spawnSetSID = Platform.spawnSetSessionFlag

    /// The `foldcycle` binary next to this executable (`CommandLine.arguments[0]` resolved, or
    /// ``Platform/executablePath``).
    static func defaultBinary() -> String {
        var candidates: [String] = []
        if let first = CommandLine.arguments.first, first.contains("/") { candidates.append(first) }
        if let executable = Platform.executablePath { candidates.append(executable) }
        for candidate in candidates {
            guard let resolved = realpath(candidate, nil) else { continue }
            defer { free(resolved) }
            let directory = (String(cString: resolved) as NSString).deletingLastPathComponent
            return directory + "/foldcycle"
        }
        return "foldcycle"
    }

    static func run(binary: String, spawns: Int) -> StartupResult {
        var times: [Double] = []
        var failures = 0
        var statuses: [String] = []
        for _ in 0..<spawns {
            switch spawnOnce(binary: binary) {
            case .success(let sample):
                if let milliseconds = sample.milliseconds { times.append(milliseconds) } else { failures += 1 }
                statuses.append(sample.status)
            case .failure(let error):
                failures += 1
                statuses.append(error.message)
            }
        }
        return StartupResult(
            binary: binary, firstFrameMilliseconds: Summary(times), failures: failures,
            exitStatuses: Array(Set(statuses)).sorted())
    }

    struct SpawnError: Error {
        let message: String
    }

    private static func spawnOnce(binary: String) -> Result<(milliseconds: Double?, status: String), SpawnError> {
        var master: Int32 = -1
        var slave: Int32 = -1
        var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &window) == 0 else {
            return .failure(SpawnError(message: "openpty: \(String(cString: strerror(errno)))"))
        }
        defer { close(master) }
        // Neither end may leak into the child beyond the dup2'ed standard descriptors.
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        let spawned = spawn([binary], terminal: slave)
        close(slave)  // Only the child holds the slave now: its exit makes the master read EIO.
        let child: (pid: pid_t, start: UInt64)
        switch spawned {
        case .success(let started): child = started
        case .failure(let error): return .failure(error)
        }
        var seen: [UInt8] = []
        let firstFrame = awaitFirstFrame(master, since: child.start, seen: &seen)
        kill(child.pid, SIGTERM)
        let status = reap(child.pid, draining: master, open: firstFrame.open, seen: &seen)
        return .success((firstFrame.milliseconds, status))
    }

    /// Spawns `arguments` (the program's path first) in a new session with `slave` (a pty's) as
    /// stdin, stdout and stderr and default dispositions for the signals the bench may ignore; its
    /// pid and the time it was spawned at.
    static func spawn(_ arguments: [String], terminal slave: Int32) -> Result<
        (pid: pid_t, start: UInt64), SpawnError
    > {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, slave, target) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session (no controlling terminal of ours) and default dispositions for the
        // signals the bench may ignore.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(
            &attributes, Int16(spawnSetSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let binary = arguments.first ?? ""
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = childEnvironment().map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = Probe.nanoseconds()
        let spawned = posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            return .failure(SpawnError(message: "posix_spawn \(binary): \(String(cString: strerror(spawned)))"))
        }
        return .success((pid, start))
    }

    /// This process's environment as `NAME=value` strings, with a truecolor xterm's terminal
    /// variables and no `NO_COLOR`.
    private static func childEnvironment() -> [String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        environment["NO_COLOR"] = nil
        return environment.map { "\($0.key)=\($0.value)" }
    }

    /// Reads `master` until the first frame starts or 5 s after `start`: the milliseconds it
    /// took (nil when none came), and whether the pty is still open.
    private static func awaitFirstFrame(_ master: Int32, since start: UInt64, seen: inout [UInt8]) -> (
        milliseconds: Double?, open: Bool
    ) {
        var milliseconds: Double?
        let firstFrameDeadline = start + 5_000_000_000
        var open = true
        while open, milliseconds == nil {
            let now = Probe.nanoseconds()
            guard now < firstFrameDeadline else { break }
            open = readAvailable(
                master, into: &seen, waitingMilliseconds: Int32((firstFrameDeadline - now) / 1_000_000))
            if contains(seen, frameStart) {
                milliseconds = Double(Probe.nanoseconds() - start) / 1e6
            }
        }
        return (milliseconds, open)
    }

    /// Reaps `pid` after SIGTERM, reading `master` meanwhile (while it is `open`) so the child
    /// never blocks while it restores the terminal and exits; SIGKILL after 3 s. Its status.
    private static func reap(_ pid: pid_t, draining master: Int32, open: Bool, seen: inout [UInt8]) -> String {
        var open = open
        let exitDeadline = Probe.nanoseconds() + 3_000_000_000
        while open, Probe.nanoseconds() < exitDeadline {
            open = readAvailable(master, into: &seen, waitingMilliseconds: 100)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return describe(status) }
        }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) != pid {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        return describe(status)
    }

    /// Waits up to `waitingMilliseconds` for data and appends what one read returns; false at EOF
    /// or EIO (the slave side is closed).
    static func readAvailable(_ descriptor: Int32, into bytes: inout [UInt8], waitingMilliseconds: Int32)
        -> Bool
    {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, max(waitingMilliseconds, 0))
        if ready < 0 { return errno == EINTR }
        if ready == 0 { return true }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 {
            bytes.append(contentsOf: buffer[0..<count])
            return true
        }
        return count < 0 && (errno == EINTR || errno == EAGAIN)
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "exit \((status >> 8) & 0xFF)" }
        return "signal \(signal)"
    }
}
