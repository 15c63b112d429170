/// Every control sequence FoldCycle writes to a terminal, by name, with its bytes.
///
/// Only the terminal layer (this type and ``ANSIEncoder``, which builds SGR parameter lists
/// after ``controlSequenceIntroducer``) writes escape bytes; everything above it works on cells.
/// Counts follow ECMA-48: a count of 1 is written as the short form with no parameter.
public enum EscapeSequence: Hashable, Sendable {
    /// CR (0x0D): cursor to column 1 of the current row. Never scrolls.
    case carriageReturn
    /// CUU `CSI n A`: cursor up `n` rows (stops at the top margin; never scrolls).
    case cursorUp(Int)
    /// CUD `CSI n B`: cursor down `n` rows (stops at the bottom margin; never scrolls, unlike LF).
    case cursorDown(Int)
    /// CUF `CSI n C`: cursor right `n` columns.
    case cursorForward(Int)
    /// CUB `CSI n D`: cursor left `n` columns.
    case cursorBackward(Int)
    /// CUP `CSI row ; column H`: cursor to a 1-based screen position.
    case cursorPosition(row: Int, column: Int)
    /// DECTCEM reset `CSI ? 25 l`: hide the cursor.
    case hideCursor
    /// DECTCEM set `CSI ? 25 h`: show the cursor.
    case showCursor
    /// `CSI ? 1049 h`: save the cursor and switch to the alternate screen.
    case enterAlternateScreen
    /// `CSI ? 1049 l`: leave the alternate screen and restore the cursor.
    case leaveAlternateScreen
    /// EL 2 `CSI 2 K`: erase the whole current line (the cursor does not move).
    case eraseLine
    /// ED 0 `CSI J`: erase from the cursor to the end of the screen.
    case eraseBelow
    /// `CSI ? 2026 h`: begin synchronized output (the terminal holds the frame until the end).
    case beginSynchronizedUpdate
    /// `CSI ? 2026 l`: end synchronized output.
    case endSynchronizedUpdate
    /// SGR 0 `CSI 0 m`: reset colours and attributes to the terminal's defaults.
    case resetAttributes
    /// LF (0x0A): cursor down one row, scrolling the screen up at the bottom margin. Used only to
    /// reserve an inline region's rows (and to leave the cursor below it), never inside a frame.
    case lineFeed

    /// ESC `[`, the 7-bit CSI.
    public static let controlSequenceIntroducer: [UInt8] = [0x1B, 0x5B]

    /// The sequence's bytes.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return bytes
    }

    /// The number of bytes ``append(to:)`` writes.
    public var byteCount: Int {
        switch self {
        case .carriageReturn: return 1
        case .cursorUp(let n), .cursorDown(let n), .cursorForward(let n), .cursorBackward(let n):
            return 3 + (n == 1 ? 0 : Self.digitCount(n))
        case let .cursorPosition(row, column):
            return 4 + Self.digitCount(row) + Self.digitCount(column)
        case .hideCursor, .showCursor: return 6
        case .enterAlternateScreen, .leaveAlternateScreen, .beginSynchronizedUpdate, .endSynchronizedUpdate: return 8
        case .eraseLine, .resetAttributes: return 4
        case .eraseBelow: return 3
        case .lineFeed: return 1
        }
    }

    /// Appends the sequence's bytes to `bytes` without allocating.
    public func append(to bytes: inout [UInt8]) {
        switch self {
        case .carriageReturn:
            bytes.append(0x0D)
        case .cursorUp(let n): Self.appendCount(n, final: UInt8(ascii: "A"), to: &bytes)
        case .cursorDown(let n): Self.appendCount(n, final: UInt8(ascii: "B"), to: &bytes)
        case .cursorForward(let n): Self.appendCount(n, final: UInt8(ascii: "C"), to: &bytes)
        case .cursorBackward(let n): Self.appendCount(n, final: UInt8(ascii: "D"), to: &bytes)
        case let .cursorPosition(row, column):
            bytes.append(contentsOf: Self.controlSequenceIntroducer)
            Self.appendDecimal(row, to: &bytes)
            bytes.append(UInt8(ascii: ";"))
            Self.appendDecimal(column, to: &bytes)
            bytes.append(UInt8(ascii: "H"))
        case .hideCursor: Self.appendPrivateMode(25, set: false, to: &bytes)
        case .showCursor: Self.appendPrivateMode(25, set: true, to: &bytes)
        case .enterAlternateScreen: Self.appendPrivateMode(1049, set: true, to: &bytes)
        case .leaveAlternateScreen: Self.appendPrivateMode(1049, set: false, to: &bytes)
        case .beginSynchronizedUpdate: Self.appendPrivateMode(2026, set: true, to: &bytes)
        case .endSynchronizedUpdate: Self.appendPrivateMode(2026, set: false, to: &bytes)
        case .eraseLine:
            bytes.append(contentsOf: Self.controlSequenceIntroducer)
            bytes.append(UInt8(ascii: "2"))
            bytes.append(UInt8(ascii: "K"))
        case .eraseBelow:
            bytes.append(contentsOf: Self.controlSequenceIntroducer)
            bytes.append(UInt8(ascii: "J"))
        case .resetAttributes:
            bytes.append(contentsOf: Self.controlSequenceIntroducer)
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "m"))
        case .lineFeed:
            bytes.append(0x0A)
        }
    }

    // MARK: - Helpers

    private static func appendCount(_ n: Int, final: UInt8, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: controlSequenceIntroducer)
        if n != 1 { appendDecimal(n, to: &bytes) }
        bytes.append(final)
    }

    private static func appendPrivateMode(_ mode: Int, set: Bool, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: controlSequenceIntroducer)
        bytes.append(UInt8(ascii: "?"))
        appendDecimal(mode, to: &bytes)
        bytes.append(set ? UInt8(ascii: "h") : UInt8(ascii: "l"))
    }

    /// Appends a non-negative integer in decimal ASCII digits (negative counts as 0).
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var value = max(value, 0)
        if value < 10 {
            bytes.append(UInt8(48 + value))
            return
        }
        let digits = digitCount(value)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var index = start + digits - 1
        while value > 0 {
            bytes[index] = UInt8(48 + value % 10)
            value /= 10
            index -= 1
        }
    }

    /// The number of decimal digits of a non-negative integer.
    static func digitCount(_ value: Int) -> Int {
        var value = max(value, 0)
        var count = 1
        while value >= 10 {
            value /= 10
            count += 1
        }
        return count
    }
}
