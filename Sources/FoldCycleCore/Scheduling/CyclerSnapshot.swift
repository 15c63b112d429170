import Foundation

/// What a ``Cycler`` presents at one instant: the pulled presentation.
///
/// Consumers ask for a snapshot at a time (a render loop at its frame time) instead of being
/// pushed every tick, as Core Animation's presentation layer is read rather than observed.
public struct CyclerSnapshot<Item: Sendable>: Sendable {
    /// The clock time the snapshot was taken at, in seconds.
    public var time: TimeInterval
    /// The run state at that time.
    public var state: CyclerState
    /// The shown item's index, or during a transition the incoming item's.
    public var index: Int
    /// The shown item, or during a transition the incoming item.
    public var item: Item
    /// The in-flight transition, or nil when one item is settled on screen.
    public var transition: Transition?

    /// An in-flight transition at the snapshot's time.
    public struct Transition: Sendable {
        /// The outgoing item's index.
        public var fromIndex: Int
        /// The outgoing item.
        public var outgoingItem: Item
        /// The incoming item's index (equal to the snapshot's ``CyclerSnapshot/index``).
        public var toIndex: Int
        /// The transition's kind, direction (the opposite one for `previous`) and timing.
        public var style: TransitionStyle
        /// Normalized time, `elapsed / duration` clamped to 0...1; frozen while paused.
        public var t: Double
        /// The duration it runs for, in seconds.
        public var duration: TimeInterval

        /// The direction this transition moves in.
        public var direction: TransitionDirection { style.direction }

        /// Every slot's presentation at ``t`` for a slot of `slotSize` cells.
        ///
        /// - Parameters:
        ///   - slotSize: the slot's size in cells.
        ///   - cellAspect: a cell's height over its width, default 2.
        public func frame(slotSize: CGSize, cellAspect: Double = 2) -> TransitionFrame {
            style.transition(slotSize: slotSize, cellAspect: cellAspect).frame(at: t)
        }
    }
}
