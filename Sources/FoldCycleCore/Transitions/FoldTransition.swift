import Foundation

/// The source's pseudo fold for one slot size: keyframes and a pure ``frame(atFractionComplete:)``.
///
/// For a slot `w` cells wide and `h` rows high (docs/DESIGN.md#fold-keyframes):
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
/// `[0, p·h]` and the outgoing the rest): a pseudo cube roll. The outgoing slot (alpha 1 → 0) is
/// drawn first, the incoming (alpha 1) over it.
///
/// Source: the iOS pseudo-fold circle view. Deliberate difference: for `left` and `right` the
/// source translates the incoming view by `(±w/2, 1)`, a typo for `(±w/2, 0)` that shifts it by
/// one point; we use 0.
public struct FoldTransition: Transition, Hashable {
    /// The command-line name.
    public static let name = "fold"
    /// One line for help texts.
    public static let summary = "one card folds away while the next unfolds (a pseudo cube roll)"

    /// Kind ``TransitionKind/fold``, the direction content moves in, and the timing function.
    public let style: TransitionStyle
    /// The slot's size in cells (width = columns, height = rows); both ≥ 0.
    public let slotSize: LayerSize

    /// The scale factor the outgoing slot shrinks to along the fold axis (the source's 0.01: a
    /// view scaled to exactly 0 loses its transform on iOS).
    public static let outgoingEndScale: Double = 0.01

    /// Creates the fold for a slot (the kind in `style` is taken to be ``TransitionKind/fold``).
    ///
    /// - Parameters:
    ///   - style: the direction content moves in and the timing function.
    ///   - slotSize: the slot's size in cells.
    ///   - cellAspect: unused: the fold works in cells.
    public init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double = 2) {
        var style = style
        style.kind = .fold
        self.style = style
        self.slotSize = slotSize
    }

    /// Creates the fold for a slot.
    ///
    /// - Parameters:
    ///   - direction: the direction content moves in.
    ///   - slotSize: the slot's size in cells.
    ///   - timingFunction: the curve from time to progress; default ease-in-ease-out.
    public init(direction: TransitionDirection, slotSize: LayerSize, timingFunction: TimingFunction = .easeInEaseOut) {
        self.init(
            style: TransitionStyle(kind: .fold, direction: direction, timingFunction: timingFunction),
            slotSize: slotSize)
    }

    /// The direction content moves in.
    public var direction: TransitionDirection { style.direction }

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

    /// The outgoing and incoming slot's transforms at eased progress `progress`: each
    /// interpolated component-wise from its keyframes (outgoing identity → ``outgoingEnd``,
    /// incoming ``incomingStart`` → identity).
    ///
    /// - Parameter progress: the eased progress, 0 (start) ... 1 (end); values outside
    ///   extrapolate, as an overshooting timing function does.
    /// - Returns: `(outgoing, incoming)`, in cells about the slot's centre.
    public func transforms(atProgress progress: Double) -> (outgoing: LayerTransform, incoming: LayerTransform) {
        let fraction = Double(progress)
        return (
            LayerTransform.identity.interpolated(to: outgoingEnd, fraction: fraction),
            incomingStart.interpolated(to: .identity, fraction: fraction)
        )
    }

    /// Both slots at normalized time `t`, outgoing first (behind). Pure: reads no clock.
    ///
    /// The eased progress is clamped to 0...1: past 1 the outgoing slot's scale would turn
    /// negative (the card mirrored) and its alpha negative, so an overshooting timing function
    /// (a spring, a `cubic-bezier` with y outside 0...1) holds the fold flat at its end instead.
    ///
    /// - Parameter t: `elapsed / duration`; clamped to 0...1 (NaN counts as 0).
    /// - Returns: the eased progress (clamped to 0...1) and each slot's transform and alpha,
    ///   interpolated component-wise from the keyframes (``transforms(atProgress:)``).
    public func frame(atFractionComplete t: Double) -> TransitionFrame {
        let (clamped, eased) = timing(at: t)
        let progress = min(max(eased, 0), 1)
        let transforms = transforms(atProgress: progress)
        return TransitionFrame(
            t: clamped, progress: progress,
            slots: [
                SlotPresentation(role: .outgoing, geometry: .affine(transforms.outgoing), alpha: 1 - progress),
                SlotPresentation(role: .incoming, geometry: .affine(transforms.incoming), alpha: 1),
            ])
    }
}

extension TransitionKind {
    /// The source's pseudo fold (a cube roll imitated by scaling): ``FoldTransition``.
    public static let fold = TransitionKind(FoldTransition.self)
}
