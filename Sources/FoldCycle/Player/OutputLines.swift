#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Follows a command's output for the card: the latest line with text, as the card shows it. A
/// line ends at LF; within a line, a CR starts a segment that overwrites the one before (a
/// progress bar), so a line counts as its last segment with text. Escape sequences other than SGR
/// and OSC 8 (cursor moves, erases) and other controls are reduced away (``ANSIReader``); the
/// line's colours and attributes are kept.
///
/// Cost: each chunk is scanned once for its last line feeds; only the line shown is read as
/// styled text. The partial line kept is at most ``maximumLineBytes`` (its last bytes): a
/// 10 MB line without a line feed costs no more.
package struct OutputLines: Sendable {
    /// The most bytes kept of the line being written (its end: what the card would show).
    package static let maximumLineBytes = 16 * 1024
    /// The most complete lines of one chunk read, from its end, looking for one with text.
    package static let maximumLinesSearched = 16

    /// The line being written (after the last LF), at most ``maximumLineBytes``.
    private var partial: [UInt8] = []
    /// The latest complete line with text, read.
    private var lastComplete: StyledString?
    /// Whether ``latest`` changed since ``takeLatest()``.
    package private(set) var hasNewLine = false

    /// Follows nothing yet.
    package init() {}

    /// Takes `bytes` of output; returns whether the line the card would show may have changed.
    @discardableResult
    package mutating func append(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        guard let lastFeed = bytes.lastIndex(of: 0x0A) else {
            appendPartial(bytes[...])
            hasNewLine = true
            return true
        }
        // The complete lines of this chunk, from the last one back, until one has text; the
        // first of them continues the partial line held.
        var end = lastFeed
        for _ in 0..<Self.maximumLinesSearched {
            let start = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 }
            var line = Array(bytes[(start ?? 0)..<end])
            if start == nil { line = partial + line }
            if let read = Self.reduce(line) {
                lastComplete = read
                break
            }
            guard let start else { break }
            end = start - 1
        }
        partial.removeAll(keepingCapacity: true)
        appendPartial(bytes[(lastFeed + 1)...])
        hasNewLine = true
        return true
    }

    /// The line the card shows now (the partial line when it has text, else the last complete
    /// line with text; nil before any), and ``hasNewLine`` cleared.
    package mutating func takeLatest() -> StyledString? {
        hasNewLine = false
        return Self.reduce(partial) ?? lastComplete
    }

    private mutating func appendPartial(_ bytes: ArraySlice<UInt8>) {
        partial += bytes
        if partial.count > Self.maximumLineBytes {
            partial.removeFirst(partial.count - Self.maximumLineBytes)
        }
    }

    /// One line's bytes (no LF) as the card shows it: its last CR-separated segment with text,
    /// read as styled text, trailing white space dropped; nil when no segment has text.
    package static func reduce(_ line: [UInt8]) -> StyledString? {
        for segment in line.split(separator: 0x0D, omittingEmptySubsequences: true).reversed() {
            let read = ANSIReader.read(String(decoding: segment, as: UTF8.self))
            let trimmed = read.trimmingTrailingWhitespace()
            if !trimmed.plainText.isEmpty { return trimmed }
        }
        return nil
    }
}

extension StyledString {
    /// The runs without the white space (spaces, tabs) at the end of the text.
    fileprivate func trimmingTrailingWhitespace() -> StyledString {
        var runs = runs
        while let last = runs.last {
            let kept = String(last.text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if kept.isEmpty {
                runs.removeLast()
                continue
            }
            runs[runs.count - 1].text = kept
            break
        }
        return StyledString(runs: runs)
    }
}
