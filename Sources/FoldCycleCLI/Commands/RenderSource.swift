import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `render` writes in every format: frames on a virtual clock, made one at a time in
/// order. A transition's frames (``RenderFrames``) and a scripted deck's (``DeckRenderFrames``)
/// are the two; every format's writer (``FrameWriter``) and `--play` read either through this
/// (docs/DESIGN.md#pictures).
protocol RenderSource: AnyObject {
    /// How many frames there are, known before the first is made (at least 2 for a transition,
    /// 1 or more for a deck).
    var count: Int { get }
    /// The time of frame `index` in seconds from the start; times never go back.
    func time(ofFrame index: Int) -> TimeInterval
    /// Makes frame `index` into ``cells``. Indices come in increasing order, each at most once
    /// (a deck's frames are the states of one run).
    func render(_ index: Int)
    /// The cells of the frame made last.
    var cells: CellBuffer { get }
    /// The picture the frame made last shows standing still (a settled card's), placed in its
    /// cells, or nil: what `--format svg` embeds as an image (docs/decisions/0236-svg-embeds-resting-pictures.md).
    var restingPicture: RestingPicture? { get }
    /// The fields plain text shows after `# frame i/N` for frame `index`, the one made last.
    func summary(ofFrame index: Int) -> [(name: String, value: String)]
    /// The JSON object of frame `index`, the one made last.
    func record(ofFrame index: Int) -> JSONValue
    /// The asciicast markers that follow frame `index`'s output at its time (what settled or
    /// began there), in order.
    func markers(afterFrame index: Int) -> [String]
    /// The title the pictures carry (`foldcycle render: fold down`).
    var title: String { get }
}

extension RenderSource {
    /// The last frame's time: where the hold of a picture starts.
    var endTime: TimeInterval { time(ofFrame: count - 1) }

    /// Frame `index`, the one made last, as the formats see it.
    func frame(_ index: Int) -> RenderedFrame {
        RenderedFrame(
            index: index, count: count, time: time(ofFrame: index), cells: cells, restingPicture: restingPicture,
            markers: markers(afterFrame: index), summary: { self.summary(ofFrame: index) },
            record: { self.record(ofFrame: index) })
    }

    /// The cells' size.
    var frameSize: TerminalSize { TerminalSize(columns: cells.width, rows: cells.height) }
}
