/// The Unicode block elements that draw a partly covered cell in 1/8-cell steps.
///
/// Source: Unicode's Block Elements (U+2580…U+259F): the lower eighth blocks ▁▂▃▄▅▆▇█
/// (U+2581…U+2588) fill a cell from the bottom, the left eighth blocks ▏▎▍▌▋▊▉█ (U+258F…U+2588)
/// from the left.
enum BlockGlyph {
    /// U+2588 FULL BLOCK █.
    static let full: UInt32 = 0x2588

    /// The lower block `eighths`/8 high, 1...8: ▁ (U+2581) … ▇ (U+2587), █ (U+2588).
    @inline(__always)
    static func lowerEighths(_ eighths: Int) -> UInt32 {
        0x2580 + UInt32(truncatingIfNeeded: eighths)
    }

    /// The left block `eighths`/8 wide, 1...8: ▏ (U+258F) … ▉ (U+2589), █ (U+2588).
    @inline(__always)
    static func leftEighths(_ eighths: Int) -> UInt32 {
        0x2590 - UInt32(truncatingIfNeeded: eighths)
    }

    /// One of the two families of partial blocks: which part of a cell `n`/8 fills.
    enum Family {
        /// ▁ … ▇: the bottom `n`/8 (a horizontal edge, rows partly covered).
        case lower
        /// ▏ … ▉: the left `n`/8 (a vertical edge, columns partly covered).
        case left

        /// The block `eighths`/8 (1...8) of this family.
        @inline(__always)
        func glyph(_ eighths: Int) -> UInt32 {
            switch self {
            case .lower: return BlockGlyph.lowerEighths(eighths)
            case .left: return BlockGlyph.leftEighths(eighths)
            }
        }

        /// How many eighths (1...7) `glyph` fills when it is a partial block of this family;
        /// nil for any other glyph.
        @inline(__always)
        func eighths(of glyph: UInt32) -> Int? {
            switch self {
            case .lower: return glyph > 0x2580 && glyph < 0x2588 ? Int(glyph - 0x2580) : nil
            case .left: return glyph > 0x2588 && glyph < 0x2590 ? Int(0x2590 - glyph) : nil
            }
        }
    }
}
