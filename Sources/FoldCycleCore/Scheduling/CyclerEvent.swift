/// The cycler's run state.
///
/// Source: the source view's timer being scheduled (`running`), invalidated (`stopped`); `paused`
/// follows Core Animation's layer pause (speed 0 with a frozen time offset).
public enum CyclerState: String, Hashable, Sendable, CustomStringConvertible {
    /// Ticks are scheduled; transitions play.
    case running
    /// The schedule and any in-flight transition are frozen at their exact progress.
    case paused
    /// No ticks are scheduled; nothing moves.
    case stopped

    /// `running`, `paused` or `stopped`.
    public var description: String { rawValue }
}

/// Something that happened in a ``Cycler``, delivered to observers in order.
public enum CyclerEvent: Hashable, Sendable {
    /// A transition from item `from` to item `to` began, with `style` (its kind, the direction
    /// it moves in, its timing function).
    case transitionBegan(from: Int, to: Int, style: TransitionStyle)
    /// The in-flight transition turned around (a step toward the item it was leaving) and now
    /// plays back toward item `index`, from its current progress.
    case transitionReversed(toward: Int)
    /// The transition into item `index` finished (or was settled by `stop`, `next` or a tick).
    case transitionEnded(index: Int)
    /// The shown (or incoming) item changed to `index`; sent when a transition begins.
    case indexChanged(Int)
    /// The cycler started running (from `launch`, or `start` from stopped).
    case started
    /// The cycler paused.
    case paused
    /// The cycler resumed from a pause.
    case resumed
    /// The cycler stopped.
    case stopped
    /// An item was inserted at `index` (docs/DESIGN.md#live-item-changes): indices from `index`
    /// on moved up by one. Sent before the events of any transition the change begins.
    case itemInserted(index: Int)
    /// The item at `index` was removed: later indices moved down by one.
    case itemRemoved(index: Int)
    /// The item at `index` was replaced by another.
    case itemReplaced(index: Int)

    /// Where an item at `index` before this event is after it: one up after an insertion at or
    /// before it, one down after a removal before it, unchanged otherwise. A removed item's index
    /// stays where it was, which is where the item after it now is (its successor's place).
    public func shifting(_ index: Int) -> Int {
        switch self {
        case .itemInserted(let inserted): return index >= inserted ? index + 1 : index
        case .itemRemoved(let removed): return index > removed ? index - 1 : index
        default: return index
        }
    }
}
