/// A rectangle in terminal cells: an origin (its top-left corner for a positive size) and a size.
///
/// Source: CoreGraphics' `CGRect`, over `Double`: the same fields, initializers and edges
/// (`minX`…`maxY` standardize a negative size, as `CGRect`'s do)
/// (docs/decisions/0130-own-geometry-values.md).
public struct LayerRect: Hashable, Sendable {
    /// The origin, in cells.
    public var origin: LayerPoint
    /// The size, in cells; may be negative, as `CGRect`'s may.
    public var size: LayerSize

    /// Creates a rectangle from its origin and size.
    public init(origin: LayerPoint, size: LayerSize) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin's coordinates and its size, in cells.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: LayerPoint(x: x, y: y), size: LayerSize(width: width, height: height))
    }

    /// Creates a rectangle from whole cells.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: LayerPoint(x: x, y: y), size: LayerSize(width: width, height: height))
    }

    /// The empty rectangle at the origin (`CGRect.zero`).
    public static let zero = LayerRect(origin: .zero, size: .zero)

    /// The smallest x of the rectangle, in cells.
    public var minX: Double { origin.x + min(size.width, 0) }
    /// The largest x of the rectangle, in cells.
    public var maxX: Double { origin.x + max(size.width, 0) }
    /// The smallest y of the rectangle, in cells.
    public var minY: Double { origin.y + min(size.height, 0) }
    /// The largest y of the rectangle, in cells.
    public var maxY: Double { origin.y + max(size.height, 0) }
}
