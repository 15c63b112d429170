import Foundation

/// A cross-fade: the outgoing item stays, and the incoming one, in front, goes from alpha 0 to
/// 1 with the eased progress. Neither moves; the direction is ignored.
///
/// Source: `CATransition` type `fade` (`kCATransitionFade`) and
/// `UIView.AnimationOptions.transitionCrossDissolve`: the new content fades in over the old.
package struct FadeTransition: Transition, Hashable {
    /// The command-line name.
    package static let name = "fade"
    /// One line for help texts.
    package static let summary = "the next card fades in over the current one"
    /// A fade moves nothing, so it has no direction.
    package static let hasDirection = false

    /// Kind ``TransitionKind/fade`` and the timing function.
    package let style: TransitionStyle

    /// Creates the fade (the kind in `style` is taken to be ``TransitionKind/fade``).
    ///
    /// - Parameters:
    ///   - style: the timing function (the direction is ignored).
    ///   - slotSize: unused: a fade covers the slot at every instant.
    ///   - cellAspect: unused.
    package init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double = 2) {
        var style = style
        style.kind = .fade
        self.style = style
    }

    /// The outgoing slot opaque at rest and the incoming one over it at alpha `progress`
    /// (clamped to 0...1 for overshooting curves). Pure: reads no clock.
    package func frame(atFractionComplete t: Double) -> TransitionFrame {
        let (clamped, progress) = timing(at: t)
        return TransitionFrame(
            t: clamped, progress: progress,
            slots: [
                SlotPresentation(role: .outgoing, geometry: .identity, alpha: 1),
                SlotPresentation(role: .incoming, geometry: .identity, alpha: min(max(progress, 0), 1)),
            ])
    }
}

extension TransitionKind {
    /// A cross-fade: the incoming item, in front, goes from alpha 0 to 1 (`CATransition`'s `fade`): `FadeTransition`.
    public static let fade = TransitionKind(FadeTransition.self)
}
