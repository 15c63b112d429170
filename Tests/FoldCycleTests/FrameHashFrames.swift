import FoldCycleTestSupport
import Foundation

@testable import FoldCycle

/// How the frame-hash baseline composes and encodes its frames; the only part of the baseline
/// that follows the library's API (the matrix and the recorded hashes stay fixed).
enum FrameHashFrames {
    static let directions: [TransitionDirection] = [.down, .up, .left, .right]

    /// The frames of a fold from item 0 to item 1 at t = i/(frames−1), default style and timing.
    static func compose(items: [String], size: TerminalSize, direction: TransitionDirection, frames: Int)
        -> [CellBuffer]
    {
        var scene = CardScene(cardSize: size)
        let transition = TransitionStyle(kind: .fold, direction: direction)
            .transition(slotSize: LayerSize(width: size.columns, height: size.rows))
        var result: [CellBuffer] = []
        for index in 0..<frames {
            var frame = CellBuffer(width: 0, height: 0)
            scene.render(
                transition.frame(atFractionComplete: Double(index) / Double(frames - 1)), outgoing: (0, items[0]),
                incoming: (1, items[1]), into: &frame)
            result.append(frame)
        }
        return result
    }

    /// Hashes of three byte streams: inline diff, inline full frames, fullscreen diff.
    static func encode(_ frames: [CellBuffer], depth: ColorDepth) -> [FNV1a] {
        var results: [FNV1a] = []
        for (placement, full) in [(RegionPlacement.inline, false), (.inline, true), (.fullscreen, false)] {
            var region = TerminalRegion(placement: placement, depth: depth)
            var bytes: [UInt8] = []
            region.begin(into: &bytes)
            for frame in frames {
                if full { region.forgetFrame() }
                region.draw(frame, into: &bytes)
            }
            region.end(into: &bytes)
            var hash = FNV1a()
            hash.add(bytes)
            results.append(hash)
        }
        return results
    }
}
