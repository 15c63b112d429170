extension CellBuffer {
    /// The buffer dimmed to `brightness` (clamped to 0...1) toward `background`, the
    /// terminal's: every colour blended over it with alpha `brightness`
    /// (``RGBColor/blended(over:alpha:)``), default colours first resolved to `foreground` and
    /// `background`. On a dark terminal a turned face darkens, on a light one it pales. At a
    /// `depth` where a dimmed colour would land on another hue (``ColorDepth/dimsByFaint(_:)``:
    /// 16 colours, below half brightness) the colours stay and every cell is faint (SGR 2)
    /// instead. Glyphs and widths are kept.
    ///
    /// Used for ``CardStyle/shading``: a face turned `α` from the front is drawn at brightness
    /// `cos α` (docs/DESIGN.md#text-on-turned-faces).
    ///
    /// - Complexity: O(cells), one pass; a run of cells in the same colours shares one blend.
    package func shaded(
        by brightness: Double, foreground: RGBColor, background: RGBColor, depth: ColorDepth = .truecolor
    ) -> CellBuffer {
        var result = self
        if depth.dimsByFaint(brightness) {
            result.withUnsafeMutableCells { cells in
                for index in cells.indices { cells[index].attributes.insert(.dim) }
            }
            return result
        }
        guard depth != .ansi16 else { return result }
        // The last cell's colours (foreground in the high word) and their dimmed values; no
        // packed colour has all bits set, so the first cell always computes.
        var lastColours = UInt64.max
        var lastResult = (foreground: TerminalColor.packedDefault, background: TerminalColor.packedDefault)
        func dimmed(_ packed: UInt32, fallback: RGBColor) -> UInt32 {
            let colour = packed == TerminalColor.packedDefault ? fallback : RGBColor(packed: packed)
            return TerminalColor.rgb(colour.blended(over: background, alpha: brightness)).packed
        }
        result.withUnsafeMutableCells { cells in
            for index in cells.indices {
                let foregroundBits = cells[index].foregroundBits
                let backgroundBits = cells[index].backgroundBits
                let colours = UInt64(foregroundBits) << 32 | UInt64(backgroundBits)
                if colours != lastColours {
                    lastColours = colours
                    lastResult = (
                        dimmed(foregroundBits, fallback: foreground), dimmed(backgroundBits, fallback: background)
                    )
                }
                cells[index].foregroundBits = lastResult.foreground
                cells[index].backgroundBits = lastResult.background
            }
        }
        return result
    }
}

extension RGBColor {
    /// The colour dimmed to `brightness` (clamped to 0...1) toward `background` (default
    /// black), as ``CellBuffer/shaded(by:foreground:background:depth:)`` dims a cell.
    package func scaled(by brightness: Double, toward background: RGBColor = .black) -> RGBColor {
        blended(over: background, alpha: brightness)
    }
}
