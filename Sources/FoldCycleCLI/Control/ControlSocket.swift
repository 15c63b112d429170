import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Unix socket of `--listen PATH` and the connection of `foldcycle send PATH`
/// (docs/DESIGN.md#control-socket).
///
/// Listening: the socket file is made with mode 0600 (only its owner may connect); an existing
/// file at the path is replaced only when it is a socket nobody listens on (a stale one, left by
/// a run that was killed), after checking it is still the same file; a live socket, a file that
/// is not a socket, or a symbolic link is refused with the path and the real cause. The file is
/// removed on exit if it is still the one this run made. Checking, replacing and binding hold an
/// exclusive `flock` on the path's directory (``DirectoryLock``), so runs started at once on one
/// stale socket take turns: one serves, the others find it listening and are refused.
struct ControlSocket: Sendable {
    /// The listening descriptor (non-blocking, close-on-exec).
    let descriptor: Int32
    /// The path as given.
    let path: String
    /// The socket file's identity once bound, so that exit removes only our own file.
    private let device: UInt64
    private let inode: UInt64

    /// The longest path a Unix socket address holds, in bytes (`sun_path` less its NUL).
    static let maximumPathBytes = Platform.maximumSocketPathBytes

    /// Listens at `path`, replacing a stale socket file there.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` naming the path and the cause: a path too long, a live
    ///   socket (another program listens), a file that is not a socket, a symbolic link, a
    ///   directory that cannot be written, and the system's reason for any other failure.
    static func listen(at path: String) throws(CLIError) -> ControlSocket {
        let address = try Self.address(for: path)
        // Runs started at once on one stale socket take turns: each checks, replaces and binds
        // while the others wait, so the second finds the first listening and is refused.
        let lock = try DirectoryLock(containing: path)
        defer { lock.release() }
        return try listen(at: path, address: address)
    }

    /// ``listen(at:)``'s work, under the lock of the path's directory.
    private static func listen(at path: String, address: sockaddr_un) throws(CLIError) -> ControlSocket {
        if let existing = fileStatus(path) {
            try replaceStale(at: path, status: existing)
        }
        let descriptor = Platform.makeStreamSocket()
        guard descriptor >= 0 else { throw .runtime("cannot listen on '\(path)': \(reason(errno))") }
        // The file bind makes takes the socket's own mode less the umask (Linux's unix_bind), so
        // 0600 set on the socket first makes it 0600 or stricter: no process-wide umask change
        // (other threads create files meanwhile) and no chmod by path after, which would follow
        // a symbolic link put there in between.
        guard fchmod(descriptor, 0o600) == 0 else {
            let failure = errno
            Platform.close(descriptor)
            throw .runtime("cannot listen on '\(path)': \(reason(failure))")
        }
        let bound = Platform.bind(descriptor, to: address)
        let bindError = errno
        guard bound == 0 else {
            Platform.close(descriptor)
            if bindError == EADDRINUSE {
                throw .runtime("cannot listen on '\(path)': another program made a file there meanwhile")
            }
            throw .runtime("cannot listen on '\(path)': \(reason(bindError))")
        }
        guard Platform.listen(descriptor, backlog: 16) == 0, let status = fileStatus(path) else {
            let failure = errno
            Platform.close(descriptor)
            unlink(path)
            throw .runtime("cannot listen on '\(path)': \(reason(failure))")
        }
        guard status.st_mode & S_IFMT == S_IFSOCK, status.st_mode & 0o077 == 0 else {
            Platform.close(descriptor)
            unlink(path)
            throw .runtime("cannot listen on '\(path)': the socket would not be private to its owner")
        }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        return ControlSocket(
            descriptor: descriptor, path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Closes the socket and removes its file, if the file at the path is still this socket's.
    func close() {
        Platform.close(descriptor)
        if let status = Self.fileStatus(path), UInt64(status.st_dev) == device, UInt64(status.st_ino) == inode {
            unlink(path)
        }
    }

    /// Connects to the socket at `path` without ever blocking past `deadline` (uptime
    /// nanoseconds): the connection is made non-blocking; a run whose queue of connections is
    /// full (stopped, so it accepts none: `EAGAIN`) is tried again until the deadline. The
    /// descriptor comes back non-blocking and close-on-exec.
    ///
    /// - Throws: ``CLIError/runtime(_:)``: no such socket (is a run listening?), nothing listening
    ///   (a stale socket), not a socket, permission denied (the socket is its owner's), a run
    ///   that accepted no connection by the deadline, or the system's reason.
    static func connect(to path: String, deadline: UInt64) throws(CLIError) -> Int32 {
        let address = try Self.address(for: path)
        while true {
            let descriptor = Platform.makeStreamSocket()
            guard descriptor >= 0 else { throw .runtime("cannot connect to '\(path)': \(reason(errno))") }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            let connected = Platform.connect(descriptor, to: address)
            let failure = errno
            if connected == 0 { return descriptor }
            if failure == EINPROGRESS, Self.waitUntilWritable(descriptor, deadline: deadline) {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 { return descriptor }
            }
            Platform.close(descriptor)
            let now = DispatchTime.now().uptimeNanoseconds
            guard failure == EAGAIN || failure == EINPROGRESS, now < deadline else {
                let cause =
                    failure == EAGAIN || failure == EINPROGRESS
                    ? "it accepted no connection in time (its queue of connections is full: is the run stopped?)"
                    : connectionFailure(failure, path: path)
                throw .runtime("cannot connect to '\(path)': \(cause)")
            }
            // A Unix socket's full queue has no readiness to wait for: try again shortly.
            Platform.sleep(seconds: min(Double(deadline - now) / 1e9, Self.connectRetrySeconds))
        }
    }

    /// Seconds between tries at a socket whose queue of connections is full.
    static let connectRetrySeconds = 0.02

    /// Waits for `descriptor` to become writable (a connection in progress made) until
    /// `deadline`; whether it did.
    static func waitUntilWritable(_ descriptor: Int32, deadline: UInt64) -> Bool {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let waited = poll(&ready, 1, Int32(min((deadline - now + 999_999) / 1_000_000, 60_000)))
            if waited < 0 && errno == EINTR { continue }
            return waited > 0
        }
    }

    // MARK: - Internals

    /// Why connecting to `path` failed, in words.
    private static func connectionFailure(_ error: Int32, path: String) -> String {
        switch error {
        case ENOENT:
            return "there is no socket there (is 'foldcycle --listen \(path)' running?)"
        case ECONNREFUSED:
            if let status = fileStatus(path), status.st_mode & S_IFMT != S_IFSOCK {
                return "it is \(kind(of: status)), not a socket"
            }
            return "nothing is listening (a socket left by a run that ended without removing it)"
        case EACCES, EPERM:
            return "permission denied (the socket is mode 0600: only the user who started that run may connect)"
        default:
            return reason(error)
        }
    }

    /// Removes the stale socket file at `path`, or throws why the path cannot be used.
    private static func replaceStale(at path: String, status: stat) throws(CLIError) {
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw .runtime(
                "cannot listen on '\(path)': it exists and is \(kind(of: status)), not a socket; "
                    + "remove it or choose another path")
        }
        // A socket that takes a connection (or whose backlog is full) is live.
        let probe = Platform.makeStreamSocket()
        guard probe >= 0 else { throw .runtime("cannot listen on '\(path)': \(reason(errno))") }
        let address = try Self.address(for: path)
        let result = Platform.connect(probe, to: address)
        let failure = errno
        Platform.close(probe)
        switch result == 0 ? 0 : failure {
        case 0, EAGAIN:
            throw .runtime(
                "cannot listen on '\(path)': another program is listening on it (a running foldcycle?); "
                    + "stop it or choose another path")
        case ECONNREFUSED:
            break  // Nobody listens: stale.
        case EACCES, EPERM:
            throw .runtime(
                "cannot listen on '\(path)': a socket there belongs to someone else (permission denied to connect "
                    + "to it); choose another path")
        default:
            throw .runtime("cannot listen on '\(path)': the socket there cannot be checked: \(reason(failure))")
        }
        // Still the same file? Then it is safe to remove.
        guard let now = fileStatus(path), now.st_dev == status.st_dev, now.st_ino == status.st_ino else {
            throw .runtime("cannot listen on '\(path)': the file there changed while it was being checked")
        }
        guard unlink(path) == 0 else {
            throw .runtime("cannot replace the stale socket '\(path)': \(reason(errno))")
        }
    }

    /// `lstat` of `path` (a symbolic link is reported as one, never followed), or nil when there
    /// is nothing there.
    private static func fileStatus(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    /// `a regular file`, `a directory`, `a symbolic link`, …
    private static func kind(of status: stat) -> String {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a named pipe"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "a socket"
        }
    }

    /// The system's message for `error`, in lower case: `permission denied`.
    static func reason(_ error: Int32) -> String {
        String(cString: strerror(error)).lowercased()
    }

    /// The socket address of `path`.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` for an empty path or one longer than ``maximumPathBytes``.
    private static func address(for path: String) throws(CLIError) -> sockaddr_un {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty else { throw .runtime("a socket path cannot be empty") }
        guard bytes.count <= maximumPathBytes, !bytes.contains(0) else {
            throw .runtime(
                "cannot use '\(path)' as a socket: its path is \(bytes.count) bytes and a Unix socket's is at most "
                    + "\(maximumPathBytes) (choose a shorter one, e.g. under /tmp)")
        }
        return Platform.unixAddress(bytes)
    }
}
