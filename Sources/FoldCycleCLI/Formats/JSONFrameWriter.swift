import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RenderCommand.Format {
    static let json = Self(JSONFrameWriter.self)
}

/// `--format json`: one JSON object per frame and line (JSON Lines), as its source describes it.
struct JSONFrameWriter: FrameWriter {
    static let name = "json"
    static let isStream = true
    static let helpParagraph = [
        "One object per line. The fold: frame, t, progress, and both slots' item,",
        "transform [a, b, c, d, tx, ty] (cells, about the card's centre) and alpha.",
        "Every other transition: frame, t, progress, transition, direction (null for",
        "fade), cellAspect, dolly, and slots: the visible slots back to front, each with",
        "role, item, alpha and transform [a, b, c, d, tx, ty], or for cube and flip",
        "transform3D [m11, …, m44] (CATransform3D, row vectors, world units of one cell",
        "width with rows cellAspect cells tall, about the card's centre, the dolly",
        "included).",
    ]

    init() {}

    init(command: RenderCommand, title: String, loopEnd: TimeInterval) { self.init() }

    mutating func write(_ frame: RenderedFrame) -> [UInt8] { Array((frame.record().serialized + "\n").utf8) }

    mutating func end(at time: TimeInterval) -> [UInt8] { [] }
}
