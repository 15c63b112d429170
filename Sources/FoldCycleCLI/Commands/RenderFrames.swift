import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

/// A transition's frames for `render`: the transition from one item to the next at each
/// sample, into one reused cell buffer.
final class RenderFrames: RenderSource {
    let command: RenderCommand
    let samples: [(t: Double, time: TimeInterval)]
    let toItem: Int
    private let flight: any Transition
    private var scene: CardScene
    /// The cells of the frame rendered last.
    private(set) var cells: CellBuffer
    /// The transition's state at the frame rendered last.
    private var state: TransitionFrame?
    /// The item at rest at the frame rendered last: the outgoing one at its start (t = 0), the
    /// incoming one at its end (t = 1); nil between, or when that item shows no bitmap.
    private(set) var restingPicture: RestingPicture?

    init(command: RenderCommand) {
        self.command = command
        samples = command.sampling.samples(duration: command.duration)
        toItem = (command.fromItem + 1) % command.items.count
        flight = TransitionStyle(
            kind: command.transition, direction: command.direction, timingFunction: command.timingFunction
        )
        .transition(
            slotSize: LayerSize(width: command.cardSize.columns, height: command.cardSize.rows),
            cellAspect: command.cellAspect)
        scene = CardScene(
            cardSize: command.cardSize, style: command.style, cellAspect: command.cellAspect,
            compositor: Compositor(
                backgroundColor: command.background, foregroundColor: CardStyle.contrastingText(on: command.background),
                colorDepth: command.compositionDepth)
        )
        cells = CellBuffer(width: command.cardSize.columns, height: command.cardSize.rows)
    }

    var count: Int { samples.count }

    func time(ofFrame index: Int) -> TimeInterval { samples[index].time }

    /// Renders frame `index` into ``cells`` (any order: a transition's frame is a pure function
    /// of its time).
    func render(_ index: Int) {
        let state = flight.frame(atFractionComplete: samples[index].t)
        let from = command.fromItem
        scene.render(
            state, outgoing: (from, command.contents[from]), incoming: (toItem, command.contents[toItem]), into: &cells)
        self.state = state
        let settled = samples[index].t == 0 ? from : samples[index].t == 1 ? toItem : nil
        restingPicture = settled.flatMap { scene.settledPicture(index: $0, content: command.contents[$0]) }
    }

    /// `foldcycle render: fold down` (no direction for the fade).
    var title: String {
        "foldcycle render: \(command.transition)" + (command.transition.hasDirection ? " \(command.direction)" : "")
    }

    /// The first item is named after the first frame, the next after the last (where it has
    /// settled).
    func markers(afterFrame index: Int) -> [String] {
        var markers: [String] = []
        if index == 0 { markers.append(command.items[command.fromItem]) }
        if index == count - 1 { markers.append(command.items[toItem]) }
        return markers
    }

    /// Plain's fields: the frame's `t` and `progress`.
    func summary(ofFrame index: Int) -> [(name: String, value: String)] {
        guard let state else { return [] }
        return [("t", shortestText(state.t)), ("progress", shortestText(state.progress))]
    }

    /// Json: ``jsonValue(index:state:)``.
    func record(ofFrame index: Int) -> JSONValue {
        guard let state else { return .null }
        return jsonValue(index: index, state: state)
    }

    /// One JSON object per frame, keys in the documented order, numbers in shortest round-trip
    /// form (integral values without a fraction, −0 as 0). The fold keeps the shape it has had
    /// since the first release (both slots by role, each with its six-component transform);
    /// every other transition gives its kind, direction, cell aspect, dolly and visible slots
    /// back to front (docs/DESIGN.md#transition-interface).
    private func jsonValue(index: Int, state: TransitionFrame) -> JSONValue {
        // JSON has no NaN or infinity: a number that is not finite is written as null.
        func numbers(_ values: [Double]) -> JSONValue { .array(values.map(JSONValue.double)) }
        let transition = command.transition
        let fromItem = command.fromItem
        let value: JSONValue
        if transition == .fold {
            func slot(_ item: Int, _ role: SlotRole) -> JSONValue {
                // The fold's slots are affine.
                guard let presentation = state.presentation(of: role), let affine = presentation.affineTransform
                else { return .null }
                return .object([
                    ("item", .int(item)), ("transform", numbers(affine.components)),
                    ("alpha", .double(presentation.alpha)),
                ])
            }
            value = .object([
                ("frame", .int(index)), ("t", .double(state.t)), ("progress", .double(state.progress)),
                ("outgoing", slot(fromItem, .outgoing)), ("incoming", slot(toItem, .incoming)),
            ])
        } else {
            let slots = state.slots.filter(\.isVisible).map { presentation -> JSONValue in
                let item = presentation.role == .outgoing ? fromItem : toItem
                let geometry: (String, JSONValue)
                switch presentation.geometry {
                case .affine(let transform) where !transition.isProjective:
                    geometry = ("transform", numbers(transform.components))
                case .affine(let transform):
                    geometry = ("transform3D", numbers(Transform3D(transform).components))
                case .projective(let transform, _):
                    geometry = ("transform3D", numbers(transform.components))
                }
                return .object([
                    ("role", .string("\(presentation.role)")), ("item", .int(item)),
                    ("alpha", .double(presentation.alpha)), geometry,
                ])
            }
            value = .object([
                ("frame", .int(index)), ("t", .double(state.t)), ("progress", .double(state.progress)),
                ("transition", .string(transition.rawValue)),
                ("direction", transition.hasDirection ? .string("\(command.direction)") : .null),
                ("cellAspect", .double(command.cellAspect)), ("dolly", .double(state.dolly)), ("slots", .array(slots)),
            ])
        }
        return value
    }
}
