/// Where a Markdown text's fenced code blocks are (CommonMark §4.5): a line of three or more
/// backticks or tildes (up to three spaces before it; after backticks no backtick) opens a block
/// that the next line of at least as many of the same character (spaces after it only) closes.
/// A fence with no closing line before the end or before a flashcard separator line (``CardFaces``)
/// is text. Linear in the number of lines: a suffix maximum says at once whether a closer exists.
struct MarkdownFences {
    /// The line that closes the block opened at each opening line.
    private(set) var closing: [Int: Int] = [:]

    /// A fence line: its character, its length, and whether it could close (nothing after it).
    struct Fence {
        var character: Character
        var length: Int
        var canClose: Bool

        /// 0 for backticks, 1 for tildes.
        var kind: Int { character == "`" ? 0 : 1 }

        init?(_ line: [Character]) {
            var index = 0
            while index < line.count, index < 3, line[index] == " " { index += 1 }
            guard index < line.count, line[index] == "`" || line[index] == "~" else { return nil }
            character = line[index]
            let start = index
            while index < line.count, line[index] == character { index += 1 }
            length = index - start
            guard length >= 3 else { return nil }
            let info = line[index...]
            if character == "`", info.contains("`") { return nil }
            canClose = info.allSatisfy { $0 == " " }
        }
    }

    init(_ lines: [[Character]]) {
        let fences = lines.map(Fence.init)
        // longest[k][i]: the longest closing fence of kind k (0 backticks, 1 tildes) among lines
        // i… before the next separator line.
        var longest = Array(repeating: Array(repeating: 0, count: lines.count + 1), count: 2)
        for index in lines.indices.reversed() {
            let separates = CardFaces.isSeparator(String(lines[index]))
            for kind in 0..<2 {
                longest[kind][index] = separates ? 0 : longest[kind][index + 1]
            }
            if let fence = fences[index], fence.canClose {
                longest[fence.kind][index] = max(longest[fence.kind][index], fence.length)
            }
        }
        var index = 0
        while index < lines.count {
            guard let open = fences[index], longest[open.kind][index + 1] >= open.length else {
                index += 1
                continue
            }
            var close = index + 1
            while !Self.closes(fences[close], open) { close += 1 }
            closing[index] = close
            index = close + 1
        }
    }

    private static func closes(_ fence: Fence?, _ open: Fence) -> Bool {
        guard let fence else { return false }
        return fence.canClose && fence.character == open.character && fence.length >= open.length
    }
}
