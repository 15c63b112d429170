extension Player {
    /// Changes the scene on the player's queue, between frames: runs `body` with the scene when
    /// it is a `Scene` (the caller names the type it made: `CyclerScene<…>`, `DeckScene<…>`, its
    /// own) and returns what `body` returns; nil, with `body` not run, when the scene is not one.
    ///
    /// Every change to the scene from outside the player goes through here (a background
    /// detected, a card sized to the terminal, a deck's card resized with it), so none runs
    /// while a frame is drawn (docs/decisions/0237-scene-changes-through-the-player.md). The
    /// scene's own changes (a cycler's ticks, a deck's moves) reach the player through its change
    /// handler instead. The player draws nothing itself: the change shows from the next frame
    /// (the scene's ``SceneChange/changed``, a resize).
    ///
    /// On the player's queue (a session's participant, the player's change handler) `body` runs
    /// at once; from another thread the call waits for the frame in progress.
    ///
    /// - Parameters:
    ///   - type: the scene's type (inferred from `body` when it names it).
    ///   - body: changes the scene in place, by its methods and properties; `scene` is the
    ///     player's own scene (another scene assigned to it is not kept).
    /// - Returns: `body`'s result, or nil when the scene is not a `Scene`.
    @discardableResult
    public func updateScene<Scene, Result>(
        as type: Scene.Type = Scene.self, _ body: (_ scene: inout Scene) -> Result
    ) -> Result? {
        onQueue {
            guard var typed = scene as? Scene else { return nil }
            return body(&typed)
        }
    }
}
