import Foundation

/// Which transition a flight uses: kind (a built-in one, or `TransitionKind(MyTransition.self)` for
/// a type of the embedder's own), direction and timing function. The cycler stores one and stamps
/// it on every transition it begins.
public struct TransitionStyle: Hashable, Sendable, CustomStringConvertible {
    /// The kind of transition: ``TransitionKind/fold`` and the rest of the family, or
    /// `TransitionKind(MyTransition.self)` for a ``Transition`` type of your own
    /// (<doc:WritingATransition>).
    public var kind: TransitionKind
    /// The direction content moves in (ignored by kinds without one, such as ``TransitionKind/fade``).
    public var direction: TransitionDirection
    /// The curve from normalized time to progress.
    public var timingFunction: TimingFunction

    /// Creates a style; by default the fold, downward, ease-in-ease-out.
    ///
    /// - Parameters:
    ///   - kind: the transition (built-in, or of your own: `TransitionKind(MyTransition.self)`).
    ///   - direction: where content moves.
    ///   - timingFunction: the curve from time to progress.
    public init(
        kind: TransitionKind = .fold, direction: TransitionDirection = .down,
        timingFunction: TimingFunction = .easeInEaseOut
    ) {
        self.kind = kind
        self.direction = direction
        self.timingFunction = timingFunction
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
        kind.transitionType.init(style: self, slotSize: slotSize, cellAspect: cellAspect)
    }

    /// `fold down`, `fade`, …: the kind's name and, for kinds that move, the direction.
    public var description: String {
        kind.hasDirection ? "\(kind) \(direction)" : kind.rawValue
    }
}
