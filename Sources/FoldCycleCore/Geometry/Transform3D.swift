import Foundation

/// A 4 × 4 homogeneous transform with the fields and semantics of Core Animation's
/// `CATransform3D`.
///
/// Points are row vectors: `(x, y, z, 1) · M = (x', y', z', w')`, and the projected point is
/// `(x'/w', y'/w')`. So `x' = x·m11 + y·m21 + z·m31 + m41`, `w' = x·m14 + y·m24 + z·m34 + m44`;
/// the translation is in row 4 (`m41`, `m42`, `m43`) and perspective in column 4 (`m34 = −1/d`
/// for an eye at distance `d` in front of the plane z = 0). `a.concatenating(b)` applies `a`
/// first, as `CATransform3DConcat(a, b)`. Units are the caller's; FoldCycle's transitions use
/// world units of one cell width, y down (docs/DESIGN.md#transform3d-and-units). A layer's transform
/// applies about its anchor point (its centre), as a `CALayer`'s `transform` does.
///
/// Source: `CATransform3D` (Apple Core Animation) and its `CATransform3DMake…` constructors.
/// Foundation on Linux has no Core Animation, so this type carries the same sixteen fields.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    // Row 1.
    /// Row 1, column 1.
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 1, column 3.
    public var m13: Double
    /// Row 1, column 4 (perspective from x).
    public var m14: Double
    // Row 2.
    /// Row 2, column 1.
    public var m21: Double
    /// Row 2, column 2.
    public var m22: Double
    /// Row 2, column 3.
    public var m23: Double
    /// Row 2, column 4 (perspective from y).
    public var m24: Double
    // Row 3.
    /// Row 3, column 1.
    public var m31: Double
    /// Row 3, column 2.
    public var m32: Double
    /// Row 3, column 3.
    public var m33: Double
    /// Row 3, column 4: perspective, `−1/d` for an eye at distance `d`.
    public var m34: Double
    // Row 4.
    /// The x translation.
    public var m41: Double
    /// The y translation.
    public var m42: Double
    /// The z translation.
    public var m43: Double
    /// Row 4, column 4 (1 for a transform without projection from w).
    public var m44: Double

    /// Creates a transform from its sixteen fields, row by row (`m11, m12, m13, m14, m21, …`).
    public init(
        _ m11: Double, _ m12: Double, _ m13: Double, _ m14: Double,
        _ m21: Double, _ m22: Double, _ m23: Double, _ m24: Double,
        _ m31: Double, _ m32: Double, _ m33: Double, _ m34: Double,
        _ m41: Double, _ m42: Double, _ m43: Double, _ m44: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }

    /// The identity (`CATransform3DIdentity`).
    public static let identity = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    /// A translation by `(tx, ty, tz)` (`CATransform3DMakeTranslation`): `m41…m43`.
    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        self = .identity
        m41 = tx
        m42 = ty
        m43 = tz
    }

    /// A scale by `(sx, sy, sz)` (`CATransform3DMakeScale`): `m11, m22, m33`.
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self = .identity
        m11 = sx
        m22 = sy
        m33 = sz
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` (normalized here), as
    /// `CATransform3DMakeRotation(angle, x, y, z)`. About y (`(0, 1, 0)`): `m11 = cos α`,
    /// `m13 = −sin α`, `m31 = sin α`, `m33 = cos α`; about x: `m22 = cos α`, `m23 = sin α`,
    /// `m32 = −sin α`, `m33 = cos α`. A zero axis gives the identity (Core Animation's too).
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = Foundation.cos(angle)
        let s = Foundation.sin(angle)
        let t = 1 - c
        self.init(
            t * ux * ux + c, t * ux * uy + uz * s, t * ux * uz - uy * s, 0,
            t * ux * uy - uz * s, t * uy * uy + c, t * uy * uz + ux * s, 0,
            t * ux * uz + uy * s, t * uy * uz - ux * s, t * uz * uz + c, 0,
            0, 0, 0, 1)
    }

    /// A rotation by `angle` radians about the y axis (`Ry(α)`, docs/DESIGN.md#transform3d-and-units).
    public static func rotationY(_ angle: Double) -> Transform3D {
        var result = Transform3D.identity
        let c = Foundation.cos(angle)
        let s = Foundation.sin(angle)
        result.m11 = c
        result.m13 = -s
        result.m31 = s
        result.m33 = c
        return result
    }

    /// A rotation by `angle` radians about the x axis (`Rx(α)`, docs/DESIGN.md#transform3d-and-units).
    public static func rotationX(_ angle: Double) -> Transform3D {
        var result = Transform3D.identity
        let c = Foundation.cos(angle)
        let s = Foundation.sin(angle)
        result.m22 = c
        result.m23 = s
        result.m32 = -s
        result.m33 = c
        return result
    }

    /// The perspective of an eye at distance `distance` (> 0) on the z axis: the identity with
    /// `m34 = −1/distance`, as the `transform.m34 = -1.0 / 500` idiom of Core Animation code.
    public static func perspective(eyeDistance distance: Double) -> Transform3D {
        var result = Transform3D.identity
        result.m34 = -1 / distance
        return result
    }

    /// The 2-D affine transform `t` as a 4 × 4 matrix (`CATransform3DMakeAffineTransform`):
    /// `m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx, m42 = ty`.
    public init(_ t: LayerTransform) {
        self = .identity
        m11 = t.a
        m12 = t.b
        m21 = t.c
        m22 = t.d
        m41 = t.tx
        m42 = t.ty
    }

    /// The sixteen fields, row by row (`m11, m12, m13, m14, m21, …, m44`).
    public var components: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// The transform that applies the receiver first and then `other`, as
    /// `CATransform3DConcat(self, other)`: the matrix product `self · other`.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = self
        let b = other
        return Transform3D(
            a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// Maps the point `(x, y, z, 1)`: returns `(x', y', z', w')` before the perspective divide.
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (
            x * m11 + y * m21 + z * m31 + m41,
            x * m12 + y * m22 + z * m32 + m42,
            x * m13 + y * m23 + z * m33 + m43,
            x * m14 + y * m24 + z * m34 + m44
        )
    }

    /// The projected position `(x'/w', y'/w')` of the point `(x, y, z)`, or nil when `w' ≤ 0`
    /// (the point is at or behind the eye).
    public func project(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double)? {
        let p = apply(x: x, y: y, z: z)
        guard p.w > 0, p.w.isFinite else { return nil }
        return (p.x / p.w, p.y / p.w)
    }

    /// The transform of the plane z = 0 alone, as the 3 × 3 homography `(x, y, 1) ↦ (x', y', w')`
    /// that ``PlaneHomography`` maps points with (rows 1, 2 and 4, columns 1, 2 and 4).
    package var planeHomography: PlaneHomography {
        PlaneHomography(m11, m12, m14, m21, m22, m24, m41, m42, m44)
    }

    /// Whether every field is within `absoluteTolerance` of `other`'s, for tests of computed
    /// transforms (`CATransform3DEqualToTransform` is exact).
    ///
    /// - Parameters:
    ///   - other: the transform to compare with.
    ///   - absoluteTolerance: the largest difference allowed per field, ≥ 0; default 1e-9.
    /// - Returns: false when any field differs by more, or either is NaN.
    public func isApproximatelyEqual(to other: Transform3D, absoluteTolerance: Double = 1e-9) -> Bool {
        zip(components, other.components).allSatisfy { abs($0 - $1) <= absoluteTolerance }
    }

    /// The sixteen fields, row by row, in shortest round-trip form.
    public var description: String {
        "[" + components.map { "\($0)" }.joined(separator: ", ") + "]"
    }
}
