internal import FoldCyclePlatform

/// Reads a picture file without ever blocking: its type is read with `stat(2)` before anything
/// is opened (a directory or a FIFO is never opened), the file is opened `O_NONBLOCK` and
/// checked again with `fstat(2)` (a path swapped for a FIFO in between is not read), and at most
/// a stated number of bytes is read.
enum PictureFile {
    /// What a path is, as `stat(2)` (following symbolic links) says.
    enum FileType {
        case missing, regular, directory, fifo, other
    }

    /// The type of `path`; ``FileType/missing`` when `stat` fails.
    static func type(of path: String) -> FileType {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        return fileType(status.st_mode)
    }

    private static func fileType(_ mode: mode_t) -> FileType {
        switch mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .fifo
        default: return .other
        }
    }

    /// The first `count` bytes (fewer when the file is shorter) of the regular file `path`, or
    /// nil when it is not a regular file or cannot be read.
    static func head(_ path: String, count: Int) -> [UInt8]? {
        guard case .success(let bytes) = read(path, limit: count, truncating: true) else { return nil }
        return bytes
    }

    /// The bytes of the regular file `path`, at most `limit`, or the one-line reason they
    /// cannot be read ("is a directory", "is a named pipe (FIFO)", "permission denied",
    /// "larger than 256 MiB").
    ///
    /// - Parameter truncating: read only the first `limit` bytes of a longer file instead of
    ///   refusing it.
    static func read(_ path: String, limit: Int, truncating: Bool = false) -> Result<[UInt8], PictureFileError> {
        switch type(of: path) {
        case .missing: return .failure(PictureFileError(errno: errno))
        case .directory: return .failure(PictureFileError("is a directory"))
        case .fifo: return .failure(PictureFileError("is a named pipe (FIFO), not a file"))
        case .other: return .failure(PictureFileError("is not a regular file"))
        case .regular: break
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(PictureFileError(errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(PictureFileError(errno: errno)) }
        guard fileType(status.st_mode) == .regular else { return .failure(PictureFileError("is not a regular file")) }
        if !truncating, Int(status.st_size) > limit { return .failure(.tooLarge(limit)) }
        var data: [UInt8] = []
        data.reserveCapacity(min(Int(status.st_size), limit))
        var chunk = [UInt8](repeating: 0, count: min(1 << 16, max(limit, 1)))
        while true {
            let wanted = truncating ? min(chunk.count, limit - data.count) : chunk.count
            if wanted == 0 { break }
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(PictureFileError(errno: errno))
            }
            if count == 0 { break }
            if !truncating, data.count + count > limit { return .failure(.tooLarge(limit)) }
            data += chunk[0..<count]
        }
        return .success(data)
    }
}

/// Why a picture file was not read: one line, lower-case, without the path.
struct PictureFileError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// The cause `strerror` gives for `code`, with a lower-case first letter.
    init(errno code: Int32) {
        let cause = String(cString: strerror(code))
        description = cause.prefix(1).lowercased() + cause.dropFirst()
    }

    /// "larger than N MiB (the most a picture file may have)".
    static func tooLarge(_ limit: Int) -> PictureFileError {
        PictureFileError("larger than \(limit >> 20) MiB (the most a picture file may have)")
    }
}

/// `read(2)`, named apart from ``PictureFile/read(_:limit:truncating:)``.
@inline(__always)
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
