// Child processes for `foldcycle run`: a pseudo-terminal, `posix_spawn` (never `fork`: a
// multithreaded Swift process may hold a lock another thread took, and the child would start with
// it held), the child's end as a wait status decodes it, and a terminal's window size set.

// MARK: - Pseudo-terminals

extension Platform {
    /// A pseudo-terminal pair: the primary side this process reads and writes, and the path of the
    /// secondary side a child opens as its terminal.
    package struct PseudoTerminal: Sendable {
        /// The primary (master) side, close-on-exec.
        package let primary: Int32
        /// The secondary (slave) side's device path (`/dev/pts/N`).
        package let secondaryPath: String
    }

    /// Opens a pseudo-terminal (`posix_openpt`, `grantpt`, `unlockpt`, `ptsname`); the errno of
    /// the step that failed otherwise. `ptsname` answers in a static buffer: the calls are
    /// serialized by a lock.
    package static func openPseudoTerminal() -> Result<PseudoTerminal, PlatformError> {
        let calls = PseudoTerminalCalls.shared
        let primary = calls.open(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard primary >= 0 else { return .failure(PlatformError(errno: errno)) }
        guard calls.grant(primary) == 0, calls.unlock(primary) == 0 else {
            let failure = errno
            close(primary)
            return .failure(PlatformError(errno: failure))
        }
        let path: String? = ptsnameLock.withLock {
            guard let name = calls.name(primary) else { return nil }
            return String(cString: name)
        }
        guard let path else {
            let failure = errno
            close(primary)
            return .failure(PlatformError(errno: failure))
        }
        return .success(PseudoTerminal(primary: primary, secondaryPath: path))
    }

    /// The C library's pseudo-terminal functions. Glibc declares them only with _XOPEN_SOURCE,
    /// which Swift's Glibc module does not define: they are found in the C library instead (as
    /// `pthread_setname_np` is). Darwin declares them.
    private struct PseudoTerminalCalls: Sendable {
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Step = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let open: Open
        let grant: Step
        let unlock: Step
        let name: Name

        static let shared: PseudoTerminalCalls = {
            #if canImport(Glibc)
                func find<Function>(_ name: String, as type: Function.Type) -> Function {
                    guard let symbol = Platform.loadedSymbol(named: name) else {
                        preconditionFailure("the C library has no \(name)")
                    }
                    return unsafeBitCast(symbol, to: type)
                }
                return PseudoTerminalCalls(
                    open: find("posix_openpt", as: Open.self), grant: find("grantpt", as: Step.self),
                    unlock: find("unlockpt", as: Step.self), name: find("ptsname", as: Name.self))
            #elseif canImport(Darwin)
                return PseudoTerminalCalls(
                    open: { posix_openpt($0) }, grant: { grantpt($0) }, unlock: { unlockpt($0) },
                    name: { ptsname($0) })
            #endif
        }()
    }

    private static let ptsnameLock = Lock()

    /// Sets the window size of the terminal on `descriptor` (`TIOCSWINSZ`); the kernel sends
    /// SIGWINCH to its foreground process group. Returns whether it was set.
    @discardableResult
    package static func setWindowSize(_ descriptor: Int32, columns: Int, rows: Int) -> Bool {
        var window = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        #if canImport(Glibc)
            let request = UInt(TIOCSWINSZ)
        #elseif canImport(Darwin)
            // `_IOW('t', 103, struct winsize)`: a macro Swift does not import.
            let request: UInt = 0x8008_7467
        #endif
        return ioctl(descriptor, request, &window) == 0
    }
}

/// An `errno` from a platform call, with its `strerror` text.
package struct PlatformError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error number.
    package let errno: Int32

    package init(errno: Int32) { self.errno = errno }

    package var description: String { String(cString: strerror(errno)) }
}

// MARK: - Spawning

extension Platform {
    /// What a child's descriptor is set to before its program starts (a `posix_spawn` file
    /// action).
    package enum SpawnAction: Sendable {
        /// Opens `path` read-write as `descriptor` (a terminal opened so by a session leader
        /// becomes its controlling terminal).
        case open(String, as: Int32)
        /// Duplicates `source` onto `descriptor` (`dup2`).
        case duplicate(Int32, as: Int32)
        /// Closes `descriptor`.
        case close(Int32)
    }

    /// How the child is placed for job control.
    package enum SpawnGrouping: Sendable {
        /// A new session (`setsid`): with a terminal opened in ``SpawnAction/open(_:as:)``, the
        /// child's own controlling terminal, its process group the foreground one.
        case newSession
        /// This process's group: the terminal's signals (Ctrl-C) reach it as they reach us.
        case sameProcessGroup
    }

    /// Starts `arguments[0]` (looked up in `PATH` when it has no `/`) with `arguments`, this
    /// process's environment and the descriptor `actions`, placed as `grouping` says, every
    /// signal at its default disposition and none blocked (Dispatch's threads block them all, and
    /// SIGPIPE is ignored here: both would be inherited). Returns the child's process id, or the
    /// errno `posix_spawnp` gives: ENOENT for a program not found, EACCES for one that may not be
    /// executed.
    package static func spawn(
        _ arguments: [String], actions: [SpawnAction], grouping: SpawnGrouping
    ) -> Result<pid_t, PlatformError> {
        precondition(!arguments.isEmpty, "spawn needs a program")
        #if canImport(Glibc)
            var fileActions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #elseif canImport(Darwin)
            var fileActions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&fileActions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&fileActions)
            posix_spawnattr_destroy(&attributes)
        }
        for action in actions {
            switch action {
            case .open(let path, let descriptor):
                posix_spawn_file_actions_addopen(&fileActions, descriptor, path, O_RDWR, 0)
            case .duplicate(let source, let descriptor):
                posix_spawn_file_actions_adddup2(&fileActions, source, descriptor)
            case .close(let descriptor):
                posix_spawn_file_actions_addclose(&fileActions, descriptor)
            }
        }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in defaultedSignals { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
        switch grouping {
        case .newSession: flags |= spawnNewSessionFlag
        case .sameProcessGroup: break
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var child = pid_t()
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        #if canImport(Glibc)
            let environment = environ
        #elseif canImport(Darwin)
            // `environ` is not in Darwin's module: the same pointer through its accessor.
            let environment = _NSGetEnviron().pointee
        #endif
        let result = posix_spawnp(&child, arguments[0], &fileActions, &attributes, cArguments, environment)
        guard result == 0 else { return .failure(PlatformError(errno: result)) }
        return .success(child)
    }

    /// The signals a child starts with at their default disposition.
    private static let defaultedSignals: [Int32] = [
        SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGCHLD, SIGCONT,
    ]

    /// `POSIX_SPAWN_SETSID`: Glibc declares it only with _GNU_SOURCE, which Swift's Glibc module
    /// does not define (the value is glibc's `spawn.h`'s); Darwin declares it.
    private static var spawnNewSessionFlag: Int32 {
        #if canImport(Glibc)
            0x80
        #elseif canImport(Darwin)
            Int32(POSIX_SPAWN_SETSID)
        #endif
    }
}

// MARK: - A child's end

extension Platform {
    /// How a child process ended.
    package enum ChildEnd: Equatable, Sendable {
        /// It exited with this status (0–255).
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
    }

    /// Waits for `child` to end (`waitpid`, retried after EINTR; stops are not reported); nil
    /// when it cannot be waited for (ECHILD).
    package static func waitForEnd(of child: pid_t) -> ChildEnd? {
        var status: Int32 = 0
        while true {
            let waited = waitpid(child, &status, 0)
            if waited == child { break }
            if waited < 0, errno == EINTR { continue }
            return nil
        }
        return childEnd(fromWaitStatus: status)
    }

    /// Decodes a wait status (`WIFEXITED`, `WEXITSTATUS`, `WTERMSIG`: macros Swift does not
    /// import; the same encoding in Glibc and Darwin).
    package static func childEnd(fromWaitStatus status: Int32) -> ChildEnd {
        let low = status & 0x7F
        return low == 0 ? .exited((status >> 8) & 0xFF) : .signaled(low)
    }
}
