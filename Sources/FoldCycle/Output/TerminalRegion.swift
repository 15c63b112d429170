/// Where frames go on a terminal: an inline region of rows reserved at the cursor, or the whole
/// alternate screen.
public enum RegionPlacement: Hashable, Sendable {
    /// Rows reserved at the cursor in the normal screen, redrawn in place; the last frame stays
    /// on screen and the cursor ends on the line below.
    case inline
    /// The alternate screen (`CSI ?1049h`), left on exit so the shell's screen comes back.
    case fullscreen
}

/// Turns a sequence of frames into the bytes that show them in a terminal region, and brings the
/// terminal back when done: the one place that decides cursor visibility, screen and region
/// reservation (as a frame's declared modes are reconciled by bubbletea's renderer).
///
/// - Inline: ``begin(into:)`` hides the cursor; the first frame reserves its rows with line feeds
///   (the only bytes that may scroll), then every frame is a diff drawn with relative moves. A
///   taller frame reserves more rows; ``reset(into:)`` (after a resize) erases the region and
///   forgets it. ``end(into:)`` leaves the cursor at column 0 of the line below the last frame,
///   visible, with attributes reset.
/// - Fullscreen: ``begin(into:)`` enters the alternate screen and clears it; frames are drawn
///   with absolute moves; ``end(into:)`` leaves the alternate screen and shows the cursor.
///
/// Not thread-safe: a value owned by one queue. Appends to caller-owned byte arrays; the caller
/// writes them in one `write` per frame.
public struct TerminalRegion: Sendable {
    /// Inline or fullscreen.
    public let placement: RegionPlacement
    /// The colour depth frames are encoded at.
    public let depth: ColorDepth

    private var encoder: ANSIEncoder
    private var previous: CellBuffer?
    /// Rows reserved so far (inline), i.e. rows the cursor may move through without scrolling.
    public private(set) var reservedRows = 0
    /// The height of the last frame drawn, in rows.
    private var lastHeight = 0
    /// Whether ``begin(into:)`` ran and ``end(into:)`` did not.
    public private(set) var isActive = false

    /// Creates a region; nothing is written until ``begin(into:)``.
    public init(placement: RegionPlacement, depth: ColorDepth) {
        self.placement = placement
        self.depth = depth
        encoder = Self.makeEncoder(placement: placement, depth: depth)
    }

    private static func makeEncoder(placement: RegionPlacement, depth: ColorDepth) -> ANSIEncoder {
        switch placement {
        case .inline: return ANSIEncoder(mode: .inline, depth: depth)
        case .fullscreen: return ANSIEncoder(mode: .absolute(originRow: 0, originColumn: 0), depth: depth)
        }
    }

    /// Hides the cursor (and enters and clears the alternate screen when fullscreen).
    public mutating func begin(into bytes: inout [UInt8]) {
        guard !isActive else { return }
        isActive = true
        if placement == .fullscreen {
            EscapeSequence.enterAlternateScreen.append(to: &bytes)
            EscapeSequence.cursorPosition(row: 1, column: 1).append(to: &bytes)
            EscapeSequence.eraseBelow.append(to: &bytes)
        }
        EscapeSequence.hideCursor.append(to: &bytes)
    }

    /// Appends the bytes that turn the region's previous frame into `frame`: the changed cells
    /// only, or the whole frame after a size change or ``reset(into:)``.
    public mutating func draw(_ frame: CellBuffer, into bytes: inout [UInt8]) {
        if placement == .inline, frame.height > reservedRows {
            reserve(rows: frame.height, into: &bytes)
        }
        if let previous, previous.width == frame.width, previous.height == frame.height {
            encoder.encodeDiff(previous: previous, current: frame, into: &bytes)
        } else {
            encoder.encodeFull(frame, into: &bytes)
        }
        if placement == .inline {
            // Park the cursor at the region's top-left between frames: if the terminal is resized
            // and rewraps (reflows) the region's rows, the start of the first row is still where
            // the cursor is, so reset(into:) can erase from there without guessing.
            encoder.moveCursor(toRow: 0, column: 0, into: &bytes)
        }
        lastHeight = frame.height
        if var kept = previous, kept.width == frame.width, kept.height == frame.height {
            // Copy into the kept buffer's own storage: no allocation per frame.
            previous = nil
            kept.withUnsafeMutableCells { target in
                frame.cells.withUnsafeBufferPointer { source in _ = target.update(fromContentsOf: source) }
            }
            previous = kept
        } else {
            previous = frame
        }
    }

    /// Erases what the region shows and forgets it (after a terminal resize, when the screen may
    /// have been reflowed); the next ``draw(_:into:)`` reserves and draws from scratch at the
    /// region's top-left.
    public mutating func reset(into bytes: inout [UInt8]) {
        guard isActive else { return }
        switch placement {
        case .inline:
            // The cursor is parked at the region's top-left (see draw(_:into:)).
            EscapeSequence.carriageReturn.append(to: &bytes)
            EscapeSequence.resetAttributes.append(to: &bytes)
            EscapeSequence.eraseBelow.append(to: &bytes)
            reservedRows = 1
        case .fullscreen:
            EscapeSequence.resetAttributes.append(to: &bytes)
            EscapeSequence.cursorPosition(row: 1, column: 1).append(to: &bytes)
            EscapeSequence.eraseBelow.append(to: &bytes)
        }
        encoder = Self.makeEncoder(placement: placement, depth: depth)
        previous = nil
    }

    /// Forgets the frame on screen without erasing it, so the next ``draw(_:into:)`` draws every
    /// cell (the full-frame encoder, for comparison with diffs).
    public mutating func forgetFrame() {
        previous = nil
    }

    /// Restores the terminal: inline, the cursor goes to the line below the last frame (rows the
    /// region reserved below it are erased); fullscreen,
    /// the alternate screen is left. Then attributes are reset and the cursor shown. Idempotent.
    public mutating func end(into bytes: inout [UInt8]) {
        guard isActive else { return }
        isActive = false
        EscapeSequence.resetAttributes.append(to: &bytes)
        switch placement {
        case .inline:
            // The last frame stays; rows reserved below it (a taller earlier frame) are erased,
            // and the cursor ends at column 0 of the line below the last frame.
            if lastHeight > 0 {
                encoder.moveCursor(toRow: lastHeight - 1, column: 0, into: &bytes)
                EscapeSequence.lineFeed.append(to: &bytes)
                if reservedRows > lastHeight { EscapeSequence.eraseBelow.append(to: &bytes) }
            }
        case .fullscreen:
            EscapeSequence.leaveAlternateScreen.append(to: &bytes)
        }
        EscapeSequence.showCursor.append(to: &bytes)
    }

    /// Reserves `rows` rows from the region's top: line feeds from the last reserved row scroll
    /// the screen when the region would run past the bottom, then the cursor returns to the top.
    private mutating func reserve(rows: Int, into bytes: inout [UInt8]) {
        if reservedRows > 0 {
            encoder.moveCursor(toRow: reservedRows - 1, column: 0, into: &bytes)
        } else {
            reservedRows = 1
        }
        EscapeSequence.carriageReturn.append(to: &bytes)
        for _ in reservedRows..<rows { EscapeSequence.lineFeed.append(to: &bytes) }
        if rows > 1 { EscapeSequence.cursorUp(rows - 1).append(to: &bytes) }
        reservedRows = rows
        // The cursor is at the region's top-left again, which a new encoder assumes; the frame
        // is drawn in full.
        encoder = Self.makeEncoder(placement: placement, depth: depth)
        previous = nil
    }
}
