import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads an input file (`--file PATH`, or standard input for `-`) with `open(2)` and `read(2)`,
/// at most ``Limits/inputFileBytes``, and names the real cause of a failure (`strerror`), never
/// a generic one: "no such file or directory", "is a directory", "permission denied", "bad file
/// descriptor" (a closed standard input), "no such device or address" (a socket), "too many
/// levels of symbolic links", …
enum InputFile {
    /// How the input is named in messages: `file 'PATH'`, or `standard input` for `-`.
    static func name(of path: String) -> String {
        path == "-" ? "standard input" : "file '\(path)'"
    }

    /// The bytes of `path` (standard input for `-`), read to the end (a pipe, a FIFO,
    /// `/dev/stdin` too).
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)``: `cannot read file 'x': no such file or
    ///   directory` (the cause from `errno`), or `file 'x' is larger than 64 MiB (the most an
    ///   input file may have)` for a longer (or endless, `/dev/zero`) input.
    static func bytes(of path: String) throws(CLIError) -> [UInt8] {
        let name = name(of: path)
        let descriptor: Int32
        if path == "-" {
            // Closed at start, it now holds /dev/null: still an error, not an empty input.
            if FoldCycleCLI.closedAtStart.withLock({ $0.contains(0) }) { throw failure(name, errno: EBADF) }
            descriptor = 0
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(name, errno: errno) }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        let limit = Limits.inputFileBytes
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { throw failure(name, errno: EISDIR) }
            if (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > limit { throw tooLarge(name) }
        }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(name, errno: errno)
            }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw tooLarge(name) }
            data += chunk[0..<count]
        }
    }

    /// Tells a person at a terminal that `what` is read from it (`--file -` with standard input
    /// the terminal): a line on standard error, when both are terminals, so that the wait for
    /// input is not taken for a hang. Nothing when either is redirected.
    static func announceTerminalInput(_ what: String) {
        guard isatty(0) == 1, isatty(2) == 1 else { return }
        StandardError.write("foldcycle: reading \(what) from the terminal; end them with Ctrl-D on a line of its own\n")
    }

    /// The text of `path`: ``bytes(of:)`` as strict UTF-8.
    ///
    /// - Throws: as ``bytes(of:)``, and ``CLIError/unreadableInput(_:)`` `file 'x' is not valid
    ///   UTF-8 text`.
    static func text(of path: String) throws(CLIError) -> String {
        let data = try bytes(of: path)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .unreadableInput("\(name(of: path)) is not valid UTF-8 text")
        }
        return text
    }

    /// `cannot read NAME: CAUSE`, the cause as `strerror` words it with a lower-case first letter.
    static func failure(_ name: String, errno code: Int32) -> CLIError {
        let cause = String(cString: strerror(code))
        return .unreadableInput("cannot read \(name): \(cause.prefix(1).lowercased() + cause.dropFirst())")
    }

    private static func tooLarge(_ name: String) -> CLIError {
        .unreadableInput("\(name) is larger than \(Limits.inputFileBytes >> 20) MiB (the most an input file may have)")
    }
}
