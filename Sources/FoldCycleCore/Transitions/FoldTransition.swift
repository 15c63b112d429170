import Foundation

/// How one slot is presented at an instant: its transform (about the slot's centre, in cells)
/// and its opacity.
///
/// Source: the two properties the pseudo-fold view animates on each subview, `transform` and
/// `alpha`.
public struct SlotPresentation: Hashable, Sendable {
    /// The slot's transform about its centre (anchor point 0.5, 0.5), in cells.
    public var transform: LayerTransform
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: CGFloat

    /// Creates a presentation from a transform and an opacity (0...1).
    public init(transform: LayerTransform, alpha: CGFloat) {
        self.transform = transform
        self.alpha = alpha
    }

    /// A slot at rest: identity transform, fully opaque.
    public static let settled = SlotPresentation(transform: .identity, alpha: 1)
}

/// Both slots of a fold transition at one instant.
public struct FoldTransitionState: Hashable, Sendable {
    /// Normalized time, clamped to 0...1.
    public var t: Double
    /// Eased progress `timing(t)`; 0 at t = 0 and 1 at t = 1 (may leave 0...1 for overshooting
    /// curves).
    public var progress: Double
    /// The item folding away: identity at progress 0, the end keyframe at 1; alpha 1 → 0.
    public var outgoing: SlotPresentation
    /// The item unfolding: the start keyframe at progress 0, identity at 1; alpha stays 1.
    public var incoming: SlotPresentation
}

/// The fold transition for one slot size: keyframes and a pure `state(at:)`.
///
/// For a slot `w` cells wide and `h` rows high (DESIGN, "Exact semantics"):
///
/// | direction | incoming starts at | outgoing ends at |
/// |---|---|---|
/// | down  | scale(1, 0) then translate(0, −h/2) | scale(1, 0.01) then translate(0, +h/2) |
/// | up    | scale(1, 0) then translate(0, +h/2) | scale(1, 0.01) then translate(0, −h/2) |
/// | right | scale(0, 1) then translate(−w/2, 0) | scale(0.01, 1) then translate(+w/2, 0) |
/// | left  | scale(0, 1) then translate(+w/2, 0) | scale(0.01, 1) then translate(−w/2, 0) |
///
/// Transforms and alpha are interpolated component-wise with the eased progress, so at every
/// progress `p` the two slots tile the slot's box (for `down` the incoming covers rows
/// `[0, p·h]` and the outgoing the rest): a pseudo cube roll.
///
/// Source: the iOS pseudo-fold circle view. Deliberate difference: for `left` and `right` the
/// source translates the incoming view by `(±w/2, 1)`, a typo for `(±w/2, 0)` that shifts it by
/// one point; we use 0.
public struct FoldTransition: Hashable, Sendable {
    /// The direction content moves in.
    public var direction: TransitionDirection
    /// The slot's size in cells (width = columns, height = rows); both ≥ 0.
    public var slotSize: CGSize
    /// Maps normalized time to progress; default ``TimingFunction/easeInEaseOut``.
    public var timingFunction: TimingFunction

    /// The scale factor the outgoing slot shrinks to along the fold axis (the source's 0.01: a
    /// view scaled to exactly 0 loses its transform on iOS).
    public static let outgoingEndScale: CGFloat = 0.01

    /// Creates the transition for a slot.
    ///
    /// - Parameters:
    ///   - direction: the direction content moves in.
    ///   - slotSize: the slot's size in cells.
    ///   - timingFunction: the curve from time to progress.
    public init(direction: TransitionDirection, slotSize: CGSize, timingFunction: TimingFunction = .easeInEaseOut) {
        self.direction = direction
        self.slotSize = slotSize
        self.timingFunction = timingFunction
    }

    /// The incoming slot's transform at progress 0 (it ends at identity).
    public var incomingStart: LayerTransform {
        let halfWidth = slotSize.width / 2
        let halfHeight = slotSize.height / 2
        switch direction {
        case .down: return LayerTransform(scaleX: 1, y: 0).thenTranslating(x: 0, y: -halfHeight)
        case .up: return LayerTransform(scaleX: 1, y: 0).thenTranslating(x: 0, y: halfHeight)
        case .right: return LayerTransform(scaleX: 0, y: 1).thenTranslating(x: -halfWidth, y: 0)
        case .left: return LayerTransform(scaleX: 0, y: 1).thenTranslating(x: halfWidth, y: 0)
        }
    }

    /// The outgoing slot's transform at progress 1 (it starts at identity).
    public var outgoingEnd: LayerTransform {
        let halfWidth = slotSize.width / 2
        let halfHeight = slotSize.height / 2
        let scale = Self.outgoingEndScale
        switch direction {
        case .down: return LayerTransform(scaleX: 1, y: scale).thenTranslating(x: 0, y: halfHeight)
        case .up: return LayerTransform(scaleX: 1, y: scale).thenTranslating(x: 0, y: -halfHeight)
        case .right: return LayerTransform(scaleX: scale, y: 1).thenTranslating(x: halfWidth, y: 0)
        case .left: return LayerTransform(scaleX: scale, y: 1).thenTranslating(x: -halfWidth, y: 0)
        }
    }

    /// Both slots at normalized time `t`. Pure: reads no clock.
    ///
    /// - Parameter t: `elapsed / duration`; clamped to 0...1 (NaN counts as 0).
    /// - Returns: the eased progress and each slot's transform and alpha, interpolated
    ///   component-wise from the keyframes.
    public func state(at t: Double) -> FoldTransitionState {
        let clamped = t.isNaN ? 0 : min(max(t, 0), 1)
        let progress = timingFunction.progress(at: clamped)
        let fraction = CGFloat(progress)
        return FoldTransitionState(
            t: clamped,
            progress: progress,
            outgoing: SlotPresentation(
                transform: LayerTransform.identity.interpolated(to: outgoingEnd, fraction: fraction),
                alpha: 1 - fraction),
            incoming: SlotPresentation(
                transform: incomingStart.interpolated(to: .identity, fraction: fraction),
                alpha: 1))
    }
}
