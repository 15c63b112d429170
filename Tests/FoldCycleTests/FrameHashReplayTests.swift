import FoldCycleTestSupport
import Testing

@testable import FoldCycle

/// The pictures behind the frame-hash baseline (``FrameHashTests``): every diff stream it hashes
/// (inline and fullscreen, every colour depth, every item set, size and direction) replayed
/// through the VT model frame by frame shows exactly the screen that the same frame drawn in
/// full shows, with nothing the model flags (a wrap, a scroll, an unknown sequence). When the
/// encoder's bytes change and the baseline is re-recorded, this is what says the frames did not.
/// (``DisputedReplayTests`` replays the emoji frames in a terminal that measures scalar by
/// scalar as well.)
@Suite("Frame-hash replay", .tags(.slow))
struct FrameHashReplayTests {
    struct Case: CustomStringConvertible, Sendable {
        let set: Int
        let size: TerminalSize
        let direction: TransitionDirection
        var description: String {
            "\(FrameHashTests.itemSets[set].name) \(size) \(direction)"
        }
    }

    static let cases: [Case] = FrameHashTests.itemSets.indices.flatMap { set in
        FrameHashTests.sizes.flatMap { size in
            FrameHashFrames.directions.map { Case(set: set, size: size, direction: $0) }
        }
    }

    /// The model's cells after each of `frames`, each drawn in full by one region.
    static func fullScreens(_ frames: [CellBuffer], depth: ColorDepth) -> [[VTModel.ModelCell]] {
        var region = TerminalRegion(placement: .inline, depth: depth)
        var model = VTModel(width: frames[0].width, height: frames[0].height)
        var bytes: [UInt8] = []
        region.begin(into: &bytes)
        var screens: [[VTModel.ModelCell]] = []
        for frame in frames {
            region.forgetFrame()
            region.draw(frame, into: &bytes)
            model.apply(bytes)
            bytes.removeAll(keepingCapacity: true)
            screens.append(model.cells)
        }
        return screens
    }

    @Test("every diff stream of the baseline replays to the full frames' screens", arguments: cases)
    func diffStreamsReplayToFullFrames(_ testCase: Case) {
        let set = FrameHashTests.itemSets[testCase.set]
        let frames = FrameHashFrames.compose(
            items: set.items, size: testCase.size, direction: testCase.direction, frames: FrameHashTests.frameCount)
        for depth in ColorDepth.allCases {
            let full = Self.fullScreens(frames, depth: depth)
            for placement in [RegionPlacement.inline, .fullscreen] {
                var region = TerminalRegion(placement: placement, depth: depth)
                var model = VTModel(width: testCase.size.columns, height: testCase.size.rows)
                var bytes: [UInt8] = []
                region.begin(into: &bytes)
                for (index, frame) in frames.enumerated() {
                    region.draw(frame, into: &bytes)
                    model.apply(bytes)
                    bytes.removeAll(keepingCapacity: true)
                    let label = "\(testCase) \(depth) \(placement) frame \(index)"
                    #expect(model.cells == full[index], "\(label)")
                    #expect(model.errors == [], "\(label)")
                }
            }
        }
    }
}
