import Foundation

/// Why a recording could not be made or completed.
public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at `path` could not be created or truncated (`open` failed with `errno`).
    case cannotCreate(path: String, errno: Int32)
    /// Writing the file failed with `errno` (e.g. `ENOSPC`); the recording stopped there, the
    /// terminal went on.
    case writeFailed(path: String, errno: Int32)

    /// A one-line message naming the file and the system's reason.
    public var description: String {
        switch self {
        case .cannotCreate(let path, let code):
            return "cannot create recording '\(path)': \(String(cString: strerror(code)))"
        case .writeFailed(let path, let code):
            return "recording '\(path)' is incomplete: \(String(cString: strerror(code)))"
        }
    }
}
