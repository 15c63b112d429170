/// Reads the inline Markdown of one line (``MarkdownReader``): backslash escapes, code spans,
/// emphasis, strong, strikethrough and links.
///
/// One pass from left to right. A delimiter run (`*`, `_`, `~~`) that can close matches the
/// newest opener of its character at once (CommonMark §6.2's flanking rules and its 2-or-1
/// consumption; openers opened after the matched one, and `[`s, become text, so spans always
/// nest); a `]` followed by `(destination)` makes a link of the newest `[` (and earlier `[`s
/// text, no link in a link). What markup matches is hidden; the styles come from counters per
/// attribute (difference arrays), so nesting depth costs nothing and the time is linear.
struct MarkdownInline {
    /// The attributes a span can set, as indices into the counters.
    private enum Span: Int, CaseIterable {
        case italic, bold, strikethrough, code
    }

    /// An unmatched opening delimiter run: its unconsumed characters end at `end`.
    private struct Opener {
        var end: Int
        var count: Int
        var sequence: Int
    }

    private let characters: [Character]
    private var hidden: [Bool]
    private var deltas: [[Int32]]
    private var linkOf: [Int32]
    private var links: [String] = []
    /// Openers of `*`, `_` and `~~`, each stack oldest first.
    private var openers: [[Opener]] = [[], [], []]
    /// Unmatched `[`s: position and sequence, oldest first.
    private var brackets: [(position: Int, sequence: Int)] = []
    private var sequence = 0
    /// A link destination starting before this index is known to fail.
    private var destinationFailureEnd = 0
    /// Backtick runs by length: their starts, in order, and how many are behind the reading.
    private var backtickRuns: [Int: [Int]] = [:]
    private var backtickCursor: [Int: Int] = [:]

    private init(_ line: ArraySlice<Character>) {
        characters = Array(line)
        let count = characters.count
        hidden = Array(repeating: false, count: count)
        deltas = Array(repeating: Array(repeating: 0, count: count + 1), count: Span.allCases.count)
        linkOf = Array(repeating: -1, count: count)
        var index = 0
        while index < count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            let start = index
            while index < count, characters[index] == "`" { index += 1 }
            backtickRuns[index - start, default: []].append(start)
        }
    }

    /// The styled runs of `line`, each in `base` with the attributes and link of its spans.
    static func read(_ line: ArraySlice<Character>, base: StyledString.Style) -> StyledString {
        var reader = MarkdownInline(line)
        reader.readAll()
        return reader.styled(base: base)
    }

    private mutating func readAll() {
        var index = 0
        while index < characters.count {
            switch characters[index] {
            case "\\" where index + 1 < characters.count && characters[index + 1].isASCIIPunctuation:
                hidden[index] = true
                index += 2
            case "`": index = readCodeSpan(at: index)
            case "*", "_", "~": index = readDelimiterRun(at: index)
            case "[":
                sequence += 1
                brackets.append((index, sequence))
                index += 1
            case "]": index = readLinkEnd(at: index)
            default: index += 1
            }
        }
    }

    // MARK: - Code spans

    /// A code span opening at `start` (§6.1), or its backticks as text; the index after it.
    private mutating func readCodeSpan(at start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end] == "`" { end += 1 }
        let length = end - start
        let starts = backtickRuns[length] ?? []
        var cursor = backtickCursor[length] ?? 0
        while cursor < starts.count, starts[cursor] < end { cursor += 1 }
        backtickCursor[length] = cursor
        guard cursor < starts.count else { return end }
        let close = starts[cursor]
        for index in start..<end { hidden[index] = true }
        for index in close..<(close + length) { hidden[index] = true }
        var content = end..<close
        let text = characters[content]
        if text.count >= 2, text.first == " ", text.last == " ", text.contains(where: { $0 != " " }) {
            hidden[content.lowerBound] = true
            hidden[content.upperBound - 1] = true
            content = (content.lowerBound + 1)..<(content.upperBound - 1)
        }
        deltas[Span.code.rawValue][content.lowerBound] += 1
        deltas[Span.code.rawValue][content.upperBound] -= 1
        return close + length
    }

    // MARK: - Emphasis

    /// A run of `*`, `_` or `~` at `start`: closes what it can, opens with the rest; the index
    /// after it.
    private mutating func readDelimiterRun(at start: Int) -> Int {
        let character = characters[start]
        var end = start
        while end < characters.count, characters[end] == character { end += 1 }
        let kind = character == "*" ? 0 : character == "_" ? 1 : 2
        if kind == 2, end - start != 2 { return end }
        let before = start > 0 ? characters[start - 1] : " "
        let after = end < characters.count ? characters[end] : " "
        let leftFlanking =
            !after.isWhitespace && (!after.isMarkdownPunctuation || before.isWhitespace || before.isMarkdownPunctuation)
        let rightFlanking =
            !before.isWhitespace && (!before.isMarkdownPunctuation || after.isWhitespace || after.isMarkdownPunctuation)
        let canOpen = kind == 1 ? leftFlanking && (!rightFlanking || before.isMarkdownPunctuation) : leftFlanking
        let canClose = kind == 1 ? rightFlanking && (!leftFlanking || after.isMarkdownPunctuation) : rightFlanking
        var closerStart = start
        if canClose { closerStart = close(kind: kind, from: start, to: end) }
        if closerStart < end, canOpen {
            sequence += 1
            openers[kind].append(Opener(end: end, count: end - closerStart, sequence: sequence))
        }
        return end
    }

    /// Matches the closing run `start..<end` with openers of `kind`, newest first; returns where
    /// the unmatched rest of the run starts.
    private mutating func close(kind: Int, from start: Int, to end: Int) -> Int {
        var closerStart = start
        while closerStart < end, var opener = openers[kind].last {
            dropOpeners(newerThan: opener.sequence)
            let remaining = end - closerStart
            let used = kind == 2 || (opener.count >= 2 && remaining >= 2) ? 2 : 1
            let span: Span = kind == 2 ? .strikethrough : used == 2 ? .bold : .italic
            for index in (opener.end - used)..<opener.end { hidden[index] = true }
            for index in closerStart..<(closerStart + used) { hidden[index] = true }
            deltas[span.rawValue][opener.end] += 1
            deltas[span.rawValue][closerStart] -= 1
            opener.end -= used
            opener.count -= used
            closerStart += used
            openers[kind].removeLast()
            if opener.count > 0 { openers[kind].append(opener) }
        }
        return closerStart
    }

    /// Makes text of every opener and `[` opened after `sequence` (a span closing over them).
    private mutating func dropOpeners(newerThan sequence: Int) {
        for kind in openers.indices {
            while let last = openers[kind].last, last.sequence > sequence { openers[kind].removeLast() }
        }
        while let last = brackets.last, last.sequence > sequence { brackets.removeLast() }
    }

    // MARK: - Links

    /// A `]` at `index`: the end of a link's text when a `[` is open and `(destination)`
    /// follows (§6.3), else text; the index after what was read.
    private mutating func readLinkEnd(at index: Int) -> Int {
        guard let bracket = brackets.last else { return index + 1 }
        guard index + 1 < characters.count, characters[index + 1] == "(",
            let (destination, end) = readDestination(from: index + 2)
        else {
            brackets.removeLast()
            return index + 1
        }
        dropOpeners(newerThan: bracket.sequence)
        brackets.removeAll()
        hidden[bracket.position] = true
        for position in index..<end { hidden[position] = true }
        let link = Int32(links.count)
        links.append(destination)
        for position in (bracket.position + 1)..<index { linkOf[position] = link }
        return end
    }

    /// A link destination from `start` up to its `)`: the text (escapes read) and the index
    /// after the `)`, or nil. It ends at white space or an unescaped `)`; spaces may surround it.
    private mutating func readDestination(from start: Int) -> (String, Int)? {
        guard start >= destinationFailureEnd else { return nil }
        var index = start
        while index < characters.count, characters[index] == " " { index += 1 }
        var destination = ""
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, characters[index + 1].isASCIIPunctuation {
                destination.append(characters[index + 1])
                index += 2
                continue
            }
            if character == ")" || character.isWhitespace { break }
            destination.append(character)
            index += 1
        }
        while index < characters.count, characters[index] == " " { index += 1 }
        guard index < characters.count, characters[index] == ")" else {
            // Any later start up to here reads to the same place and fails the same way.
            destinationFailureEnd = index + 1
            return nil
        }
        return (destination, index + 1)
    }

    // MARK: - Styles

    /// The visible characters in runs: `base` with the attributes of the spans over each.
    private func styled(base: StyledString.Style) -> StyledString {
        var result = StyledString()
        var counters = Array(repeating: Int32(0), count: Span.allCases.count)
        var pending = ""
        var current = base
        for index in characters.indices {
            for span in Span.allCases { counters[span.rawValue] += deltas[span.rawValue][index] }
            guard !hidden[index] else { continue }
            var style = base
            if counters[Span.italic.rawValue] > 0 { style.attributes.insert(.italic) }
            if counters[Span.bold.rawValue] > 0 { style.attributes.insert(.bold) }
            if counters[Span.strikethrough.rawValue] > 0 { style.attributes.insert(.strikethrough) }
            if counters[Span.code.rawValue] > 0 { style.attributes.formUnion(MarkdownReader.codeStyle.attributes) }
            if linkOf[index] >= 0 {
                let destination = links[Int(linkOf[index])]
                if !destination.isEmpty, destination.count <= ANSIReader.maximumLinkLength {
                    style.link = destination
                    style.attributes.insert(.underline)
                }
            }
            if style != current {
                result.append(pending, style: current)
                pending = ""
                current = style
            }
            pending.append(characters[index])
        }
        result.append(pending, style: current)
        return result
    }
}

extension Character {
    /// ASCII punctuation (CommonMark §2.1): what a backslash escapes.
    fileprivate var isASCIIPunctuation: Bool { isASCII && (isPunctuation || isSymbol) }

    /// Unicode punctuation or symbol (CommonMark §2.1): what the flanking rules look at.
    fileprivate var isMarkdownPunctuation: Bool { isPunctuation || isSymbol }
}
