import FoldCycle
import Foundation

/// How `render` picks its frames on the virtual clock (docs/DESIGN.md#pictures).
enum RenderSampling: Equatable, Sendable {
    /// `count` frames at `t = i/(count − 1)`, at times `t × duration`.
    case frames(Int)
    /// Every `1/n` second of the duration, `time = k/n` for `k = 0 … ⌈duration·n⌉`, the last
    /// clamped to the duration (so the transition's end is always a frame).
    case framesPerSecond(Int)

    /// The frames' normalized times `t` (0...1) and times in seconds, in order.
    func samples(duration: TimeInterval) -> [(t: Double, time: TimeInterval)] {
        switch self {
        case .frames(let count):
            return (0..<count).map { index in
                let t = Double(index) / Double(count - 1)
                return (t, t * duration)
            }
        case .framesPerSecond(let rate):
            // 1e-9 absorbs the rounding of duration·rate (1.9 × 30 = 57.000000000000007).
            let last = Int((duration * Double(rate) - 1e-9).rounded(.up))
            return (0...max(last, 1)).map { step in
                let time = min(Double(step) / Double(rate), duration)
                return (time == duration ? 1 : time / duration, time)
            }
        }
    }
}

/// Renders `render`'s frames: the transition from one item to the next at each sample, into
/// one reused cell buffer.
final class RenderFrames {
    let command: RenderCommand
    let samples: [(t: Double, time: TimeInterval)]
    let toItem: Int
    private let flight: any Transition
    private let scene: CardScene
    /// The cells of the frame rendered last.
    private(set) var cells: CellBuffer

    init(command: RenderCommand) {
        self.command = command
        samples = command.sampling.samples(duration: command.duration)
        toItem = (command.fromItem + 1) % command.items.count
        flight = TransitionStyle(
            kind: command.transition, direction: command.direction, timingFunction: command.timingFunction
        )
        .transition(
            slotSize: CGSize(width: command.cardSize.columns, height: command.cardSize.rows),
            cellAspect: command.cellAspect)
        scene = CardScene(
            cardSize: command.cardSize, style: command.style, cellAspect: command.cellAspect,
            compositor: Compositor(
                backgroundColor: command.background, foregroundColor: CardStyle.contrastingText(on: command.background))
        )
        cells = CellBuffer(width: command.cardSize.columns, height: command.cardSize.rows)
    }

    var count: Int { samples.count }

    /// Renders frame `index` into ``cells`` and returns its transition state.
    @discardableResult
    func render(_ index: Int) -> TransitionFrame {
        let state = flight.frame(at: samples[index].t)
        let from = command.fromItem
        scene.render(
            state, outgoing: (from, command.items[from]), incoming: (toItem, command.items[toItem]), into: &cells)
        return state
    }
}

/// The bytes of the streaming formats (plain, json, ansi), frame by frame, and for a paced
/// playback what giving the terminal back and taking it again costs.
struct RenderStream {
    private let format: RenderCommand.Format
    private let transition: TransitionKind
    private let direction: TransitionDirection
    private let cellAspect: Double
    private let fromItem: Int
    private let toItem: Int
    private let fullFrames: Bool
    private let frameCount: Int
    private var region: TerminalRegion

    init(frames: RenderFrames) {
        format = frames.command.format
        transition = frames.command.transition
        direction = frames.command.direction
        cellAspect = frames.command.cellAspect
        fromItem = frames.command.fromItem
        toItem = frames.toItem
        fullFrames = frames.command.fullFrames
        frameCount = frames.count
        region = TerminalRegion(placement: .inline, depth: frames.command.colorDepth)
        region.terminalColumns = Self.terminalColumns
    }

    /// The terminal's width when stdout is one (the ansi stream plays in it now): the columns
    /// right of the card are known to exist, and a cluster of disputed width that overruns the
    /// card's edge is erased there.
    private static var terminalColumns: Int? {
        TerminalDevice.standardOutput.isTerminal ? TerminalDevice.standardOutput.size?.columns : nil
    }

    /// The bytes of frame `index`, whose state is `state` and cells `cells`.
    mutating func frame(_ index: Int, state: TransitionFrame, cells: CellBuffer) -> [UInt8] {
        switch format {
        case .plain:
            var text =
                "# frame \(index + 1)/\(frameCount) t=\(shortestText(state.t)) progress=\(shortestText(state.progress))\n"
            for line in PlainTextEncoder.lines(cells) { text += line + "\n" }
            return Array((text + "\n").utf8)
        case .json:
            return jsonLine(index: index, state: state)
        case .ansi, .asciicast, .svg:
            return draw(cells)
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

    /// One JSON object per frame, keys in the documented order, numbers in shortest round-trip
    /// form (integral values without a fraction, −0 as 0). The fold keeps the shape it has had
    /// since the first release (both slots by role, each with its six-component transform);
    /// every other transition gives its kind, direction, cell aspect, dolly and visible slots
    /// back to front (docs/DESIGN.md#transition-interface).
    private func jsonLine(index: Int, state: TransitionFrame) -> [UInt8] {
        // JSON has no NaN or infinity: a number that is not finite is written as null.
        func number(_ value: Double) -> String { value.isFinite ? shortestText(value + 0.0) : "null" }
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
