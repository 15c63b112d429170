/// The rendition a span needs from the pen. An exact key is a cell's background, attributes
/// and foreground; a plain key (a span of plain spaces only: ECH, EL, padding) only fixes the
/// background and rules out underline and reverse, so any pen with that background and neither
/// of those draws it (``Pen/isPlainSpace(_:)``).
struct PenKey: Equatable {
    /// The background (bits 0–31), attributes (bits 40–47) and link (bits 48–62) as in
    /// ``Cell``'s `high` word; a plain key has no attributes.
    var high: UInt64
    /// The packed foreground (0 for a plain key).
    var foreground: UInt32
    /// Whether only the background matters.
    var plain: Bool

    /// The bits of `high` a key holds: background, attributes and link.
    static let renditionBits: UInt64 = 0xFFFF_FFFF | 0xFF << 40 | Cell.linkBits
    /// The bits of `high` a plain space needs from the pen: its background and its link (a space
    /// inside a link's text is part of the link; padding after it is not).
    static let plainBits: UInt64 = 0xFFFF_FFFF | Cell.linkBits
    /// Underline and reverse in `high`: they make a space's foreground show.
    static let visibleSpaceAttributeBits = UInt64(Pen.foregroundVisibleAttributes.rawValue) << 40

    /// The exact key of `cell`.
    @inline(__always)
    init(exact cell: Cell) {
        high = cell.high & Self.renditionBits
        foreground = cell.foregroundBits
        plain = false
    }

    /// The plain key of a space in `cell`'s background.
    @inline(__always)
    init(plain cell: Cell) {
        high = cell.high & Self.plainBits
        foreground = 0
        plain = true
    }

    /// A cell of this rendition, for forming the SGR that sets it: a non-space glyph in the
    /// exact colours and attributes, or a plain space in the background.
    var cell: Cell {
        var cell =
            plain
            ? Cell(
                glyph: 0x20, foregroundBits: TerminalColor.packedDefault,
                backgroundBits: UInt32(truncatingIfNeeded: high))
            : Cell(
                glyph: 0x78, foregroundBits: foreground, backgroundBits: UInt32(truncatingIfNeeded: high),
                attributes: CellAttributes(rawValue: UInt8(truncatingIfNeeded: high >> 40)))
        cell.high |= high & Cell.linkBits
        return cell
    }

    /// Whether a pen of this key draws `cell` (a plain space when `plainSpace`), turning a
    /// plain key into `cell`'s exact one when `cell` is not a plain space and fits it: its
    /// background, and neither underline nor reverse (which would show on the spaces before it).
    @inline(__always)
    mutating func admit(_ cell: Cell, plainSpace: Bool) -> Bool {
        let difference = cell.high ^ high
        if plainSpace { return difference & Self.plainBits == 0 && high & Self.visibleSpaceAttributeBits == 0 }
        if plain {
            guard difference & Self.plainBits == 0, cell.high & Self.visibleSpaceAttributeBits == 0 else {
                return false
            }
            self = PenKey(exact: cell)
            return true
        }
        return difference & Self.renditionBits == 0 && cell.foregroundBits == foreground
    }

    /// Whether spans of plain key `other` can be drawn with this key's pen: the same background
    /// and neither underline nor reverse.
    func takes(_ other: PenKey) -> Bool {
        (high ^ other.high) & Self.plainBits == 0 && high & Self.visibleSpaceAttributeBits == 0
    }
}

/// The distinct pen keys of one frame, in order of first use; a span refers to its key by index.
struct PenKeys {
    private(set) var keys: [PenKey] = []
    private var last = -1

    /// Empties the table, keeping its storage.
    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        last = -1
    }

    /// The index of `key`, added when new.
    @inline(__always)
    mutating func index(of key: PenKey) -> Int32 {
        if last >= 0 && keys[last] == key { return Int32(truncatingIfNeeded: last) }
        return find(key)
    }

    private mutating func find(_ key: PenKey) -> Int32 {
        let found = keys.withUnsafeBufferPointer { keys -> Int in
            for index in keys.indices {
                let other = keys[index]
                if other.high == key.high && other.foreground == key.foreground && other.plain == key.plain {
                    return index
                }
            }
            return -1
        }
        if found >= 0 {
            last = found
        } else {
            keys.append(key)
            last = keys.count - 1
        }
        return Int32(truncatingIfNeeded: last)
    }

    subscript(index: Int32) -> PenKey { keys[Int(index)] }

    var count: Int { keys.count }
}
