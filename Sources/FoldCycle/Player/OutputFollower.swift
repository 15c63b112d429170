internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A card that follows a running command's output, as `foldcycle run` does: the output goes above
/// the card as host output, and the card folds to its latest line, at most one fold every
/// ``minimumShow`` seconds (a line that arrives sooner waits, and the fold then shows the latest
/// line of all that came meanwhile).
///
/// ```swift
/// let card = try PseudoFoldCycler(items: ["▶ swift build"], interval: 60, duration: 0.3)
/// let follower = OutputFollower(card: card)
/// card.start()
/// follower.append(chunk)   // each chunk of the command's output, as it is read
/// card.finish()
/// ```
///
/// A line ends at a line feed; a carriage return starts a segment that overwrites the one before,
/// so a progress bar counts as its last segment. The line keeps its SGR colours and attributes
/// (read by ``ANSIReader``); cursor moves, erases and other controls are reduced away. Output is
/// data: written above the card with ``Player/write(_:)``, where the player's sanitizing rule
/// applies. Memory is bounded: of a line without a line feed only its last 16 KiB are kept.
///
/// The card's item 0 is replaced by each line shown (a one-item card folds from one line to the
/// next; give it a long interval so it does not cycle on its own). The pacing timer runs on the
/// card's clock, so a test drives it with a ``ManualClock``. The semantics are the ones of
/// docs/decisions/0140-run-command.md and the <doc:FollowingACommand> article.
///
/// Thread safety: every method may be called from any thread.
public final class OutputFollower: Sendable {
    /// The card that shows the latest line.
    public let card: PseudoFoldCycler
    /// Seconds a line stays on the card at least before the next fold (`foldcycle run --min-show`).
    public let minimumShow: TimeInterval
    /// Whether ``append(_:)`` writes the output above the card (false: only the card changes, as
    /// with `foldcycle run --quiet`).
    public let writesOutput: Bool

    private let state: LockedBox<State>

    private struct State: Sendable {
        var lines = OutputLines()
        var pacing: LinePacing
        var timer: (any ClockTimer)?
    }

    /// Follows output on `card`.
    ///
    /// - Parameters:
    ///   - card: the card; its item 0 is replaced by the latest line.
    ///   - minimumShow: seconds a line stays at least, ≥ 0 (a negative or NaN value counts as 0);
    ///     default 0.5.
    ///   - writesOutput: write the output above the card; default true.
    public init(card: PseudoFoldCycler, minimumShow: TimeInterval = 0.5, writesOutput: Bool = true) {
        self.card = card
        let minimum = minimumShow.isFinite ? max(0, minimumShow) : minimumShow == .infinity ? .infinity : 0
        self.minimumShow = minimum
        self.writesOutput = writesOutput
        state = LockedBox(State(pacing: LinePacing(minimumShow: minimum)))
    }

    /// Takes a chunk of the command's output (any bytes: partial lines, escape sequences, invalid
    /// UTF-8, which reads as U+FFFD): writes it above the card when ``writesOutput``, and folds
    /// the card to the latest line now, or when the line shown has been up ``minimumShow``
    /// seconds.
    public func append(_ bytes: some Sequence<UInt8>) {
        let chunk = Array(bytes)
        guard !chunk.isEmpty else { return }
        if writesOutput { card.player.write(chunk) }
        let clock = card.cycler.clock
        let decision: LinePacing.Decision? = state.withLock { state in
            state.lines.append(chunk) ? state.pacing.lineArrived(at: clock.now) : nil
        }
        switch decision {
        case .showNow?:
            showLatestLine()
        case .showAt(let time)?:
            let timer = clock.schedule(at: time) { [weak self] in
                guard let self else { return }
                state.withLock { state in
                    state.timer = nil
                    state.pacing.due(at: clock.now)
                }
                showLatestLine()
            }
            state.withLock { state in
                if state.pacing.dueAt != nil { state.timer = timer }
            }
        case .waiting?, nil:
            break
        }
    }

    /// Cancels a fold that waits for ``minimumShow``; the card keeps the line it shows.
    public func cancel() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
            state.pacing.cancelDue()
        }
    }

    /// The line the card shows next, read, onto item 0.
    private func showLatestLine() {
        guard let line = state.withLock({ $0.lines.takeLatest() }) else { return }
        _ = try? card.cycler.replace(at: 0, with: line)
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }
}
