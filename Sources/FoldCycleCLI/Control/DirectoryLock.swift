internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An exclusive `flock(2)` on the directory that holds a path, held while `--listen` checks,
/// replaces and binds its socket there, so that runs started at once on one path take turns
/// (docs/DESIGN.md#control-socket). A lock on the directory leaves no file behind. A directory
/// that cannot be opened is not locked: binding there then fails with the system's reason.
struct DirectoryLock {
    /// The directory's descriptor, or -1 when it could not be opened.
    private let descriptor: Int32

    /// How long a run waits for another run's turn, in seconds: a turn takes milliseconds, so a
    /// lock held longer belongs to a run that is stopped.
    static let waitSeconds = 5.0

    /// Takes the lock of the directory of `path` (`.` for a bare name).
    ///
    /// - Throws: ``CLIError/runtime(_:)`` when another run holds it for ``waitSeconds``.
    init(containing path: String) throws(CLIError) {
        let directory = Self.directory(of: path)
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let step = 0.01
        for _ in 0..<Int(Self.waitSeconds / step) {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
            guard errno == EWOULDBLOCK || errno == EINTR else { return }
            Platform.sleep(seconds: step)
        }
        Platform.close(descriptor)
        throw .runtime(
            "cannot listen on '\(path)': another foldcycle has been taking a socket in '\(directory)' for "
                + "\(Int(Self.waitSeconds)) s (is it stopped?); try again or choose another directory")
    }

    /// Gives the lock back.
    func release() {
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        Platform.close(descriptor)
    }

    /// The directory part of `path`: before its last `/` (`/` for a path directly under the
    /// root), or `.` when it has none.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }
}
