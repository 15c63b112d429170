internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One frame of a scripted deck run (``DeckScriptRunner``).
package struct DeckScriptFrame: Hashable, Sendable {
    /// The frame's number, from 0.
    package var index: Int
    /// Its time in seconds on the run's clock: exactly `index / framesPerSecond`.
    package var time: TimeInterval
    /// The 0-based position in the script of the action begun at this frame, if one was (a
    /// drag begins with its press).
    package var action: Int?
    /// The deck's events since the previous frame, in order, ``DeckEvent/changed`` left out.
    package var events: [DeckEvent]

    /// Creates a frame.
    package init(index: Int, time: TimeInterval, action: Int?, events: [DeckEvent]) {
        self.index = index
        self.time = time
        self.action = action
        self.events = events
    }
}

/// Plays a ``DeckScript`` on a new ``SwipeDeck`` frame by frame on its own ``ManualClock``, so
/// that the same script, items and settings give the same frames on every machine
/// (docs/DESIGN.md#deck-pictures).
///
/// Frame `k` is at exactly `k / framesPerSecond` seconds. The deck starts at frame 0 (its cards
/// enter). Each action waits until the deck is at rest (nothing moves, nothing is dragged),
/// then for ``pause`` seconds (rounded up to whole frames), and begins on a frame of its own
/// (never the frame of the action before): keys take effect at once; a drag is pressed at its
/// frame with the pointer at the origin, moved at each later frame by an equal share of its
/// translation and released at the translation after its duration (rounded up to whole
/// frames, at least one), so its release velocity is the translation over that time; a wait
/// lasts its seconds (rounded up). The last frame is the first at which the deck is at rest
/// after the last action.
///
/// Not thread-safe: one thread advances a run. The deck and its clock are the run's own:
/// draw them (``deck``, for a scene), do not command them.
package final class DeckScriptRunner<DataSource: DeckDataSource> where DataSource.Item: CardContent {
    /// The script played.
    package let script: DeckScript
    /// The deck the script plays on (on ``clock``; started by the first ``advance()``).
    package let deck: SwipeDeck<DataSource>
    /// The run's clock, at 0 before the first frame.
    package let clock: ManualClock
    /// Frames per second (≥ 1).
    package let framesPerSecond: Int
    /// Seconds the deck stays at rest before each action (≥ 0).
    package let pause: TimeInterval

    /// The most frames a run draws; a longer one fails with ``DeckScriptError/tooManyFrames(limit:)``.
    package static var maximumFrameCount: Int { 100_000 }

    private enum Phase: Equatable {
        /// Waiting for the deck to be at rest, then for the next action (or the end).
        case settling
        /// The next action begins at frame `until`.
        case pausing(until: Int)
        /// A drag pressed at frame `pressed`, released `steps` frames later at `translation`.
        case dragging(translation: DeckPoint, pressed: Int, steps: Int)
        /// A wait that ends at frame `until`.
        case waiting(until: Int)
        /// The last frame was returned.
        case ended
    }

    private var phase = Phase.settling
    private var frame = -1
    private var nextAction = 0
    private var lastActionFrame = -1
    private let events = DeckEventBuffer()

    /// Creates a run of `script` on a deck of `dataSource` with `configuration` (its clock
    /// replaced by the run's).
    ///
    /// - Parameters:
    ///   - framesPerSecond: frames per second (values below 1 count as 1).
    ///   - pause: seconds at rest before each action (values that are not finite or below 0
    ///     count as 0).
    package init(
        script: DeckScript, dataSource: DataSource, configuration: DeckConfiguration, framesPerSecond: Int,
        pause: TimeInterval
    ) {
        self.script = script
        clock = ManualClock()
        deck = SwipeDeck(dataSource: dataSource, configuration: configuration, clock: clock)
        self.framesPerSecond = max(framesPerSecond, 1)
        self.pause = pause.isFinite ? max(pause, 0) : 0
        let buffer = events
        deck.addObserver { event in
            if event != .changed { buffer.append(event) }
        }
    }

    /// The time of frame `index` in seconds: `index / framesPerSecond`.
    package func time(ofFrame index: Int) -> TimeInterval {
        Double(index) / Double(framesPerSecond)
    }

    /// The number of the frame ``advance()`` returned last (−1 before the first).
    package var frameIndex: Int { frame }

    /// Moves the clock to the next frame's time (firing the deck's timers), does what the script
    /// does at that frame, and returns the frame; nil once the last frame has been returned.
    ///
    /// - Throws: ``DeckScriptError/noEffect(position:action:reason:)`` when an action's turn
    ///   comes and it would do nothing (no card left, nothing to undo, no back side, an end of
    ///   the deck); ``DeckScriptError/tooManyFrames(limit:)`` past ``maximumFrameCount``.
    package func advance() throws(DeckScriptError) -> DeckScriptFrame? {
        guard phase != .ended else { return nil }
        frame += 1
        guard frame < Self.maximumFrameCount else { throw .tooManyFrames(limit: Self.maximumFrameCount) }
        let time = self.time(ofFrame: frame)
        clock.advance(to: time)
        if frame == 0 { deck.start() }
        var begun: Int?
        stepping: while true {
            switch phase {
            case .settling:
                guard !deck.isDragging, !deck.isMoving(at: time) else { break stepping }
                guard nextAction < script.actions.count else {
                    phase = .ended
                    break stepping
                }
                let start = max(frame + frames(pause), lastActionFrame + 1)
                guard start <= frame else {
                    phase = .pausing(until: start)
                    break stepping
                }
                begun = try begin()
            case .pausing(let until):
                guard frame >= until else { break stepping }
                begun = try begin()
            case .dragging(let translation, let pressed, let steps):
                let step = frame - pressed
                guard step > 0 else { break stepping }
                guard step >= steps else {
                    deck.drag(to: translation * (Double(step) / Double(steps)))
                    break stepping
                }
                deck.endDrag(at: translation)
                phase = .settling
            case .waiting(let until):
                guard frame >= until else { break stepping }
                phase = .settling
            case .ended:
                break stepping
            }
        }
        return DeckScriptFrame(index: frame, time: time, action: begun, events: events.take())
    }

    /// Whole frames for `seconds`, rounded up (`⌈seconds · n − 10⁻⁹⌉`, at least 0), as
    /// `render --fps` samples.
    private func frames(_ seconds: TimeInterval) -> Int {
        max(Int((seconds * Double(framesPerSecond) - 1e-9).rounded(.up)), 0)
    }

    /// The item on the top card, if any.
    private var topItem: String? {
        deck.snapshot(at: clock.now).cards.last { $0.position == 0 }?.item.plainText
    }

    /// Begins the next action at the current frame; returns its position.
    private func begin() throws(DeckScriptError) -> Int {
        let position = nextAction
        let action = script.actions[position]
        nextAction += 1
        lastActionFrame = frame
        phase = .settling
        func fail(_ reason: String) -> DeckScriptError {
            .noEffect(position: position + 1, action: action, reason: reason)
        }
        switch action {
        case .swipe(let side):
            guard deck.swipe(side) else { throw fail("no card is left") }
        case .page(let direction):
            guard deck.page(direction) else {
                throw fail(
                    direction == .previous ? "no card comes before the top one" : "no card comes after the top one")
            }
        case .undo:
            guard deck.undo() else { throw fail("there is no decision to take back") }
        case .click:
            guard deck.click() else { throw fail("no card is left") }
        case .flip:
            guard let item = topItem else { throw fail("no card is left") }
            guard CardFaces(item: item).hasBack else {
                throw fail("the top card has no back side (a flashcard's text has a line '---')")
            }
            deck.flip()
        case .drag(let translation, let duration):
            guard deck.beginDrag(at: .zero) else { throw fail("no card is left") }
            phase = .dragging(translation: translation, pressed: frame, steps: max(frames(duration), 1))
        case .wait(let seconds):
            let steps = frames(seconds)
            if steps > 0 { phase = .waiting(until: frame + steps) }
        }
        return position
    }
}

/// The events a run's deck delivered since they were last taken (delivered on the thread that
/// advances the run, under a lock all the same, as observers are `@Sendable`).
private final class DeckEventBuffer: Sendable {
    private let events = LockedBox<[DeckEvent]>([])

    func append(_ event: DeckEvent) { events.withLock { $0.append(event) } }

    func take() -> [DeckEvent] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
