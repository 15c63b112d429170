#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The first line of an asciicast v2 recording: the terminal's size, when the recording began,
/// the environment that matters for replaying it, and a title.
///
/// Source: the asciicast v2 format (asciinema): `{"version": 2, "width": W, "height": H,
/// "timestamp": T, "env": {"TERM": …}, "title": …}`; `timestamp`, `env` and `title` are optional.
package struct AsciicastHeader: Hashable, Sendable {
    /// The terminal's size when the recording began, in cells.
    package var size: TerminalSize
    /// When the recording began, in seconds since the Unix epoch; nil leaves it out (a
    /// deterministic recording, identical on every machine).
    package var timestamp: Int?
    /// Environment variables a player may use (asciinema records `TERM` and `SHELL`), written
    /// sorted by name.
    package var environment: [String: String]
    /// A title, written as ``TextLayout/oneLine(_:)``; nil leaves it out.
    package var title: String?

    /// Creates a header.
    ///
    /// - Parameters:
    ///   - size: the terminal's size in cells (0 × 0 is written as 1 × 1: players need a screen).
    ///   - timestamp: seconds since the Unix epoch, or nil.
    ///   - environment: variables to record, e.g. `["TERM": "xterm-256color"]`.
    ///   - title: a title, or nil.
    package init(size: TerminalSize, timestamp: Int? = nil, environment: [String: String] = [:], title: String? = nil) {
        self.size = TerminalSize(columns: max(size.columns, 1), rows: max(size.rows, 1))
        self.timestamp = timestamp
        self.environment = environment
        self.title = title
    }

    /// The header as one JSON line (``JSONValue/Style/asciicast``), ending with a newline; keys
    /// in the order above.
    package var line: [UInt8] {
        var members: [(String, JSONValue)] = [
            ("version", .int(2)), ("width", .int(size.columns)), ("height", .int(size.rows)),
        ]
        if let timestamp { members.append(("timestamp", .int(timestamp))) }
        if !environment.isEmpty {
            members.append(("env", .object(environment.keys.sorted().map { ($0, .string(environment[$0] ?? "")) })))
        }
        // The command line quotes item text: sanitized as everywhere it is shown.
        if let title { members.append(("title", .string(TextLayout.oneLine(title)))) }
        return JSONValue.object(members).line(.asciicast)
    }
}
