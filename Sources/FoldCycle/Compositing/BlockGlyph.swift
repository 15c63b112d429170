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
}
