import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The bytes of `render`'s streaming formats (plain, json, ansi) frame by frame, whatever the
/// frames are of (``RenderSource``), and for a paced playback what giving the terminal back and
/// taking it again costs. The ansi bytes (also the asciicast's) come from one inline
/// ``TerminalRegion``, so each frame is a diff of the one before.
struct RenderStream {
    private let format: RenderCommand.Format
    private let fullFrames: Bool
    private var region: TerminalRegion

    /// A stream of `format` at `depth`; `fullFrames` redraws every ansi frame whole.
    init(format: RenderCommand.Format, depth: ColorDepth, fullFrames: Bool) {
        self.format = format
        self.fullFrames = fullFrames
        region = TerminalRegion(placement: .inline, depth: depth)
        region.terminalColumns = Self.terminalColumns
    }

    /// The terminal's width when stdout is one (the ansi stream plays in it now): the columns
    /// right of the card are known to exist, and a cluster of disputed width that overruns the
    /// card's edge is erased there.
    private static var terminalColumns: Int? {
        TerminalDevice.standardOutput.isTerminal ? TerminalDevice.standardOutput.size?.columns : nil
    }

    /// The bytes of frame `index` of `source`, the frame it made last.
    mutating func frame(_ index: Int, of source: any RenderSource) -> [UInt8] {
        switch format {
        case .plain, .json:
            return source.text(ofFrame: index, format: format)
        case .ansi, .asciicast, .svg:
            return draw(source.cells)
        }
    }

    /// The ansi stream's end: the cursor visible on the line below the card.
    mutating func end() -> [UInt8] {
        var bytes: [UInt8] = []
        region.end(into: &bytes)
        return bytes
    }

    /// Gives the terminal back (Ctrl-Z) as ``end()`` does.
    mutating func suspend() -> [UInt8] { isDrawn ? end() : [] }

    /// Takes the terminal again at the cursor (`fg`) and draws `cells` in full.
    mutating func resume(showing cells: CellBuffer) -> [UInt8] {
        guard isDrawn else { return [] }
        region = TerminalRegion(placement: .inline, depth: region.depth)
        region.terminalColumns = Self.terminalColumns
        return draw(cells)
    }

    /// Redraws `cells` from scratch after a resize.
    mutating func resize(showing cells: CellBuffer) -> [UInt8] {
        guard isDrawn else { return [] }
        var bytes: [UInt8] = []
        region.reset(into: &bytes)
        region.terminalColumns = Self.terminalColumns
        region.draw(cells, into: &bytes)
        return bytes
    }

    private var isDrawn: Bool { format == .ansi || format == .asciicast }

    private mutating func draw(_ cells: CellBuffer) -> [UInt8] {
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

extension RenderStream {
    /// The stream `command` asks for.
    init(command: RenderCommand) {
        self.init(format: command.format, depth: command.colorDepth, fullFrames: command.fullFrames)
    }
}
