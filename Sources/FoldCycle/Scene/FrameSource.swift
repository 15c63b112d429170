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
/// cycler's card today, a swipe deck next).
///
/// Threading: ``render(at:into:)``, ``isMoving(at:)`` and ``plainText(at:)`` are called on the
/// player's queue only; ``start(paused:)`` and ``stop()`` from any thread. The change handler
/// may be called on any thread.
public protocol FrameSource: AnyObject, Sendable {
    /// The size of the frames ``render(at:into:)`` makes, in cells.
    var frameSize: TerminalSize { get }
    /// The clock the scene's time runs on (the player's frame loop ticks on it).
    var clock: any CycleClock { get }
    /// Renders the frame at `time` (seconds on ``clock``) into `frame`, resizing it to
    /// ``frameSize`` when needed. Pure with respect to the scene's state.
    func render(at time: TimeInterval, into frame: inout CellBuffer)
    /// Whether the frame changes with time at `time` (a transition in flight and not paused):
    /// the player draws frames only then.
    func isMoving(at time: TimeInterval) -> Bool
    /// The text of what is shown at `time`, for output that is not a terminal.
    func plainText(at time: TimeInterval) -> String
    /// Sets the handler the scene calls when something changes (``SceneChange``); nil removes it.
    func setChangeHandler(_ handler: (@Sendable (SceneChange) -> Void)?)
    /// Starts the scene's own motion (a cycler's ticks), frozen at once when `paused`.
    func start(paused: Bool)
    /// Stops the scene's motion for good (the player is finishing); nothing changes afterwards.
    /// Motion in progress is ended without reporting an item as settled that had not settled
    /// (a cycler's in-flight transition is removed: the item it began from stays).
    func stop()
    /// Tells the scene the colour depth its frames are encoded at (called on the player's queue
    /// before the first frame), so it can compose in the output's colour space
    /// (`Compositor/colorDepth`; without colour it draws no edge blocks). Default: nothing
    /// (frames are right at any depth; they only cost more to diff below truecolor).
    func setColorDepth(_ depth: ColorDepth)
    /// Lays the scene out again for an output `columns` cells wide (called on the player's queue
    /// at start and whenever the terminal's width changes): a scene sized to fit may narrow its
    /// frames, at most to what it was given, cutting lines with "…". Default: nothing (the frame
    /// keeps its size; the player clips it).
    func fit(columns: Int)
    /// Sets how much the scene moves (called on the player's queue before the first frame):
    /// ``Motion/reduced`` asks for a short cross-fade and no movement, ``Motion/none`` for no
    /// transition at all. Default: nothing (the scene moves as it likes).
    func setMotion(_ motion: Motion)
}

extension FrameSource {
    /// The depth is ignored.
    public func setColorDepth(_ depth: ColorDepth) {}
    /// A fixed size: nothing to do.
    public func fit(columns: Int) {}
    /// Motion is ignored.
    public func setMotion(_ motion: Motion) {}
}
