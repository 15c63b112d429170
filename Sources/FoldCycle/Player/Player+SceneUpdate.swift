import Dispatch
internal import FoldCyclePlatform

extension Player {
    /// Changes the scene on the player's queue, between frames: runs `body` with the scene when
    /// it is a `Scene` (the caller names the type it made: `CyclerScene<…>`, `DeckScene<…>`, its
    /// own) and keeps what `body` leaves in it; returns what `body` returns; nil, with `body` not
    /// run, when the scene is not one.
    ///
    /// The scene is the player's value (docs/decisions/0252-the-scene-a-value-the-player-owns.md):
    /// every change to it from outside the player goes through here (a background detected, a
    /// card sized to the terminal, a deck's card resized with it), so none runs while a frame is
    /// drawn (docs/decisions/0237-scene-changes-through-the-player.md). The scene's own changes
    /// (a cycler's ticks, a deck's moves) reach the player through its change handler instead.
    /// The change shows in the next frame: while the scene moves, the frame loop's next tick;
    /// while nothing moves (a paused cycler, a deck at rest, a scene of one state), a frame the
    /// player draws once `body` has returned and the calls already queued before it have run
    /// (docs/decisions/0260-a-scene-change-is-drawn-when-nothing-moves.md). Before
    /// ``start(paused:)`` nothing is drawn: the first frame shows it.
    ///
    /// On the player's queue (a session's participant, the player's change handler) `body` runs
    /// at once; from another thread the call waits for the frame in progress. `body` works on a
    /// copy of the scene that replaces the player's when it returns, so it may call the player
    /// (whose scene is the one before the change until then).
    ///
    /// - Parameters:
    ///   - type: the scene's type (inferred from `body` when it names it).
    ///   - body: changes the scene in place, by its methods and properties.
    /// - Returns: `body`'s result, or nil when the scene is not a `Scene`.
    @discardableResult
    public func updateScene<Scene, Result>(
        as type: Scene.Type = Scene.self, _ body: (_ scene: inout Scene) -> Result
    ) -> Result? {
        onQueue {
            guard var typed = state.value.scene as? Scene else { return nil }
            let result = body(&typed)
            // Back into the state; a `Scene` made from the player's scene is always a FrameSource.
            if let changed = typed as? any FrameSource { state.value.scene = changed }
            // Nothing moves: no tick would draw the change. After what is already queued (a
            // resize's reset of the region), so the frame is drawn into the region as it is then.
            queue.async { [self] in
                guard state.value.started, !state.value.finished, !sceneIsMoving(at: clock.now) else { return }
                requestFrame()
            }
            return result
        }
    }

    /// Reads the scene on the player's queue: runs `body` with it when it is a `Scene` and
    /// returns what `body` returns; nil, with `body` not run, when the scene is not one (a deck
    /// session's pointer reads the card's place and size this way).
    ///
    /// `body` gets a copy, which it cannot change the player's scene through (use
    /// ``updateScene(as:_:)``); it may call the player. On the player's queue `body` runs at
    /// once; from another thread the call waits for the frame in progress.
    ///
    /// - Parameters:
    ///   - type: the scene's type (inferred from `body` when it names it).
    ///   - body: reads the scene.
    /// - Returns: `body`'s result, or nil when the scene is not a `Scene`.
    public func withScene<Scene, Result>(as type: Scene.Type = Scene.self, _ body: (_ scene: Scene) -> Result)
        -> Result?
    {
        onQueue {
            guard let typed = state.value.scene as? Scene else { return nil }
            return body(typed)
        }
    }
}
