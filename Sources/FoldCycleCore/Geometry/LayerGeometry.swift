import Foundation

/// How a layer is placed: a 2-D affine transform (the fast, exact path) or a 4 × 4 projective
/// transform with perspective. Either applies about the layer's centre (anchor point 0.5, 0.5),
/// as a `UIView`'s `transform` or a `CALayer`'s `transform` does.
///
/// Source: `CGAffineTransform` (`UIView.transform`) and `CATransform3D` (`CALayer.transform`).
public enum LayerGeometry: Hashable, Sendable {
    /// A `CGAffineTransform`-style transform about the layer's centre, in cells (x right, y down,
    /// one unit = one cell in each axis).
    case affine(LayerTransform)
    /// A `CATransform3D`-style transform about the layer's centre in world units of one cell
    /// width: a layer point `(column, row)` offset from the centre is the world point
    /// `(x, y·cellAspect, 0)`, and a projected world point `(u, v)` lands at the offset
    /// `(u, v / cellAspect)` in cells. `cellAspect` is a cell's height over its width (> 0,
    /// 2 on most terminals).
    case projective(Transform3D, cellAspect: Double)

    /// The identity: the layer drawn where it is.
    public static let identity = LayerGeometry.affine(.identity)

    /// The map of the layer's plane in cell units about its centre: a point `(x, y)` cells from
    /// the centre lands `(x'/w', y'/w')` cells from the destination centre.
    package var planeHomography: PlaneHomography {
        switch self {
        case .affine(let t):
            return PlaneHomography(
                t.a, t.b, 0, t.c, t.d, 0,
                t.tx, t.ty, 1)
        case .projective(let transform, let aspect):
            // (x, y·r) · H → (x', y', w') → (x', y'/r, w'): scale row 2 by r, then column 2 by 1/r.
            var h = transform.planeHomography
            h.h21 *= aspect
            h.h23 *= aspect
            h.h12 /= aspect
            h.h32 /= aspect
            return h
        }
    }

    /// The same placement as a 2-D affine transform in cells, when it is one (always for
    /// ``affine(_:)``; for ``projective(_:cellAspect:)`` when the plane sees no perspective),
    /// so the compositor can take its axis-aligned path; nil otherwise.
    public var affineTransform: LayerTransform? {
        switch self {
        case .affine(let transform):
            return transform
        case .projective:
            let h = planeHomography
            guard h.isAffine else { return nil }
            return LayerTransform(
                a: Double(h.h11), b: Double(h.h12), c: Double(h.h21), d: Double(h.h22),
                tx: Double(h.h31), ty: Double(h.h32))
        }
    }
}
