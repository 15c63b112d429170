/// The commit the binary was built from, when a script stamped it into the binary.
///
/// One build serves the tests, `swift run` and the installed tool, so no file is rewritten and no
/// define is passed to record the commit. Instead the binary carries ``stamp``, a string literal of
/// a fixed length that starts with ``marker``; `scripts/stage` copies the built binary and
/// overwrites the bytes after the marker in the copy with `git describe --always --dirty`, padded
/// with spaces to the same length (docs/decisions/0131-one-build.md). A literal of more than 15
/// UTF-8 bytes is stored once in the binary's read-only data, so its bytes are found and changed
/// without changing its length; a binary nobody stamped keeps the padding and says nil.
enum BuildCommit {
    /// The bytes `scripts/stage` looks for: the stamp's first 21 bytes.
    static let marker = "@(#)foldcycle-commit:"
    /// The stamp: ``marker`` followed by 64 bytes of padding where the commit goes. Its length
    /// must not change (`scripts/stage` writes at most 64 bytes after the marker).
    static let stamp = "@(#)foldcycle-commit:                                                                "

    /// `git describe --always --dirty` of the tree built, or nil when nothing stamped the binary.
    static var identifier: String? { identifier(in: stamp) }

    /// The commit in a stamp: what follows ``marker``, without the padding; nil when empty.
    static func identifier(in stamp: String) -> String? {
        guard stamp.hasPrefix(marker) else { return nil }
        let commit = stamp.dropFirst(marker.count).trimmingSuffix(while: { $0 == " " })
        return commit.isEmpty ? nil : String(commit)
    }
}

extension Substring {
    /// The substring without its trailing characters that match `predicate`.
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
