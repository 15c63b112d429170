import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--format json`: one JSON object per frame and line (JSON Lines), as its source describes it.
struct JSONFrameWriter: FrameWriter {
    mutating func write(_ frame: RenderedFrame) -> [UInt8] { Array((frame.record().serialized + "\n").utf8) }

    mutating func end(at time: TimeInterval) -> [UInt8] { [] }
}
