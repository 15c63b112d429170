// The platform layer's POSIX functions (descriptors, signals, job control, threads) whose
// spelling differs between Glibc and Darwin, or whose C name a method of the caller hides. The C
// library itself comes from this module's `Platform.swift`.

// MARK: - Descriptors

extension Platform {
    /// `write(2)`, for code where a `write` method of the enclosing type hides the C function.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #elseif canImport(Darwin)
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// `close(2)`, for code where a `close` method of the enclosing type hides the C function.
    @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #elseif canImport(Darwin)
            Darwin.close(descriptor)
        #endif
    }

    /// `open(2)` of `path` with `flags` (no creation mode), for code where an `open` method hides
    /// the C function.
    package static func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags)
        #elseif canImport(Darwin)
            Darwin.open(path, flags)
        #endif
    }

    /// `open(2)` of `path` with `flags` and the creation `mode` (with `O_CREAT`), for code where
    /// an `open` method hides the C function.
    package static func open(_ path: UnsafePointer<CChar>, _ flags: Int32, mode: mode_t) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags, mode)
        #elseif canImport(Darwin)
            Darwin.open(path, flags, mode)
        #endif
    }

    /// The path of the terminal device open on `descriptor` (`ttyname_r(3)`), or nil when it is
    /// not a terminal. Not async-signal-safe: call it before a signal can need the path.
    package static func terminalPath(of descriptor: Int32) -> [CChar]? {
        guard isatty(descriptor) == 1 else { return nil }
        var path = [CChar](repeating: 0, count: 1024)
        guard ttyname_r(descriptor, &path, path.count) == 0 else { return nil }
        return path
    }

    /// The address of the symbol `name` in any image loaded in the process, or nil
    /// (`dlsym(RTLD_DEFAULT, name)`; `RTLD_DEFAULT` is a cast macro Swift does not import, 0 in
    /// Glibc and -2 in Darwin).
    package static func loadedSymbol(named name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Glibc)
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
        #elseif canImport(Darwin)
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)
        #endif
    }

    /// The `ioctl(2)` request that reads a terminal's window size into a `winsize`.
    package static var windowSizeRequest: UInt {
        #if canImport(Glibc)
            UInt(TIOCGWINSZ)
        #elseif canImport(Darwin)
            // `_IOR('t', 104, struct winsize)`: a macro Swift does not import.
            0x4008_7468
        #endif
    }
}

// MARK: - Signals

extension Platform {
    /// A plain signal handler (`sa_handler`).
    package typealias SignalHandler = @convention(c) (Int32) -> Void
    /// A handler that takes the signal's information (`sa_sigaction`, with `SA_SIGINFO`).
    package typealias SignalInformationHandler =
        @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    /// Sets `action`'s plain handler. The handler union is `__sigaction_handler` in Glibc and
    /// `__sigaction_u` (fields with two leading underscores) in Darwin.
    package static func setHandler(_ handler: SignalHandler, of action: inout sigaction) {
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #endif
    }

    /// Sets `action`'s information handler (the caller sets `SA_SIGINFO` in its flags).
    package static func setInformationHandler(_ handler: SignalInformationHandler, of action: inout sigaction) {
        #if canImport(Glibc)
            action.__sigaction_handler.sa_sigaction = handler
        #elseif canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = handler
        #endif
    }

    /// `action`'s plain handler, or nil. `SIG_DFL` (0) and `SIG_IGN` (1) read as nil.
    package static func handler(of action: sigaction) -> SignalHandler? {
        #if canImport(Glibc)
            let handler = action.__sigaction_handler.sa_handler
        #elseif canImport(Darwin)
            let handler = action.__sigaction_u.__sa_handler
        #endif
        guard let handler, unsafeBitCast(handler, to: Int.self) > 1 else { return nil }
        return handler
    }

    /// `action`'s information handler when its flags hold `SA_SIGINFO`, else nil.
    package static func informationHandler(of action: sigaction) -> SignalInformationHandler? {
        guard action.sa_flags & SA_SIGINFO != 0 else { return nil }
        #if canImport(Glibc)
            return action.__sigaction_handler.sa_sigaction
        #elseif canImport(Darwin)
            return action.__sigaction_u.__sa_sigaction
        #endif
    }
}

// MARK: - Job control

extension Platform {
    /// Whether this process is in a background process group of the terminal open on
    /// `descriptor`: `tcgetpgrp` answers, and with another group than ours. False when it fails
    /// (not our controlling terminal, or a terminal hung up: gone, not background).
    package static func isInBackground(ofTerminal descriptor: Int32) -> Bool {
        let group = tcgetpgrp(descriptor)
        return group >= 0 && group != getpgrp()
    }

    /// Lets the kernel stop the calling thread's process when it touches its terminal from the
    /// background: unblocks SIGTTIN and SIGTTOU on this thread. A thread started from one of
    /// Dispatch's (which block every signal) inherits their mask, and the kernel answers a
    /// background `read` of a thread that blocks SIGTTIN with EIO instead of stopping the job.
    package static func allowTerminalStops() {
        var stops = sigset_t()
        sigemptyset(&stops)
        sigaddset(&stops, SIGTTIN)
        sigaddset(&stops, SIGTTOU)
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
    }

    /// Stops the process for Ctrl-Z as a program that leaves SIGTSTP at its default disposition
    /// stops: SIGTSTP itself, so the shell reports `$?` 148 and "Stopped" (zsh: "suspended", not
    /// "suspended (signal)", which SIGSTOP gives). The caught disposition is swapped for the
    /// default and SIGTSTP unblocked on this thread for the moment of the `raise` (so the stop
    /// comes before it returns), then both are put back. Returns when the process is continued,
    /// or at once where the kernel discards the stop (an orphaned process group, which no shell
    /// would continue).
    package static func stopForTerminalStop() {
        var defaultAction = sigaction()
        sigemptyset(&defaultAction.sa_mask)
        #if canImport(Glibc)
            defaultAction.__sigaction_handler.sa_handler = nil
        #elseif canImport(Darwin)
            defaultAction.__sigaction_u.__sa_handler = nil
        #endif
        var caught = sigaction()
        guard sigaction(SIGTSTP, &defaultAction, &caught) == 0 else {
            raise(SIGSTOP)
            return
        }
        raiseUnblocked(SIGTSTP)
        _ = sigaction(SIGTSTP, &caught, nil)
    }

    /// Raises `number` on this thread with it unblocked for the moment of the `raise` (a stop
    /// comes before `raise` returns), then puts the thread's mask back.
    private static func raiseUnblocked(_ number: Int32) {
        var signal = sigset_t()
        sigemptyset(&signal)
        sigaddset(&signal, number)
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &signal, &previous)
        raise(number)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// Stops the process as the kernel does when a background job touches its terminal's modes:
    /// SIGTTOU, taken on this thread (unblocked for the moment of the `raise`, so the stop comes
    /// before it returns), which the shell reports as "Stopped (tty output)". Returns when the
    /// process is continued. Nothing when the program gave SIGTTOU another disposition than the
    /// default (ignored: the kernel would let the change through); returns whether it raised the
    /// stop (which the kernel discards in an orphaned process group).
    @discardableResult
    package static func stopForTerminalOutput() -> Bool {
        var current = sigaction()
        guard sigaction(SIGTTOU, nil, &current) == 0, current.sa_flags & SA_SIGINFO == 0 else { return false }
        #if canImport(Glibc)
            let isDefault = current.__sigaction_handler.sa_handler == nil
        #elseif canImport(Darwin)
            let isDefault = current.__sigaction_u.__sa_handler == nil
        #endif
        guard isDefault else { return false }
        raiseUnblocked(SIGTTOU)
        return true
    }
}

// MARK: - Threads

extension Platform {
    /// Starts a detached thread named `name` that runs `body` (`pthread_create`), in place of
    /// Foundation's `Thread`. Linux keeps the first 15 bytes of the name. The thread takes
    /// job control's stops (``allowTerminalStops()``): one that reads the terminal from the
    /// background is stopped by the kernel, as any program is, instead of reading EIO.
    package static func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
        final class Start {
            let name: String
            let body: @Sendable () -> Void
            init(name: String, body: @escaping @Sendable () -> Void) {
                self.name = name
                self.body = body
            }
        }
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Glibc)
            var thread = pthread_t()
            let routine: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
                let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                // Glibc declares `pthread_setname_np` only with _GNU_SOURCE, which Swift's Glibc
                // module does not define: the function is found in the C library instead.
                if let setName = Platform.loadedSymbol(named: "pthread_setname_np") {
                    typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
                    _ = unsafeBitCast(setName, to: SetName.self)(
                        pthread_self(), String(decoding: start.name.utf8.prefix(15), as: UTF8.self))
                }
                Platform.allowTerminalStops()
                start.body()
                return nil
            }
        #elseif canImport(Darwin)
            var thread: pthread_t?
            let routine: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = { context in
                let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
                _ = pthread_setname_np(start.name)
                Platform.allowTerminalStops()
                start.body()
                return nil
            }
        #endif
        let created = pthread_create(&thread, &attributes, routine, start)
        precondition(created == 0, "pthread_create failed: \(created)")
    }

    /// Discards what `descriptor` (a terminal) has received but nobody has read (`tcflush`,
    /// `TCIFLUSH`): keys typed before there was anything to act on.
    package static func discardInput(_ descriptor: Int32) {
        _ = tcflush(descriptor, TCIFLUSH)
    }

    /// Ends the process by signal `number` with its default action (unblocked, so it is taken at
    /// once), as a program that never caught it would end: a calling shell sees it die of the
    /// signal (a `for` loop stops at Ctrl-C) and reports 128 + `number`. Falls back to `_exit(128 +
    /// number)` if the signal does not end it.
    package static func end(bySignal number: Int32) -> Never {
        signal(number, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, number)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(number)
        _exit(128 + number)
    }

    /// Sleeps for `seconds` (`nanosleep`, resumed after a signal), in place of Foundation's
    /// `Thread.sleep(forTimeInterval:)`. Nothing for zero, a negative or a non-finite time.
    package static func sleep(seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
