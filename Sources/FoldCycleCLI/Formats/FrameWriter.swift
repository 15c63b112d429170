import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One output format: fed frames in time order — `render`'s on its virtual clock, or a live
/// session's as its player draws them — it gives the bytes to write. A format is one file with
/// its writer and one case of ``RenderCommand/Format`` (docs/DESIGN.md#pictures).
protocol FrameWriter {
    /// The bytes to write for `frame` as soon as it is made; a picture keeps what it needs and
    /// gives nothing until ``end(at:)``.
    mutating func write(_ frame: RenderedFrame) -> [UInt8]
    /// The bytes that end the output at `time` seconds (the last frame's time plus the hold): a
    /// stream's end, or the whole picture.
    mutating func end(at time: TimeInterval) -> [UInt8]
    /// Gives the terminal back (Ctrl-Z during `render --play`); nothing for a text format.
    mutating func suspend() -> [UInt8]
    /// Takes the terminal again at the cursor (`fg`) and draws `cells` in full.
    mutating func resume(showing cells: CellBuffer) -> [UInt8]
    /// Redraws `cells` from scratch after a resize.
    mutating func resize(showing cells: CellBuffer) -> [UInt8]
}

extension FrameWriter {
    func suspend() -> [UInt8] { [] }
    func resume(showing cells: CellBuffer) -> [UInt8] { [] }
    func resize(showing cells: CellBuffer) -> [UInt8] { [] }
}

/// A frame as every format sees it: its place in the run, its time, its cells, and what its
/// source says of it (asked only by the formats that show it).
struct RenderedFrame {
    /// The frame's index from 0.
    let index: Int
    /// How many frames the run has.
    let count: Int
    /// Seconds from the run's start.
    let time: TimeInterval
    /// What the frame shows.
    let cells: CellBuffer
    /// What settled or began at the frame (asciicast markers), in order.
    let markers: [String]
    /// The header fields plain text shows after `# frame i/N`, in order (`t=…`, `progress=…`).
    let summary: () -> [(name: String, value: String)]
    /// The object json writes for the frame.
    let record: () -> JSONValue
}

extension RenderCommand.Format {
    /// The writer of this format for `command`'s frames, titled `title` (pictures).
    func writer(for command: RenderCommand, title: String, loopEnd: TimeInterval) -> any FrameWriter {
        switch self {
        case .plain: PlainFrameWriter()
        case .json: JSONFrameWriter()
        case .ansi: ANSIFrameWriter(depth: command.colorDepth, fullFrames: command.fullFrames)
        case .asciicast:
            AsciicastFrameWriter(depth: command.colorDepth, fullFrames: command.fullFrames, title: title)
        case .svg: SVGFrameWriter(style: command.pictureStyle, loopEnd: loopEnd)
        }
    }
}
