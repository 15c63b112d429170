import Foundation

/// `CATransition`'s reveal: the current card slides away along the direction, uncovering the
/// next one, which stays beneath it (docs/DESIGN.md#push-move-in-reveal-and-fade).
///
/// With `p` the eased progress and `E` one full extent along the direction
/// (``TransitionDirection/fullExtent(of:)``): the incoming stays at identity, behind (listed
/// first); the outgoing, in front, is translated by `p·E`. Both opaque; affine and axis-aligned.
///
/// Source: `CATransition` type `reveal` (`kCATransitionReveal`); its subtype `fromLeft` is our
/// `right`.
package struct RevealTransition: Transition, Hashable {
    /// The command-line name.
    package static let name = "reveal"
    /// One line for help texts.
    package static let summary = "the current card slides away, uncovering the next one"

    /// Kind ``TransitionKind/reveal``, the direction content moves in, and the timing function.
    package let style: TransitionStyle
    /// The slot's size in cells.
    package let slotSize: LayerSize

    /// Creates the reveal for a slot (the kind in `style` is taken to be
    /// ``TransitionKind/reveal``).
    ///
    /// - Parameters:
    ///   - style: the direction content moves in and the timing function.
    ///   - slotSize: the slot's size in cells.
    ///   - cellAspect: unused: the reveal works in cells.
    package init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double = 2) {
        var style = style
        style.kind = .reveal
        self.style = style
        self.slotSize = slotSize
    }

    /// The incoming slot at rest, then the outgoing one sliding off it. Pure: reads no clock.
    ///
    /// - Parameter t: `elapsed / duration`; clamped to 0...1 (NaN counts as 0).
    package func frame(atFractionComplete t: Double) -> TransitionFrame {
        let (clamped, progress) = timing(at: t)
        let extent = style.direction.fullExtent(of: slotSize)
        return TransitionFrame(
            t: clamped, progress: progress,
            slots: [
                SlotPresentation(role: .incoming, geometry: .identity, alpha: 1),
                SlotPresentation(
                    role: .outgoing,
                    geometry: .affine(LayerTransform(translationX: extent.x * progress, y: extent.y * progress)),
                    alpha: 1),
            ])
    }
}

extension TransitionKind {
    /// The current card sliding away from over the next one (`CATransition`'s `reveal`): `RevealTransition`.
    public static let reveal = TransitionKind(RevealTransition.self)
}
