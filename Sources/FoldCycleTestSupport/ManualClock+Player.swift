import FoldCycle

extension ManualClock {
    /// Advances by `seconds`, then waits until `player` has drawn the frame due at the new time,
    /// and returns the player's frame count.
    ///
    /// A frame loop hops from the clock's handler onto the player's queue, so a frame can read
    /// the clock while the advance is still at a timer's deadline, short of the target. A second
    /// advance by 0 fires the loop's next tick (due by then) with the clock at the target, so
    /// the frame on screen is the one for the target time, every run.
    @discardableResult
    package func advance(by seconds: Double, drawing player: Player) -> Int {
        advance(by: seconds)
        _ = player.frameCount
        advance(by: 0)
        return player.frameCount
    }
}
