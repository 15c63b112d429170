/// Ordered dithering of a picture's sub-pixels to the 16-colour palette, after Yliluoma's
/// pattern dithering: each colour is shown as a mix of the pair of palette entries (or the one
/// entry) that comes closest to it, in a weighted RGB distance, with a small penalty on the
/// pair's own contrast; each sub-pixel shows one of the two, chosen by a 4 × 4 Bayer matrix
/// indexed by its place in the picture (``PictureRaster``), in the mix's proportion. A flat colour
/// between two entries shows as their mix instead of the nearest alone; a palette colour stays
/// itself; a grey stays grey; the pattern moves with the picture through a transition instead of
/// crawling over it (docs/decisions/0157-picture-dithering.md).
///
/// Deterministic, in integers: the same colour at the same sub-pixel always gives the same entry.
enum PictureDither {
    /// The 4 × 4 Bayer threshold matrix, 0...15, row by row.
    static let bayer4: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// The weights of red, green and blue in the distance (the eye is most sensitive to green,
    /// least to blue): `2·Δr² + 4·Δg² + 3·Δb²`.
    static let weights = (red: 2, green: 4, blue: 3)

    /// How a colour is shown: sixteenths `level` (0...16) of its sub-pixels show `second`, the
    /// rest `first` (both packed as ``TerminalColor`` RGB).
    struct Plan: Equatable {
        var first: UInt32
        var second: UInt32
        var level: Int
    }

    /// `packed` (a ``TerminalColor/packed`` colour) at sub-pixel (`x`, `y`) of the picture as the
    /// 16-colour palette entry it dithers to, packed as RGB; a default colour is returned as it
    /// is.
    static func ansi16(_ packed: UInt32, x: Int, y: Int) -> UInt32 {
        guard packed & TerminalColor.rgbTag != 0 else { return packed }
        return entry(of: plan(packed), x: x, y: y)
    }

    /// The entry `plan` shows at sub-pixel (`x`, `y`): `second` where the Bayer matrix entry at
    /// `(x mod 4, y mod 4)` is below `level`, else `first`.
    static func entry(of plan: Plan, x: Int, y: Int) -> UInt32 {
        bayer4[(y & 3) * 4 + (x & 3)] < plan.level ? plan.second : plan.first
    }

    /// The mix that shows the RGB colour `packed` best.
    ///
    /// Every pair of entries `a`, `b` (`a` before `b` in ``ColorDepth/palette16``) and every
    /// entry alone is tried: the mix `m = a + k/16 · (b − a)` with `k` the nearest sixteenth of
    /// `c`'s projection on `a→b` (clamped to 0...16); its cost is `|c − m|² + |a − b|² · (|k/16 −
    /// 1/2| + 1/2) / 10` (``weights``' distance; an entry alone costs `|c − a|²`; Yliluoma's
    /// weight 0.1). The lowest cost wins, the first tried on a tie. The contrast term keeps a
    /// colour that one entry shows nearly as well from a busy checkerboard of two far entries
    /// (grey 96 is grey 127, not a quarter black; a dark purple is black and magenta, not
    /// magenta and grey).
    static func plan(_ packed: UInt32) -> Plan {
        let colour = RGBColor(packed: packed & 0xFF_FFFF)
        let c = (Int(colour.red), Int(colour.green), Int(colour.blue))
        var best = (cost: Int.max, first: 0, second: 0, level: 0)
        for i in 0..<palette.count {
            let a = palette[i]
            // Alone: 320 · 256 · |c − a|², on the pairs' scale.
            let alone = 320 * 256 * distance(c, a)
            if alone < best.cost { best = (alone, i, i, 0) }
            for j in (i + 1)..<palette.count {
                let b = palette[j]
                let span = (b.0 - a.0, b.1 - a.1, b.2 - a.2)
                let length = weighted(span, span)
                let along = weighted((c.0 - a.0, c.1 - a.1, c.2 - a.2), span)
                // k = round(16 · along / length), clamped.
                let level = min(max((32 * along + length) / (2 * length), 0), 16)
                // 16·c − 16·m, per channel.
                let error = (
                    16 * (c.0 - a.0) - level * span.0, 16 * (c.1 - a.1) - level * span.1,
                    16 * (c.2 - a.2) - level * span.2
                )
                // 320 · 256 · (|c − m|² + |a − b|² · (|2k − 16| + 16) / 320).
                let cost = 320 * weighted(error, error) + 256 * length * (abs(2 * level - 16) + 16)
                if cost < best.cost { best = (cost, i, j, level) }
            }
        }
        return Plan(first: pack(palette[best.first]), second: pack(palette[best.second]), level: best.level)
    }

    private static let palette: [(Int, Int, Int)] = ColorDepth.palette16.map {
        (Int($0.red), Int($0.green), Int($0.blue))
    }

    private static func weighted(_ u: (Int, Int, Int), _ v: (Int, Int, Int)) -> Int {
        weights.red * u.0 * v.0 + weights.green * u.1 * v.1 + weights.blue * u.2 * v.2
    }

    private static func distance(_ u: (Int, Int, Int), _ v: (Int, Int, Int)) -> Int {
        let d = (u.0 - v.0, u.1 - v.1, u.2 - v.2)
        return weighted(d, d)
    }

    private static func pack(_ colour: (Int, Int, Int)) -> UInt32 {
        TerminalColor.rgbTag | RGBColor(red: UInt8(colour.0), green: UInt8(colour.1), blue: UInt8(colour.2)).packed
    }
}
