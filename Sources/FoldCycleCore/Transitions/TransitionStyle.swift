import Foundation

/// Which transition a flight uses: kind, direction and timing function, or a transition type of
/// the embedder's own. The cycler stores one and stamps it on every transition it begins.
public struct TransitionStyle: Hashable, Sendable, CustomStringConvertible {
    /// The kind of transition (ignored when ``customTransition`` is set).
    public var kind: TransitionKind
    /// The direction content moves in (ignored by kinds without one, such as ``TransitionKind/fade``).
    public var direction: TransitionDirection
    /// The curve from normalized time to progress.
    public var timingFunction: TimingFunction
    /// A ``Transition`` type of the embedder's own, played instead of ``kind``'s
    /// (<doc:WritingATransition>); nil for the built-in family.
    public var customTransition: (any Transition.Type)?

    /// Creates a style; by default the fold, downward, ease-in-ease-out.
    ///
    /// - Parameters:
    ///   - kind: the built-in transition.
    ///   - direction: where content moves.
    ///   - timingFunction: the curve from time to progress.
    ///   - customTransition: a transition type of your own, played instead of `kind`'s.
    public init(
        kind: TransitionKind = .fold, direction: TransitionDirection = .down,
        timingFunction: TimingFunction = .easeInEaseOut, customTransition: (any Transition.Type)? = nil
    ) {
        self.kind = kind
        self.direction = direction
        self.timingFunction = timingFunction
        self.customTransition = customTransition
    }

    /// The same style moving the opposite way (for `previous`).
    public var reversed: TransitionStyle {
        var copy = self
        copy.direction = direction.opposite
        return copy
    }

    /// The transition for a slot of `slotSize` cells.
    ///
    /// - Parameters:
    ///   - slotSize: the slot's size in cells.
    ///   - cellAspect: a cell's height over its width, default 2.
    public func transition(slotSize: LayerSize, cellAspect: Double = 2) -> any Transition {
        (customTransition ?? kind.transitionType).init(style: self, slotSize: slotSize, cellAspect: cellAspect)
    }

    /// `fold down`, `fade`, …: the kind (or the custom type's name) and, for kinds that move, the
    /// direction.
    public var description: String {
        if let customTransition { return "\(customTransition) \(direction)" }
        return kind.hasDirection ? "\(kind) \(direction)" : kind.rawValue
    }

    /// Equal when kind, direction, timing function and custom type (by identity) are.
    public static func == (lhs: TransitionStyle, rhs: TransitionStyle) -> Bool {
        lhs.kind == rhs.kind && lhs.direction == rhs.direction && lhs.timingFunction == rhs.timingFunction
            && lhs.customTransition.map(ObjectIdentifier.init) == rhs.customTransition.map(ObjectIdentifier.init)
    }

    /// Hashes the fields ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(direction)
        hasher.combine(timingFunction)
        hasher.combine(customTransition.map(ObjectIdentifier.init))
    }
}
