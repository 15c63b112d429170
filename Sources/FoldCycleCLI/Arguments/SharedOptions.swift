import FoldCycle
import Foundation

/// Options that `foldcycle` and `foldcycle render` share, and how both read items and styles.
enum SharedOptions {
    static let direction = OptionSpec(
        "direction", value: "direction", help: "Direction content moves in. (values: down, up, left, right; default: down)")
    static let timing = OptionSpec(
        "timing", value: "timing",
        help: "Timing function. (values: linear, ease-in, ease-out, ease-in-out, default, cubic-bezier(x1,y1,x2,y2); default: ease-in-out)")
    static let width = OptionSpec(
        "width", value: "cells", help: "Card width in cells, 1...1000. (default: the widest item plus 2)")
    static let height = OptionSpec(
        "height", value: "rows", help: "Card height in rows, 1...500. (default: the tallest item plus 2)")
    static let align = OptionSpec(
        "align", value: "alignment", help: "Text alignment in the card. (values: left, center, right; default: center)")
    static let palette = OptionSpec(
        "palette", value: "colors",
        help: "Card colours, comma-separated names or #rrggbb. (default: green,blue,yellow,cyan,orange)")
    static let color = OptionSpec(
        "color", value: "when", help: "Use colour. (values: auto, always, never; default: auto)")
    static let file = OptionSpec(
        "file", value: "path", help: "Read items from a UTF-8 file; items are separated by blank lines.")
    static let help = OptionSpec("help", short: "h", help: "Show help information.")

    /// In the order help lists them.
    static let directions: [(String, TransitionDirection)] = [TransitionDirection.down, .up, .left, .right].map { ($0.description, $0) }
    static let alignments: [(String, HorizontalAlignment)] = HorizontalAlignment.allCases.map { ($0.rawValue, $0) }
    static let colorChoices: [(String, ColorDepth.Choice)] = ColorDepth.Choice.allCases.map { ($0.rawValue, $0) }

    /// Items from `--file` (first) and the positional arguments; nil when there are neither.
    static func items(_ values: OptionValues) throws(CLIError) -> [String]? {
        var items: [String] = []
        if let path = values.string("file") {
            items += try ItemInput.items(fromFile: path)
        }
        items += values.parsed.positionals
        return items.isEmpty && values.string("file") == nil ? nil : items
    }

    /// The card style from `--palette` and `--align`.
    static func cardStyle(_ values: OptionValues) throws(CLIError) -> CardStyle {
        var style = CardStyle()
        if let alignment = try values.choice("align", alignments) { style.alignment = alignment }
        if let text = values.string("palette") {
            var palette: [RGBColor] = []
            for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                do {
                    palette.append(try RGBColor(parsing: trimmed))
                } catch {
                    let names = RGBColor.namedColors.map(\.name).joined(separator: ", ")
                    throw .usage("invalid colour '\(trimmed)' in '--palette' (values: \(names), or #rrggbb)", values.command)
                }
            }
            style.palette = palette
        }
        return style
    }

    /// The card size from `--width` / `--height`, defaulting to fit the items (and, when
    /// `maxWidth` is given, no wider than that: lines too long are clipped with "…").
    static func cardSize(_ values: OptionValues, items: [String], maxWidth: Int? = nil) throws(CLIError) -> TerminalSize {
        let fitting = CardScene.fittingSize(for: items)
        let width = try values.integer("width", in: 1...1000) ?? min(fitting.columns, maxWidth ?? 1000, 1000)
        let height = try values.integer("height", in: 1...500) ?? min(fitting.rows, 500)
        return TerminalSize(columns: width, rows: height)
    }

    /// The colour depth for output on `device`, from `--color` and the environment.
    static func colorDepth(_ values: OptionValues, device: TerminalDevice) throws(CLIError) -> ColorDepth {
        let choice = try values.choice("color", colorChoices) ?? .auto
        return ColorDepth.detect(
            choice: choice, environment: ProcessInfo.processInfo.environment, isTTY: device.isTerminal)
    }

    /// Help text in swift-argument-parser's layout.
    static func helpText(overview: String, usage: [String], arguments: [(String, String)], options: [OptionSpec],
                         extra: String = "") -> String {
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage[0])\n"
        for line in usage.dropFirst() { text += "       \(line)\n" }
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for (name, help) in arguments { text += row(name, help) }
        }
        text += "\nOPTIONS:\n"
        for option in options {
            var name = option.short.map { "-\($0), " } ?? ""
            name += "--\(option.name)"
            if let value = option.valueName { name += " <\(value)>" }
            text += row(name, option.help)
        }
        return text + extra
    }

    private static func row(_ name: String, _ help: String) -> String {
        let column = 26
        let padded = "  " + name
        if padded.count < column {
            return padded + String(repeating: " ", count: column - padded.count) + help + "\n"
        }
        return padded + "\n" + String(repeating: " ", count: column) + help + "\n"
    }
}

/// Formats a number as the shortest text that reads back as the same Double (see
/// ``FoldCycle/shortestDecimalText(_:)``).
func shortestText(_ value: Double) -> String {
    shortestDecimalText(value)
}
