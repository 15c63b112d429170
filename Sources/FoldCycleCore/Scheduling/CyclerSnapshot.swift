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
    /// The shown item's index, or during a transition the index of the item it lands on (the
    /// incoming item's, or the outgoing item's when the transition is reversed).
    public var index: Int
    /// The shown item, or during a transition the item it lands on.
    public var item: Item
    /// The index ``item`` had when its slot was configured (when it came on screen). It differs
    /// from ``index`` only after an insertion or removal before the item moved it
    /// (docs/DESIGN.md#live-item-changes): a renderer keys the card's look (its palette colour) on
    /// it, so that nothing on screen changes without a transition.
    public var configuredIndex: Int
    /// The in-flight transition, or nil when one item is settled on screen.
    public var transition: Flight?

    /// An in-flight transition at the snapshot's time (named apart from the ``Transition``
    /// protocol, which it would shadow inside the snapshot). Its slots keep their roles for its whole
    /// life: a reversed transition plays the same frames backwards, so ``outgoingItem`` and
    /// ``incomingItem`` stay what they were when it began.
    public struct Flight: Sendable {
        /// The outgoing item's index.
        public var fromIndex: Int
        /// The outgoing item.
        public var outgoingItem: Item
        /// The incoming item's index (the snapshot's ``CyclerSnapshot/index`` unless reversed).
        public var toIndex: Int
        /// The incoming item.
        public var incomingItem: Item
        /// The transition's kind, direction (the opposite one for `previous`) and timing.
        public var style: TransitionStyle
        /// Normalized time 0...1: `elapsed / duration` from its begin, running back down to 0
        /// after a reversal; frozen while paused.
        public var t: Double
        /// The duration a whole transition (t from 0 to 1) runs for, in seconds.
        public var duration: TimeInterval
        /// Whether it is reversed: playing back toward the outgoing item, on which it lands.
        public var isReversed: Bool
        /// The index the outgoing item had when its slot was configured (see
        /// ``CyclerSnapshot/configuredIndex``).
        public var outgoingConfiguredIndex: Int
        /// The index the incoming item had when its slot was configured.
        public var incomingConfiguredIndex: Int

        /// Creates a transition snapshot; the configured indices default to `fromIndex` and
        /// `toIndex` (no item change moved them).
        public init(
            fromIndex: Int, outgoingItem: Item, toIndex: Int, incomingItem: Item, style: TransitionStyle, t: Double,
            duration: TimeInterval, isReversed: Bool = false, outgoingConfiguredIndex: Int? = nil,
            incomingConfiguredIndex: Int? = nil
        ) {
            self.fromIndex = fromIndex
            self.outgoingItem = outgoingItem
            self.toIndex = toIndex
            self.incomingItem = incomingItem
            self.style = style
            self.t = t
            self.duration = duration
            self.isReversed = isReversed
            self.outgoingConfiguredIndex = outgoingConfiguredIndex ?? fromIndex
            self.incomingConfiguredIndex = incomingConfiguredIndex ?? toIndex
        }

        /// The direction this transition moves in.
        public var direction: TransitionDirection { style.direction }

        /// Every slot's presentation at ``t`` for a slot of `slotSize` cells.
        ///
        /// - Parameters:
        ///   - slotSize: the slot's size in cells.
        ///   - cellAspect: a cell's height over its width, default 2.
        public func frame(slotSize: LayerSize, cellAspect: Double = 2) -> TransitionFrame {
            style.transition(slotSize: slotSize, cellAspect: cellAspect).frame(atFractionComplete: t)
        }
    }
}
