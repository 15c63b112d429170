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
    /// ``items(fromLineText:)``); reads a pipe to its end.
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` naming the input when it cannot be read, is not
    ///   valid UTF-8, or holds no items.
    static func lines(fromFile path: String) throws(CLIError) -> [String] {
        let name = path == "-" ? "standard input" : "file '\(path)'"
        let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
        guard let handle else { throw .unreadableInput("cannot read \(name)") }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw .unreadableInput("cannot read \(name): \(error.localizedDescription)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .unreadableInput("\(name) is not valid UTF-8 text")
        }
        let items = items(fromLineText: text)
        guard !items.isEmpty else { throw .unreadableInput("\(name) has no items (one item per line)") }
        return items
    }
}
