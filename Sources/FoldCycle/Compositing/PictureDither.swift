/// Ordered dithering of a picture's sub-pixels to the 16-colour palette: each pixel is one of two
/// palette entries, the nearest and the nearest on the other side of the pixel's colour, chosen by
/// a 4 × 4 Bayer matrix indexed by the sub-pixel's place in the picture (``PictureRaster``), in
/// the proportion the colour lies between them. A flat colour between two entries shows as a
/// fixed mix of both instead of the nearest alone; a palette colour stays itself; the pattern
/// moves with the picture through a transition instead of crawling over it
/// (docs/decisions/0157-picture-dithering.md).
///
/// Deterministic, in integers: the same colour at the same sub-pixel always gives the same entry.
enum PictureDither {
    /// The 4 × 4 Bayer threshold matrix, 0...15, row by row.
    static let bayer4: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// `packed` (a ``TerminalColor/packed`` colour) at sub-pixel (`x`, `y`) of the picture as the
    /// 16-colour palette entry it dithers to, packed as RGB; a default colour is returned as it
    /// is.
    ///
    /// With `c` the colour, `f` its nearest entry (``ColorDepth/ansi16Index(for:)``) and `s` the
    /// entry nearest `c` among those on the far side of `c` from `f` (`(c − f)·(s − f) > 0`, the
    /// lower index on a tie), `t = (c − f)·(s − f) / |s − f|²` is how far `c` lies from `f`
    /// towards `s`; the pixel shows `s` when `t > (2m + 1) / 32` (`m` the matrix entry at
    /// `(x mod 4, y mod 4)`), else `f`. No such `s` (`c` is an entry, or beyond every other):
    /// `f`.
    static func ansi16(_ packed: UInt32, x: Int, y: Int) -> UInt32 {
        guard packed & TerminalColor.rgbTag != 0 else { return packed }
        let colour = channels(RGBColor(packed: packed & 0xFF_FFFF))
        let palette = ColorDepth.palette16.map(channels)
        let first = palette[Int(ColorDepth.ansi16Index(for: RGBColor(packed: packed & 0xFF_FFFF)))]
        let error = zip(colour, first).map { $0 - $1 }
        var second: [Int]?
        var secondDistance = Int.max
        for entry in palette {
            let towards = zip(error, zip(entry, first)).map { $0 * ($1.0 - $1.1) }.reduce(0, +)
            guard towards > 0 else { continue }
            let distance = squaredDistance(colour, entry)
            if distance < secondDistance {
                second = entry
                secondDistance = distance
            }
        }
        guard let second else { return pack(first) }
        let dot = zip(error, zip(second, first)).map { $0 * ($1.0 - $1.1) }.reduce(0, +)
        let length = squaredDistance(second, first)
        let entry = bayer4[(y & 3) * 4 + (x & 3)]
        return pack(32 * dot > (2 * entry + 1) * length ? second : first)
    }

    private static func channels(_ colour: RGBColor) -> [Int] {
        [Int(colour.red), Int(colour.green), Int(colour.blue)]
    }

    private static func squaredDistance(_ a: [Int], _ b: [Int]) -> Int {
        zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
    }

    private static func pack(_ colour: [Int]) -> UInt32 {
        TerminalColor.rgbTag | RGBColor(red: UInt8(colour[0]), green: UInt8(colour[1]), blue: UInt8(colour[2])).packed
    }
}
