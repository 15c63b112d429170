import Foundation

/// `CATransition`'s push: the next card pushes the current one out. The incoming slot
/// translates from one full extent opposite the direction to 0 while the outgoing translates
/// from 0 to one full extent along it; both opaque, side by side
/// (docs/DESIGN.md#push-move-in-reveal-and-fade).
///
/// With `p` the eased progress and `E` one full extent along the direction
/// (``TransitionDirection/fullExtent(of:)``: `W` columns or `H` rows): the outgoing is
/// translated by `p·E`, the incoming by `(p − 1)·E`. Affine and axis-aligned, so the compositor
/// draws both edges exactly, in 1/8-cell steps.
///
/// Source: `CATransition` type `push` (`kCATransitionPush`); its subtype names the side content
/// comes from, so `fromLeft` is our `right`.
package struct PushTransition: Transition, Hashable {
    /// The command-line name.
    package static let name = "push"
    /// One line for help texts.
    package static let summary = "the next card pushes the current one out"

    /// Kind ``TransitionKind/push``, the direction content moves in, and the timing function.
    package let style: TransitionStyle
    /// The slot's size in cells.
    package let slotSize: LayerSize

    /// Creates the push for a slot (the kind in `style` is taken to be ``TransitionKind/push``).
    ///
    /// - Parameters:
    ///   - style: the direction content moves in and the timing function.
    ///   - slotSize: the slot's size in cells.
    ///   - cellAspect: unused: the push works in cells.
    package init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double = 2) {
        var style = style
        style.kind = .push
        self.style = style
        self.slotSize = slotSize
    }

    /// Both slots at normalized time `t`, outgoing first. Pure: reads no clock.
    ///
    /// - Parameter t: `elapsed / duration`; clamped to 0...1 (NaN counts as 0).
    package func frame(atFractionComplete t: Double) -> TransitionFrame {
        let (clamped, progress) = timing(at: t)
        return TransitionFrame(
            t: clamped, progress: progress,
            slots: [
                SlotPresentation(role: .outgoing, geometry: slide(progress), alpha: 1),
                SlotPresentation(role: .incoming, geometry: slide(progress - 1), alpha: 1),
            ])
    }

    /// A translation by `fraction` of one full extent along the direction.
    private func slide(_ fraction: Double) -> LayerGeometry {
        let extent = style.direction.fullExtent(of: slotSize)
        return .affine(LayerTransform(translationX: extent.x * fraction, y: extent.y * fraction))
    }
}

extension TransitionKind {
    /// The next card pushing the current one out (`CATransition`'s `push`): `PushTransition`.
    public static let push = TransitionKind(PushTransition.self)
}
