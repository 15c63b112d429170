import Foundation

/// Reads the items of `--file PATH` and the positional arguments.
enum ItemInput {
    /// Splits text into items: items are separated by one or more blank (or white-space-only)
    /// lines; an item keeps its inner line breaks; CRLF counts as a line break.
    static func items(fromFileText text: String) -> [String] {
        var items: [String] = []
        var current: [Substring] = []
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                if !current.isEmpty { items.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { items.append(current.joined(separator: "\n")) }
        return items
    }

    /// Reads `path` as strict UTF-8 and splits it into items.
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` naming the file when it cannot be read, is not
    ///   valid UTF-8, or holds no items.
    static func items(fromFile path: String) throws(CLIError) -> [String] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason: String
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                reason = "no such file"
            } else if isDirectory.boolValue {
                reason = "it is a directory"
            } else {
                reason = "permission denied or unreadable"
            }
            throw .unreadableInput("cannot read file '\(path)': \(reason)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .unreadableInput("file '\(path)' is not valid UTF-8 text")
        }
        let items = items(fromFileText: text)
        guard !items.isEmpty else {
            throw .unreadableInput("file '\(path)' has no items (items are separated by blank lines)")
        }
        return items
    }
}
