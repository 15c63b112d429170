internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a `foldcycle run` command ended, and what that makes of `foldcycle`'s exit status and
/// its summary line.
enum RunOutcome: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (its number).
    case signaled(Int32)
    /// It could not be started: no such program (127, as a shell gives).
    case notFound
    /// It could not be started: found, but not executable (126, as a shell gives).
    case notExecutable

    /// The outcome of a child's end.
    init(_ end: Platform.ChildEnd) {
        switch end {
        case .exited(let status): self = .exited(status)
        case .signaled(let number): self = .signaled(number)
        }
    }

    /// The outcome of a spawn that failed with `errno`: not found for ENOENT (and ENOTDIR), not
    /// executable otherwise (EACCES, ENOEXEC, …).
    init(spawnErrno errno: Int32) {
        self = errno == ENOENT || errno == ENOTDIR ? .notFound : .notExecutable
    }

    /// `foldcycle run`'s exit status: the command's; 128 + N for a death by signal N; 127 or
    /// 126 when it could not be started.
    var exitStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signaled(let number): 128 + number
        case .notFound: 127
        case .notExecutable: 126
        }
    }

    var succeeded: Bool { self == .exited(0) }

    /// What the summary says of a failure: `exit 2`, `SIGINT`, `signal 40`.
    var failureText: String {
        switch self {
        case .exited(let status): "exit \(status)"
        case .signaled(let number): Self.signalNames[number] ?? "signal \(number)"
        case .notFound: "not found"
        case .notExecutable: "not executable"
        }
    }

    /// The one-line summary written where the card was: `✓ TITLE · 42.3 s` on success,
    /// `✗ TITLE · exit 2 · 3.1 s` on failure.
    func summary(title: String, elapsed: TimeInterval) -> String {
        let time = Self.elapsedText(elapsed)
        return succeeded ? "✓ \(title) · \(time)" : "✗ \(title) · \(failureText) · \(time)"
    }

    /// Elapsed seconds as the footer writes them while the command runs (it is redrawn every
    /// second): whole seconds under a minute (`0 s`, `42 s`), then as ``elapsedText(_:)``.
    static func runningText(_ seconds: TimeInterval) -> String {
        let whole = seconds.isFinite ? Int(max(seconds, 0).rounded(.down)) : 0
        return whole < 60 ? "\(whole) s" : elapsedText(Double(whole))
    }

    /// Elapsed seconds as the summary writes them: `0.4 s`, `42.3 s` (tenths),
    /// `2 min 05 s`, `1 h 02 min`.
    static func elapsedText(_ seconds: TimeInterval) -> String {
        let tenths = seconds.isFinite ? Int((max(seconds, 0) * 10).rounded()) : 0
        if tenths < 600 { return "\(tenths / 10).\(tenths % 10) s" }
        let whole = tenths / 10
        if whole < 3600 { return "\(whole / 60) min \(twoDigits(whole % 60)) s" }
        return "\(whole / 3600) h \(twoDigits(whole / 60 % 60)) min"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// The signals a summary names.
    private static let signalNames: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
        SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM", SIGBUS: "SIGBUS",
    ]
}
