extension StyledString {
    /// The lines, split at `\n` and `\r\n`, each with its runs' styles (a trailing newline makes
    /// a last, empty line; empty text is one empty line).
    public var lines: [StyledString] {
        var lines = [StyledString()]
        for run in runs {
            var first = true
            for piece in run.text.split(
                omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            {
                if !first { lines.append(StyledString()) }
                first = false
                lines[lines.count - 1].append(String(piece), style: run.style)
            }
        }
        return lines
    }

    /// `lines` joined by `\n` (in the default style).
    public static func joined(_ lines: some Sequence<StyledString>) -> StyledString {
        var result = StyledString()
        for (number, line) in lines.enumerated() {
            if number > 0 { result.append("\n") }
            result = result + line
        }
        return result
    }
}

extension CardFaces {
    /// The front and back of a styled item, split at its separator line as ``init(item:)``
    /// splits the plain text, each side keeping its runs' styles.
    public static func styledSides(of item: StyledString) -> (front: StyledString, back: StyledString?) {
        let lines = item.lines
        guard let separator = lines.firstIndex(where: { CardFaces.isSeparator($0.plainText) }) else {
            return (item, nil)
        }
        return (StyledString.joined(lines[..<separator]), StyledString.joined(lines[(separator + 1)...]))
    }
}
