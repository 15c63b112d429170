internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A recording's file: created so that it never destroys another file, and written without ever
/// blocking the player (docs/DESIGN.md#pictures).
///
/// - Opening never follows a symbolic link (`O_NOFOLLOW`), refuses an existing path unless told
///   to replace it (`O_EXCL`), and, when replacing, refuses a file that is one of the protected
///   files (the same device and inode: the items file, however it is named).
/// - Writes are non-blocking: what the file does not take at once (a pipe whose reader is slow
///   or stopped) waits in a backlog of at most ``Limits/recordingBacklogBytes``, written first
///   on the next append; past the bound the recording stops (``RecordingError/stalled(path:bytes:)``).
///
/// Not thread-safe: owned by one recorder, used with its lock held.
struct RecordingFile {
    /// The file's path (for messages).
    let path: String
    /// The open descriptor (non-blocking, close-on-exec).
    let descriptor: Int32
    /// The opened file's device and inode when it is a regular file, else nil (a pipe, a
    /// device): what ``replaceWhole(with:)`` checks the path still names.
    private var identity: (device: UInt64, inode: UInt64)?
    /// Bytes not yet taken by the file: `backlog[backlogStart...]`.
    private var backlog: [UInt8] = []
    private var backlogStart = 0

    /// How many bytes wait for the file.
    var waitingBytes: Int { backlog.count - backlogStart }

    /// Opens `path` for a new recording, mode 0644.
    ///
    /// - Parameters:
    ///   - overwrite: whether an existing regular file (or pipe, device) may be replaced;
    ///     a regular file is then truncated.
    ///   - protecting: files the recording must never be, compared by device and inode (a path
    ///     that cannot be read is skipped).
    /// - Throws: ``RecordingError/exists(path:)``, ``RecordingError/symbolicLink(path:)``,
    ///   ``RecordingError/protectedFile(path:)``, or ``RecordingError/cannotCreate(path:errno:)``.
    static func open(path: String, overwrite: Bool, protecting: [String]) throws(RecordingError) -> RecordingFile {
        var flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        if !overwrite { flags |= O_EXCL }
        let descriptor = Self.openDescriptor(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            var link = stat()
            if code == ELOOP || (code == EEXIST && lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK) {
                throw .symbolicLink(path: path)
            }
            if code == EEXIST { throw .exists(path: path) }
            throw .cannotCreate(path: path, errno: code)
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw .cannotCreate(path: path, errno: code)
        }
        for protected in protecting {
            var other = stat()
            if stat(protected, &other) == 0, other.st_dev == opened.st_dev, other.st_ino == opened.st_ino {
                _ = close(descriptor)
                throw .protectedFile(path: path)
            }
        }
        if opened.st_mode & S_IFMT == S_IFREG, ftruncate(descriptor, 0) != 0 {
            let code = errno
            _ = close(descriptor)
            throw .cannotCreate(path: path, errno: code)
        }
        var file = RecordingFile(path: path, descriptor: descriptor)
        if opened.st_mode & S_IFMT == S_IFREG {
            file.identity = (UInt64(truncatingIfNeeded: opened.st_dev), UInt64(truncatingIfNeeded: opened.st_ino))
        }
        return file
    }

    /// Writes `bytes` as the whole file, so that the path holds either what it held (the empty
    /// file made at ``open(path:overwrite:protecting:)``) or all of `bytes`, never a part: for a
    /// regular file, staged beside it (`PATH.PID.tmp`, created anew, never replacing anything)
    /// and renamed onto the path while the path is still this file; otherwise (a pipe, a device,
    /// a staging file that cannot be made) appended and drained as ``append(_:)`` and
    /// ``drain(within:)`` do. When the bytes could not all be written (a full disk), a regular
    /// file gets back its empty state (truncated: never a part of the picture) and, while the
    /// path still names it, is removed, so that it does not stand in the way of the next
    /// recording.
    ///
    /// - Throws: as ``append(_:)`` and ``drain(within:)``.
    mutating func replaceWhole(with bytes: [UInt8]) throws(RecordingError) {
        if identity != nil, stageAndRename(bytes) { return }
        do throws(RecordingError) {
            try append(bytes)
            try drain(within: Limits.recordingDrainSeconds)
        } catch {
            if identity != nil {
                _ = ftruncate(descriptor, 0)
                if isStillThisFile(empty: true) { _ = unlink(path) }
            }
            throw error
        }
    }

    /// Whether the path names this regular file still (and, with `empty`, holds nothing).
    private func isStillThisFile(empty: Bool = false) -> Bool {
        guard let identity else { return false }
        var named = stat()
        guard lstat(path, &named) == 0 else { return false }
        return UInt64(truncatingIfNeeded: named.st_dev) == identity.device
            && UInt64(truncatingIfNeeded: named.st_ino) == identity.inode
            && (!empty || named.st_size == 0)
    }

    /// ``replaceWhole(with:)`` through a staging file: whether `bytes` are at the path now.
    private func stageAndRename(_ bytes: [UInt8]) -> Bool {
        let staging = "\(path).\(getpid()).tmp"
        let descriptor = Platform.open(staging, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o644)
        guard descriptor >= 0 else { return false }
        var written = 0
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while written < raw.count {
                let count = Platform.write(descriptor, base + written, raw.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                written += count
            }
        }
        let closed = Platform.close(descriptor) == 0
        guard written == bytes.count, closed, isStillThisFile(), rename(staging, path) == 0 else {
            _ = unlink(staging)
            return false
        }
        return true
    }

    private static func openDescriptor(_ path: String, _ flags: Int32) -> Int32 {
        Platform.open(path, flags, mode: 0o644)
    }

    /// Writes the backlog, then `bytes`, as far as the file takes them without blocking; the rest
    /// waits in the backlog.
    ///
    /// - Throws: ``RecordingError/writeFailed(path:errno:)`` when the file fails (`ENOSPC`);
    ///   ``RecordingError/stalled(path:bytes:)`` when more than ``Limits/recordingBacklogBytes``
    ///   would wait. Either way the recording is over.
    mutating func append(_ bytes: [UInt8]) throws(RecordingError) {
        if waitingBytes == 0 {
            let written = try writeNow(bytes[...])
            guard written < bytes.count else { return }
            backlog = Array(bytes[written...])
            backlogStart = 0
        } else {
            try flush()
            backlog.append(contentsOf: bytes)
        }
        if waitingBytes > Limits.recordingBacklogBytes { throw .stalled(path: path, bytes: waitingBytes) }
    }

    /// Writes as much of the backlog as the file takes now.
    ///
    /// - Throws: ``RecordingError/writeFailed(path:errno:)`` when the file fails.
    mutating func flush() throws(RecordingError) {
        guard waitingBytes > 0 else { return }
        backlogStart += try writeNow(backlog[backlogStart...])
        if backlogStart == backlog.count {
            backlog = []
            backlogStart = 0
        } else if backlogStart > backlog.count / 2 {
            backlog.removeFirst(backlogStart)
            backlogStart = 0
        }
    }

    /// At the end: waits up to `seconds` in all for the file to take the backlog.
    ///
    /// - Throws: as ``flush()``; ``RecordingError/stalled(path:bytes:)`` when bytes still wait.
    mutating func drain(within seconds: Double) throws(RecordingError) {
        var remainingMilliseconds = Int32(seconds * 1000)
        try flush()
        while waitingBytes > 0, remainingMilliseconds > 0 {
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let step = min(remainingMilliseconds, 50)
            _ = poll(&entry, 1, step)
            remainingMilliseconds -= step
            try flush()
        }
        if waitingBytes > 0 { throw .stalled(path: path, bytes: waitingBytes) }
    }

    /// Writes what the file takes of `bytes` now (retrying `EINTR`): the count written.
    private func writeNow(_ bytes: ArraySlice<UInt8>) throws(RecordingError) -> Int {
        var failure: Int32 = 0
        let count = bytes.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            var done = 0
            while done < raw.count {
                let written = Platform.write(descriptor, base + done, raw.count - done)
                if written >= 0 {
                    done += written
                    continue
                }
                let code = errno
                if code == EINTR { continue }
                if code != EAGAIN && code != EWOULDBLOCK { failure = code }
                break
            }
            return done
        }
        if failure != 0 { throw .writeFailed(path: path, errno: failure) }
        return count
    }
}
