import FoldCycle
import Foundation

/// `foldcycle render`: prints every interpolated frame of one transition, with no clock.
struct RenderCommand {
    enum Format: String, CaseIterable {
        case plain, ansi, json
    }

    /// `render`'s own options; the shared ones are in ``SharedOptions``.
    enum Options {
        static let frames = IntegerOption(
            "frames", value: "count", summary: "Frames to print, at t = i/(count−1).", range: .init(2...10_000),
            default: 9)
        static let fromItem = IntegerOption(
            "from-item", value: "index", summary: "Render the transition from this item to the next.",
            range: .init(from: 0, upTo: "the last item's index"), default: 0)
        static let format = ChoiceOption(
            "format", value: "format", summary: "Output format.", cases: Format.allCases, default: .plain)
        /// `--encoder`: `full` (true) redraws every frame whole.
        static let encoder = ChoiceOption(
            "encoder", value: "encoder", summary: "ansi: draw each frame as a diff or whole.",
            choices: [("diff", false), ("full", true)], default: false)
    }

    /// The options, in the order help lists them.
    static let specs: [OptionSpec] = [
        SharedOptions.transition.spec, SharedOptions.direction.spec, SharedOptions.timing.spec,
        SharedOptions.width.spec, SharedOptions.height.spec,
        Options.frames.spec, Options.fromItem.spec, Options.format.spec, Options.encoder.spec, SharedOptions.align.spec,
        SharedOptions.palette.spec, SharedOptions.color.spec, SharedOptions.file.spec, SharedOptions.help.spec,
    ]

    static let help = HelpText.make(
        overview: "Print the frames of one transition, deterministically (no timer).",
        usage: [.render],
        arguments: [("<ITEM>", "The text of one card. At least one item, as arguments or with --file.")],
        options: specs,
        sections: [
            .init(
                title: "FORMATS",
                lines: [
                    "plain   Per frame: '# frame i/N t=<t> progress=<p>' (i from 1 to N), the card's rows",
                    "        as text, a blank line.",
                    "ansi    One stream that plays the frames in place in a terminal (colour from --color).",
                    "json    One object per line: frame, t, progress, and both slots' item, transform",
                    "        [a, b, c, d, tx, ty] (cells, about the card's centre) and alpha.",
                ])
        ])

    let items: [String]
    let transition: TransitionKind
    let direction: TransitionDirection
    let timingFunction: TimingFunction
    let cardSize: TerminalSize
    let frames: Int
    let fromItem: Int
    let format: Format
    let style: CardStyle
    let colorDepth: ColorDepth
    let fullFrames: Bool

    /// Parses `render`'s arguments (without the word `render`); nil when help was asked for.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for no items, an unknown option, or a value outside
    ///   what its declaration allows; ``CLIError/unreadableInput(_:)`` for a `--file` that cannot
    ///   be read.
    static func parse(_ arguments: [String]) throws(CLIError) -> RenderCommand? {
        let parsed = try ParsedArguments(arguments, specs: specs, command: .render)
        let values = OptionValues(parsed: parsed, command: .render)
        if values.flag(SharedOptions.help) { return nil }
        guard let items = try SharedOptions.items(values) else {
            throw .usage("no items: give items as arguments or with '--file <path>'", .render)
        }
        return RenderCommand(
            items: items,
            transition: try values.value(SharedOptions.transition),
            direction: try values.value(SharedOptions.direction),
            timingFunction: try values.value(SharedOptions.timing),
            cardSize: try SharedOptions.cardSize(values, items: items),
            frames: try values.value(Options.frames),
            fromItem: try values.value(Options.fromItem, upperBound: max(items.count - 1, 0)),
            format: try values.value(Options.format),
            style: try SharedOptions.cardStyle(values),
            colorDepth: try SharedOptions.colorDepth(values, device: .standardOutput),
            fullFrames: try values.value(Options.encoder))
    }

    /// Writes every frame to stdout, one frame per write.
    func run() throws(CLIError) {
        let toItem = (fromItem + 1) % items.count
        let flight = TransitionStyle(kind: transition, direction: direction, timingFunction: timingFunction)
            .transition(slotSize: CGSize(width: cardSize.columns, height: cardSize.rows))
        let scene = CardScene(cardSize: cardSize, style: style)
        var frame = CellBuffer(width: cardSize.columns, height: cardSize.rows)
        var output = FrameOutput(colorDepth: colorDepth, fullFrames: fullFrames)
        for index in 0..<frames {
            let t = Double(index) / Double(frames - 1)
            let state = flight.frame(at: t)
            scene.render(state, outgoing: (fromItem, items[fromItem]), incoming: (toItem, items[toItem]), into: &frame)
            var bytes: [UInt8] = []
            switch format {
            case .plain:
                var text =
                    "# frame \(index + 1)/\(frames) t=\(shortestText(state.t)) progress=\(shortestText(state.progress))\n"
                for line in PlainTextEncoder.lines(frame) { text += line + "\n" }
                bytes = Array((text + "\n").utf8)
            case .json:
                bytes = jsonLine(index: index, state: state, toItem: toItem)
            case .ansi:
                bytes = output.encode(frame, isLast: index == frames - 1)
            }
            try writeOrExit(bytes)
        }
    }

    /// One JSON object per frame, keys in the documented order, numbers in shortest round-trip
    /// form (integral values without a fraction, −0 as 0).
    private func jsonLine(index: Int, state: TransitionFrame, toItem: Int) -> [UInt8] {
        func number(_ value: Double) -> String { shortestText(value + 0.0) }
        func slot(_ item: Int, _ role: SlotRole) -> String {
            guard let presentation = state.presentation(of: role) else { return "null" }
            let transform = presentation.transform.components.map { number(Double($0)) }.joined(separator: ",")
            return "{\"item\":\(item),\"transform\":[\(transform)],\"alpha\":\(number(presentation.alpha))}"
        }
        let line =
            "{\"frame\":\(index),\"t\":\(number(state.t)),\"progress\":\(number(state.progress)),"
            + "\"outgoing\":\(slot(fromItem, .outgoing)),\"incoming\":\(slot(toItem, .incoming))}\n"
        return Array(line.utf8)
    }
}

/// Writes to stdout; a closed pipe (the reader, e.g. `head`, is done) ends the program quietly.
func writeOrExit(_ bytes: [UInt8]) throws(CLIError) {
    do {
        try TerminalDevice.standardOutput.write(bytes)
    } catch TerminalError.writeFailed(errno: EPIPE) {
        exit(0)
    } catch {
        throw .runtime("\(error)")
    }
}

/// The `ansi` format's stream: an inline region that plays the frames in place and ends with
/// the cursor visible on the line below.
struct FrameOutput {
    private var region: TerminalRegion
    private let fullFrames: Bool

    init(colorDepth: ColorDepth, fullFrames: Bool) {
        region = TerminalRegion(placement: .inline, depth: colorDepth)
        // Played in a terminal now: the columns right of the card are known to exist (a cluster
        // of disputed width that overruns the card's edge is erased there).
        if TerminalDevice.standardOutput.isTerminal {
            region.terminalColumns = TerminalDevice.standardOutput.size?.columns
        }
        self.fullFrames = fullFrames
    }

    mutating func encode(_ frame: CellBuffer, isLast: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        region.begin(into: &bytes)
        if fullFrames { region.forgetFrame() }
        let before = bytes.count
        region.draw(frame, into: &bytes)
        if bytes.count == before {
            // An unchanged frame still gets its (empty) synchronized update, so every frame of the
            // stream has a boundary a player can step through.
            EscapeSequence.beginSynchronizedUpdate.append(to: &bytes)
            EscapeSequence.endSynchronizedUpdate.append(to: &bytes)
        }
        if isLast { region.end(into: &bytes) }
        return bytes
    }
}
