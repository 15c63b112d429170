import Foundation

/// A true perspective cube: the card is the front face of a cube the size of the card, and the
/// next card the face beside it; the cube turns a quarter turn about its centre, behind the
/// card (docs/DESIGN.md#cube).
///
/// With `p` the eased progress and `θ = p·π/2`, each face's matrix is
/// `M(α) = T(h) · R(α) · T(−h) · P` (``FaceTurn``):
///
/// | direction | axis | h | outgoing α | incoming α |
/// |---|---|---|---|---|
/// | left  | y (Ry) | W/2   | −θ | π/2 − θ |
/// | right | y (Ry) | W/2   | θ  | θ − π/2 |
/// | up    | x (Rx) | H·r/2 | θ  | θ − π/2 |
/// | down  | x (Rx) | H·r/2 | −θ | π/2 − θ |
///
/// The two faces' shared edge coincides at every `p` and lies on the card's centre line at
/// `p = 0.5`. A face is drawn only while `(d + h)·cos α > h` (it faces the eye), and the frame
/// is dollied back so that the visible faces stay inside the card (docs/DESIGN.md#dolly).
///
/// Source: CubeController, an iOS cube page controller: its faces are `CATransform3D`s with
/// `m34 = −1/500` on 320-pt pages, turned about the cube's centre.
package struct CubeTransition: Transition, Hashable {
    /// The command-line name.
    package static let name = "cube"
    /// One line for help texts.
    package static let summary = "a cube turns in perspective; the next card is on the face beside this one"
    /// The slots turn in perspective (``LayerGeometry/projective(_:cellAspect:)``).
    package static let isProjective = true

    /// Kind ``TransitionKind/cube``, the direction content moves in, and the timing function.
    package let style: TransitionStyle
    /// The faces' geometry: axis, `h = E/2`, eye distance.
    package let turn: FaceTurn

    /// Creates the cube for a card (the kind in `style` is taken to be ``TransitionKind/cube``).
    ///
    /// - Parameters:
    ///   - style: the direction content moves in and the timing function.
    ///   - slotSize: the card's size in cells.
    ///   - cellAspect: a cell's height over its width (> 0).
    package init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double = 2) {
        var style = style
        style.kind = .cube
        self.style = style
        turn = FaceTurn(direction: style.direction, slotSize: slotSize, cellAspect: cellAspect, axisDepthRatio: 0.5)
    }

    /// The outgoing and incoming faces' angles from the front at eased progress `p`.
    package func angles(progress p: Double) -> (outgoing: Double, incoming: Double) {
        let theta = p * Double.pi / 2
        switch style.direction {
        case .left, .down: return (-theta, Double.pi / 2 - theta)
        case .right, .up: return (theta, theta - Double.pi / 2)
        }
    }

    /// Both faces at normalized time `t`, outgoing first, with the dolly. Pure: reads no clock.
    ///
    /// - Parameter t: `elapsed / duration`; clamped to 0...1 (NaN counts as 0).
    package func frame(atFractionComplete t: Double) -> TransitionFrame {
        let (clamped, progress) = timing(at: t)
        let (outgoing, incoming) = angles(progress: progress)
        return turn.frame(t: clamped, progress: progress, outgoingAngle: outgoing, incomingAngle: incoming)
    }
}

extension TransitionKind {
    /// A true perspective cube turning a quarter turn: `CubeTransition`.
    public static let cube = TransitionKind(CubeTransition.self)
}
