internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why a recording could not be made or completed.
public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at `path` could not be created or truncated (`open` failed with `errno`).
    case cannotCreate(path: String, errno: Int32)
    /// Writing the file failed with `errno` (e.g. `ENOSPC`); the recording stopped there, the
    /// terminal went on.
    case writeFailed(path: String, errno: Int32)
    /// `path` exists and replacing it was not asked for.
    case exists(path: String)
    /// `path` is a symbolic link: a recording never follows one.
    case symbolicLink(path: String)
    /// `path` is one of the files the recording must never replace (the items file).
    case protectedFile(path: String)
    /// The file's reader (a pipe) stopped taking the recording: more than
    /// `Limits/recordingBacklogBytes` waited, or `bytes` were still waiting at the end after
    /// `Limits/recordingDrainSeconds`. The recording stopped there, the terminal went on.
    case stalled(path: String, bytes: Int)

    /// A one-line message naming the file and the system's reason.
    public var description: String {
        switch self {
        case .cannotCreate(let path, let code):
            return "cannot create recording '\(path)': \(String(cString: strerror(code)))"
        case .writeFailed(let path, let code):
            return "recording '\(path)' is incomplete: \(String(cString: strerror(code)))"
        case .exists(let path):
            return "recording '\(path)' already exists"
        case .symbolicLink(let path):
            return "recording '\(path)' is a symbolic link, which a recording never follows"
        case .protectedFile(let path):
            return "recording '\(path)' is the items file"
        case .stalled(let path, let bytes):
            return "recording '\(path)' is incomplete: its reader stopped taking it (\(bytes) bytes were left "
                + "waiting; at most \(Limits.recordingBacklogBytes >> 20) MiB wait)"
        }
    }
}
