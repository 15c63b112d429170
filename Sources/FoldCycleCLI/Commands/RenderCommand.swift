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
        SharedOptions.width.spec, SharedOptions.height.spec, SharedOptions.cellAspect.spec,
        Options.frames.spec, Options.fromItem.spec, Options.format.spec, Options.encoder.spec, SharedOptions.align.spec,
        SharedOptions.palette.spec, SharedOptions.shading.spec, SharedOptions.color.spec, SharedOptions.file.spec,
        SharedOptions.help.spec,
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
                    "plain   Per frame: '# frame i/N t=<t> progress=<p>', the card's rows as text, a blank line.",
                    "ansi    One stream that plays the frames in place in a terminal (colour from --color).",
                    "json    One object per line. The fold: frame, t, progress, and both slots' item, transform",
                    "        [a, b, c, d, tx, ty] (cells, about the card's centre) and alpha. Every other",
                    "        transition: frame, t, progress, transition, direction (null for fade), cellAspect,",
                    "        dolly, and slots: the visible slots back to front, each with role, item, alpha and",
                    "        transform [a, b, c, d, tx, ty], or for cube and flip transform3D [m11, …, m44]",
                    "        (CATransform3D, row vectors, world units of one cell width with rows cellAspect",
                    "        cells tall, about the card's centre, the dolly included).",
                ]),
            HelpText.transitionsSection,
        ])

    let items: [String]
    let transition: TransitionKind
    let direction: TransitionDirection
    let timingFunction: TimingFunction
    let cardSize: TerminalSize
    /// A cell's height over its width (`--cell-aspect`).
    let cellAspect: Double
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
            cellAspect: try values.value(SharedOptions.cellAspect),
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
            .transition(slotSize: CGSize(width: cardSize.columns, height: cardSize.rows), cellAspect: cellAspect)
        let scene = CardScene(cardSize: cardSize, style: style, cellAspect: cellAspect)
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
                    "# frame \(index)/\(frames) t=\(shortestText(state.t)) progress=\(shortestText(state.progress))\n"
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
    /// form (integral values without a fraction, −0 as 0). The fold keeps the shape it has had
    /// since the first release (both slots by role, each with its six-component transform);
    /// every other transition gives its kind, direction, cell aspect, dolly and visible slots
    /// back to front (docs/DESIGN.md#transition-interface).
    private func jsonLine(index: Int, state: TransitionFrame, toItem: Int) -> [UInt8] {
        func number(_ value: Double) -> String { shortestText(value + 0.0) }
        func numbers(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ",") + "]" }
        guard transition == .fold else {
            let slots = state.slots.filter(\.isVisible).map { presentation in
                let item = presentation.role == .outgoing ? fromItem : toItem
                let geometry: String
                switch presentation.geometry {
                case .affine(let transform) where !transition.isProjective:
                    geometry = "\"transform\":" + numbers(transform.components.map(Double.init))
                case .affine(let transform):
                    geometry = "\"transform3D\":" + numbers(Transform3D(transform).components)
                case .projective(let transform, _):
                    geometry = "\"transform3D\":" + numbers(transform.components)
                }
                return
                    "{\"role\":\"\(presentation.role)\",\"item\":\(item),\"alpha\":\(number(presentation.alpha)),\(geometry)}"
            }
            let direction = transition.hasDirection ? "\"\(self.direction)\"" : "null"
            let line =
                "{\"frame\":\(index),\"t\":\(number(state.t)),\"progress\":\(number(state.progress)),"
                + "\"transition\":\"\(transition)\",\"direction\":\(direction),\"cellAspect\":\(number(cellAspect)),"
                + "\"dolly\":\(number(state.dolly)),\"slots\":[\(slots.joined(separator: ","))]}\n"
            return Array(line.utf8)
        }
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
