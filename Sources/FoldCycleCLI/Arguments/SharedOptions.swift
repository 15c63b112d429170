import FoldCycle
import FoldCycleOptions

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Options that `foldcycle` and `foldcycle render` share, and how both read items and styles.
enum SharedOptions {
    // MARK: - Declarations

    /// `--direction`: the choices are ``TransitionDirection``'s cases, vertical first (the
    /// default, `down`, leads), then horizontal, each pair by name: down, up, left, right.
    static let direction = ChoiceOption(
        "direction", value: "direction", summary: "Direction content moves in.",
        choices: TransitionDirection.allCases
            .sorted { ($0.isVertical ? 0 : 1, $0.description) < ($1.isVertical ? 0 : 1, $1.description) }
            .map { ($0.description, $0) },
        default: .down)

    /// `--transition`: ``TransitionKind``'s registered cases.
    static let transition = ChoiceOption(
        "transition", value: "name", summary: "How one card gives way to the next.", cases: TransitionKind.allCases,
        default: .fold)

    /// Allowed `--cell-aspect` values: a cell's height over its width.
    static let cellAspectRange = 0.5...4.0

    /// `--cell-aspect`: the cell's shape that the cube's and the flip's perspective is computed
    /// in (docs/DESIGN.md#transform3d-and-units); 2 suits most terminal fonts.
    static let cellAspect = NumberOption(
        "cell-aspect", value: "ratio",
        summary: "A cell's height over its width, for the cube's and flip's perspective.",
        range: .init(cellAspectRange, unit: "a cell's height over its width"), default: 2)

    /// The deck's `--cell-aspect`: the same values, for what the deck computes in the cell's shape.
    static let deckCellAspect = cellAspect.reworded(
        summary: "A cell's height over its width, for a dragged card's tilt, fling speeds and the flashcard flip.")

    /// `--shading`: ``CardStyle/shading``.
    static let shading = FlagOption(
        "shading", summary: "Dim the cube's and flip's faces as they turn toward edge-on.")

    /// `--timing`: ``TimingFunction``'s presets by name (`spring` among them), or one of
    /// ``TimingFunction/parameterizedForms``: CSS `cubic-bezier(x1,y1,x2,y2)`, Core Animation's
    /// `spring(mass,stiffness,damping,velocity)`, SwiftUI's `spring(duration,bounce)`. The
    /// library's `default` (Core Animation's `kCAMediaTimingFunctionDefault`) is listed as
    /// `ca-default`: a value named `default` that is not the default misled (issue 22);
    /// `default` is still read, through the pattern (``TimingFunction/init(name:)``).
    static let timing = ChoiceOption(
        "timing", value: "timing",
        summary: "Timing function (ca-default: Core Animation's implicit-animation curve, 0.25,0.1,0.25,1).",
        choices: TimingFunction.presets.map { ($0.name == "default" ? "ca-default" : $0.name, $0.function) },
        pattern: .init(syntax: TimingFunction.parameterizedForms.joined(separator: ", "), parse: parameterized),
        default: .easeInEaseOut)

    /// `--timing`'s parameterized forms: nil for other text, rejected (with the reason) for
    /// control points or spring parameters ``TimingFunction`` does not allow.
    private static func parameterized(_ text: String) throws(OptionValueError) -> TimingFunction? {
        do {
            return try TimingFunction(name: text)
        } catch {
            switch error {
            case .unknownName: return nil
            case .invalidControlPoints, .invalidSpring: throw .rejected(error.description)
            }
        }
    }

    /// Allowed `--width` values, in cells.
    static let widthRange = 1...1000
    /// Allowed `--height` values, in rows.
    static let heightRange = 1...500

    /// `--width`: absent, the card fits the widest item.
    static let width = IntegerOption(
        "width", value: "cells", summary: "Card width in cells.", range: .init(widthRange),
        defaultText: "the widest item plus 2")
    /// `--height`: absent, the card fits the tallest item.
    static let height = IntegerOption(
        "height", value: "rows", summary: "Card height in rows.", range: .init(heightRange),
        defaultText: "the tallest item plus 2")
    /// `--align`: ``HorizontalAlignment``'s cases.
    static let align = ChoiceOption(
        "align", value: "alignment", summary: "Text alignment in the card.", cases: HorizontalAlignment.allCases,
        default: .center)
    /// `--palette`: read by ``cardStyle(_:)``; absent, the source's five colours.
    static let palette = TextOption(
        "palette", value: "colors", summary: "Card colours, comma-separated names or #rrggbb.",
        defaultText: CardStyle.defaultPaletteNames.joined(separator: ","))
    /// `--color`: ``ColorDepth/Choice``'s cases.
    static let color = ChoiceOption(
        "color", value: "when", summary: "Use colour.", cases: ColorDepth.Choice.allCases, default: .auto)
    /// `--hyperlinks`: ``HyperlinkSupport/Choice``'s cases; whether links in items (ANSI OSC 8,
    /// Markdown) are sent to the terminal as OSC 8 hyperlinks.
    static let hyperlinks = ChoiceOption(
        "hyperlinks", value: "when",
        summary:
            "Send links in items (OSC 8 in ANSI text, Markdown links) as terminal hyperlinks; auto: where the "
            + "terminal is known to take them (kitty, WezTerm, iTerm2, VTE, foot, Windows Terminal, VS Code; "
            + "not inside tmux or screen). render --format ansi: auto is never.",
        cases: HyperlinkSupport.Choice.allCases, default: .auto)
    /// `--file`: read by ``items(_:)``.
    /// `--background`: the colour behind the cards, the terminal's background (fades blend to
    /// it). An edge cell's part outside the card is the terminal's own background whatever this
    /// says.
    static let background = ChoiceOption(
        "background", value: "color",
        summary: "The colour behind the cards (fades blend to it; svg's page).",
        choices: RGBColor.namedColors.map { ($0.name, $0.color) },
        pattern: .init(syntax: "#rrggbb", parse: hexColor), default: .black)

    /// `--background` of a run on a terminal (live, deck): as ``background``, plus `auto`
    /// (nil, the default), the terminal's own background as it answers an OSC 11 query, else
    /// as `COLORFGBG` names it, else black (``BackgroundDetection``).
    static let terminalBackground = background.addingUnset(
        "auto",
        summary:
            "The terminal's background (fades and dims blend to it); auto: ask the terminal (OSC 11), "
            + "else COLORFGBG, else black.")

    /// `--background`'s `#rrggbb` form: nil for other text.
    private static func hexColor(_ text: String) throws(OptionValueError) -> RGBColor? {
        guard text.hasPrefix("#") else { return nil }
        do {
            return try RGBColor(parsing: text)
        } catch {
            throw .rejected("'\(text)' is not #rrggbb")
        }
    }

    static let file = TextOption(
        "file", value: "path", summary: "Read items from a UTF-8 file ('-': stdin), cut as --split says.",
        isPath: true)
    /// `--ansi`: ``ANSIHandling``'s cases; what becomes of escape sequences in item text.
    static let ansi = ChoiceOption(
        "ansi", value: "how",
        summary:
            "Escape sequences in items: keep their colours, attributes and links (other sequences and "
            + "controls are dropped), strip them all, or show them as visible symbols (ESC as ␛).",
        cases: ANSIHandling.allCases, default: .keep)
    /// `--markdown`: ``MarkdownSetting``'s cases; when items are read as Markdown (``ItemReading``).
    static let markdown = ChoiceOption(
        "markdown", value: "when",
        summary:
            "Read items as Markdown (emphasis, code, links, headings, lists, quotes, fenced code; the markers "
            + "are not shown): auto when --file names a .md or .markdown file. A Markdown item's escape "
            + "sequences are dropped (shown as symbols under --ansi show).",
        cases: MarkdownSetting.allCases, default: .auto)
    /// `--pictures`: ``PictureSetting``'s cases; whether items naming picture files show the pictures.
    static let pictures = ChoiceOption(
        "pictures", value: "how",
        summary:
            "Items that name PNG or JPEG files (by their bytes) show the picture as half-block cells, captioned "
            + "with the file's name and pixel size; a .png/.jpg/.jpeg item that is missing, a directory, a FIFO, unreadable or "
            + "not a picture shows why (auto, cells); auto: at rest, real pixels where the terminal answers it draws "
            + "sixel, kitty graphics or iTerm2 images (not in tmux), and render's SVG embeds it; cells: half "
            + "blocks only; none: paths are text.",
        cases: PictureSetting.allCases, default: .auto)
    /// `--split`: ``ItemSplit``'s cases; how `--file`'s text (and the deck's stdin) is cut.
    static let split = ChoiceOption(
        "split", value: "how",
        summary:
            "How --file's text is cut into items: one per line, per blank-line-separated paragraph, at each NUL "
            + "(find -print0); auto: nul if the text holds a NUL, paragraphs if a blank line stands between "
            + "two lines, else lines.",
        cases: ItemSplit.allCases, default: .auto)
    /// `-h, --help`.
    static let help = FlagOption("help", short: "h", summary: "Show help information.")

    // MARK: - Reading

    /// Items from `--file` (first) and the positional arguments; nil when there are neither.
    static func items(_ values: OptionValues) throws(CLIError) -> [String]? {
        var items: [String] = []
        let path = values.text(file)
        if let path {
            items += try ItemInput.items(fromFile: path, split: try values.value(split))
        }
        items += values.parsed.positionals
        return items.isEmpty && path == nil ? nil : items
    }

    /// The card style from `--palette`, `--align` and `--shading`.
    static func cardStyle(_ values: OptionValues) throws(CLIError) -> CardStyle {
        var style = CardStyle(alignment: try values.value(align), shading: values.flag(shading))
        if let text = values.text(palette) {
            var colors: [RGBColor] = []
            for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = name.trimmingWhitespace()
                do {
                    colors.append(try RGBColor(parsing: trimmed))
                } catch {
                    let names = RGBColor.namedColors.map(\.name)
                    let near = Suggestion.didYouMean(String(trimmed), among: names)
                    throw .usage(
                        "invalid colour '\(trimmed)' in '--palette' (\(near)values: \(names.joined(separator: ", ")), "
                            + "or #rrggbb)", values.command)
                }
            }
            style.palette = colors
        }
        return style
    }

    /// The card size from `--width` / `--height`, defaulting to fit the items (at most
    /// ``widthRange``'s and ``heightRange``'s upper bounds; live, the player narrows a fitting
    /// card to the terminal).
    static func cardSize(_ values: OptionValues, items: [some CardContent]) throws(CLIError) -> TerminalSize {
        let fitting = CardScene.fittingSize(for: items)
        let columns = try values.value(width) ?? min(fitting.columns, widthRange.upperBound)
        let rows = try values.value(height) ?? min(fitting.rows, heightRange.upperBound)
        return TerminalSize(columns: columns, rows: rows)
    }

    /// The colour depth for output on `device`, from `--color` and the environment.
    static func colorDepth(_ values: OptionValues, device: TerminalDevice) throws(CLIError) -> ColorDepth {
        ColorDepth.detect(
            choice: try values.value(color), environment: ProcessInfo.processInfo.environment,
            isTTY: device.isTerminal)
    }
}

/// Formats a number as the shortest text that reads back as the same Double (see
/// ``FoldCycle/shortestDecimalText(_:)``).
func shortestText(_ value: Double) -> String {
    shortestDecimalText(value)
}

/// Seconds as people read them in replies and the footer: to the millisecond, shortest form
/// (`0.333` for a third of a second, which the JSON results give whole).
func secondsText(_ seconds: Double) -> String {
    shortestText((seconds * 1000).rounded() / 1000 + 0.0)
}
