import Dispatch
import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--markdown`: when items are read as Markdown.
enum MarkdownSetting: String, CaseIterable, Sendable {
    /// When `--file` names a `.md` or `.markdown` file (the default).
    case auto
    /// Always.
    case always
    /// Never: items are read as `--ansi` says.
    case never
}

/// `--pictures`: whether an item that names a picture file is shown as the picture.
enum PictureSetting: String, CaseIterable, Sendable {
    /// A picture when the item names a PNG or JPEG file (by its magic bytes), a card saying what
    /// is wrong when it names a directory, a FIFO, an unreadable file or other bytes under a
    /// picture's name (.png, .jpg, .jpeg), or a picture path that does not exist
    /// (``CardPicture/namesMissingPicture(_:)``); half-block cells, and at rest the terminal's graphics
    /// where it answers that it has them (docs/decisions/0154-pictures-at-rest.md).
    case auto
    /// Never: paths are text.
    case none
    /// As `auto`, always drawn as half-block cells.
    case cells
}

/// How an item's text becomes what its card shows: as Markdown (``MarkdownReader``), or as
/// `--ansi` says. Every item is read so, those added or replacing later too; the result's
/// ``StyledString/plainText`` (the text without markup) is what names the item to scripts.
struct ItemReading: Hashable, Sendable {
    /// `--ansi`.
    let ansi: ANSIHandling
    /// Whether items are Markdown (`--markdown`, decided for the items file).
    let markdown: Bool
    /// `--pictures`.
    let pictures: PictureSetting
    /// The card a picture is decoded for, in cells (``pictureFitting``).
    let pictureCard: TerminalSize

    /// A reading of `ansi`, Markdown or not, pictures or not, pictures decoded for `pictureCard`.
    init(
        ansi: ANSIHandling = .keep, markdown: Bool = false, pictures: PictureSetting = .auto,
        pictureCard: TerminalSize = CardScene.pictureCardSize
    ) {
        self.ansi = ansi
        self.markdown = markdown
        self.pictures = pictures
        self.pictureCard = pictureCard
    }

    /// The reading `--ansi` and `--markdown` ask for, `--markdown auto` deciding by the name of
    /// `file` (the `--file` path, if any).
    /// `width` and `height` (`--width`, `--height`, nil when not given) size the card pictures
    /// are decoded for; each defaults to ``CardScene/pictureCardSize``'s.
    init(_ values: OptionValues, file: String?, width: Int? = nil, height: Int? = nil) throws(CLIError) {
        ansi = try values.value(SharedOptions.ansi)
        pictures = try values.value(SharedOptions.pictures)
        pictureCard = TerminalSize(
            columns: width ?? CardScene.pictureCardSize.columns, rows: height ?? CardScene.pictureCardSize.rows)
        switch try values.value(SharedOptions.markdown) {
        case .always: markdown = true
        case .never: markdown = false
        case .auto: markdown = file.map(Self.namesMarkdown) ?? false
        }
    }

    /// This reading with pictures decoded for a card of `pictureCard`.
    func decoding(for pictureCard: TerminalSize) -> ItemReading {
        ItemReading(ansi: ansi, markdown: markdown, pictures: pictures, pictureCard: pictureCard)
    }

    /// The size in pixels a picture is decoded to cover (``CardPicture/init(contentsOfFile:fitting:gravity:)``):
    /// the half-block pixels of ``pictureCard``, its columns × twice its rows (40 × 24 for the
    /// default 40 × 12 card: about 4 KB a picture); a larger file is reduced to it as it is read
    /// (a JPEG decoded at the DCT scale nearest above it).
    var pictureFitting: (width: Int, height: Int) { (pictureCard.columns, 2 * pictureCard.rows) }

    /// The picture `text` names under `--pictures` (``CardPicture/kind(ofItem:)``), or nil when
    /// it is text.
    func picture(_ text: String) -> CardPicture? {
        guard pictures != .none, CardPicture.kind(ofItem: text) != .text else { return nil }
        return CardPicture(contentsOfFile: text, fitting: pictureFitting)
    }

    /// Whether `text` is shown as a picture card under `--pictures` (without reading the picture).
    func namesPicture(_ text: String) -> Bool {
        pictures != .none && CardPicture.kind(ofItem: text) != .text
    }

    /// The card an item naming a picture shows while the picture is decoded: the card's frame,
    /// "loading NAME…" in its area and the file's name under it; its text is the item's
    /// (docs/decisions/0232-a-large-picture-shows-a-loading-card.md).
    func loadingCard(_ text: String) -> StyledString {
        let name = CardPicture.fileName(of: text)
        return StyledString(picture: CardPicture(failure: "loading \(name)…", caption: name, path: text))
    }

    /// The fewest pixels a picture declares for its decoding to be slow enough that its card
    /// shows ``loadingCard(_:)`` first: 4 megapixels (a 6000 × 4000 PNG takes seconds; a
    /// small one is decoded before a loading card would be seen).
    static let slowPicturePixels = 4_000_000

    /// Whether `text` names a picture file that declares at least ``slowPicturePixels`` (its
    /// header read, not the picture).
    func decodesSlowly(_ text: String) -> Bool {
        guard namesPicture(text), let size = CardPicture.declaredSize(ofFile: text) else { return false }
        return size.width * size.height >= Self.slowPicturePixels
    }

    /// Whether a list of `texts` is read by an ``ItemStream`` while the deck or slideshow runs
    /// rather than whole before it: its pictures are more than one chunk, or its first chunk
    /// holds a picture slow to decode (then its card shows ``loadingCard(_:)`` until it is read).
    func streams(_ texts: [String]) -> Bool {
        let chunks = chunks(of: texts, first: Self.firstPictureChunkSize)
        guard let first = chunks.first else { return false }
        return chunks.count > 1 || texts[first].prefix(ItemStream.firstChunkItemLimit).contains(where: decodesSlowly)
    }

    /// The most pictures decoded at once (``chunks(of:pictures:first:)``): twice the cores, so
    /// that every core has work while the first card waits for no more than a few pictures.
    static let pictureChunkSize = 2 * firstPictureChunkSize

    /// The most pictures in a stream's first chunk: one for each core, so that the first card
    /// waits for one round of decoding.
    static let firstPictureChunkSize = max(ProcessInfo.processInfo.activeProcessorCount, 1)

    /// `texts` cut into consecutive ranges, in order, each holding at most `pictures` items with
    /// a picture's name (.png, .jpg, .jpeg under `--pictures auto` or `cells`; told by the name
    /// alone, no file is opened; text items are cheap to read and go with them): an
    /// ``ItemStream`` reads and hands over one range at a time, so the first card waits for the
    /// pictures of its range alone, not for every picture read so far. None: one range. The
    /// first range holds at most `first` (`pictures` when nil).
    func chunks(of texts: [String], pictures: Int = pictureChunkSize, first: Int? = nil) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = texts.startIndex
        var count = 0
        for index in texts.indices where self.pictures != .none && CardPicture.hasPictureExtension(texts[index]) {
            count += 1
            if count == max(ranges.isEmpty ? first ?? pictures : pictures, 1) {
                ranges.append(start..<(index + 1))
                start = index + 1
                count = 0
            }
        }
        if start < texts.endIndex { ranges.append(start..<texts.endIndex) }
        return ranges
    }

    /// Every item of `texts` as ``styledString(_:)`` reads it, in order; the pictures among them
    /// decoded on every core at once (`DispatchQueue.concurrentPerform`). Decodes them all
    /// before it returns: a deck reads a chunk at a time (``chunks(of:pictures:first:)``).
    func styledStrings(_ texts: [String]) -> [StyledString] {
        guard texts.count > 1, texts.contains(where: namesPicture) else { return texts.map(styledString) }
        let read = LockedBox([StyledString?](repeating: nil, count: texts.count))
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            let item = styledString(texts[index])
            read.withLock { $0[index] = item }
        }
        return read.withLock { items in items.map { $0 ?? StyledString() } }
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
        if let picture = picture(text) { return StyledString(picture: picture) }
        guard markdown else { return ansi.styledString(text) }
        switch ansi {
        case .keep, .strip: return MarkdownReader.read(ANSIReader.stripped(text))
        case .show: return MarkdownReader.read(TextLayout.sanitized(text))
        }
    }
}
