import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How `status` writes the item it shows (docs/DESIGN.md#status-lines).
enum StatusFormat: String, Equatable, Sendable, CaseIterable {
    /// The item on one line: its lines joined by " · ", controls shown as pictures.
    case plain
    /// The plain line in the card's colours (SGR at the colour depth), then an SGR reset; without
    /// colour (`NO_COLOR`, `--color never`) the plain line.
    case ansi
    /// The plain line in tmux's style syntax, `#[fg=#rrggbb,bg=#rrggbb,bold]…#[default]`, with
    /// each `#` written as ``StatusLine/tmuxHash``.
    case tmux
    /// A waybar custom module's JSON object: `text` (the plain line), `tooltip` (the whole item,
    /// then its position), `class` (`color-N`, the palette slot); `&`, `<`, `>` escaped for Pango.
    case waybar
}

/// One line of `status` output for an item. Pure: the same item, index, count, format, style and
/// depth always give the same bytes.
enum StatusLine {
    /// The separator between an item's lines on one status line.
    static let lineSeparator = " · "

    /// The line for item `index` of `count` showing `item`, ending with a line feed.
    ///
    /// - Parameters:
    ///   - style: the card style (its palette colours the ansi and tmux formats).
    ///   - depth: the colour depth of the ansi format (``ColorDepth/none``: no colour, and tmux
    ///     styles are left out too).
    static func make(
        item: String, index: Int, count: Int, format: StatusFormat, style: CardStyle, depth: ColorDepth
    ) -> [UInt8] {
        let line = oneLine(item)
        switch format {
        case .plain:
            return Array((line + "\n").utf8)
        case .ansi:
            // No colour, no escapes: without colour the line is the plain one.
            guard depth != .none else { return Array((line + "\n").utf8) }
            return StyledText.bytes(line, style: style.textStyle(forItemAt: index), depth: depth) + [0x0A]
        case .tmux:
            let text = scalarsReplaced(line) { $0 == "#" ? tmuxHash : nil }
            guard depth != .none, let background = style.background(forItemAt: index) else {
                return Array((text + "\n").utf8)
            }
            let foreground = CardStyle.contrastingText(on: background)
            return Array("#[fg=\(foreground),bg=\(background),bold]\(text)#[default]\n".utf8)
        case .waybar:
            let whole = trimmed(TextLayout.plainText(item), \.isWhitespaceOrNewline)
            let tooltip = whole + "\nitem \(index + 1) of \(count)"
            let slot = style.palette.isEmpty ? 0 : index % style.palette.count
            let object = JSONValue.object([
                ("text", .string(pangoEscaped(line))), ("tooltip", .string(pangoEscaped(tooltip))),
                ("class", .string("color-\(slot)")),
            ])
            return Array((object.serialized + "\n").utf8)
        }
    }

    /// One `#` of item text in the tmux format: `##` then an empty style, `#[]`.
    ///
    /// tmux reads a `#()` command's output twice: it expands it as a format (`##` is one `#`,
    /// but a run of `#` before `[` is kept for the styles), then draws it (a run of n `#` not
    /// before `[` shows ⌈n/2⌉, an odd run before `[` shows n/2 and starts a style). Plain `##`
    /// therefore showed `## end` as `# end`, and a long run of them aborted tmux 3.3a (a double
    /// free). `###[]` is kept whole by the expansion and drawn as one `#` followed by a style that
    /// changes nothing, so every `#` shows as written and no run of `#` longer than three reaches
    /// tmux, whatever the item holds (docs/DESIGN.md#status-lines).
    static let tmuxHash = "###[]"

    /// `item` on one line: sanitized (controls as pictures, tabs as spaces), its non-blank lines
    /// trimmed and joined by ``lineSeparator``.
    static func oneLine(_ item: String) -> String {
        TextLayout.plainText(item).split(separator: "\n")
            .map { trimmed(String($0), \.isWhitespace) }
            .filter { !$0.isEmpty }
            .joined(separator: lineSeparator)
    }

    /// `text` trimmed of the scalars `characters` holds for, and again without clusters of width 0: trimming works on
    /// scalars, so a space that carried a combining mark (` \u{612}t`) leaves the mark alone at
    /// the start, where it would join whatever the status line shows before it.
    static func trimmed(_ text: String, _ characters: (Unicode.Scalar) -> Bool) -> String {
        let cut = text.trimmingScalars(where: characters)
        return cut.contains { $0 != "\n" && DisplayWidth.of($0) == 0 } ? TextLayout.plainText(cut) : cut
    }

    /// `&`, `<` and `>` as Pango markup's entities (waybar reads `text` and `tooltip` as markup).
    static func pangoEscaped(_ text: String) -> String {
        scalarsReplaced(text) { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            default: return nil
            }
        }
    }

    /// `text` with each scalar `replacement` gives a string for replaced by it. Scalar by scalar,
    /// not character by character: `#` followed by a combining mark (U+064F), or after a
    /// prepended one (U+0600), is one `Character` that a `replacingOccurrences(of: "#", …)`
    /// passes over, and tmux and Pango read the `#`, `&` or `<` in it all the same.
    static func scalarsReplaced(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                result.append(contentsOf: replaced.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
