/// A size in terminal cells: `width` columns by `height` rows, fractional where a transform
/// scales it.
///
/// Source: CoreGraphics' `CGSize` (the same fields and initializers), over `Double`
/// (docs/decisions/0130-own-geometry-values.md).
public struct LayerSize: Hashable, Sendable {
    /// The width, in cells (columns).
    public var width: Double
    /// The height, in cells (rows).
    public var height: Double

    /// Creates a size `width` columns wide and `height` rows high.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Creates a size from whole cells.
    public init(width: Int, height: Int) {
        self.init(width: Double(width), height: Double(height))
    }

    /// The empty size, `0 × 0` (`CGSize.zero`).
    public static let zero = LayerSize(width: 0, height: 0)
}
