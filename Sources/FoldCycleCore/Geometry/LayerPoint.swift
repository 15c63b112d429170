/// A point in a layer's or a slot's plane, in terminal cells: `x` columns to the right, `y` rows
/// downward, fractional where a transform puts it between cells.
///
/// Source: CoreGraphics' `CGPoint` (the same fields and initializers), over `Double`: the
/// package's own geometry values keep Foundation's NSGeometry, and with it CoreFoundation and
/// ICU, out of every binary (docs/decisions/0130-own-geometry-values.md).
public struct LayerPoint: Hashable, Sendable {
    /// The horizontal coordinate, in cells (x grows to the right).
    public var x: Double
    /// The vertical coordinate, in cells (y grows downward).
    public var y: Double

    /// Creates a point `x` cells right and `y` cells down of the origin.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates a point from whole cells.
    public init(x: Int, y: Int) {
        self.init(x: Double(x), y: Double(y))
    }

    /// The origin, `(0, 0)` (`CGPoint.zero`).
    public static let zero = LayerPoint(x: 0, y: 0)
}
