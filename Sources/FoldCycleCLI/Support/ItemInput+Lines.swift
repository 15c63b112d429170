import Foundation

extension ItemInput {
    /// Splits text into one item per line, as `ls` or `find` print them: `\n` and `\r\n` end a
    /// line; blank (white-space-only) lines are skipped; a leading byte-order mark is dropped.
    static func items(fromLineText text: String) -> [String] {
        lines(of: text).filter { !isBlank($0) }
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
