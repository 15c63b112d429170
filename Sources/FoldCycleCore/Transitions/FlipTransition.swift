import Foundation

/// A card flip about the card's own centre line: the card turns over and the next card is on
/// its back (docs/DESIGN.md#flip).
///
/// With `p` the eased progress and `θ = p·π`, each face's matrix is `M(α) = R(α) · P` (the
/// axis in the card's plane, `h = 0`; ``FaceTurn``):
///
/// | direction | UIKit option | axis | outgoing α | incoming α |
/// |---|---|---|---|---|
/// | right | flipFromLeft (the left edge comes toward the viewer) | y (Ry) | θ  | θ − π |
/// | left  | flipFromRight | y (Ry) | −θ | π − θ |
/// | up    | flipFromBottom | x (Rx) | θ  | θ − π |
/// | down  | flipFromTop | x (Rx) | −θ | π − θ |
///
/// The front (outgoing) face shows while `cos α > 0`, the incoming face after; the incoming face
/// is drawn at `α` with `cos α > 0`, so never mirrored. The frame is dollied back so the near
/// edge, magnified up to about 1.5×, stays inside the card (docs/DESIGN.md#dolly).
///
/// Source: `UIView.transition(with:duration:options:)` with `transitionFlipFromLeft`,
/// `…FromRight`, `…FromTop` and `…FromBottom`.
package struct FlipTransition: Transition, Hashable {
    /// The command-line name.
    package static let name = "flip"
    /// One line for help texts.
    package static let summary = "the card flips over about its centre line; the next card is on its back"
    /// The slots turn in perspective (``LayerGeometry/projective(_:cellAspect:)``).
    package static let isProjective = true

    /// Kind ``TransitionKind/flip``, the direction content moves in, and the timing function.
    package let style: TransitionStyle
    /// The faces' geometry: axis, `h = 0`, eye distance.
    package let turn: FaceTurn

    /// Creates the flip for a card (the kind in `style` is taken to be ``TransitionKind/flip``).
    ///
    /// - Parameters:
    ///   - style: the direction content moves in and the timing function.
    ///   - slotSize: the card's size in cells.
    ///   - cellAspect: a cell's height over its width (> 0).
    package init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double = 2) {
        var style = style
        style.kind = .flip
        self.style = style
        turn = FaceTurn(direction: style.direction, slotSize: slotSize, cellAspect: cellAspect, axisDepthRatio: 0)
    }

    /// The outgoing and incoming faces' angles from the front at eased progress `p`.
    package func angles(progress p: Double) -> (outgoing: Double, incoming: Double) {
        let theta = p * Double.pi
        switch style.direction {
        case .right, .up: return (theta, theta - Double.pi)
        case .left, .down: return (-theta, Double.pi - theta)
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
    /// The card flipping over about its own centre line (UIKit's flip): `FlipTransition`.
    public static let flip = TransitionKind(FlipTransition.self)
}
