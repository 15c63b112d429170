import FoldCycle
import FoldCycleOptions

/// `--markdown`: when items are read as Markdown.
enum MarkdownSetting: String, CaseIterable, Sendable {
    /// When `--file` names a `.md` or `.markdown` file (the default).
    case auto
    /// Always.
    case always
    /// Never: items are read as `--ansi` says.
    case never
}

/// How an item's text becomes what its card shows: as Markdown (``MarkdownReader``), or as
/// `--ansi` says. Every item is read so, those added or replacing later too; the result's
/// ``StyledString/plainText`` (the text without markup) is what names the item to scripts.
struct ItemReading: Hashable, Sendable {
    /// `--ansi`.
    let ansi: ANSIHandling
    /// Whether items are Markdown (`--markdown`, decided for the items file).
    let markdown: Bool

    /// A reading of `ansi`, Markdown or not.
    init(ansi: ANSIHandling = .keep, markdown: Bool = false) {
        self.ansi = ansi
        self.markdown = markdown
    }

    /// The reading `--ansi` and `--markdown` ask for, `--markdown auto` deciding by the name of
    /// `file` (the `--file` path, if any).
    init(_ values: OptionValues, file: String?) throws(CLIError) {
        ansi = try values.value(SharedOptions.ansi)
        switch try values.value(SharedOptions.markdown) {
        case .always: markdown = true
        case .never: markdown = false
        case .auto: markdown = file.map(Self.namesMarkdown) ?? false
        }
    }

    /// Whether `path` ends in `.md` or `.markdown` (any case).
    static func namesMarkdown(_ path: String) -> Bool {
        let name = path.lowercased()
        return name.hasSuffix(".md") || name.hasSuffix(".markdown")
    }

    /// `text` as its card shows it. A Markdown item is not read for ANSI styles: its escape
    /// sequences are dropped whole (`--ansi keep`, `strip`) or shown as pictures (`show`) before
    /// the Markdown is read.
    func styledString(_ text: String) -> StyledString {
        guard markdown else { return ansi.styledString(text) }
        switch ansi {
        case .keep, .strip: return MarkdownReader.read(ANSIReader.stripped(text))
        case .show: return MarkdownReader.read(TextLayout.sanitized(text))
        }
    }
}
