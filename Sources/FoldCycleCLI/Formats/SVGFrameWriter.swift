import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RenderCommand.Format {
    static let svg = Self(SVGFrameWriter.self)
}

/// `--format svg`: one animated SVG of the frames, kept as they come in the
/// ``SVGPictureTimeline`` that `--record FILE.svg` keeps too (each distinct picture once, every
/// picture as large as the largest), written whole at the end, looping at the end's time. Frames
/// at or after `loopEnd` are left out (with no hold the last frame is where the loop starts
/// again).
struct SVGFrameWriter: FrameWriter {
    static let name = "svg"
    static let isStream = false
    static var ownOptions: [OptionSpec] {
        [RenderCommand.Options.fontFamily.spec, RenderCommand.Options.cellSize.spec]
    }
    static var cellLimit: (cells: Int, holder: String)? { (Limits.svgCells, "an SVG") }
    static let helpParagraph = ["One animated SVG (no script, no font embedded) that loops every duration + hold."]

    private let style: AnimatedSVGStyle
    private let loopEnd: TimeInterval?
    private let embedsRestingPictures: Bool
    private var pictures = SVGPictureTimeline()

    /// A picture drawn in `style` of the frames before `loopEnd` (all of them when nil), a
    /// settled card's picture embedded as an image when `embedsRestingPictures`.
    init(style: AnimatedSVGStyle, loopEnd: TimeInterval? = nil, embedsRestingPictures: Bool = true) {
        self.style = style
        self.loopEnd = loopEnd
        self.embedsRestingPictures = embedsRestingPictures
    }

    init(command: RenderCommand, title: String, loopEnd: TimeInterval) {
        self.init(
            style: command.pictureStyle, loopEnd: loopEnd, embedsRestingPictures: command.embedsRestingPictures)
    }

    mutating func write(_ frame: RenderedFrame) -> [UInt8] {
        guard frame.index == 0 || loopEnd.map({ frame.time < $0 }) ?? true else { return [] }
        pictures.add(frame.cells, resting: embedsRestingPictures ? frame.restingPicture : nil, at: frame.time)
        return []
    }

    mutating func end(at time: TimeInterval) -> [UInt8] {
        guard !pictures.isEmpty else { return [] }
        return Array(pictures.document(style: style, duration: time).utf8)
    }
}
