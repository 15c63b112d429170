import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RenderCommand.Format {
    static let asciicast = Self(AsciicastFrameWriter.self)
}

/// `--format asciicast`: an asciicast v2 recording of the ansi stream — the header (no
/// timestamp; the frames' width, their height plus the line the cursor ends on;
/// `TERM=xterm-256color`), each frame's output at its time followed by its markers, and the
/// stream's end (cursor shown below the frames) at the end's time.
struct AsciicastFrameWriter: FrameWriter {
    static let name = "asciicast"
    static let isStream = false
    static let colorRule = FrameColorRule.recording
    static let helpParagraph = [
        "An asciicast v2 recording of the ansi stream, each frame at its time (truecolor",
        "unless --color never); the same bytes on every machine.",
    ]

    private var stream: ANSIFrameWriter
    private var encoder = AsciicastEncoder()
    private let title: String
    private var hasHeader = false

    /// A recording of the ansi stream at `depth` (whole frames with `fullFrames`) titled `title`.
    init(depth: ColorDepth, fullFrames: Bool, title: String) {
        stream = ANSIFrameWriter(depth: depth, fullFrames: fullFrames)
        self.title = title
    }

    init(command: RenderCommand, title: String, loopEnd: TimeInterval) {
        self.init(depth: command.colorDepth, fullFrames: command.fullFrames, title: title)
    }

    mutating func write(_ frame: RenderedFrame) -> [UInt8] {
        var bytes: [UInt8] = []
        if !hasHeader {
            hasHeader = true
            bytes =
                AsciicastHeader(
                    size: TerminalSize(columns: frame.cells.width, rows: frame.cells.height + 1),
                    environment: ["TERM": "xterm-256color"], title: title
                ).line
        }
        encoder.append(.output(stream.write(frame)), at: frame.time, to: &bytes)
        for marker in frame.markers { encoder.append(.marker(marker), at: frame.time, to: &bytes) }
        return bytes
    }

    mutating func end(at time: TimeInterval) -> [UInt8] {
        var bytes: [UInt8] = []
        encoder.append(.output(stream.end(at: time)), at: time, to: &bytes)
        return bytes
    }
}
