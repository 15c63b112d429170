/// Where frames go on a terminal: an inline region of rows reserved at the cursor, or the whole
/// alternate screen.
package enum RegionPlacement: Hashable, Sendable {
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
///   forgets it; ``releaseRows(into:)`` erases it so that lines can be written where it was and a
///   new one drawn below them. A shorter frame erases the rows the taller one left below it.
///   ``end(into:erasing:)`` leaves the cursor at column 0 of the line below the last frame (or,
///   erasing, where the region began), visible, with attributes reset.
/// - Fullscreen: ``begin(into:)`` enters the alternate screen and clears it; frames are drawn
///   with absolute moves; ``end(into:)`` leaves the alternate screen and shows the cursor.
///
/// Not thread-safe: a value owned by one queue. Appends to caller-owned byte arrays; the caller
/// writes them in one `write` per frame.
package struct TerminalRegion: Sendable {
    /// Inline or fullscreen.
    package let placement: RegionPlacement
    /// The colour depth frames are encoded at.
    package let depth: ColorDepth

    private var encoder: ANSIEncoder
    private var previous: CellBuffer?
    /// Rows reserved so far (inline), i.e. rows the cursor may move through without scrolling.
    package private(set) var reservedRows = 0
    /// The height of the last frame drawn, in rows.
    private var lastHeight = 0
    /// Whether ``begin(into:)`` ran and ``end(into:erasing:)`` did not.
    package private(set) var isActive = false
    /// Whether terminal graphics were drawn over the region (``overlay(_:column:row:into:)``):
    /// from then on every erase of the region takes their pixels off its first row too
    /// (``eraseGraphicsOnFirstRow(into:)``).
    private var drewGraphics = false
    /// The terminal's width in columns, when known (a player sets it from the terminal's size):
    /// the encoder erases the overflow of a disputed-width cluster past an inline frame's right
    /// edge where the terminal has columns there (``ANSIEncoder/columnsBeyondFrame``). nil:
    /// unknown, and the frame's right edge is taken to be the terminal's.
    package var terminalColumns: Int?

    /// Whether cells' links are sent as OSC 8 hyperlinks (``ANSIEncoder/hyperlinks``).
    package let hyperlinks: Bool
    /// Whether the diff may write runs of one glyph with REP (``ANSIEncoder/repeats``).
    package let repeats: Bool

    /// Creates a region; nothing is written until ``begin(into:)``. `hyperlinks`: whether links
    /// are sent as OSC 8 (default false); `repeats`: whether the terminal takes REP
    /// (``RepeatSupport``, default false).
    package init(placement: RegionPlacement, depth: ColorDepth, hyperlinks: Bool = false, repeats: Bool = false) {
        self.placement = placement
        self.depth = depth
        self.hyperlinks = hyperlinks
        self.repeats = repeats
        encoder = Self.makeEncoder(placement: placement, depth: depth, hyperlinks: hyperlinks, repeats: repeats)
    }

    private static func makeEncoder(
        placement: RegionPlacement, depth: ColorDepth, hyperlinks: Bool, repeats: Bool
    ) -> ANSIEncoder {
        var encoder: ANSIEncoder
        switch placement {
        case .inline: encoder = ANSIEncoder(mode: .inline, depth: depth, hyperlinks: hyperlinks)
        case .fullscreen:
            encoder = ANSIEncoder(mode: .absolute(originRow: 0, originColumn: 0), depth: depth, hyperlinks: hyperlinks)
        }
        encoder.repeats = repeats
        return encoder
    }

    /// Hides the cursor (and enters and clears the alternate screen when fullscreen).
    package mutating func begin(into bytes: inout [UInt8]) {
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
    package mutating func draw(_ frame: CellBuffer, into bytes: inout [UInt8]) {
        if placement == .inline, let previous, previous.width > frame.width {
            // A narrower frame (the final one drops the footer, as wide as the terminal): the
            // columns the last one had on its right are the region's; erase the region from its
            // top-left (where the cursor parks) rather than leave fragments of a footer line.
            EscapeSequence.carriageReturn.append(to: &bytes)
            EscapeSequence.resetAttributes.append(to: &bytes)
            EscapeSequence.eraseBelow.append(to: &bytes)
            encoder = Self.makeEncoder(placement: placement, depth: depth, hyperlinks: hyperlinks, repeats: repeats)
        }
        if placement == .inline, frame.height > reservedRows {
            reserve(rows: frame.height, into: &bytes)
        }
        switch placement {
        case .inline: encoder.columnsBeyondFrame = terminalColumns.map { $0 > frame.width } ?? false
        case .fullscreen: encoder.columnsBeyondFrame = false
        }
        if let previous, previous.width == frame.width, previous.height == frame.height {
            encoder.encodeDiff(previous: previous, current: frame, into: &bytes)
        } else {
            encoder.encodeFull(frame, into: &bytes)
        }
        if placement == .inline, frame.height < lastHeight {
            // A shorter frame (a reply of fewer lines): the rows the last one had below it are
            // the region's; erase them rather than leave them stale.
            encoder.moveCursor(toRow: frame.height, column: 0, into: &bytes)
            EscapeSequence.eraseBelow.append(to: &bytes)
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
    package mutating func reset(into bytes: inout [UInt8]) {
        guard isActive else { return }
        switch placement {
        case .inline:
            // The cursor is parked at the region's top-left (see draw(_:into:)).
            eraseGraphicsOnFirstRow(into: &bytes)
            EscapeSequence.carriageReturn.append(to: &bytes)
            EscapeSequence.resetAttributes.append(to: &bytes)
            EscapeSequence.eraseBelow.append(to: &bytes)
            reservedRows = 1
        case .fullscreen:
            EscapeSequence.resetAttributes.append(to: &bytes)
            EscapeSequence.cursorPosition(row: 1, column: 1).append(to: &bytes)
            eraseGraphicsOnFirstRow(into: &bytes)
            EscapeSequence.eraseBelow.append(to: &bytes)
        }
        encoder = Self.makeEncoder(placement: placement, depth: depth, hyperlinks: hyperlinks, repeats: repeats)
        previous = nil
    }

    /// Erases what an inline region shows, from its top-left (where the cursor parks) to the end
    /// of the screen, and gives up its rows: the cursor stays at the start of the line where the
    /// region began, which is no longer the region's. Lines written from there take the
    /// region's place; the next ``draw(_:into:)`` reserves rows below them and draws in full.
    /// (The way a player prints above its live region without a copy of the card, or a
    /// half-drawn frame, left behind.) Fullscreen: nothing.
    package mutating func releaseRows(into bytes: inout [UInt8]) {
        guard isActive, placement == .inline else { return }
        eraseGraphicsOnFirstRow(into: &bytes)
        EscapeSequence.carriageReturn.append(to: &bytes)
        EscapeSequence.resetAttributes.append(to: &bytes)
        EscapeSequence.eraseBelow.append(to: &bytes)
        reservedRows = 0
        lastHeight = 0
        encoder = Self.makeEncoder(placement: placement, depth: depth, hyperlinks: hyperlinks, repeats: repeats)
        previous = nil
    }

    /// The bytes that give the terminal back from wherever the cursor is, without drawing and
    /// without knowing what else was written since the last frame: for a last-resort exit path
    /// (`atexit` after a host's early `exit`). Inline: attributes reset, autowrap on, erased from
    /// the cursor to the end of the screen (the region, or what is left of it below a message the
    /// host wrote on its way out), cursor shown. Fullscreen: the alternate screen left, cursor
    /// shown. Nothing while the region is not active.
    package var exitRestoration: [UInt8] {
        guard isActive else { return [] }
        var bytes: [UInt8] = graphicsRemoval
        EscapeSequence.resetAttributes.append(to: &bytes)
        EscapeSequence.enableAutowrap.append(to: &bytes)
        switch placement {
        case .inline: EscapeSequence.eraseBelow.append(to: &bytes)
        case .fullscreen: EscapeSequence.leaveAlternateScreen.append(to: &bytes)
        }
        EscapeSequence.showCursor.append(to: &bytes)
        return bytes
    }

    /// Whether ``draw(_:into:)`` would write every cell of `frame` (no previous frame after
    /// ``begin(into:)``, ``reset(into:)`` or ``releaseRows(into:)``; a frame of another size; an
    /// inline frame taller than the rows reserved) rather than the cells that changed.
    package func drawsInFull(_ frame: CellBuffer) -> Bool {
        guard let previous, previous.width == frame.width, previous.height == frame.height else { return true }
        return placement == .inline && frame.height > reservedRows
    }

    /// Marks the frame's cells in `columns` × `rows` from (`column`, `row`) as unknown, so that the
    /// next ``draw(_:into:)`` writes them again: terminal graphics drawn over them since (a sixel
    /// image) are painted over. Cells outside the frame are ignored.
    package mutating func invalidate(column: Int, row: Int, columns: Int, rows: Int) {
        guard var kept = previous else { return }
        previous = nil
        for y in max(row, 0)..<max(min(row + rows, kept.height), max(row, 0)) {
            for x in max(column, 0)..<max(min(column + columns, kept.width), max(column, 0)) {
                kept[x, y] = Self.unknownCell
            }
        }
        previous = kept
    }

    /// A cell no frame holds (a noncharacter): it differs from whatever the next frame has there.
    static let unknownCell = Cell(glyph: 0xFFFF)

    /// Appends `graphic` (terminal graphics: sixel or kitty) drawn with the cursor at the frame's
    /// cell (`column`, `row`), the cursor saved before and restored after (DECSC, DECRC), so the
    /// region's tracking of the cursor and pen stays right. Call after ``draw(_:into:)``.
    package mutating func overlay(_ graphic: [UInt8], column: Int, row: Int, into bytes: inout [UInt8]) {
        guard isActive, !graphic.isEmpty else { return }
        drewGraphics = true
        EscapeSequence.saveCursor.append(to: &bytes)
        var scratch = encoder
        scratch.moveCursor(toRow: row, column: column, into: &bytes)
        bytes += graphic
        EscapeSequence.restoreCursor.append(to: &bytes)
    }

    /// Bytes that remove terminal graphics not erased with the screen (a kitty image), written
    /// by ``exitRestoration`` too.
    package var graphicsRemoval: [UInt8] = []

    /// Forgets the frame on screen without erasing it, so the next ``draw(_:into:)`` draws every
    /// cell (the full-frame encoder, for comparison with diffs).
    package mutating func forgetFrame() {
        previous = nil
    }

    /// Restores the terminal: inline, the cursor goes to the line below the last frame (rows the
    /// region reserved below it are erased), or with `erasing` the region is erased and the
    /// cursor stays where it began (a transient region leaves nothing behind); fullscreen,
    /// the alternate screen is left. Then attributes are reset and the cursor shown. Idempotent.
    package mutating func end(into bytes: inout [UInt8], erasing: Bool = false) {
        guard isActive else { return }
        isActive = false
        EscapeSequence.resetAttributes.append(to: &bytes)
        switch placement {
        case .inline where erasing:
            // The cursor is parked at the region's top-left.
            eraseGraphicsOnFirstRow(into: &bytes)
            EscapeSequence.carriageReturn.append(to: &bytes)
            EscapeSequence.eraseBelow.append(to: &bytes)
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

    /// After terminal graphics were drawn over the region, with the cursor at the start of its
    /// first row: spaces over that row (autowrap off, so a row narrower than `terminalColumns`
    /// never wraps), then the cursor back at its start. xterm takes a sixel image's pixels off
    /// the cells text is written to and the rows ED erases below the cursor, but not off the
    /// cursor's own row (EL, ECH and ED's first row leave them): an image that reached the first
    /// row (a resize moved it there, or drew it larger) would stay there after the erase
    /// (docs/decisions/0247-graphics-erased-with-the-region.md). Nothing before graphics were
    /// drawn: other streams are unchanged.
    private func eraseGraphicsOnFirstRow(into bytes: inout [UInt8]) {
        guard drewGraphics else { return }
        let columns = max(terminalColumns ?? 0, previous?.width ?? 0, 1)
        EscapeSequence.carriageReturn.append(to: &bytes)
        EscapeSequence.resetAttributes.append(to: &bytes)
        EscapeSequence.disableAutowrap.append(to: &bytes)
        bytes += repeatElement(UInt8(ascii: " "), count: columns)
        EscapeSequence.enableAutowrap.append(to: &bytes)
        EscapeSequence.carriageReturn.append(to: &bytes)
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
        encoder = Self.makeEncoder(placement: placement, depth: depth, hyperlinks: hyperlinks, repeats: repeats)
        previous = nil
    }
}
