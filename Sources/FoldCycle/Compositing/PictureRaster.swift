/// A picture laid into a card's picture area at half-block resolution: `columns` × `2·rows`
/// sub-pixels, one column wide and half a cell tall each (two a cell, top and bottom), which the
/// compositor samples per sub-cell through a layer's transform (``Compositor``, docs/DESIGN.md#picture-cards).
///
/// Each sub-pixel is a packed ``TerminalColor`` (``TerminalColor/packed``): the picture's
/// pixels, area-averaged and composited (straight alpha) over the card's background, or the
/// card's background itself (the terminal's default too) where the picture leaves the area
/// (fit's letterbox).
package struct PictureRaster: Hashable, Sendable {
    /// The area's top-left cell in the layer.
    package var origin: CellPosition
    /// The area's size in cells.
    package var columns: Int
    package var rows: Int
    /// `columns × 2·rows` packed colours, row by row from the top; sub-row `2r` is the top half
    /// of cell row `r`, `2r + 1` its bottom half.
    package var pixels: [UInt32]

    /// Lays `image` into a `columns` × `rows` area at `origin`.
    ///
    /// - Parameters:
    ///   - image: the bitmap.
    ///   - gravity: fit (letterboxed) or fill (cropped), centred either way.
    ///   - cellAspect: a cell's height over its width (> 0): a sub-pixel is `cellAspect / 2`
    ///     times as tall as wide, so pictures keep their aspect.
    ///   - background: the card's background (``TerminalColor/default`` stays default in the
    ///     letterbox); `terminalBackground` is its RGB when default, under transparent pixels.
    ///   - dithersTo16: whether the picture's sub-pixels (not the letterbox) are dithered to the
    ///     16-colour palette (``PictureDither``), for an output at ``ColorDepth/ansi16``.
    package init(
        image: RGBAImage, gravity: CardPicture.Gravity, origin: CellPosition, columns: Int, rows: Int,
        cellAspect: Double, background: TerminalColor, terminalBackground: RGBColor, dithersTo16: Bool = false
    ) {
        self.origin = origin
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        let subRows = 2 * self.rows
        let fill = background.packed
        pixels = [UInt32](repeating: fill, count: self.columns * subRows)
        guard self.columns > 0, subRows > 0 else { return }
        let size = Self.shownSize(
            image: image, gravity: gravity, columns: self.columns, subRows: subRows, cellAspect: cellAspect)
        let under = background.resolved(terminalBackground)
        // Where the shown picture's top-left lands in the area (negative: cropped).
        let left = (self.columns - size.width) / 2
        let top = (subRows - size.height) / 2
        // A photo repeats its colours: each one's mix is found once.
        var plans: [UInt32: PictureDither.Plan] = [:]
        for y in max(top, 0)..<min(top + size.height, subRows) {
            let v = y - top
            let y0 = v * image.height / size.height
            let y1 = max((v + 1) * image.height / size.height, y0 + 1)
            for x in max(left, 0)..<min(left + size.width, self.columns) {
                let u = x - left
                let x0 = u * image.width / size.width
                let x1 = max((u + 1) * image.width / size.width, x0 + 1)
                let pixel = image.averagePixel(x: x0..<x1, y: y0..<y1)
                let colour = Self.composited(pixel, over: under)
                if dithersTo16, colour & TerminalColor.rgbTag != 0 {
                    let plan = plans[colour] ?? PictureDither.plan(colour)
                    plans[colour] = plan
                    pixels[y * self.columns + x] = PictureDither.entry(of: plan, x: x, y: y)
                } else {
                    pixels[y * self.columns + x] = colour
                }
            }
        }
    }

    /// The picture's shown size in sub-pixels (width in columns, height in sub-rows): fit
    /// within, or fill, `columns` × `subRows`, aspect kept, each side at least 1.
    static func shownSize(
        image: RGBAImage, gravity: CardPicture.Gravity, columns: Int, subRows: Int, cellAspect: Double
    ) -> (width: Int, height: Int) {
        let subPixelAspect = cellAspect > 0 && cellAspect.isFinite ? cellAspect / 2 : 1
        // Scales in columns per image pixel.
        let across = Double(columns) / Double(image.width)
        let down = Double(subRows) * subPixelAspect / Double(image.height)
        let scale = gravity == .resizeAspect ? min(across, down) : max(across, down)
        var width = max(Int((Double(image.width) * scale).rounded()), 1)
        var height = max(Int((Double(image.height) * scale / subPixelAspect).rounded()), 1)
        if gravity == .resizeAspect {
            width = min(width, columns)
            height = min(height, subRows)
        } else {
            width = max(width, columns)
            height = max(height, subRows)
        }
        return (width, height)
    }

    /// A straight-alpha pixel over `below`: `(c·a + below·(255 − a) + 127) / 255` per channel, as
    /// a packed RGB ``TerminalColor``.
    static func composited(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), over below: RGBColor)
        -> UInt32
    {
        let a = Int(pixel.alpha)
        func channel(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Int(top) * a + Int(bottom) * (255 - a) + 127) / 255)
        }
        return TerminalColor.rgb(
            RGBColor(
                red: channel(pixel.red, below.red), green: channel(pixel.green, below.green),
                blue: channel(pixel.blue, below.blue))
        ).packed
    }

    /// The packed colour of sub-pixel (`x`, `y`), both clamped into the raster.
    @inline(__always)
    func colour(x: Int, y: Int) -> UInt32 {
        let column = min(max(x, 0), columns - 1)
        let row = min(max(y, 0), 2 * rows - 1)
        return pixels[row * columns + column]
    }

    /// The half-block cell of two packed colours: a space in `top` when both are the same, else
    /// ▀ (U+2580) with `top` as its foreground and `bottom` as its background.
    @inline(__always)
    static func cell(top: UInt32, bottom: UInt32) -> Cell {
        top == bottom
            ? Cell(glyph: 0x20, foregroundBits: TerminalColor.packedDefault, backgroundBits: top)
            : Cell(glyph: upperHalfBlock, foregroundBits: top, backgroundBits: bottom)
    }

    /// ▀ UPPER HALF BLOCK.
    static let upperHalfBlock: UInt32 = 0x2580

    /// Writes the raster's cells into `buffer` (the layer's content) at ``origin``.
    func draw(into buffer: inout CellBuffer) {
        for row in 0..<rows where origin.row + row < buffer.height && origin.row + row >= 0 {
            for column in 0..<columns where origin.column + column < buffer.width && origin.column + column >= 0 {
                buffer[origin.column + column, origin.row + row] = Self.cell(
                    top: pixels[2 * row * columns + column], bottom: pixels[(2 * row + 1) * columns + column])
            }
        }
    }

    /// The raster dimmed as ``CellBuffer/shaded(by:foreground:background:depth:)`` dims cells
    /// (default colours resolved to `background` first).
    func shaded(by brightness: Double, background: RGBColor) -> PictureRaster {
        var result = self
        var last: (UInt32, UInt32) = (UInt32.max, 0)
        for index in result.pixels.indices {
            let packed = result.pixels[index]
            if packed != last.0 {
                let colour = TerminalColor.resolved(packed: packed, fallback: background.packed)
                last = (
                    packed,
                    TerminalColor.rgb(RGBColor(packed: colour).scaled(by: brightness, toward: background)).packed
                )
            }
            result.pixels[index] = last.1
        }
        return result
    }
}
