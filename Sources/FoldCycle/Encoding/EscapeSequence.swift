internal import FoldCyclePlatform

/// Every control sequence FoldCycle writes to a terminal, by name, with its bytes.
///
/// Only the terminal layer (this type and ``ANSIEncoder``, whose ``SGRWriter`` builds SGR
/// parameter lists after ``controlSequenceIntroducer``) writes escape bytes; everything above it
/// works on cells.
/// Counts follow ECMA-48: a count of 1 is written as the short form with no parameter.
package enum EscapeSequence: Hashable, Sendable {
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
    /// BS (0x08): cursor left one column, like CUB 1 in a third of the bytes. It never wraps to
    /// the previous row (outside xterm's reverse-wraparound mode, which only matters at column 1,
    /// where FoldCycle never writes it). As for every relative move, the encoder writes it only
    /// when the cursor column is known, i.e. never in the pending-wrap state.
    case backspace
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
    /// EL 0 `CSI K`: erase from the cursor to the terminal's right margin (the cursor does not
    /// move). The erased cells become spaces in the current background (BCE, as for
    /// ``eraseCharacters(_:)``), with no underline or reverse, and a terminal that rewraps lines
    /// on resize no longer counts them as written. Erasing the trailing half of a wide character
    /// blanks its lead too.
    case eraseToEndOfLine
    /// ED 0 `CSI J`: erase from the cursor to the end of the screen.
    case eraseBelow
    /// ECH `CSI n X`: erase `n` characters from the cursor rightwards (clipped at the right
    /// margin) without moving the cursor. The erased cells become spaces in the current
    /// background ("background colour erase", BCE: xterm, VTE, kitty, iTerm2, WezTerm,
    /// Alacritty, tmux, pyte), with no underline or reverse. Erasing either half of a wide
    /// character blanks both halves.
    case eraseCharacters(Int)
    /// IL `CSI n L`: insert `n` blank lines at the cursor row; the lines from there to the bottom
    /// margin move down and those pushed past it are lost. The new lines are blank in the current
    /// background (BCE). The cursor goes to column 1 (xterm, VTE, the VT510); ignored when the
    /// cursor is outside the scrolling region. ``ANSIEncoder`` follows each DL with an IL below
    /// it (or the reverse), so that the lines below the moved ones end where they were.
    case insertLines(Int)
    /// DL `CSI n M`: delete `n` lines from the cursor row; the lines below, to the bottom margin,
    /// move up and blank lines in the current background come in at the bottom. The cursor goes
    /// to column 1; ignored when the cursor is outside the scrolling region.
    case deleteLines(Int)
    /// ICH `CSI n @`: insert `n` blank cells (in the current background) at the cursor; the cells
    /// from there to the right margin move right and those pushed past it are lost. The cursor
    /// does not move.
    case insertCharacters(Int)
    /// DCH `CSI n P`: delete `n` cells at the cursor; the cells right of them move left and blank
    /// cells in the current background come in at the right margin. The cursor does not move.
    case deleteCharacters(Int)
    /// REP `CSI n b`: prints the graphic character printed just before it `n` more times, in the
    /// current rendition, as if it were written `n` more times (ECMA-48; xterm, VTE, kitty,
    /// mlterm, foot, tmux; not the Linux console). Written only for a narrow glyph printed right
    /// before it on the same row, with `n` never past the right margin, and only to a terminal
    /// known to take it (``ANSIEncoder/repeats``, docs/decisions/0255).
    case repeatCharacter(Int)
    /// DECAWM reset `CSI ? 7 l`: autowrap off. A glyph that does not fit at the right margin is
    /// clipped (or overwrites the last column) instead of wrapping to the next line, which at the
    /// bottom would scroll. Written inside frames that draw a cluster whose width terminals
    /// disagree on, whose overflow could otherwise wrap.
    case disableAutowrap
    /// DECAWM set `CSI ? 7 h`: autowrap on (the terminal's default).
    case enableAutowrap
    /// `CSI ? 2026 h`: begin synchronized output (the terminal holds the frame until the end).
    case beginSynchronizedUpdate
    /// `CSI ? 2026 l`: end synchronized output.
    case endSynchronizedUpdate
    /// SGR 0 `CSI 0 m`: reset colours and attributes to the terminal's defaults.
    case resetAttributes
    /// DECSC `ESC 7`: save the cursor's position and the pen (around terminal graphics).
    case saveCursor
    /// DECRC `ESC 8`: restore what ``saveCursor`` saved.
    case restoreCursor
    /// LF (0x0A): cursor down one row, scrolling the screen up at the bottom margin; with the
    /// tty's ONLCR (the usual setting) it also returns the carriage, without it (e.g. a file
    /// replayed later) the column stays. Used to reserve an inline region's rows (and to leave
    /// the cursor below it), and inside a frame by ``ANSIEncoder`` only right after a CR (so the
    /// cursor lands in column 1 either way) and only from a region row to a region row below it:
    /// the region's rows are all on screen, so such an LF never starts on the bottom margin and
    /// never scrolls. It never goes below the region's last row.
    case lineFeed
    /// `CSI ? 1002 h`: report mouse button presses, releases and motion while a button is held
    /// (xterm's button-event tracking).
    case enableMouseButtonTracking
    /// `CSI ? 1002 l`: stop reporting the mouse (the terminal's own selection comes back).
    case disableMouseButtonTracking
    /// `CSI ? 1006 h`: mouse reports in SGR form, `CSI < b ; x ; y M` (press, motion) or `m`
    /// (release), with decimal coordinates of any size.
    case enableSGRMouseReports
    /// `CSI ? 1006 l`: back to the terminal's default mouse report form.
    case disableSGRMouseReports
    /// `CSI ? 1003 h`: report all motion, with a button held or none (xterm's any-event
    /// tracking), in place of button-event tracking: a deck turns it on while a drag is open, so
    /// that a pointer back in the window with its button up ends the drag.
    case enableAnyMotionTracking
    /// `CSI ? 1003 l`: stop any-event tracking (which stops mouse tracking: button-event
    /// tracking is turned on again after it).
    case disableAnyMotionTracking
    /// `CSI ? 1004 h`: report the window's focus, `CSI I` in and `CSI O` out (a drag whose
    /// button comes up outside the window ends at focus out).
    case enableFocusReports
    /// `CSI ? 1004 l`: stop reporting the focus.
    case disableFocusReports
    /// `CSI 6 n`: ask where the cursor is; the terminal answers `CSI row ; column R` on its input.
    case requestCursorPosition

    /// ESC `[`, the 7-bit CSI.
    package static let controlSequenceIntroducer: [UInt8] = [0x1B, 0x5B]

    /// The sequence's bytes.
    package var bytes: [UInt8] {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return bytes
    }

    /// The number of bytes ``append(to:)`` writes.
    package var byteCount: Int {
        switch self {
        case .carriageReturn, .backspace: return 1
        case .cursorUp(let n), .cursorDown(let n), .cursorForward(let n), .cursorBackward(let n),
            .eraseCharacters(let n), .insertLines(let n), .deleteLines(let n), .insertCharacters(let n),
            .deleteCharacters(let n), .repeatCharacter(let n):
            return 3 + (n == 1 ? 0 : Self.digitCount(n))
        case .cursorPosition(let row, let column):
            return 4 + Self.digitCount(row) + Self.digitCount(column)
        case .hideCursor, .showCursor: return 6
        case .disableAutowrap, .enableAutowrap: return 5
        case .enterAlternateScreen, .leaveAlternateScreen, .beginSynchronizedUpdate, .endSynchronizedUpdate,
            .enableMouseButtonTracking, .disableMouseButtonTracking, .enableSGRMouseReports, .disableSGRMouseReports,
            .enableFocusReports, .disableFocusReports, .enableAnyMotionTracking, .disableAnyMotionTracking:
            return 8
        case .requestCursorPosition: return 4
        case .eraseLine, .resetAttributes: return 4
        case .eraseBelow, .eraseToEndOfLine: return 3
        case .lineFeed: return 1
        case .saveCursor, .restoreCursor: return 2
        }
    }

    /// The most bytes one sequence can take (a CUP with two 19-digit counts is 42).
    static let maximumByteCount = 48

    /// Appends the sequence's bytes to `bytes` without allocating (the bytes are formed in a
    /// stack block by ``write(to:)``).
    package func append(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumByteCount) { block in
            guard let base = block.baseAddress else { return }
            let count = write(to: base)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// Writes the sequence's bytes at `pointer`, which must have room for
    /// ``maximumByteCount`` bytes, and returns how many it wrote (``byteCount``).
    @inline(__always)
    func write(to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        switch self {
        case .carriageReturn:
            pointer[0] = 0x0D
            return 1
        case .cursorUp(let n): return Self.writeCount(n, final: UInt8(ascii: "A"), to: pointer)
        case .cursorDown(let n): return Self.writeCount(n, final: UInt8(ascii: "B"), to: pointer)
        case .cursorForward(let n): return Self.writeCount(n, final: UInt8(ascii: "C"), to: pointer)
        case .cursorBackward(let n): return Self.writeCount(n, final: UInt8(ascii: "D"), to: pointer)
        case .backspace:
            pointer[0] = 0x08
            return 1
        case .eraseCharacters(let n): return Self.writeCount(n, final: UInt8(ascii: "X"), to: pointer)
        case .insertLines(let n): return Self.writeCount(n, final: UInt8(ascii: "L"), to: pointer)
        case .deleteLines(let n): return Self.writeCount(n, final: UInt8(ascii: "M"), to: pointer)
        case .insertCharacters(let n): return Self.writeCount(n, final: UInt8(ascii: "@"), to: pointer)
        case .deleteCharacters(let n): return Self.writeCount(n, final: UInt8(ascii: "P"), to: pointer)
        case .repeatCharacter(let n): return Self.writeCount(n, final: UInt8(ascii: "b"), to: pointer)
        case .cursorPosition(let row, let column):
            var count = Self.writeIntroducer(to: pointer)
            count += Self.writeDecimal(row, to: pointer + count)
            pointer[count] = UInt8(ascii: ";")
            count += 1
            count += Self.writeDecimal(column, to: pointer + count)
            pointer[count] = UInt8(ascii: "H")
            return count + 1
        case .disableAutowrap, .enableAutowrap, .hideCursor, .showCursor, .enterAlternateScreen,
            .leaveAlternateScreen, .beginSynchronizedUpdate, .endSynchronizedUpdate, .enableMouseButtonTracking,
            .disableMouseButtonTracking, .enableSGRMouseReports, .disableSGRMouseReports, .enableAnyMotionTracking,
            .disableAnyMotionTracking, .enableFocusReports, .disableFocusReports:
            let mode = privateMode
            return Self.writePrivateMode(mode.number, set: mode.set, to: pointer)
        case .requestCursorPosition:
            let count = Self.writeIntroducer(to: pointer)
            pointer[count] = UInt8(ascii: "6")
            pointer[count + 1] = UInt8(ascii: "n")
            return count + 2
        case .eraseLine:
            let count = Self.writeIntroducer(to: pointer)
            pointer[count] = UInt8(ascii: "2")
            pointer[count + 1] = UInt8(ascii: "K")
            return count + 2
        case .eraseToEndOfLine:
            let count = Self.writeIntroducer(to: pointer)
            pointer[count] = UInt8(ascii: "K")
            return count + 1
        case .eraseBelow:
            let count = Self.writeIntroducer(to: pointer)
            pointer[count] = UInt8(ascii: "J")
            return count + 1
        case .resetAttributes:
            let count = Self.writeIntroducer(to: pointer)
            pointer[count] = UInt8(ascii: "0")
            pointer[count + 1] = UInt8(ascii: "m")
            return count + 2
        case .lineFeed:
            pointer[0] = 0x0A
            return 1
        case .saveCursor, .restoreCursor:
            pointer[0] = 0x1B
            pointer[1] = self == .saveCursor ? UInt8(ascii: "7") : UInt8(ascii: "8")
            return 2
        }
    }

    /// The DEC private mode a mode sequence sets (`CSI ? n h`) or resets (`CSI ? n l`).
    private var privateMode: (number: Int, set: Bool) {
        switch self {
        case .disableAutowrap: return (7, false)
        case .enableAutowrap: return (7, true)
        case .hideCursor: return (25, false)
        case .showCursor: return (25, true)
        case .enterAlternateScreen: return (1049, true)
        case .leaveAlternateScreen: return (1049, false)
        case .beginSynchronizedUpdate: return (2026, true)
        case .endSynchronizedUpdate: return (2026, false)
        case .enableMouseButtonTracking: return (1002, true)
        case .disableMouseButtonTracking: return (1002, false)
        case .enableSGRMouseReports: return (1006, true)
        case .disableSGRMouseReports: return (1006, false)
        case .enableAnyMotionTracking: return (1003, true)
        case .disableAnyMotionTracking: return (1003, false)
        case .enableFocusReports: return (1004, true)
        case .disableFocusReports: return (1004, false)
        default: preconditionFailure("\(self) is not a private mode sequence")
        }
    }

    // MARK: - Helpers

    /// Writes ``controlSequenceIntroducer`` (2 bytes).
    @inline(__always)
    static func writeIntroducer(to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        pointer[0] = 0x1B
        pointer[1] = 0x5B
        return 2
    }

    /// Writes `CSI`, `n` unless it is 1, and `final` (CUU, CUD, CUF, CUB, ECH and the like) at
    /// `pointer`, which has room for them; returns the bytes written.
    @inline(__always)
    static func writeCount(_ n: Int, final: UInt8, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        var count = writeIntroducer(to: pointer)
        if n != 1 { count += writeDecimal(n, to: pointer + count) }
        pointer[count] = final
        return count + 1
    }

    private static func writePrivateMode(_ mode: Int, set: Bool, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        var count = writeIntroducer(to: pointer)
        pointer[count] = UInt8(ascii: "?")
        count += 1
        count += writeDecimal(mode, to: pointer + count)
        pointer[count] = set ? UInt8(ascii: "h") : UInt8(ascii: "l")
        return count + 1
    }

    /// Appends a non-negative integer in decimal ASCII digits (negative counts as 0).
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { block in
            guard let base = block.baseAddress else { return }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: writeDecimal(value, to: base)))
        }
    }

    /// Writes a non-negative integer in decimal ASCII digits at `pointer` (negative counts as 0;
    /// at most 19 bytes) and returns how many it wrote (``digitCount(_:)``).
    @inline(__always)
    static func writeDecimal(_ value: Int, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10 {
            pointer[0] = UInt8(truncatingIfNeeded: 48 + max(value, 0))
            return 1
        }
        if value < 100 {
            pointer[0] = UInt8(truncatingIfNeeded: 48 + value / 10)
            pointer[1] = UInt8(truncatingIfNeeded: 48 + value % 10)
            return 2
        }
        if value < 1000 {
            pointer[0] = UInt8(truncatingIfNeeded: 48 + value / 100)
            pointer[1] = UInt8(truncatingIfNeeded: 48 + value / 10 % 10)
            pointer[2] = UInt8(truncatingIfNeeded: 48 + value % 10)
            return 3
        }
        let digits = digitCount(value)
        var rest = value
        var index = digits - 1
        while index >= 0 {
            pointer[index] = UInt8(truncatingIfNeeded: 48 + rest % 10)
            rest /= 10
            index -= 1
        }
        return digits
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
