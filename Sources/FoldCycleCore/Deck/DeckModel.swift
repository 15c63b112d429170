#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The state machine of a ``SwipeDeck``, with time as an argument: every operation takes `now`
/// (seconds on the deck's clock) and reads no clock, so the same inputs give the same states.
/// ``SwipeDeck`` adds the clock, the lock, the event delivery and the settle timer.
///
/// Cards: ``cards`` are the visible ones, top first, showing the items `top, top + 1, …`
/// (wrapping when looping); ``leaving`` is the one card flying off. So at most
/// `visibleCount + 1` items are materialized: a new flight first settles the one in the air.
struct DeckModel<DataSource: DeckDataSource> {
    typealias Item = DataSource.Item

    /// A visible card.
    struct Card {
        var slot: ItemSlot<Item>
        var index: Int
        /// The pose of its place in the stack.
        var restPose: CardPose
        /// A motion toward ``restPose`` (an entry, a shift, a spring-back, a fly-back), if any.
        var animation: PoseAnimation?
        var showsBack = false
        var flip: Flip?

        func pose(at time: TimeInterval) -> CardPose { animation?.pose(at: time) ?? restPose }
    }

    /// A turn to the other side.
    struct Flip {
        var start: TimeInterval
        var duration: TimeInterval
        var towardBack: Bool
        var end: TimeInterval { start + duration }
    }

    /// The card flying off.
    struct Leaving {
        var card: Card
        var animation: PoseAnimation
    }

    /// A drag of the top card.
    struct Drag {
        var start: DeckPoint
        var translation = DeckPoint.zero
        var tracker = VelocityTracker()
        var moved = false
    }

    /// What ``undo(now:)`` needs to fly a removed card back.
    struct Removal {
        var index: Int
        var side: SwipeSide
        /// Where it ended up.
        var pose: CardPose
    }

    let dataSource: DataSource
    var configuration: DeckConfiguration
    private(set) var count: Int
    /// The top card's item; `count` when no card is left (not looping).
    private(set) var top = 0
    private(set) var cards: [Card] = []
    private(set) var leaving: Leaving?
    private(set) var drag: Drag?
    private(set) var removals: [Removal] = []
    private(set) var started = false
    private var pool = SlotReusePool<Item>()
    private var random: SeededGenerator
    /// The top for which more data was last asked.
    private var askedAtTop: Int?
    private var finishedReported = false
    /// Events since the last ``takeEvents()``.
    private var events: [DeckEvent] = []
    /// A `needsMoreData(remaining:)` call to make once the lock is released.
    private var pendingAsk: Int?
    /// Slots holding an item right now.
    private(set) var liveSlots = 0
    /// The most items ever materialized at once.
    private(set) var peakMaterialized = 0

    init(dataSource: DataSource, configuration: DeckConfiguration) {
        self.dataSource = dataSource
        self.configuration = configuration
        count = max(dataSource.count, 0)
        random = SeededGenerator(seed: configuration.seed)
    }

    // MARK: - Reading

    var layout: StackLayout { configuration.layout }
    var behavior: DeckBehavior { configuration.behavior }
    var topCard: Card? { cards.first }
    var materializedCount: Int { liveSlots }
    var createdSlotCount: Int { pool.createdCount }
    var isFinished: Bool { started && !configuration.loops && top >= count && cards.isEmpty && leaving == nil }

    /// The drag's pose of the top card.
    func dragPose(_ drag: Drag) -> CardPose {
        CardPose(offset: drag.translation, rotation: behavior.rotation(translation: drag.translation))
    }

    /// The item after `index`, wrapping when looping; nil past the last.
    func index(after index: Int) -> Int? {
        guard count > 0 else { return nil }
        if configuration.loops { return (index + 1) % count }
        return index + 1 < count ? index + 1 : nil
    }

    /// The item before `index`, wrapping when looping; nil before the first.
    func index(before index: Int) -> Int? {
        guard count > 0 else { return nil }
        if configuration.loops { return (index - 1 + count) % count }
        return index > 0 ? min(index - 1, count - 1) : nil
    }

    /// The items the visible cards show with `top` on top.
    func visibleIndices(top: Int) -> [Int] {
        guard count > 0, configuration.loops || top < count else { return [] }
        var indices = [top]
        while indices.count < layout.visibleCount, let next = index(after: indices[indices.count - 1]) {
            indices.append(next)
        }
        return indices
    }

    /// Whether anything moves after `time`.
    func isMoving(at time: TimeInterval) -> Bool {
        if let leaving, leaving.animation.isMoving(at: time) { return true }
        return cards.contains { card in
            (card.animation?.isMoving(at: time) ?? false) || (card.flip.map { time < $0.end } ?? false)
        }
    }

    /// When the card in the air lands (the settle timer's deadline), if one flies.
    var leavingEnd: TimeInterval? { leaving?.animation.end }

    func snapshot(at time: TimeInterval) -> DeckSnapshot<Item> {
        var list: [DeckCardSnapshot<Item>] = []
        for (position, card) in cards.enumerated().reversed() {
            guard let item = card.slot.item else { continue }
            let pose = position == 0 && drag != nil ? dragPose(drag!) : card.pose(at: time)
            var showsBack = card.showsBack
            var flip: CardFlip?
            if let turn = card.flip {
                if time >= turn.end {
                    showsBack = turn.towardBack
                } else {
                    flip = CardFlip(t: max(time - turn.start, 0) / turn.duration, towardBack: turn.towardBack)
                }
            }
            list.append(
                DeckCardSnapshot(
                    index: card.index, item: item, position: position, pose: pose, showsBack: showsBack, flip: flip))
        }
        if let leaving, leaving.animation.isMoving(at: time), let item = leaving.card.slot.item {
            list.append(
                DeckCardSnapshot(
                    index: leaving.card.index, item: item, position: nil, pose: leaving.animation.pose(at: time),
                    showsBack: leaving.card.showsBack, flip: nil))
        }
        return DeckSnapshot(cards: list, topIndex: cards.first?.index, isDragging: drag != nil)
    }

    // MARK: - Events

    mutating func takeEvents() -> [DeckEvent] {
        defer { events.removeAll() }
        return events
    }

    mutating func takePendingAsk() -> Int? {
        defer { pendingAsk = nil }
        return pendingAsk
    }

    // MARK: - Lifecycle

    /// Shows the first cards, entering staggered.
    mutating func start(now: TimeInterval) {
        guard !started else { return }
        started = true
        relayout(now: now)
        events.append(.changed)
        checkLow()
        reportFinishedIfDone()
    }

    /// Lands what has landed by `now`: the card in the air goes to the reuse pool, ended
    /// animations and flips are dropped; reports ``DeckEvent/finished`` once nothing is left.
    mutating func settle(now: TimeInterval) {
        if let leaving, !leaving.animation.isMoving(at: now) {
            release(leaving.card.slot)
            self.leaving = nil
        }
        for position in cards.indices {
            if let animation = cards[position].animation, !animation.isMoving(at: now) {
                cards[position].animation = nil
            }
            if let turn = cards[position].flip, now >= turn.end {
                cards[position].showsBack = turn.towardBack
                cards[position].flip = nil
            }
        }
        reportFinishedIfDone()
    }

    /// Ends every motion at once (a stop): the card in the air lands, every card is at its
    /// place, a drag is dropped.
    mutating func settleAll(now: TimeInterval) {
        drag = nil
        if let leaving { release(leaving.card.slot) }
        leaving = nil
        for position in cards.indices {
            cards[position].animation = nil
            if let turn = cards[position].flip {
                cards[position].showsBack = turn.towardBack
                cards[position].flip = nil
            }
        }
        reportFinishedIfDone()
    }

    /// Reads the data source's count again and fills or trims the visible cards.
    mutating func reload(now: TimeInterval) {
        let newCount = max(dataSource.count, 0)
        guard newCount != count else { return }
        count = newCount
        if !configuration.loops { top = min(top, count) } else if count > 0 { top %= count } else { top = 0 }
        removals.removeAll { $0.index >= count }
        if count > top { finishedReported = false }
        guard started else { return }
        relayout(now: now)
        events.append(.changed)
        checkLow()
        reportFinishedIfDone()
    }

    /// Reads the items of the cards on screen (and the one in the air) again: their content
    /// changed in place (a picture read in place of its loading card), not their count.
    mutating func reloadVisibleItems() {
        for card in cards + (leaving.map { [$0.card] } ?? []) where card.index < count {
            card.slot.configure(index: card.index, item: dataSource.item(at: card.index))
        }
        guard started else { return }
        events.append(.changed)
    }

    // MARK: - Dragging

    mutating func beginDrag(at point: DeckPoint, now: TimeInterval) -> Bool {
        landLeaving()
        guard started, drag == nil, !cards.isEmpty else { return false }
        if let turn = cards[0].flip {
            cards[0].showsBack = turn.towardBack
            cards[0].flip = nil
        }
        cards[0].animation = nil
        var drag = Drag(start: point)
        drag.tracker.add(PointerSample(time: now, position: point))
        self.drag = drag
        return true
    }

    mutating func moveDrag(to point: DeckPoint, now: TimeInterval) -> Bool {
        guard var drag else { return false }
        drag.tracker.add(PointerSample(time: now, position: point))
        drag.translation = point - drag.start
        if drag.translation != .zero { drag.moved = true }
        self.drag = drag
        if behavior == .reusingStack { showPreview(translationY: drag.translation.y) }
        events.append(.changed)
        return true
    }

    mutating func endDrag(at point: DeckPoint, now: TimeInterval) -> ReleaseOutcome? {
        guard moveDrag(to: point, now: now), let drag, !cards.isEmpty else { return nil }
        self.drag = nil
        guard drag.moved else {
            events.append(.clicked(index: cards[0].index, cause: .tap))
            return .tap
        }
        let velocity = drag.tracker.velocity
        let pose = dragPose(drag)
        switch behavior.outcome(translation: drag.translation, velocity: velocity) {
        case .remove(let side, let cause):
            let direction = FlyOff.direction(velocity: velocity, toward: DeckPoint(x: side.sign, y: 0))
            remove(side, cause: cause, velocity: velocity, from: pose, direction: direction, now: now)
            return .remove(side, cause)
        case .page(let pageDirection):
            let direction = FlyOff.direction(velocity: velocity, toward: drag.translation)
            if page(pageDirection, cause: .fling, velocity: velocity, from: pose, direction: direction, now: now) {
                return .page(pageDirection)
            }
            springBack(from: pose, velocity: velocity, now: now)
            return .springBack
        case .springBack, .tap:
            springBack(from: pose, velocity: velocity, now: now)
            return .springBack
        }
    }

    /// Drops a drag: the card springs back as after a slow release.
    mutating func cancelDrag(now: TimeInterval) -> Bool {
        guard let drag else { return false }
        self.drag = nil
        springBack(from: dragPose(drag), velocity: .zero, now: now)
        return true
    }

    /// The reusing stack's preview: the card beneath shows the previous item while the drag
    /// goes up and the next while it goes down, clamped at the ends.
    private mutating func showPreview(translationY: Double) {
        guard cards.count >= 2 else { return }
        let top = cards[0].index
        let wanted =
            translationY < 0 ? index(before: top) ?? top : index(after: top) ?? top
        guard cards[1].index != wanted else { return }
        release(cards[1].slot)
        cards[1].slot = materialize(wanted)
        cards[1].index = wanted
        cards[1].showsBack = false
        cards[1].flip = nil
    }

    /// Sends the top card back to its place on ``DeckBehavior/springBack`` started at the
    /// release `velocity` (card widths per second) normalised as `CASpringAnimation`'s
    /// `initialVelocity`: its component toward the place over the distance left, so the card
    /// leaves the finger at the speed it had (the component across that line is dropped).
    private mutating func springBack(from pose: CardPose, velocity: DeckPoint, now: TimeInterval) {
        guard !cards.isEmpty else { return }
        let rest = cards[0].restPose
        let left = rest.offset - pose.offset
        let distanceSquared = left.dot(left)
        let normalized = distanceSquared > 0 ? velocity.dot(left) / distanceSquared : 0
        let spring = behavior.springBack.with(initialVelocity: normalized)
        cards[0].animation = PoseAnimation(
            from: pose, to: rest, start: now, duration: spring.settlingDuration,
            timingFunction: TimingFunction(spring: spring))
        // The reusing stack's preview goes back to the next item: the index is restored.
        relayout(now: now)
        events.append(.changed)
    }

    // MARK: - Decisions

    /// The top card's pose now (the drag's while dragging); ends a drag.
    private mutating func takeTopPose(now: TimeInterval) -> CardPose? {
        guard let card = cards.first else { return nil }
        if let drag {
            self.drag = nil
            return dragPose(drag)
        }
        return card.pose(at: now)
    }

    mutating func swipe(_ side: SwipeSide, cause: DecisionCause, now: TimeInterval) -> Bool {
        landLeaving()
        guard let pose = takeTopPose(now: now) else { return false }
        remove(side, cause: cause, velocity: nil, from: pose, direction: DeckPoint(x: side.sign, y: 0), now: now)
        return true
    }

    mutating func page(_ direction: PageDirection, cause: DecisionCause, now: TimeInterval) -> Bool {
        landLeaving()
        guard target(of: direction) != nil else { return false }
        let pose = takeTopPose(now: now) ?? .rest
        let flight = DeckPoint(x: 0, y: direction == .next ? 1 : -1)
        return page(direction, cause: cause, velocity: nil, from: pose, direction: flight, now: now)
    }

    mutating func click(now: TimeInterval) -> Bool {
        guard let card = cards.first else { return false }
        events.append(.clicked(index: card.index, cause: .key))
        return true
    }

    mutating func flip(now: TimeInterval) -> Bool {
        guard drag == nil, !cards.isEmpty else { return false }
        if let turn = cards[0].flip {
            cards[0].showsBack = turn.towardBack
            cards[0].flip = nil
        }
        let towardBack = !cards[0].showsBack
        cards[0].flip = Flip(start: now, duration: configuration.flipDuration, towardBack: towardBack)
        events.append(.flipped(index: cards[0].index, showsBack: towardBack))
        events.append(.changed)
        return true
    }

    mutating func undo(now: TimeInterval) -> Bool {
        guard let removal = removals.popLast() else { return false }
        landLeaving()
        drag = nil
        top = removal.index
        finishedReported = false
        relayout(now: now, returning: removal)
        events.append(.undone(index: removal.index, side: removal.side))
        events.append(.changed)
        return true
    }

    private func target(of direction: PageDirection) -> Int? {
        guard !cards.isEmpty else {
            // Nothing on top (every card decided): only the previous item can come back.
            return direction == .previous ? index(before: top) : nil
        }
        return direction == .next ? index(after: top) : index(before: top)
    }

    private mutating func remove(
        _ side: SwipeSide, cause: DecisionCause, velocity: DeckPoint?, from pose: CardPose, direction: DeckPoint,
        now: TimeInterval
    ) {
        guard !cards.isEmpty else { return }
        let card = cards.removeFirst()
        let landing = fly(card, from: pose, direction: direction, velocity: velocity, now: now)
        removals.append(Removal(index: card.index, side: side, pose: landing))
        if removals.count > configuration.undoLimit { removals.removeFirst(removals.count - configuration.undoLimit) }
        top = index(after: top) ?? count
        relayout(now: now)
        events.append(.removed(index: card.index, side: side, cause: cause, velocity: velocity))
        events.append(.changed)
        checkLow()
    }

    private mutating func page(
        _ pageDirection: PageDirection, cause: DecisionCause, velocity: DeckPoint?, from pose: CardPose,
        direction: DeckPoint, now: TimeInterval
    ) -> Bool {
        guard let target = target(of: pageDirection) else { return false }
        let from = top
        if !cards.isEmpty { fly(cards.removeFirst(), from: pose, direction: direction, velocity: velocity, now: now) }
        top = target
        relayout(now: now)
        events.append(.paged(from: from, to: target, direction: pageDirection, cause: cause, velocity: velocity))
        events.append(.changed)
        if pageDirection == .next { checkLow() }
        return true
    }

    /// Sends `card` off from `pose` along `direction` to beyond the deck's bounds; returns the
    /// pose it lands in. The swipe deck keeps turning it by its offset's rule on the way.
    @discardableResult
    /// Sends `card` off along `direction` (a unit vector) at the release `velocity` at least
    /// (``FlyOff/motion(distance:speed:)``); nil velocity (a key) flies in 0.3 s.
    private mutating func fly(
        _ card: Card, from pose: CardPose, direction: DeckPoint, velocity: DeckPoint?, now: TimeInterval
    ) -> CardPose {
        let destination = FlyOff.destination(
            from: pose.offset, direction: direction, bounds: configuration.bounds,
            clearance: FlyOff.clearance(cardHeight: configuration.cardHeight))
        var landing = pose
        landing.offset = destination
        if behavior == .swipeDeck { landing.rotation = behavior.rotation(translation: destination) }
        let motion = FlyOff.motion(
            distance: (destination - pose.offset).length, speed: velocity.map { $0.dot(direction) } ?? 0)
        leaving = Leaving(
            card: card,
            animation: PoseAnimation(
                from: pose, to: landing, start: now, duration: motion.duration, timingFunction: motion.timing))
        return landing
    }

    // MARK: - Layout

    /// Lands the card in the air at once (a new flight, drag or undo is about to begin).
    private mutating func landLeaving() {
        if let leaving { release(leaving.card.slot) }
        leaving = nil
    }

    /// A slot showing item `index`, from the reuse pool when one waits.
    private mutating func materialize(_ index: Int) -> ItemSlot<Item> {
        let slot = pool.dequeue(reuseIdentifier: dataSource.reuseIdentifier(at: index))
        slot.configure(index: index, item: dataSource.item(at: index))
        liveSlots += 1
        peakMaterialized = max(peakMaterialized, liveSlots)
        return slot
    }

    /// Drops a slot's item and keeps the slot for reuse.
    private mutating func release(_ slot: ItemSlot<Item>) {
        pool.enqueue(slot)
        liveSlots -= 1
    }

    /// Changes the stack's layout (a card resized with the terminal): each visible card rests at
    /// its position's pose in `layout` at once, and a motion toward its place moves with the
    /// place: it starts as far from the new place as it started from the old one and ends there.
    /// Its start pose kept in the old layout's card widths would start a card entering beneath
    /// the top one at its old place's offset read in the new card's widths: 0.7 row below its
    /// new place after 58 × 15 → 98 × 25 (record 0198).
    mutating func changeLayout(_ layout: StackLayout) {
        configuration.layout = layout
        for position in cards.indices {
            let old = cards[position].restPose
            let target = layout.pose(atPosition: position)
            cards[position].restPose = target
            guard var animation = cards[position].animation else { continue }
            animation.from = animation.from.moved(withPlaceFrom: old, to: target)
            animation.to = target
            cards[position].animation = animation
        }
    }

    /// Puts the visible cards on the items `top, top + 1, …`: a card already showing one of them
    /// moves to its new place (0.2 s); the others go to the reuse pool first, then new cards
    /// enter (staggered from a seeded random offset), or, for `returning`, the removed card flies
    /// back on top from where it landed (0.3 s).
    private mutating func relayout(now: TimeInterval, returning: Removal? = nil) {
        let indices = visibleIndices(top: top)
        var old = cards
        var placed = [Card?](repeating: nil, count: indices.count)
        for (position, index) in indices.enumerated() {
            if position == 0, returning != nil { continue }
            guard let match = old.firstIndex(where: { $0.index == index }) else { continue }
            var card = old.remove(at: match)
            let target = layout.pose(atPosition: position)
            if card.restPose != target {
                card.animation = PoseAnimation(
                    from: card.pose(at: now), to: target, start: now, duration: StackLayout.shiftDuration)
                card.restPose = target
            }
            placed[position] = card
        }
        // Cards that leave the screen go back to the pool before new ones are made.
        for card in old { release(card.slot) }
        for (position, index) in indices.enumerated() where placed[position] == nil {
            let target = layout.pose(atPosition: position)
            var card = Card(slot: materialize(index), index: index, restPose: target)
            if position == 0, let returning {
                card.animation = PoseAnimation(
                    from: returning.pose, to: target, start: now, duration: FlyOff.duration)
            } else {
                card.animation = entry(to: target, position: position, now: now)
            }
            placed[position] = card
        }
        cards = placed.compactMap { $0 }
    }

    /// A new card's entry at `position`: from its place plus a seeded random offset of
    /// 0 … 0.02535 card widths (0 … 9 pt) per axis, after `0.05 s × position`, in 0.2 s.
    private mutating func entry(to target: CardPose, position: Int, now: TimeInterval) -> PoseAnimation {
        var from = target
        from.offset.x += random.nextUnitInterval() * DeckUnits.maximumEntryOffset
        from.offset.y += random.nextUnitInterval() * DeckUnits.maximumEntryOffset
        return PoseAnimation(
            from: from, to: target, start: now + StackLayout.entryStagger * Double(position),
            duration: StackLayout.entryDuration)
    }

    /// Asks for more data when `visibleCount` or fewer cards are left (once per top).
    private mutating func checkLow() {
        guard !configuration.loops else { return }
        let remaining = max(count - top, 0)
        guard remaining <= layout.visibleCount, askedAtTop != top else { return }
        askedAtTop = top
        pendingAsk = remaining
    }

    private mutating func reportFinishedIfDone() {
        guard isFinished, !finishedReported else { return }
        finishedReported = true
        events.append(.finished)
    }
}
