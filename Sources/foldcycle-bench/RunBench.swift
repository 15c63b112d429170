import FoldCycle
internal import FoldCyclePlatform
import Foundation

/// The figures of the `foldcycle run` throughput run (issue 31, point 5).
struct RunResult: Codable, Sendable {
    /// Bytes the command printed (before the pty's ONLCR).
    var commandBytes: Int
    /// Seconds from spawn to the pty's end, the command run directly in a pty (80×24).
    var directSeconds: Double
    /// The same through `foldcycle run -- COMMAND` in a pty of the same size.
    var runSeconds: Double
    /// Bytes the bench read from the pty in each run.
    var directBytesRead: Int
    var runBytesRead: Int
    /// Peak resident set of the `foldcycle run` process (`ru_maxrss` from `wait4`), KiB.
    var runPeakKiB: Int
    /// Exit statuses, as `exit N` or `signal N`.
    var directStatus: String
    var runStatus: String

    /// `runSeconds / directSeconds`.
    var ratio: Double { directSeconds > 0 ? runSeconds / directSeconds : .infinity }
}

/// A command that prints `bytes` bytes of text, run once directly in a pseudo-terminal and once
/// under `foldcycle run` in one of the same size, both drained by the bench as fast as it reads:
/// what the pty in between costs (issue 31: at most 1.5× the direct run, RSS under 50 MB).
///
/// The command is `/bin/sh -c "yes LINE | head -c BYTES"` with a 64-byte line. The runs go one
/// after the other in one process, so both see the same machine.
enum RunBench {
    /// The 63 characters of the flooded line (64 bytes with its line feed).
    static let line = "foldcycle run bench: a line of output, printed again and again."

    static func run(binary: String, bytes: Int) -> RunResult {
        let command = ["/bin/sh", "-c", "yes '\(line)' | head -c \(bytes)"]
        let direct = measure(command)
        let viaRun = measure([binary, "run", "--"] + command)
        return RunResult(
            commandBytes: bytes, directSeconds: direct.seconds, runSeconds: viaRun.seconds,
            directBytesRead: direct.bytesRead, runBytesRead: viaRun.bytesRead, runPeakKiB: viaRun.peakKiB,
            directStatus: direct.status, runStatus: viaRun.status)
    }

    /// Spawns `arguments` on a new 80×24 pty and reads its master the whole time the child runs;
    /// reaps it, then reads what is left: seconds from spawn to reap, bytes read, the child's peak
    /// RSS (KiB) and its status. The bench keeps its own slave descriptor open until the end: a
    /// master whose last slave closes may return EIO before the last bytes written (Linux drops
    /// the ones still in flight), which would make the count short.
    private static func measure(_ arguments: [String]) -> (
        seconds: Double, bytesRead: Int, peakKiB: Int, status: String
    ) {
        var master: Int32 = -1
        var slave: Int32 = -1
        var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &window) == 0 else { return (0, 0, 0, "openpty failed") }
        defer {
            close(slave)
            close(master)
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        let spawned = StartupBench.spawn(arguments, terminal: slave)
        guard case .success(let child) = spawned else {
            if case .failure(let error) = spawned { return (0, 0, 0, error.message) }
            return (0, 0, 0, "spawn failed")
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var bytesRead = 0
        var status: Int32 = 0
        var usage = rusage()
        var end: UInt64?
        // While it runs: read whatever is there, check for its exit every 10 ms of quiet. After
        // it: read until 200 ms pass with nothing to read.
        while true {
            let count = readReady(master, into: &buffer, waitingMilliseconds: end == nil ? 10 : 200)
            bytesRead += max(count, 0)
            if end == nil, count <= 0 || bytesRead % (1 << 24) < buffer.count,
                wait4(child.pid, &status, WNOHANG, &usage) == child.pid
            {
                end = Probe.nanoseconds()
            } else if end != nil, count <= 0 {
                break
            }
        }
        let seconds = Double((end ?? child.start) - child.start) / 1e9
        return (seconds, bytesRead, Int(usage.ru_maxrss), StartupBench.describe(status))
    }

    /// Waits up to `waitingMilliseconds` for `master` to be readable and reads once: the bytes
    /// read, 0 when nothing came, -1 on an error.
    private static func readReady(_ master: Int32, into buffer: inout [UInt8], waitingMilliseconds: Int32) -> Int {
        var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, waitingMilliseconds)
        guard ready > 0 else { return ready < 0 && errno != EINTR ? -1 : 0 }
        let count = read(master, &buffer, buffer.count)
        return count >= 0 || errno == EINTR || errno == EAGAIN ? max(count, 0) : -1
    }
}
