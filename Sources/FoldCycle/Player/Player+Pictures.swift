import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A resting picture's graphics rendered off the player's queue: the frame at rest shows the
// picture's cells at once, and a frame drawn when the bytes are ready lays the picture over
// them, if the card still rests (docs/decisions/0220-pictures-at-rest-rendered-in-the-background.md).
extension Player {
    /// Renders `key` on ``pictureQueue`` and hands the bytes to the player's queue; a picture
    /// that no longer rests when its turn comes is skipped (a swipe through a deck renders only
    /// the card it stops on). On the player's queue.
    func renderInBackground(_ key: RestingPictureRenderer.Key) {
        let wanted = pictureWanted
        let queue = self.queue
        pictureQueue.async { [weak self] in
            let bytes = wanted.withLock({ $0 == key }) ? RestingPictureRenderer.render(key) : nil
            guard self != nil else { return }
            queue.async { [weak self] in self?.pictureRendered(key, bytes: bytes) }
        }
    }

    /// A picture's bytes are back (nil: skipped, it no longer rested): kept, and drawn by a
    /// frame when the frame on screen still waits for them; a result for a card that moved,
    /// went or changed size meanwhile is kept but not drawn. On the player's queue.
    private func pictureRendered(_ key: RestingPictureRenderer.Key, bytes: [UInt8]?) {
        state.value.picturesPending.remove(key)
        if let bytes { state.value.pictures.store(bytes, for: key) }
        guard state.value.pictureWaiting == key, state.value.shownPicture == nil, output != .plainText else { return }
        // Skipped and wanted again since: this frame submits it again.
        requestFrame()
    }

    /// Returns once every picture submitted so far is rendered and drawn (tests: the frame
    /// that shows it is written). Not on the player's queue.
    package func waitForPictures() {
        while true {
            pictureQueue.sync {}
            // The frame owed to a slow output (drawn by waitForOutput) may submit a picture: wait
            // for it too (a loaded machine's writer was busy when the card settled, and the test
            // looked before the picture was drawn).
            waitForOutput()
            if onQueue({ state.value.picturesPending.isEmpty }) { break }
        }
    }

    /// Stops (`true`) or restarts (`false`) rendering pictures in the background, so a test can
    /// look at the frames drawn meanwhile; calls must pair.
    package func holdPictureRendering(_ held: Bool) {
        if held { pictureQueue.suspend() } else { pictureQueue.resume() }
    }
}
