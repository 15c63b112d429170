internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A stack of cards driven by drags, flings and commands, on a clock: the two source card stacks
/// in one model (docs/DESIGN.md#swipe-deck, docs/DESIGN.md#reusing-stack).
///
/// - Drags: ``beginDrag(at:time:)``, ``drag(to:time:)``, ``endDrag(at:time:)`` with pointer positions in card
///   widths (only differences matter, so positions may be taken from any fixed origin). The top
///   card follows the pointer (and turns by `(cx − w/2)/w/4` in the swipe deck); the release
///   velocity is a least-squares fit over the last 0.1 s (`VelocityTracker`); the
///   ``DeckBehavior`` decides: remove left or right, page, or spring back. A release where the
///   pointer never moved is a click.
/// - Commands: ``swipe(_:cause:)`` (programmatic swipes: the card flies off sideways),
///   ``page(_:cause:)``, ``undo()`` (the last removed card flies back on top), ``click()``,
///   ``flip()`` (the top card turns to its other side).
/// - Cards: ``DeckConfiguration/layout`` shows `visibleCount` cards (default 2), those beneath
///   scaled and offset; new cards enter staggered from a seeded random offset; a decided card
///   flies off along the release angle to beyond ``DeckConfiguration/bounds`` in 0.3 s, then
///   its slot goes to the reuse pool. At most `visibleCount + 1` items are materialized,
///   whatever the data source's count: a flight still in the air lands at once when another
///   begins.
/// - Data: when `visibleCount` or fewer cards are left, the data source's
///   ``DeckDataSource/needsMoreData(remaining:)`` is asked (with no lock held), then its count
///   is read again; ``reloadData()`` does the latter at any time. With
///   ``DeckConfiguration/loops`` the deck starts over after the last item instead.
///
/// Presentation is pulled with `snapshot(at:)`; changes are pushed as ``DeckEvent``s to
/// observers, in order, with no lock held (an `EventChannel`).
///
/// Thread safety: every method may be called from any thread. State is in a `LockedBox` (checked
/// `Sendable`); the data source's `count` and `item(at:)` are called under its lock. Time comes from the injected
/// clock only (``ManualClock`` in tests), read once per command.
public final class SwipeDeck<DataSource: DeckDataSource>: Sendable {
    /// The data source's item type.
    public typealias Item = DataSource.Item

    /// The time source animations run on.
    public let clock: any CycleClock
    /// The data source.
    public let dataSource: DataSource

    private let channel = EventChannel<DeckEvent>()
    /// The model (it holds the reusable item slots, classes) and the settle timer.
    private let state: LockedBox<State>

    private struct State {
        var model: DeckModel<DataSource>
        var settleTimer: (any ClockTimer)?
        var settleDeadline: TimeInterval?
        var settleGeneration = 0
        /// The last gesture time given (``beginDrag(at:time:)`` and the like): later ones are
        /// kept at or after it.
        var lastGestureTime = -TimeInterval.infinity
    }

    /// Creates a deck; nothing is shown until ``start()``.
    ///
    /// - Parameters:
    ///   - dataSource: the items (any count, 0 included: the deck then asks for more data at
    ///     ``start()``).
    ///   - configuration: behaviour, layout, loop, bounds, seed.
    ///   - clock: the time source; ``DispatchClock`` in programs, ``ManualClock`` in tests.
    public init(dataSource: DataSource, configuration: DeckConfiguration, clock: any CycleClock = DispatchClock()) {
        self.dataSource = dataSource
        self.clock = clock
        state = LockedBox(State(model: DeckModel(dataSource: dataSource, configuration: configuration)))
    }

    deinit {
        state.withLock { $0.settleTimer?.cancel() }
    }

    // MARK: - Observing

    /// Registers `handler` for every later event; returns a token for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (DeckEvent) -> Void) -> Int {
        channel.addObserver(handler)
    }

    /// Unregisters the observer with `token`.
    public func removeObserver(_ token: Int) {
        channel.removeObserver(token)
    }

    /// Every later event as an asynchronous sequence.
    public func events() -> AsyncStream<DeckEvent> {
        channel.stream()
    }

    // MARK: - Reading

    /// The settings (behaviour, layout, loop, bounds, seed).
    public var configuration: DeckConfiguration { state.withLock { $0.model.configuration } }

    /// The item count last read from the data source.
    public var count: Int { state.withLock { $0.model.count } }

    /// The item on top, or nil when no card is left (or before ``start()``).
    public var topIndex: Int? { state.withLock { $0.model.topCard?.index } }

    /// Cards left: the top one and those after it (0 when finished; the count when looping).
    public var remainingCount: Int {
        state.withLock { $0.model.configuration.loops ? $0.model.count : max($0.model.count - $0.model.top, 0) }
    }

    /// Whether no card is left and none is in the air (never when looping).
    public var isFinished: Bool { state.withLock { $0.model.isFinished } }

    /// Whether a drag holds the top card.
    public var isDragging: Bool { state.withLock { $0.model.drag != nil } }

    /// Whether ``undo()`` has a removal to take back.
    public var canUndo: Bool { state.withLock { !$0.model.removals.isEmpty } }

    /// Items materialized right now (at most `visibleCount + 1`).
    package var materializedCount: Int { state.withLock { $0.model.materializedCount } }

    /// The most items ever materialized at once.
    package var peakMaterializedCount: Int { state.withLock { $0.model.peakMaterialized } }

    /// Slots ever created (the rest were reused from the pool).
    package var createdSlotCount: Int { state.withLock { $0.model.createdSlotCount } }

    /// The deck at `time` (default now), back to front. Pure with respect to the state.
    package func snapshot(at time: TimeInterval? = nil) -> DeckSnapshot<Item> {
        let time = time ?? clock.now
        return state.withLock { $0.model.snapshot(at: time) }
    }

    /// Whether anything moves after `time`: a card in the air, an entry, a shift, a spring-back
    /// or a flip (a drag moves only when the pointer does).
    public func isMoving(at time: TimeInterval? = nil) -> Bool {
        let time = time ?? clock.now
        return state.withLock { $0.model.isMoving(at: time) }
    }

    // MARK: - Lifecycle

    /// Shows the first `visibleCount` cards, entering staggered. Idempotent.
    public func start() {
        perform { model, now in model.start(now: now) }
    }

    /// Ends every motion at once: a card in the air lands, the others are at their places, a
    /// drag is dropped.
    public func stop() {
        perform { model, now in model.settleAll(now: now) }
    }

    /// Changes where the deck draws (after a resize): later flights end beyond `bounds`.
    public func setBounds(_ bounds: DeckRect) {
        state.withLock { $0.model.configuration.bounds = bounds }
    }

    /// Changes the stack's layout (a card resized with the terminal): the visible cards take
    /// their places in it at once; a card moving to its place (entering, shifting, springing
    /// back) keeps its distance from the place, which moved, and ends at the new one.
    /// ``DeckConfiguration/bounds`` is left as it was.
    public func setLayout(_ layout: StackLayout) {
        perform { model, _ in model.changeLayout(layout) }
    }

    /// Reads the data source's count again: new cards enter, vanished ones leave.
    public func reloadData() {
        perform { model, now in model.reload(now: now) }
    }

    /// Reads the items of the cards on screen again, their content changed in place (the CLI
    /// puts a picture in place of its loading card); the count stays.
    package func reloadVisibleItems() {
        perform { model, _ in model.reloadVisibleItems() }
    }

    // MARK: - Dragging

    /// A press on the top card at `point` (card widths). A card in the air lands and a flip in
    /// progress ends first.
    ///
    /// - Returns: false when there is no card or a drag is already held.
    ///
    /// - Parameter time: when the press happened (its report was read), at most the clock's now;
    ///   nil for now. The drag's samples are timed by the times given, so reports that waited
    ///   on a queue keep the pace they came at.
    @discardableResult
    public func beginDrag(at point: DeckPoint, time: TimeInterval? = nil) -> Bool {
        perform(at: time) { model, now in model.beginDrag(at: point, now: now) }
    }

    /// The pointer moved to `point` while pressed: the top card follows (a sample for the
    /// velocity fit, timed by the clock).
    ///
    /// - Returns: false when no drag is held.
    ///
    /// - Parameter time: when the motion happened, as for ``beginDrag(at:time:)``.
    @discardableResult
    public func drag(to point: DeckPoint, time: TimeInterval? = nil) -> Bool {
        perform(at: time) { model, now in model.moveDrag(to: point, now: now) }
    }

    /// The pointer was released at `point`: the behaviour decides (see ``DeckBehavior``).
    ///
    /// - Returns: what the release did, or nil when no drag was held.
    ///
    /// - Parameter time: when the release happened, as for ``beginDrag(at:time:)``.
    @discardableResult
    public func endDrag(at point: DeckPoint, time: TimeInterval? = nil) -> ReleaseOutcome? {
        perform(at: time) { model, now in model.endDrag(at: point, now: now) }
    }

    /// Drops the drag: the card springs back as after a slow release.
    ///
    /// - Returns: false when no drag was held.
    @discardableResult
    public func cancelDrag() -> Bool {
        perform { model, now in model.cancelDrag(now: now) }
    }

    // MARK: - Commands

    /// Removes the top card toward `side` (a programmatic swipe): it flies off sideways from
    /// where it is, in 0.3 s.
    ///
    /// - Returns: false when there is no card.
    @discardableResult
    public func swipe(_ side: SwipeSide, cause: DecisionCause = .key) -> Bool {
        perform { model, now in model.swipe(side, cause: cause, now: now) }
    }

    /// Shows the previous or next item on top without a decision: the top card flies off
    /// upward (previous) or downward (next) in 0.3 s. When no card is left, `previous` brings
    /// the last item back.
    ///
    /// - Returns: false at an end (not looping).
    @discardableResult
    public func page(_ direction: PageDirection, cause: DecisionCause = .key) -> Bool {
        perform { model, now in model.page(direction, cause: cause, now: now) }
    }

    /// Takes back the last removal: that card flies back on top from where it landed (0.3 s)
    /// and the deck continues from it.
    ///
    /// - Returns: false when there is nothing to undo.
    @discardableResult
    public func undo() -> Bool {
        perform { model, now in model.undo(now: now) }
    }

    /// Clicks the top card (``DeckEvent/clicked(index:cause:)`` by key).
    ///
    /// - Returns: false when there is no card.
    @discardableResult
    public func click() -> Bool {
        perform { model, now in model.click(now: now) }
    }

    /// Turns the top card to its other side over ``DeckConfiguration/flipDuration`` (a turn in
    /// progress ends first). Which cards have a back is the caller's to say (``CardFaces``).
    ///
    /// - Returns: false when there is no card or it is being dragged.
    @discardableResult
    public func flip() -> Bool {
        perform { model, now in model.flip(now: now) }
    }

    // MARK: - Internals

    /// Runs `body` on the model at the clock's time (after landing what has landed), then asks
    /// for more data and delivers the events with no lock held.
    ///
    /// With `time` (a gesture's report, stamped when read), `body` gets that time instead, kept
    /// within the last gesture time given and the clock's now, so samples stay in order.
    private func perform<T: Sendable>(
        at time: TimeInterval? = nil, _ body: @Sendable (inout DeckModel<DataSource>, TimeInterval) -> T
    ) -> T {
        let (result, ask) = state.withLock { state -> (T, Int?) in
            let now = clock.now
            state.model.settle(now: now)
            var bodyTime = now
            if let time {
                bodyTime = min(max(time, state.lastGestureTime), now)
                state.lastGestureTime = bodyTime
            }
            let result = body(&state.model, bodyTime)
            for event in state.model.takeEvents() { channel.enqueue(event) }
            scheduleSettle(&state)
            return (result, state.model.takePendingAsk())
        }
        if let ask {
            dataSource.needsMoreData(remaining: ask)
            state.withLock { state in
                state.model.reload(now: clock.now)
                for event in state.model.takeEvents() { channel.enqueue(event) }
                scheduleSettle(&state)
            }
        }
        channel.deliver()
        return result
    }

    /// Keeps one timer at the landing of the card in the air, which returns its slot to the pool
    /// and may finish the deck. Call inside `state`'s lock.
    private func scheduleSettle(_ state: inout State) {
        let deadline = state.model.leavingEnd
        guard deadline != state.settleDeadline else { return }
        state.settleTimer?.cancel()
        state.settleTimer = nil
        state.settleDeadline = deadline
        state.settleGeneration &+= 1
        guard let deadline else { return }
        let generation = state.settleGeneration
        state.settleTimer = clock.schedule(at: deadline) { [weak self] in self?.settleFired(generation: generation) }
    }

    private func settleFired(generation: Int) {
        let current = state.withLock { state -> Bool in
            guard generation == state.settleGeneration else { return false }
            // Schedule again if the card has not landed yet by this clock's reading.
            state.settleTimer = nil
            state.settleDeadline = nil
            return true
        }
        guard current else { return }
        perform { _, _ in }
    }
}
