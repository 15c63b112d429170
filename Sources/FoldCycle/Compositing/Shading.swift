extension CellBuffer {
    /// The buffer with every colour dimmed to `brightness` (clamped to 0...1): each channel
    /// multiplied by it (a blend over black, ``RGBColor/blended(over:alpha:)``), default colours
    /// first resolved to `foreground` and `background`. Glyphs, widths and attributes are kept.
    ///
    /// Used for ``CardStyle/shading``: a face turned `α` from the front is drawn at brightness
    /// `cos α` (docs/DESIGN.md#text-on-turned-faces).
    ///
    /// - Complexity: O(cells), one pass; a run of cells in the same colours shares one blend.
    package func shaded(by brightness: Double, foreground: RGBColor, background: RGBColor) -> CellBuffer {
        var result = self
        // The last cell's colours (foreground in the high word) and their dimmed values; no
        // packed colour has all bits set, so the first cell always computes.
        var lastColours = UInt64.max
        var lastResult = (foreground: TerminalColor.packedDefault, background: TerminalColor.packedDefault)
        func dimmed(_ packed: UInt32, fallback: RGBColor) -> UInt32 {
            let colour = packed == TerminalColor.packedDefault ? fallback : RGBColor(packed: packed)
            return TerminalColor.rgb(colour.blended(over: .black, alpha: brightness)).packed
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
    /// The colour with every channel multiplied by `brightness` (clamped to 0...1), as
    /// ``CellBuffer/shaded(by:foreground:background:)`` dims a cell.
    package func scaled(by brightness: Double) -> RGBColor {
        blended(over: .black, alpha: brightness)
    }
}
