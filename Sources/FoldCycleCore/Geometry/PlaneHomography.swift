/// A projective map of the plane, `(x, y, 1) ↦ (x', y', w')` then `(x'/w', y'/w')`, as a 3 × 3
/// matrix in row-vector form: what a ``Transform3D`` does to the points of a flat layer (z = 0).
///
/// The compositor maps layer points forward (a glyph's centre to where it lands) and screen
/// points back (a destination cell's centre to the layer point it shows) with it.
///
/// Source: the projective (perspective) mapping of a `CALayer` with a `CATransform3D`
/// `transform`, restricted to the layer's own plane.
package struct PlaneHomography: Hashable, Sendable {
    /// Row 1 (the x coefficients of x', y', w').
    package var h11: Double, h12: Double, h13: Double
    /// Row 2 (the y coefficients).
    package var h21: Double, h22: Double, h23: Double
    /// Row 3 (the constants).
    package var h31: Double, h32: Double, h33: Double

    /// Creates a homography from its nine fields, row by row.
    package init(
        _ h11: Double, _ h12: Double, _ h13: Double, _ h21: Double, _ h22: Double, _ h23: Double,
        _ h31: Double, _ h32: Double, _ h33: Double
    ) {
        self.h11 = h11
        self.h12 = h12
        self.h13 = h13
        self.h21 = h21
        self.h22 = h22
        self.h23 = h23
        self.h31 = h31
        self.h32 = h32
        self.h33 = h33
    }

    /// The determinant; 0 (or not finite) means the plane collapses onto a line (seen edge-on).
    package var determinant: Double {
        h11 * (h22 * h33 - h23 * h32) - h12 * (h21 * h33 - h23 * h31) + h13 * (h21 * h32 - h22 * h31)
    }

    /// Whether the map is affine: no perspective (`h13 = h23 = 0`, `h33 = 1`).
    package var isAffine: Bool { h13 == 0 && h23 == 0 && h33 == 1 }

    /// `(x, y, 1) · H = (x', y', w')`.
    @inlinable
    package func apply(x: Double, y: Double) -> (x: Double, y: Double, w: Double) {
        (x * h11 + y * h21 + h31, x * h12 + y * h22 + h32, x * h13 + y * h23 + h33)
    }

    /// The inverse map (the adjugate over the determinant), or nil when singular.
    package func inverted() -> PlaneHomography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = PlaneHomography(
            (h22 * h33 - h23 * h32) / det, (h13 * h32 - h12 * h33) / det, (h12 * h23 - h13 * h22) / det,
            (h23 * h31 - h21 * h33) / det, (h11 * h33 - h13 * h31) / det, (h13 * h21 - h11 * h23) / det,
            (h21 * h32 - h22 * h31) / det, (h12 * h31 - h11 * h32) / det, (h11 * h22 - h12 * h21) / det)
        guard inverse.components.allSatisfy(\.isFinite) else { return nil }
        return inverse
    }

    /// The nine fields, row by row.
    package var components: [Double] { [h11, h12, h13, h21, h22, h23, h31, h32, h33] }
}
