import FoldCycle
import Foundation

/// `foldcycle render`: prints every interpolated frame of one transition, with no clock.
struct RenderCommand {
    enum Format: String, CaseIterable {
        case plain, ansi, json
    }

    static let specs: [OptionSpec] = [
        SharedOptions.direction, SharedOptions.timing, SharedOptions.width, SharedOptions.height,
        OptionSpec("frames", value: "count", help: "Frames to print, 2...10000, at t = i/(count−1). (default: 9)"),
        OptionSpec("from-item", value: "index", help: "Render the transition from this item to the next. (default: 0)"),
        OptionSpec("format", value: "format", help: "Output format. (values: plain, ansi, json; default: plain)"),
        SharedOptions.align, SharedOptions.palette, SharedOptions.color, SharedOptions.file, SharedOptions.help,
    ]

    static let help = SharedOptions.helpText(
        overview: "Print the frames of one fold transition, deterministically (no timer).",
        usage: ["foldcycle render [OPTIONS] [ITEM ...]"],
        arguments: [("<ITEM>", "The text of one card. At least one item, as arguments or with --file.")],
        options: specs,
        extra: """

            FORMATS:
              plain   Per frame: '# frame i/N t=<t> progress=<p>', the card's rows as text, a blank line.
              ansi    One stream that plays the frames in place in a terminal (colour from --color).
              json    One object per line: frame, t, progress, and both slots' item, transform
                      [a, b, c, d, tx, ty] (cells, about the card's centre) and alpha.

            """)

    let items: [String]
    let direction: FoldDirection
    let timingFunction: TimingFunction
    let cardSize: TerminalSize
    let frames: Int
    let fromItem: Int
    let format: Format
    let style: CardStyle
    let colorDepth: ColorDepth

    /// Parses `render`'s arguments (without the word `render`); nil when help was printed.
    static func parse(_ arguments: [String]) throws(CLIError) -> RenderCommand? {
        let parsed = try ParsedArguments(arguments, specs: specs, command: .render)
        let values = OptionValues(parsed: parsed, command: .render)
        if values.flag("help") { return nil }
        guard let items = try SharedOptions.items(values) else {
            throw .usage("no items: give items as arguments or with '--file <path>'", .render)
        }
        let fromItem = try values.integer("from-item", in: 0...max(items.count - 1, 0)) ?? 0
        return RenderCommand(
            items: items,
            direction: try values.choice("direction", SharedOptions.directions) ?? .down,
            timingFunction: try values.timingFunction() ?? .easeInEaseOut,
            cardSize: try SharedOptions.cardSize(values, items: items),
            frames: try values.integer("frames", in: 2...10_000) ?? 9,
            fromItem: fromItem,
            format: try values.choice("format", Format.allCases.map { ($0.rawValue, $0) }) ?? .plain,
            style: try SharedOptions.cardStyle(values),
            colorDepth: try SharedOptions.colorDepth(values, device: .standardOutput))
    }

    /// Writes every frame to stdout, one frame per write.
    func run() throws(CLIError) {
        let toItem = (fromItem + 1) % items.count
        let transition = FoldTransition(
            direction: direction, slotSize: CGSize(width: cardSize.columns, height: cardSize.rows),
            timingFunction: timingFunction)
        let renderer = CardRenderer(cardSize: cardSize, style: style)
        var frame = CellBuffer(width: cardSize.columns, height: cardSize.rows)
        var output = FrameOutput(format: format, colorDepth: colorDepth)
        for index in 0..<frames {
            let t = Double(index) / Double(frames - 1)
            let state = transition.state(at: t)
            renderer.render(
                from: (fromItem, items[fromItem]), to: (toItem, items[toItem]), state: state, into: &frame)
            var bytes: [UInt8] = []
            switch format {
            case .plain:
                var text = "# frame \(index)/\(frames) t=\(shortestText(state.t)) progress=\(shortestText(state.progress))\n"
                for line in PlainTextEncoder.lines(frame) { text += line + "\n" }
                bytes = Array((text + "\n").utf8)
            case .json:
                bytes = try jsonLine(index: index, state: state, toItem: toItem)
            case .ansi:
                bytes = output.encode(frame, isLast: index == frames - 1)
            }
            try writeOrExit(bytes)
        }
    }

    private func jsonLine(index: Int, state: FoldTransitionState, toItem: Int) throws(CLIError) -> [UInt8] {
        struct Slot: Encodable {
            var item: Int
            var transform: [Double]
            var alpha: Double
        }
        struct Record: Encodable {
            var frame: Int
            var t: Double
            var progress: Double
            var outgoing: Slot
            var incoming: Slot
        }
        // Adding 0.0 turns −0 into +0, so JSON never shows "-0".
        func clean(_ value: CGFloat) -> Double { Double(value) + 0.0 }
        let record = Record(
            frame: index, t: state.t + 0.0, progress: state.progress + 0.0,
            outgoing: Slot(item: fromItem, transform: state.outgoing.transform.components.map(clean), alpha: clean(state.outgoing.alpha)),
            incoming: Slot(item: toItem, transform: state.incoming.transform.components.map(clean), alpha: clean(state.incoming.alpha)))
        do {
            return Array(try JSONEncoder().encode(record)) + [UInt8(ascii: "\n")]
        } catch {
            throw .runtime("cannot encode frame \(index) as JSON: \(error)")
        }
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
