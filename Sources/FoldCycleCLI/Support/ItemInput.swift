import Foundation

/// Reads the items of `--file PATH` and the positional arguments.
enum ItemInput {
    /// Splits text into items: items are separated by one or more blank (or white-space-only)
    /// lines; an item keeps its inner line breaks; CRLF counts as a line break; a leading
    /// byte-order mark (U+FEFF) is dropped.
    static func items(fromFileText text: String) -> [String] {
        var items: [String] = []
        var current: [Substring] = []
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        let body = normalized.hasPrefix("\u{FEFF}") ? normalized.dropFirst() : Substring(normalized)
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
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

    /// Reads `path` (or standard input for `-`) as strict UTF-8 and splits it into items. Works
    /// for regular files and for pipes, FIFOs and `/dev/stdin` (read to the end).
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` naming the file when it cannot be read, is not
    ///   valid UTF-8, or holds no items.
    static func items(fromFile path: String) throws(CLIError) -> [String] {
        let name = path == "-" ? "standard input" : "file '\(path)'"
        var isDirectory: ObjCBool = false
        if path != "-" {
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .unreadableInput("cannot read file '\(path)': no such file")
            }
            if isDirectory.boolValue {
                throw .unreadableInput("cannot read file '\(path)': it is a directory")
            }
        }
        let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
        guard let handle else {
            throw .unreadableInput("cannot read \(name): permission denied")
        }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw .unreadableInput("cannot read \(name): \(error.localizedDescription)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .unreadableInput("\(name) is not valid UTF-8 text")
        }
        let items = items(fromFileText: text)
        guard !items.isEmpty else {
            throw .unreadableInput("\(name) has no items (items are separated by blank lines)")
        }
        return items
    }
}
