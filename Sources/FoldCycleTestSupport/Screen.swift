import FoldCycle

/// A screen written as literal lines and a style legend, the way tests read best:
///
/// ```swift
/// let expected = Screen(["  ABC  ", "▄▄▄▄▄▄▄"],
///                       styles: ["ggggggg", "bbbbbbb"],
///                       legend: ["g": TextStyle(background: .rgb(green)), "b": …])
/// #expect(Screen(buffer) == expected, "\(Screen(buffer).difference(from: expected))")
/// ```
///
/// `lines` hold the text (a wide cluster takes its two columns); `styles` hold one legend key per
/// column (a wide cluster's two columns share one key, written twice), and `.` means the
/// terminal's default style. A failing comparison prints quoted lines and style runs.
package struct Screen: Equatable, CustomStringConvertible, Sendable {
    /// The text of each row, trailing blanks kept.
    package var lines: [String]
    /// Per row, the style of each column as a run-length list: (first column, count, style).
    package var styleRuns: [[StyleRun]]

    /// A run of columns in one style.
    package struct StyleRun: Equatable, CustomStringConvertible, Sendable {
        /// The first column.
        package var column: Int
        /// How many columns.
        package var count: Int
        /// The colours and attributes.
        package var style: TextStyle

        /// `3+4 fg=#ffffff bg=#008000 bold`.
        package var description: String {
            var parts = ["\(column)+\(count)"]
            if style.foreground != .default { parts.append("fg=\(Self.name(style.foreground))") }
            if style.background != .default { parts.append("bg=\(Self.name(style.background))") }
            if !style.attributes.isEmpty { parts.append("attrs=\(style.attributes.rawValue)") }
            return parts.joined(separator: " ")
        }

        static func name(_ color: TerminalColor) -> String {
            switch color {
            case .default: return "default"
            case .rgb(let rgb): return rgb.description
            }
        }
    }

    /// The screen of a buffer: its text and its cells' styles.
    package init(_ buffer: CellBuffer) {
        lines = PlainTextEncoder.lines(buffer)
        styleRuns = (0..<buffer.height).map { y in
            var runs: [StyleRun] = []
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                let style = TextStyle(
                    foreground: cell.foreground, background: cell.background,
                    attributes: cell.attributes)
                if let last = runs.last, last.style == style, last.column + last.count == x {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(StyleRun(column: x, count: 1, style: style))
                }
            }
            return runs
        }
    }

    /// A screen from literal lines and, optionally, per-column style keys and their legend.
    ///
    /// - Parameters:
    ///   - lines: the rows' text.
    ///   - styles: one key per column per row (nil: every column in the default style).
    ///   - legend: what each key means; `.` is always the default style.
    package init(_ lines: [String], styles: [String]? = nil, legend: [Character: TextStyle] = [:]) {
        self.lines = lines
        styleRuns = lines.indices.map { row in
            let keys = styles.map { Array($0[row]) } ?? Array(repeating: ".", count: DisplayWidth.of(lines[row]))
            var runs: [StyleRun] = []
            for (column, key) in keys.enumerated() {
                let style = key == "." ? TextStyle() : legend[key] ?? TextStyle(attributes: .reverse)
                if let last = runs.last, last.style == style {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(StyleRun(column: column, count: 1, style: style))
                }
            }
            return runs
        }
    }

    /// Only the text: a screen compared by its lines.
    package var text: [String] { lines }

    /// Quoted lines, then each row's style runs.
    package var description: String {
        var out = lines.map { "\"\($0)\"" }.joined(separator: "\n")
        for (row, runs) in styleRuns.enumerated() {
            out += "\nrow \(row): " + runs.map(\.description).joined(separator: ", ")
        }
        return out
    }

    /// The rows where `self` and `expected` differ, as `row N: "actual" ≠ "expected"` lines and
    /// style runs; empty when equal.
    package func difference(from expected: Screen) -> String {
        var out: [String] = []
        for row in 0..<max(lines.count, expected.lines.count) {
            let actual = row < lines.count ? lines[row] : "(none)"
            let wanted = row < expected.lines.count ? expected.lines[row] : "(none)"
            if actual != wanted { out.append("row \(row): \"\(actual)\" ≠ \"\(wanted)\"") }
            let actualRuns = row < styleRuns.count ? styleRuns[row] : []
            let wantedRuns = row < expected.styleRuns.count ? expected.styleRuns[row] : []
            if actualRuns != wantedRuns {
                out.append("row \(row) styles: \(actualRuns.map(\.description)) ≠ \(wantedRuns.map(\.description))")
            }
        }
        return out.joined(separator: "\n")
    }
}
