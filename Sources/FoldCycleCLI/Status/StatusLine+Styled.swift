import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `status` lines of items with styles of their own (`--ansi keep`: `ls --color`, a Rainbow
/// string): the same line as the plain item's, each run in its own colours and attributes over
/// the card's, in every format that has styles (docs/DESIGN.md#status-lines).
extension StatusLine {
    /// The line for item `index` of `count` showing `item`, ending with a line feed: an item with
    /// no style of its own gives exactly the bytes its plain text does
    /// (``make(item:index:count:format:style:depth:)``).
    static func make(
        item: StyledString, index: Int, count: Int, format: StatusFormat, style: CardStyle, depth: ColorDepth
    ) -> [UInt8] {
        guard !item.isPlain else {
            return make(item: item.plainText, index: index, count: count, format: format, style: style, depth: depth)
        }
        let line = oneLine(item)
        switch format {
        case .plain, .waybar:
            guard format == .waybar else { return Array((line.plainText + "\n").utf8) }
            // Without colour (NO_COLOR, --color never) the text carries no markup either.
            let shown = depth == .none ? StyledString(line.plainText) : line
            return waybar(shown, whole: item.plainText, index: index, count: count, style: style)
        case .ansi:
            guard depth != .none else { return Array((line.plainText + "\n").utf8) }
            return StyledText.bytes(line, style: style.textStyle(forItemAt: index), depth: depth) + [0x0A]
        case .tmux:
            guard depth != .none, let background = style.background(forItemAt: index) else {
                return Array((tmuxText(line.plainText) + "\n").utf8)
            }
            let base = TextStyle(
                foreground: .rgb(CardStyle.contrastingText(on: background)), background: .rgb(background),
                attributes: .bold)
            var text = ""
            var previous: CellAttributes = []
            for run in line.runs {
                let cell = base.cell(for: run.style)
                text += "#[" + tmuxStyle(cell, after: previous, over: background) + "]" + tmuxText(run.text)
                previous = cell.attributes
            }
            return Array((text + "#[default]\n").utf8)
        }
    }

    /// `item` on one line as ``oneLine(_:)`` makes it of the plain text (sanitized, each line
    /// trimmed, blank lines left out, the rest joined by ``lineSeparator``), each run keeping its
    /// style.
    static func oneLine(_ item: StyledString) -> StyledString {
        var result = StyledString()
        for line in item.lines {
            var sanitized = StyledString()
            for run in line.runs { sanitized.append(TextLayout.plainText(run.text), style: run.style) }
            let trimmed = trimmedRuns(sanitized)
            guard !trimmed.runs.isEmpty else { continue }
            if !result.runs.isEmpty { result.append(lineSeparator) }
            result = result + trimmed
        }
        return result
    }

    /// `line` without white space at its start and end, whichever runs hold it.
    private static func trimmedRuns(_ line: StyledString) -> StyledString {
        var runs = line.runs
        while let first = runs.first {
            let kept = String(first.text.unicodeScalars.drop(while: \.properties.isWhitespace))
            if !kept.isEmpty {
                runs[0].text = kept
                break
            }
            runs.removeFirst()
        }
        while let last = runs.last {
            var scalars = Substring(last.text).unicodeScalars[...]
            while let scalar = scalars.last, scalar.properties.isWhitespace { scalars = scalars.dropLast() }
            let kept = String(String.UnicodeScalarView(scalars))
            if !kept.isEmpty {
                runs[runs.count - 1].text = kept
                break
            }
            runs.removeLast()
        }
        return StyledString(runs: runs)
    }

    /// Item text for tmux: each `#` as ``tmuxHash``.
    private static func tmuxText(_ text: String) -> String {
        scalarsReplaced(text) { $0 == "#" ? tmuxHash : nil }
    }

    /// A cell's style in tmux's syntax, `fg=colour3,bg=#rrggbb,bold,…`: a palette entry as
    /// tmux's `colourN` (tmux sends it as SGR 33 or `38;5;n`, so the user's theme shows it, as
    /// the ansi format does, docs/decisions/0181), any other colour as `#rrggbb`, a default colour
    /// as the card's (tmux's own default would be the status bar's).
    ///
    /// tmux adds a style's attributes to those already set (`#[italics]a#[bold]b` draws `b` bold
    /// and italic), so a run that leaves out an attribute of the `previous` run's starts with
    /// `none`, which clears them all (read back from a real tmux: `HEAD`'s underline ran on
    /// into the rest of the line).
    private static func tmuxStyle(_ cell: Cell, after previous: CellAttributes, over background: RGBColor)
        -> String
    {
        var parts = [
            "fg=" + tmuxColour(cell.foregroundBits, default: CardStyle.contrastingText(on: background)),
            "bg=" + tmuxColour(cell.backgroundBits, default: background),
        ]
        if !previous.isSubset(of: cell.attributes) { parts.append("none") }
        let names: [(CellAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italics"), (.underline, "underscore"),
            (.strikethrough, "strikethrough"), (.reverse, "reverse"),
        ]
        for (attribute, name) in names where cell.attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: ",")
    }

    /// A packed cell colour (``Cell/foregroundBits``) in tmux's syntax: `colourN` for palette
    /// entry N, `#rrggbb` for RGB, `fallback` as `#rrggbb` for the default.
    private static func tmuxColour(_ packed: UInt32, default fallback: RGBColor) -> String {
        if let index = TerminalColor.paletteIndex(packed: packed) { return "colour\(index)" }
        return "\(TerminalColor(packed: packed).resolved(fallback))"
    }

    /// The waybar object of a styled line: `text` in Pango markup (each styled run a `span`, all
    /// text escaped), `tooltip` the whole item's plain text and its position, `class` the palette
    /// slot, as for a plain item.
    private static func waybar(_ line: StyledString, whole: String, index: Int, count: Int, style: CardStyle)
        -> [UInt8]
    {
        var markup = ""
        for run in line.runs {
            let text = pangoEscaped(run.text)
            let attributes = pangoAttributes(run.style)
            markup += attributes.isEmpty ? text : "<span \(attributes)>\(text)</span>"
        }
        let plain = trimmed(TextLayout.plainText(whole), \.isWhitespaceOrNewline)
        let slot = style.palette.isEmpty ? 0 : index % style.palette.count
        let object = JSONValue.object([
            ("text", .string(markup)), ("tooltip", .string(pangoEscaped(plain + "\nitem \(index + 1) of \(count)"))),
            ("class", .string("color-\(slot)")),
        ])
        return Array((object.serialized + "\n").utf8)
    }

    /// A run's style as Pango `span` attributes (colours as `#rrggbb`, a palette entry as xterm's
    /// default RGB for it, ``ColorDepth/ansi256Color(index:)``: Pango has no palette; reverse has
    /// no Pango attribute; none for the default style).
    private static func pangoAttributes(_ style: StyledString.Style) -> String {
        var parts: [String] = []
        if let color = TerminalColor(style.foreground) { parts.append("foreground=\"\(color.resolved(.black))\"") }
        if let color = TerminalColor(style.background) { parts.append("background=\"\(color.resolved(.black))\"") }
        let names: [(StyledString.Attributes, String)] = [
            (.bold, "weight=\"bold\""), (.dim, "alpha=\"60%\""), (.italic, "style=\"italic\""),
            (.underline, "underline=\"single\""), (.strikethrough, "strikethrough=\"true\""),
        ]
        for (attribute, name) in names where style.attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " ")
    }
}
