import Foundation

/// `CATransition`'s move-in: the next card slides in from the side opposite the direction, in
/// front of the current one, which stays (docs/DESIGN.md#push-move-in-reveal-and-fade).
///
/// With `p` the eased progress and `E` one full extent along the direction
/// (``TransitionDirection/fullExtent(of:)``): the outgoing stays at identity, behind; the
/// incoming, in front, is translated by `(p − 1)·E`. Both opaque; affine and axis-aligned.
///
/// Source: `CATransition` type `moveIn` (`kCATransitionMoveIn`); its subtype `fromLeft` is our
/// `right`.
package struct MoveInTransition: Transition, Hashable {
    /// The command-line name.
    package static let name = "move-in"
    /// One line for help texts.
    package static let summary = "the next card slides in over the current one"

    /// Kind ``TransitionKind/moveIn``, the direction content moves in, and the timing function.
    package let style: TransitionStyle
    /// The slot's size in cells.
    package let slotSize: LayerSize

    /// Creates the move-in for a slot (the kind in `style` is taken to be
    /// ``TransitionKind/moveIn``).
    ///
    /// - Parameters:
    ///   - style: the direction content moves in and the timing function.
    ///   - slotSize: the slot's size in cells.
    ///   - cellAspect: unused: the move-in works in cells.
    package init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double = 2) {
        var style = style
        style.kind = .moveIn
        self.style = style
        self.slotSize = slotSize
    }

    /// The outgoing slot at rest, then the incoming one sliding over it. Pure: reads no clock.
    ///
    /// - Parameter t: `elapsed / duration`; clamped to 0...1 (NaN counts as 0).
    package func frame(atFractionComplete t: Double) -> TransitionFrame {
        let (clamped, progress) = timing(at: t)
        let extent = style.direction.fullExtent(of: slotSize)
        let offset = progress - 1
        return TransitionFrame(
            t: clamped, progress: progress,
            slots: [
                SlotPresentation(role: .outgoing, geometry: .identity, alpha: 1),
                SlotPresentation(
                    role: .incoming,
                    geometry: .affine(LayerTransform(translationX: extent.x * offset, y: extent.y * offset)),
                    alpha: 1),
            ])
    }
}

extension TransitionKind {
    /// The next card sliding in over the current one (`CATransition`'s `moveIn`): `MoveInTransition`.
    public static let moveIn = TransitionKind(MoveInTransition.self)
}
