#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a scene tells its player between frames.
public enum SceneChange: Hashable, Sendable {
    /// Something changed or began to move: draw now, and keep drawing while
    /// ``FrameSource/isMoving(at:)`` says so.
    case changed
    /// An item settled on screen; `text` is its content, which plain-text output writes once.
    case settled(text: String)
}

/// Anything a ``Player`` can draw: a scene that renders its frame at a time and says whether it
/// is moving. The player, its region, its encoder and its output serve every scene alike (a
/// cycler's card, a swipe deck, an embedder's own).
///
/// A scene is a value the player owns (docs/decisions/0252-the-scene-a-value-the-player-owns.md):
/// the player keeps it in its queue-confined state and calls every method on its queue, the
/// `mutating` ones in place, so a scene needs no lock of its own (its card, caches and layout are
/// plain stored properties). A change from outside goes through ``Player/updateScene(as:_:)``, a
/// read through ``Player/withScene(as:_:)``. A scene may hold references to the `Sendable` models
/// it shows (a ``Cycler``, a ``SwipeDeck``), which are shared and thread-safe.
///
/// Changes the scene makes itself (a cycler's tick, a deck's move) reach the player through the
/// change handler: keep it as a stored `@Sendable` closure and call it from any thread; remove
/// whatever calls it (an observer of the model) in ``stop()``.
public protocol FrameSource: Sendable {
    /// The size of the frames ``render(at:into:)`` makes, in cells.
    var frameSize: TerminalSize { get }
    /// The clock the scene's time runs on (the player's frame loop ticks on it); the player
    /// reads it once, when it is created.
    var clock: any CycleClock { get }
    /// Renders the frame at `time` (seconds on ``clock``) into `frame`, resizing it to
    /// ``frameSize`` when needed. Pure with respect to the scene's state.
    mutating func render(at time: TimeInterval, into frame: inout CellBuffer)
    /// Whether the frame changes with time at `time` (a transition in flight and not paused):
    /// the player draws frames only then.
    func isMoving(at time: TimeInterval) -> Bool
    /// The text of what is shown at `time`, for output that is not a terminal.
    func plainText(at time: TimeInterval) -> String
    /// Sets the handler the scene calls when something changes (``SceneChange``); nil removes it.
    mutating func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?)
    /// Starts the scene's own motion (a cycler's ticks), frozen at once when `paused`.
    mutating func start(paused: Bool)
    /// Stops the scene's motion for good (the player is finishing); nothing changes afterwards.
    /// Motion in progress is ended without reporting an item as settled that had not settled
    /// (a cycler's in-flight transition is removed: the item it began from stays).
    mutating func stop()
    /// Tells the scene the colour depth its frames are encoded at (called on the player's queue
    /// before the first frame), so it can compose in the output's colour space
    /// (`Compositor/colorDepth`; without colour it draws no edge blocks). Default: nothing
    /// (frames are right at any depth; they only cost more to diff below truecolor).
    mutating func setColorDepth(_ depth: ColorDepth)
    /// Lays the scene out again for an output `columns` cells wide (called on the player's queue
    /// at start and whenever the terminal's width changes): a scene sized to fit may narrow its
    /// frames, at most to what it was given, cutting lines with "…". Default: nothing (the frame
    /// keeps its size; the player clips it).
    mutating func fit(columns: Int)
    /// Sets how much the scene moves (called on the player's queue before the first frame):
    /// ``Motion/reduced`` asks for a short cross-fade and no movement, ``Motion/none`` for no
    /// transition at all. Default: nothing (the scene moves as it likes).
    mutating func setMotion(_ motion: Motion)
}

extension FrameSource {
    /// The depth is ignored.
    public mutating func setColorDepth(_ depth: ColorDepth) {}
    /// A fixed size: nothing to do.
    public mutating func fit(columns: Int) {}
    /// Motion is ignored.
    public mutating func setMotion(_ motion: Motion) {}
}
