/// Cuts text that arrives in pieces (a pipe read as it is written) into items as ``ItemSplit``
/// says, handing each item on as soon as its end is read: a line at its line feed, a paragraph
/// at the blank line after it, a NUL item at its NUL. Fed the whole text at once it gives
/// exactly ``ItemSplit/items(of:)``'s items; fed in any pieces, the same items with `lines`,
/// `paragraphs` and `nul`.
///
/// `auto` is decided on the text read by the time the first item could end: the first read
/// that holds a NUL, or a line feed after a character that is not white space. A producer that
/// writes its first paragraph's lines one read at a time is taken as lines; `--split
/// paragraphs` says otherwise (docs/DESIGN.md#items-and-input).
///
/// Strict UTF-8: a line (or NUL item) that is not valid UTF-8 is an error, found when its end is
/// read (a line feed or NUL byte is never inside a multi-byte sequence, so a whole text is valid
/// exactly when each of its pieces is).
struct ItemStreamSplitter {
    /// Text that is not valid UTF-8.
    struct InvalidText: Error, Equatable {}

    private var split: ItemSplit
    /// Bytes after the last item end seen (and, before `auto` is decided, every byte).
    private var pending: [UInt8] = []
    /// Whether the start of the stream (where a byte-order mark is dropped) is behind.
    private var startChecked = false
    /// The lines of the paragraph being read.
    private var paragraph: [String] = []
    /// How many of `pending`'s first bytes are known to hold no separator (and, before `auto` is
    /// decided, to decide nothing): a long line read in many pieces is scanned once.
    private var scanned = 0
    /// Before `auto` is decided: whether a character that is not white space was seen.
    private var seenText = false

    /// A splitter for `split`.
    init(split: ItemSplit) {
        self.split = split
    }

    /// The split in use: `auto` until it is decided.
    var resolvedSplit: ItemSplit { split }

    /// Takes `bytes`, returning the items they finish, in order.
    ///
    /// - Throws: ``InvalidText`` when a finished line or item is not valid UTF-8.
    mutating func feed(_ bytes: some Collection<UInt8>) throws(InvalidText) -> [String] {
        pending.append(contentsOf: bytes)
        dropByteOrderMark(atEnd: false)
        // Fewer than three bytes, all a byte-order mark's so far: nothing can end yet.
        guard startChecked else { return [] }
        if split == .auto {
            guard decides() else { return [] }
            split = ItemSplit.auto.resolved(for: String(decoding: pending, as: UTF8.self))
        }
        return try takeItems(atEnd: false)
    }

    /// The input ended: returns the items its last bytes finish.
    ///
    /// - Throws: ``InvalidText`` when they are not valid UTF-8.
    mutating func finish() throws(InvalidText) -> [String] {
        dropByteOrderMark(atEnd: true)
        if split == .auto {
            split = ItemSplit.auto.resolved(for: String(decoding: pending, as: UTF8.self))
            scanned = 0  // What `decides()` scanned may hold separators.
        }
        return try takeItems(atEnd: true)
    }

    /// Whether the bytes read so far decide `auto`: a NUL, or a line feed after a character
    /// that is not white space (a whole line with something on it).
    private mutating func decides() -> Bool {
        while scanned < pending.count {
            let byte = pending[scanned]
            switch byte {
            case 0:
                scanned = 0
                return true
            case 0x0A where seenText:
                scanned = 0
                return true
            case 0x20, 0x09, 0x0D, 0x0A: break
            default: seenText = true
            }
            scanned += 1
        }
        return false
    }

    /// Drops a byte-order mark at the very start (once three bytes are in, or at the end).
    private mutating func dropByteOrderMark(atEnd: Bool) {
        guard !startChecked else { return }
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if pending.starts(with: mark) {
            pending.removeFirst(3)
            startChecked = true
        } else if pending.count >= 3 || !mark.starts(with: pending) || atEnd {
            startChecked = true
        }
    }

    private mutating func takeItems(atEnd: Bool) throws(InvalidText) -> [String] {
        let separator: UInt8 = split == .nul ? 0 : 0x0A
        var items: [String] = []
        var start = pending.startIndex
        while let end = pending[(start + scanned)...].firstIndex(of: separator) {
            scanned = 0
            try take(pending[start..<end], into: &items)
            start = end + 1
        }
        if atEnd {
            if start < pending.endIndex || split != .nul { try take(pending[start...], into: &items, last: true) }
            pending.removeAll()
            scanned = 0
        } else {
            pending.removeSubrange(..<start)
            scanned = pending.count
        }
        return items
    }

    /// One piece between separators: a line (lines, paragraphs) or a NUL item.
    private mutating func take(_ piece: ArraySlice<UInt8>, into items: inout [String], last: Bool = false)
        throws(InvalidText)
    {
        guard let text = String(validating: piece, as: UTF8.self) else { throw InvalidText() }
        switch split {
        case .nul:
            if let item = ItemInput.nulItem(text) { items.append(item) }
        case .auto, .lines:
            let line = Self.droppingCarriageReturn(text)
            if !ItemInput.isBlank(line) { items.append(line) }
        case .paragraphs:
            let line = Self.droppingCarriageReturn(text)
            if ItemInput.isBlank(line) {
                if !paragraph.isEmpty { items.append(paragraph.joined(separator: "\n")) }
                paragraph = []
            } else {
                paragraph.append(line)
            }
            if last, !paragraph.isEmpty {
                items.append(paragraph.joined(separator: "\n"))
                paragraph = []
            }
        }
    }

    /// A line without the carriage return of its CRLF (``ItemInput/lines(of:)``'s rule).
    private static func droppingCarriageReturn(_ line: String) -> String {
        var scalars = line.unicodeScalars[...]
        if scalars.last == "\r" { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
