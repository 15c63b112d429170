import Foundation

/// The perspective geometry shared by the cube and the flip: flat faces the size of the card,
/// turned by an angle about an axis in the card's plane (the flip) or behind it (the cube), seen
/// by an eye on the card's centre line, with the camera dollied back so every visible face stays
/// inside the card (docs/DESIGN.md#transform3d-and-units, #cube, #flip, #dolly).
///
/// Units are world units of one cell width: a card of `W` columns × `H` rows is `W × H·r` where
/// `r` is ``cellAspect`` (a cell's height over its width). A face's matrix is
/// `M(α) = T(h) · R(α) · T(−h) · P` (row vectors, `CATransform3D` order: the left factor applies
/// first): `T(z)` translates in z, `R` is `Ry` for a turn to the left or right and `Rx` up or down,
/// `P` has `m34 = −1/d` with the eye at `d = 1.5625 × E`, `E` the card's extent across the turn
/// (`W`, or `H·r`), and `h` is the axis's depth behind the face.
///
/// Source: Core Animation's `CATransform3D` with the `m34 = −1/500` perspective of
/// CubeController on 320-pt pages (500/320 = 1.5625), and `CALayer.isDoubleSided = false`
/// culling; the dolly follows UIKit's flip transition, which keeps the turning view inside its
/// container.
package struct FaceTurn: Hashable, Sendable {
    /// The axis faces turn about, through the card's centre line.
    package enum Axis: Hashable, Sendable {
        /// The vertical axis (`Ry`): a turn to the left or right.
        case y
        /// The horizontal axis (`Rx`): a turn up or down.
        case x
    }

    /// The eye distance over the card's extent across the turn: CubeController's 500 / 320.
    package static let eyeDistanceRatio = 1.5625

    /// A face whose `(d + h)·cos α − h` is within this fraction of `d + h` of zero is seen
    /// edge-on and counts as turned away (it would draw a line of no width); so at the flip's
    /// midpoint, where `cos(π/2)` is 6e-17 in floating point, neither face is drawn.
    package static let edgeOnTolerance = 1e-9

    /// `y` for `left`/`right`, `x` for `up`/`down`.
    package let axis: Axis
    /// The card's size in cells (width = columns, height = rows).
    package let slotSize: LayerSize
    /// A cell's height over its width (> 0).
    package let cellAspect: Double
    /// The card's extent across the turn in world units: `W` about y, `H·r` about x.
    package let extent: Double
    /// `h`: how far behind the face the axis lies, in world units (`E/2` for the cube, 0 for
    /// the flip).
    package let axisDepth: Double
    /// `d = 1.5625 × E`: the eye's distance in front of the card, in world units.
    package let eyeDistance: Double

    /// The geometry for a turn in `direction` of a `slotSize` card.
    ///
    /// - Parameters:
    ///   - direction: the way content moves; decides the axis.
    ///   - slotSize: the card's size in cells, both ≥ 0.
    ///   - cellAspect: a cell's height over its width (> 0; 2 on most terminals).
    ///   - axisDepthRatio: `h / E`: 1/2 for a cube, 0 for a flip.
    package init(direction: TransitionDirection, slotSize: LayerSize, cellAspect: Double, axisDepthRatio: Double) {
        axis = direction.isVertical ? .x : .y
        self.slotSize = slotSize
        self.cellAspect = cellAspect
        let width = Double(slotSize.width)
        let height = Double(slotSize.height) * cellAspect
        extent = direction.isVertical ? height : width
        axisDepth = extent * axisDepthRatio
        eyeDistance = Self.eyeDistanceRatio * extent
    }

    /// `R(α)`: `Ry(α)` or `Rx(α)` for this turn's axis.
    package func rotation(_ angle: Double) -> Transform3D {
        axis == .y ? .rotationY(angle) : .rotationX(angle)
    }

    /// `M(α) = T(h) · R(α) · T(−h) · P`: a face turned `angle` radians from the front, before
    /// the dolly.
    package func faceTransform(angle: Double) -> Transform3D {
        Transform3D(translationX: 0, y: 0, z: axisDepth)
            .concatenating(rotation(angle))
            .concatenating(Transform3D(translationX: 0, y: 0, z: -axisDepth))
            .concatenating(.perspective(eyeDistance: eyeDistance))
    }

    /// Whether a face turned `angle` radians from the front faces the viewer:
    /// `(d + h)·cos α > h`, edge-on counting as turned away (``edgeOnTolerance``).
    package func facesViewer(angle: Double) -> Bool {
        let reach = eyeDistance + axisDepth
        return reach * Foundation.cos(angle) - axisDepth > Self.edgeOnTolerance * reach
    }

    /// The largest factor ≤ 1 by which the projections of `transforms` (faces, before the
    /// dolly), scaled about the card's centre, all fit inside the card's `W × H` cells: the
    /// minimum over every face corner of `(W/2)/|u|` and `(H·r/2)/|v|`. 1 for no faces; 0 when a
    /// corner is at or behind the eye.
    package func dolly(for transforms: [Transform3D]) -> Double {
        let halfWidth = Double(slotSize.width) / 2
        let halfHeight = Double(slotSize.height) * cellAspect / 2
        var factor = 1.0
        for transform in transforms {
            for (x, y) in [
                (-halfWidth, -halfHeight), (halfWidth, -halfHeight), (halfWidth, halfHeight), (-halfWidth, halfHeight),
            ] {
                guard let (u, v) = transform.project(x: x, y: y) else { return 0 }
                if abs(u) > 0 { factor = min(factor, halfWidth / abs(u)) }
                if abs(v) > 0 { factor = min(factor, halfHeight / abs(v)) }
            }
        }
        return factor
    }

    /// The frame of two faces at `outgoingAngle` and `incomingAngle`: each face's matrix
    /// followed by the dolly's scale `(k, k, 1)` about the card's centre, whether it faces the
    /// viewer, and `k` over the visible faces. The outgoing face is listed first (behind).
    ///
    /// - Parameters:
    ///   - t: the clamped normalized time.
    ///   - progress: the eased progress.
    package func frame(t: Double, progress: Double, outgoingAngle: Double, incomingAngle: Double) -> TransitionFrame {
        let faces = [(SlotRole.outgoing, outgoingAngle), (.incoming, incomingAngle)].map { role, angle in
            (role: role, angle: angle, transform: faceTransform(angle: angle), isVisible: facesViewer(angle: angle))
        }
        let dolly = self.dolly(for: faces.filter(\.isVisible).map(\.transform))
        let scale = Transform3D(scaleX: dolly, y: dolly, z: 1)
        return TransitionFrame(
            t: t, progress: progress,
            slots: faces.map { face in
                SlotPresentation(
                    role: face.role,
                    geometry: .projective(face.transform.concatenating(scale), cellAspect: cellAspect),
                    alpha: 1, isVisible: face.isVisible, facing: Foundation.cos(face.angle))
            }, dolly: dolly)
    }
}
