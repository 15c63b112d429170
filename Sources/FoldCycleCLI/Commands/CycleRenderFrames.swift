import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `render --cycle`: the whole cycle on the virtual clock, every item once. Transition `k` goes
/// from item `k` to the next (the last back to the first), and each item rests `--hold` seconds
/// before its transition moves: the frames are each transition's (``RenderFrames``) one after
/// another, frame `j ≥ 1` of transition `k` at `k·(hold + duration) + hold + time(j)`, the
/// first item at rest at 0 (a later transition's first frame is the one before it, where the
/// item landed). The run ends where the first item lands again, so a picture loops with each
/// item held alike. Deterministic, as every render.
final class CycleRenderFrames: RenderSource {
    private let transitions: [RenderFrames]
    private let framesPerTransition: Int
    private let hold: TimeInterval
    private let duration: TimeInterval
    private let items: [String]
    /// The transition whose frame was made last.
    private var current = 0

    init(command: RenderCommand) {
        transitions = command.items.indices.map { index in
            var step = command
            step.fromItem = index
            return RenderFrames(command: step)
        }
        framesPerTransition = transitions[0].count
        hold = command.hold
        duration = command.duration
        items = command.items
    }

    var count: Int { framesPerTransition + (transitions.count - 1) * (framesPerTransition - 1) }

    var cells: CellBuffer { transitions[current].cells }

    var restingPicture: RestingPicture? { transitions[current].restingPicture }

    var title: String { transitions[0].title + ", every item" }

    /// Transition `k` and its frame `j` of frame `index` (every transition's frame 0 but the
    /// first's is the frame before it).
    private func place(_ index: Int) -> (transition: Int, frame: Int) {
        guard index >= framesPerTransition else { return (0, index) }
        let later = index - framesPerTransition
        return (1 + later / (framesPerTransition - 1), 1 + later % (framesPerTransition - 1))
    }

    func time(ofFrame index: Int) -> TimeInterval {
        let (transition, frame) = place(index)
        let start = Double(transition) * (hold + duration)
        return frame == 0 ? start : start + hold + transitions[transition].time(ofFrame: frame)
    }

    func render(_ index: Int) {
        let (transition, frame) = place(index)
        current = transition
        transitions[transition].render(frame)
    }

    /// Plain's fields: the item the transition starts from, then the transition's.
    func summary(ofFrame index: Int) -> [(name: String, value: String)] {
        let (transition, frame) = place(index)
        return [("from-item", "\(transition)")] + transitions[transition].summary(ofFrame: frame)
    }

    /// The transition's JSON object, `frame` counting the whole cycle's frames.
    func record(ofFrame index: Int) -> JSONValue {
        transitions[place(index).transition].record(ofFrame: index)
    }

    /// The first item after the first frame, then each item where it has settled.
    func markers(afterFrame index: Int) -> [String] {
        let (transition, frame) = place(index)
        var markers: [String] = []
        if index == 0 { markers.append(items[0]) }
        if frame == framesPerTransition - 1 { markers.append(items[(transition + 1) % items.count]) }
        return markers
    }
}
