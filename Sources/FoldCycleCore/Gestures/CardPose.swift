import Foundation

/// Where a deck's card is and how it is turned, at an instant: its centre's offset from the top
/// card's place, a rotation, a scale and an opacity, in physical units (card widths, radians).
///
/// Source: the `center`, `transform` (rotation and scale) and `alpha` a card stack animates on
/// its card views.
package struct CardPose: Hashable, Sendable, CustomStringConvertible {
    /// The centre's offset from the top card's place at rest, in card widths.
    package var offset: DeckPoint
    /// The rotation about the centre, in radians; positive turns clockwise on screen (y down),
    /// as `CGAffineTransform(rotationAngle:)`.
    package var rotation: Double
    /// The scale about the centre (1: the card's own size).
    package var scale: Double
    /// Opacity, 0...1.
    package var alpha: Double

    /// Creates a pose.
    package init(offset: DeckPoint = .zero, rotation: Double = 0, scale: Double = 1, alpha: Double = 1) {
        self.offset = offset
        self.rotation = rotation
        self.scale = scale
        self.alpha = alpha
    }

    /// The top card at its place: no offset, no rotation, full size, opaque.
    package static let rest = CardPose()

    /// The component-wise linear interpolation from the receiver (`fraction` 0) to `end`
    /// (`fraction` 1), as Core Animation interpolates `center`, `transform.rotation`,
    /// `transform.scale` and `opacity`.
    package func interpolated(to end: CardPose, fraction: Double) -> CardPose {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        return CardPose(
            offset: DeckPoint(x: mix(offset.x, end.offset.x), y: mix(offset.y, end.offset.y)),
            rotation: mix(rotation, end.rotation), scale: mix(scale, end.scale), alpha: mix(alpha, end.alpha))
    }

    /// The pose moved as its place moved from `old` to `new`: each component (offset, rotation,
    /// scale, opacity) changed by the place's change, so that the pose stands to `new` as it
    /// stood to `old` (a motion toward a place that moved, after a resize).
    package func moved(withPlaceFrom old: CardPose, to new: CardPose) -> CardPose {
        CardPose(
            offset: DeckPoint(x: offset.x + new.offset.x - old.offset.x, y: offset.y + new.offset.y - old.offset.y),
            rotation: rotation + new.rotation - old.rotation, scale: scale + new.scale - old.scale,
            alpha: alpha + new.alpha - old.alpha)
    }

    /// The pose as a transform in cells about the card's centre (``LayerGeometry/affine(_:)``
    /// semantics): the scale, then the rotation, then the translation.
    ///
    /// The rotation is a true rotation of the physical plane: on a grid whose cells are
    /// `r = metrics.cellAspect` times taller than wide, a cell point `(x, y)` is the physical
    /// point `(x, r·y)`, so the rotation by θ in cells is `[cos θ, sin θ / r, −r·sin θ, cos θ]`.
    /// The offset is `offset.x · W` columns and `offset.y · W / r` rows for a card `W` wide.
    package func layerTransform(metrics: CardMetrics) -> LayerTransform {
        let r = metrics.cellAspect
        let cosine = cos(rotation) * scale
        let sine = sin(rotation) * scale
        return LayerTransform(
            a: Double(cosine), b: Double(sine / r), c: Double(-r * sine), d: Double(cosine),
            tx: Double(metrics.columns(cardWidths: offset.x)), ty: Double(metrics.rows(cardWidths: offset.y)))
    }

    /// The pose as a ``Transform3D`` in world units of one cell width, y down (the units of
    /// ``LayerGeometry/projective(_:cellAspect:)``): a scale, a rotation about z and a
    /// translation of `offset · W` cell widths. Appended after a perspective transform it moves
    /// the projected card in the plane.
    package func transform3D(metrics: CardMetrics) -> Transform3D {
        let width = Double(metrics.columns)
        return Transform3D(scaleX: scale, y: scale, z: 1)
            .concatenating(Transform3D(rotationAngle: rotation, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: offset.x * width, y: offset.y * width, z: 0))
    }

    /// `offset, rotation, scale, alpha`.
    package var description: String {
        "offset \(offset) rotation \(rotation) scale \(scale) alpha \(alpha)"
    }
}
