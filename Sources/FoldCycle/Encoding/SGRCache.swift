/// A direct-mapped cache of pen changes: (pen, cell rendition) → the SGR bytes and the pen
/// after them. The SGR depends only on those (and the encoder's fixed depth), so a hit writes
/// the same bytes as forming them again.
struct SGRCache {
    /// The raw pen and the cell's rendition (colours, attributes, whether a plain space).
    struct Key: Equatable {
        var pen: UInt64
        var cell: UInt64
        var attributes: UInt32

        init(
            from foreground: UInt32, _ background: UInt32, _ attributes: CellAttributes, to cell: Cell,
            plainSpace: Bool
        ) {
            pen = UInt64(foreground) << 32 | UInt64(background)
            self.cell = UInt64(cell.foregroundBits) << 32 | UInt64(cell.backgroundBits)
            self.attributes =
                UInt32(attributes.rawValue) | UInt32(cell.attributes.rawValue) << 8
                | (plainSpace ? 1 << 16 : 0)
        }

        /// The key's slot: a multiplicative hash of its words.
        var slot: Int {
            let mixed = (pen &* 0x9E37_79B9_7F4A_7C15) ^ (cell &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(attributes)
            return Int(truncatingIfNeeded: (mixed ^ mixed >> 29) & UInt64(SGRCache.slots - 1))
        }
    }

    struct Entry {
        var key: Key?
        var pen: Pen
        var length: Int
    }

    static let slots = 16
    /// The longest SGR kept; longer ones (rare: many attributes) are formed each time.
    static let maximumLength = 64

    private var entries: [Entry] = []
    private var bytes: [UInt8] = []

    /// On a hit, writes the cached bytes into the sink (which has room) and returns the pen.
    @inline(__always)
    mutating func lookUp(_ key: Key, writingTo sink: inout ByteSink) -> Pen? {
        guard !entries.isEmpty else { return nil }
        let slot = key.slot
        let entry = entries[slot]
        guard entry.key == key else { return nil }
        bytes.withUnsafeBufferPointer { stored in
            guard let from = stored.baseAddress, let to = sink.block.baseAddress else { return }
            (to + sink.count).update(from: from + slot * Self.maximumLength, count: entry.length)
        }
        sink.count += entry.length
        return entry.pen
    }

    /// Keeps the bytes `block[start..<end]` for `key`, evicting the slot's previous entry.
    mutating func store(
        _ key: Key, pen: Pen, bytes block: UnsafeMutableBufferPointer<UInt8>,
        from start: Int, to end: Int
    ) {
        let length = end - start
        guard length <= Self.maximumLength else { return }
        if entries.isEmpty {
            entries = Array(repeating: Entry(key: nil, pen: pen, length: 0), count: Self.slots)
            bytes = Array(repeating: 0, count: Self.slots * Self.maximumLength)
        }
        let slot = key.slot
        entries[slot] = Entry(key: key, pen: pen, length: length)
        bytes.withUnsafeMutableBufferPointer { stored in
            guard let to = stored.baseAddress, let from = block.baseAddress else { return }
            (to + slot * Self.maximumLength).update(from: from + start, count: length)
        }
    }
}
