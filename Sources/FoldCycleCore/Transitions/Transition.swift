import Foundation

/// Which item a slot shows during a transition.
public enum SlotRole: String, Hashable, Sendable, CaseIterable {
    /// The item being replaced (shown before the transition).
    case outgoing
    /// The item replacing it (shown after).
    case incoming
}

/// How one slot is presented at an instant: where it is, how opaque, and whether it faces the
/// viewer.
///
/// Source: the properties Core Animation animates on a card's layer: `transform` (a
/// `CGAffineTransform` on a `UIView`, a `CATransform3D` on a `CALayer`), `opacity`/`alpha`, and
/// `isDoubleSided = false` culling of a face turned away.
public struct SlotPresentation: Hashable, Sendable {
    /// Which item the slot shows.
    public var role: SlotRole
    /// The slot's placement about its centre.
    public var geometry: LayerGeometry
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double
    /// Whether the slot is drawn: false for a face turned away from the viewer.
    public var isVisible: Bool
    /// How squarely the slot faces the viewer: the cosine of its angle from the front (1 face
    /// on, 0 edge-on, negative turned away); 1 for transitions that stay in the card's plane.
    /// Shading (``CardStyle``'s `shading`) dims a face by it (docs/DESIGN.md#text-on-turned-faces).
    public var facing: Double

    /// Creates a presentation.
    public init(role: SlotRole, geometry: LayerGeometry, alpha: Double, isVisible: Bool = true, facing: Double = 1) {
        self.role = role
        self.geometry = geometry
        self.alpha = alpha
        self.isVisible = isVisible
        self.facing = facing
    }

    /// The affine transform of an ``LayerGeometry/affine(_:)`` slot; nil for a perspective
    /// ``LayerGeometry/projective(_:cellAspect:)`` slot (the cube's and the flip's), whose
    /// transform is a ``Transform3D``.
    public var affineTransform: LayerTransform? {
        if case .affine(let transform) = geometry { return transform }
        return nil
    }

    /// The perspective transform of a ``LayerGeometry/projective(_:cellAspect:)`` slot; nil for
    /// an ``LayerGeometry/affine(_:)`` slot.
    public var transform3D: Transform3D? {
        if case .projective(let transform, _) = geometry { return transform }
        return nil
    }
}

/// A transition at one instant: the eased progress and every slot, back to front.
public struct TransitionFrame: Hashable, Sendable {
    /// Normalized time, clamped to 0...1.
    public var t: Double
    /// Eased progress `timing(t)`; 0 at t = 0 and 1 at t = 1 (may leave 0...1 for overshooting
    /// curves).
    public var progress: Double
    /// The slots in drawing order: the first is the farthest back.
    public var slots: [SlotPresentation]
    /// The camera's dolly scale about the card's centre, ≤ 1 (1 for transitions that stay
    /// inside the card; see docs/DESIGN.md#dolly).
    public var dolly: Double

    /// Creates a frame.
    public init(t: Double, progress: Double, slots: [SlotPresentation], dolly: Double = 1) {
        self.t = t
        self.progress = progress
        self.slots = slots
        self.dolly = dolly
    }

    /// The presentation of the slot showing `role`'s item, if the frame has one.
    public func presentation(of role: SlotRole) -> SlotPresentation? {
        slots.first { $0.role == role }
    }
}

/// A transition between two items in a slot of a given size: a pure map from normalized time to
/// a ``TransitionFrame``. A new transition is one type conforming to this protocol (its name,
/// summary and flags included) plus one line in ``TransitionKind/allCases``.
///
/// Source: Core Animation's transitions (`CATransition`, `UIView.transition(with:options:)`) and
/// the source's pseudo fold, each expressed as per-slot keyframes evaluated at the eased progress.
public protocol Transition: Sendable {
    /// The command-line name: lowercase words joined by hyphens (`fold`, `move-in`); by default
    /// the type's name.
    static var name: String { get }
    /// One line for help texts: what the transition looks like; empty by default.
    static var summary: String { get }
    /// Whether the transition moves content in a direction (a fade does not); true by default.
    static var hasDirection: Bool { get }
    /// Whether the slots' geometry is a perspective ``LayerGeometry/projective(_:cellAspect:)``
    /// (the cube and the flip) rather than an affine ``LayerGeometry/affine(_:)``; false by
    /// default.
    static var isProjective: Bool { get }

    /// The kind, direction and timing this transition was made with.
    var style: TransitionStyle { get }

    /// Creates the transition for a slot.
    ///
    /// - Parameters:
    ///   - style: kind, direction and timing function.
    ///   - slotSize: the slot's size in cells (width = columns, height = rows), both ≥ 0.
    ///   - cellAspect: a cell's height over its width (> 0), for transitions in world units.
    init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double)

    /// The frame at normalized time `t` (UIKit's `fractionComplete`: time, before the timing
    /// function eases it into progress). Pure: reads no clock.
    ///
    /// - Parameter t: `elapsed / duration`; clamped to 0...1 (NaN counts as 0).
    func frame(atFractionComplete t: Double) -> TransitionFrame
}

extension Transition {
    /// The type's name.
    public static var name: String { String(describing: Self.self) }
    /// Empty: a transition of the embedder's own needs no help line.
    public static var summary: String { "" }
    /// True: most transitions move content somewhere.
    public static var hasDirection: Bool { true }
    /// False: most transitions stay in the card's plane.
    public static var isProjective: Bool { false }

    /// `t` clamped to 0...1, NaN as 0, and its eased progress under the style's timing function.
    public func timing(at t: Double) -> (t: Double, progress: Double) {
        let clamped = t.isNaN ? 0 : min(max(t, 0), 1)
        return (clamped, style.timingFunction.progress(at: clamped))
    }
}
