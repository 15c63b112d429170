import Foundation

/// A 2-D affine transform with the fields and semantics of CoreGraphics' `CGAffineTransform`.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`. Units are whatever the caller's
/// points use; FoldCycle uses terminal cells (x to the right, y downward). A layer's transform is
/// applied about its centre (anchor point 0.5, 0.5), as a `UIView`'s or `CALayer`'s transform is:
/// see `Layer`.
///
/// Source: `CGAffineTransform` (Apple CoreGraphics). Foundation on Linux has no
/// `CGAffineTransform`, so this type carries the same six components, the same constructors and
/// the same `concatenating(_:)` order. It differs from Apple's in one deliberate way:
/// ``inverted()`` throws `LayerTransformError/singular` for a singular matrix instead of
/// returning the matrix unchanged.
public struct LayerTransform: Hashable, Sendable, CustomStringConvertible {
    /// The x scale/rotation component (`m11`).
    public var a: Double
    /// The y shear/rotation component contributed by x (`m12`).
    public var b: Double
    /// The x shear/rotation component contributed by y (`m21`).
    public var c: Double
    /// The y scale/rotation component (`m22`).
    public var d: Double
    /// The x translation, in the caller's units (cells in FoldCycle).
    public var tx: Double
    /// The y translation, in the caller's units (cells in FoldCycle).
    public var ty: Double

    /// Creates a transform from its six components, as `CGAffineTransform(a:b:c:d:tx:ty:)`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform `[1, 0, 0, 1, 0, 0]` (`CGAffineTransformIdentity`).
    public static let identity = LayerTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A scale by `sx` horizontally and `sy` vertically: `[sx, 0, 0, sy, 0, 0]`
    /// (`CGAffineTransform(scaleX:y:)`). A zero factor gives a singular transform.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A translation by `(tx, ty)`: `[1, 0, 0, 1, tx, ty]` (`CGAffineTransform(translationX:y:)`).
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A rotation by `angle` radians: `[cos, sin, −sin, cos, 0, 0]`
    /// (`CGAffineTransform(rotationAngle:)`). With y growing downward a positive angle turns
    /// clockwise on screen, as on iOS.
    public init(rotationAngle angle: Double) {
        let cosine = Foundation.cos(angle)
        let sine = Foundation.sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The six components in CoreGraphics order `[a, b, c, d, tx, ty]`.
    public var components: [Double] { [a, b, c, d, tx, ty] }

    /// The determinant `a·d − b·c`; zero means the transform is singular (it collapses the plane
    /// onto a line or a point and has no inverse).
    public var determinant: Double { a * d - b * c }

    /// Whether the transform has no inverse: its determinant is zero or not finite.
    public var isSingular: Bool {
        let det = determinant
        return det == 0 || !det.isFinite
    }

    /// The transform that applies the receiver first and then `other`, as
    /// `CGAffineTransformConcat(self, other)`: `self.concatenating(t2).apply(p) == t2.apply(self.apply(p))`.
    ///
    /// - Parameter other: the transform applied second.
    /// - Returns: the product matrix `self × other` in CoreGraphics' row-vector convention.
    public func concatenating(_ other: LayerTransform) -> LayerTransform {
        LayerTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The receiver followed by a translation. Equivalent to
    /// `concatenating(LayerTransform(translationX:y:))`.
    public func thenTranslating(x tx: Double, y ty: Double) -> LayerTransform {
        concatenating(LayerTransform(translationX: tx, y: ty))
    }

    /// The inverse transform, such that `concatenating(inverted())` is the identity.
    ///
    /// - Throws: `LayerTransformError/singular` when the determinant is zero or not finite.
    ///   (Apple's `inverted()` returns the receiver unchanged in that case; we report it.)
    public func inverted() throws(LayerTransformError) -> LayerTransform {
        let det = determinant
        guard det != 0, det.isFinite else { throw .singular(self) }
        return LayerTransform(
            a: d / det,
            b: -b / det,
            c: -c / det,
            d: a / det,
            tx: (c * ty - d * tx) / det,
            ty: (b * tx - a * ty) / det)
    }

    /// Maps a point: `(a·x + c·y + tx, b·x + d·y + ty)` (`CGPointApplyLayerTransform`).
    public func apply(to point: LayerPoint) -> LayerPoint {
        LayerPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The four corners of `rect` mapped through the transform, in the order
    /// min-x/min-y, max-x/min-y, max-x/max-y, min-x/max-y.
    public func apply(toCornersOf rect: LayerRect) -> [LayerPoint] {
        [
            apply(to: LayerPoint(x: rect.minX, y: rect.minY)),
            apply(to: LayerPoint(x: rect.maxX, y: rect.minY)),
            apply(to: LayerPoint(x: rect.maxX, y: rect.maxY)),
            apply(to: LayerPoint(x: rect.minX, y: rect.maxY)),
        ]
    }

    /// The smallest axis-aligned rectangle containing the transformed corners of `rect`
    /// (`CGRectApplyLayerTransform`).
    public func apply(to rect: LayerRect) -> LayerRect {
        let corners = apply(toCornersOf: rect)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return LayerRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// Component-wise linear interpolation from `self` (at `fraction` 0) to `end` (at 1), as
    /// Core Animation interpolates a transform keyframe pair component by component.
    ///
    /// - Parameters:
    ///   - end: the transform at fraction 1.
    ///   - fraction: the eased progress; values outside 0...1 extrapolate.
    public func interpolated(to end: LayerTransform, fraction: Double) -> LayerTransform {
        func mix(_ from: Double, _ to: Double) -> Double { from + (to - from) * fraction }
        return LayerTransform(
            a: mix(a, end.a), b: mix(b, end.b), c: mix(c, end.c),
            d: mix(d, end.d), tx: mix(tx, end.tx), ty: mix(ty, end.ty))
    }

    /// Whether every component is within `absoluteTolerance` of `other`'s, for tests of
    /// computed transforms (`CGAffineTransform` has only exact `==`).
    ///
    /// - Parameters:
    ///   - other: the transform to compare with.
    ///   - absoluteTolerance: the largest difference allowed per component, ≥ 0; default 1e-9.
    /// - Returns: false when any component differs by more, or either is NaN.
    public func isApproximatelyEqual(to other: LayerTransform, absoluteTolerance: Double = 1e-9) -> Bool {
        zip(components, other.components).allSatisfy { abs($0 - $1) <= absoluteTolerance }
    }

    /// `[a, b, c, d, tx, ty]` with each component printed in shortest round-trip form.
    public var description: String {
        "[\(a), \(b), \(c), \(d), \(tx), \(ty)]"
    }
}

/// Errors from ``LayerTransform`` operations.
public enum LayerTransformError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The transform has a zero (or non-finite) determinant, so it has no inverse.
    case singular(LayerTransform)

    /// A one-line message naming the transform.
    public var description: String {
        switch self {
        case .singular(let transform):
            return "transform \(transform) is singular (determinant \(transform.determinant)) and has no inverse"
        }
    }
}
