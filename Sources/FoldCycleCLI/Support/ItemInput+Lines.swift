import Foundation

extension ItemInput {
    /// Splits text into one item per line, as `ls` or `find` print them: `\n` and `\r\n` end a
    /// line; blank (white-space-only) lines are skipped; a leading byte-order mark is dropped.
    static func items(fromLineText text: String) -> [String] {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        let body = normalized.hasPrefix("\u{FEFF}") ? normalized.dropFirst() : Substring(normalized)
        return body.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
            .map(String.init)
    }

    /// Reads `path` (or standard input for `-`) as strict UTF-8, one item per line (see
    /// ``items(fromLineText:)``); reads a pipe to its end, up to ``Limits/inputFileBytes``.
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` naming the input and the cause when it cannot
    ///   be read (``InputFile/bytes(of:)``), is too large, is not valid UTF-8, or holds no items.
    static func lines(fromFile path: String) throws(CLIError) -> [String] {
        let items = items(fromLineText: try InputFile.text(of: path))
        guard !items.isEmpty else {
            throw .unreadableInput("\(InputFile.name(of: path)) has no items (one item per line)")
        }
        return items
    }
}
