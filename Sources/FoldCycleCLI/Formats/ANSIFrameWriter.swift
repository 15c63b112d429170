import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RenderCommand.Format {
    static let ansi = Self(ANSIFrameWriter.self)
}

/// `--format ansi`: one inline ``TerminalRegion``, so each frame is a diff of the one before (or
/// whole, with `--encoder full`); the end shows the cursor on the line below the card. The
/// asciicast's output is this stream.
struct ANSIFrameWriter: FrameWriter {
    static let name = "ansi"
    static let isStream = true
    static let colorRule = FrameColorRule.terminal
    static let helpParagraph = [
        "One stream that plays the frames in place in a terminal (colour from --color; under auto a pipe or",
        "file gets colour too, as under always, unless NO_COLOR is set).",
    ]

    private let fullFrames: Bool
    /// Whether links are sent as OSC 8 (``RenderCommand/hyperlinks``).
    private let hyperlinks: Bool
    /// Whether the diff writes runs of one glyph with REP (``RenderCommand/repeats``).
    private let repeats: Bool
    private var region: TerminalRegion
    private var isDrawn = false

    /// A stream at `depth`; `fullFrames` redraws every frame whole; `hyperlinks` sends links as
    /// OSC 8; `repeats` writes runs of one glyph with REP.
    init(depth: ColorDepth, fullFrames: Bool, hyperlinks: Bool = false, repeats: Bool = false) {
        self.fullFrames = fullFrames
        self.hyperlinks = hyperlinks
        self.repeats = repeats
        region = TerminalRegion(placement: .inline, depth: depth, hyperlinks: hyperlinks, repeats: repeats)
        region.terminalColumns = Self.terminalColumns
    }

    /// The terminal's width when stdout is one (the stream plays in it now): the columns right of
    /// the card are known to exist, and a cluster of disputed width that overruns the card's edge
    /// is erased there.
    private static var terminalColumns: Int? {
        TerminalDevice.standardOutput.isTerminal ? TerminalDevice.standardOutput.size?.columns : nil
    }

    init(command: RenderCommand, title: String, loopEnd: TimeInterval) {
        self.init(
            depth: command.colorDepth, fullFrames: command.fullFrames, hyperlinks: command.hyperlinks,
            repeats: command.repeats)
    }

    mutating func write(_ frame: RenderedFrame) -> [UInt8] { draw(frame.cells) }

    mutating func end(at time: TimeInterval) -> [UInt8] {
        var bytes: [UInt8] = []
        region.end(into: &bytes)
        return bytes
    }

    mutating func suspend() -> [UInt8] { isDrawn ? end(at: 0) : [] }

    mutating func resume(showing cells: CellBuffer) -> [UInt8] {
        guard isDrawn else { return [] }
        region = TerminalRegion(placement: .inline, depth: region.depth, hyperlinks: hyperlinks, repeats: repeats)
        region.terminalColumns = Self.terminalColumns
        return draw(cells)
    }

    mutating func resize(showing cells: CellBuffer) -> [UInt8] {
        guard isDrawn else { return [] }
        var bytes: [UInt8] = []
        region.reset(into: &bytes)
        region.terminalColumns = Self.terminalColumns
        region.draw(cells, into: &bytes)
        return bytes
    }

    private mutating func draw(_ cells: CellBuffer) -> [UInt8] {
        isDrawn = true
        var bytes: [UInt8] = []
        region.begin(into: &bytes)
        if fullFrames { region.forgetFrame() }
        let before = bytes.count
        region.draw(cells, into: &bytes)
        if bytes.count == before {
            // An unchanged frame still gets its (empty) synchronized update, so every frame of the
            // stream has a boundary a player can step through.
            EscapeSequence.beginSynchronizedUpdate.append(to: &bytes)
            EscapeSequence.endSynchronizedUpdate.append(to: &bytes)
        }
        return bytes
    }
}
