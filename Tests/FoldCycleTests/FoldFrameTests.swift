import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// One golden fold frame: items, direction, time and the expected plain-text screen.
struct FoldFrameCase: CustomStringConvertible, Sendable {
    let from: String
    let to: String
    let direction: TransitionDirection
    let t: Double
    let screen: [String]

    var description: String { "\(from)→\(to) \(direction) t=\(t)" }
}

/// Renders a fold frame (linear timing, 7×3 slot, centred text) as plain-text lines.
func foldFrame(_ from: String, _ to: String, _ direction: TransitionDirection, _ t: Double) -> [String] {
    let outgoing = TextLayout.layout(from, width: 7, height: 3)
    let incoming = TextLayout.layout(to, width: 7, height: 3)
    let transition = FoldTransition(
        direction: direction, slotSize: LayerSize(width: 7, height: 3), timingFunction: .linear)
    var frame = CellBuffer(width: 0, height: 0)
    Compositor().composite(
        transition.frame(atFractionComplete: t), outgoing: outgoing, incoming: incoming, into: &frame)
    return PlainTextEncoder.lines(frame)
}

let abcScreen = ["       ", "  ABC  ", "       "]
let xyzScreen = ["       ", "  XYZ  ", "       "]
let niHaoScreen = ["       ", " 你好  ", "       "]
let shiJieScreen = ["       ", " 世界  ", "       "]

/// Hand-checked t = 0.5 frames (linear timing, so progress 0.5):
/// - down: incoming = [1, 0, 0, 0.5, 0, −0.75] covers rows [0, 1.5]; outgoing =
///   [1, 0, 0, 0.505, 0, 0.75] covers [1.4925, 3.0075]. Row 0's centre maps to incoming row 1.0
///   (a boundary: the cell nearer the centre, row 1, the text); row 1 is half outgoing (bottom
///   4/8 → ▄) then half incoming (top 4/8 → the complementary ▄); row 2's centre maps to outgoing
///   row 1.995, the text.
/// - up: the mirror image: outgoing text on row 0 (row 1.005), incoming text on row 2 (row 2.0,
///   a boundary → row 1).
/// - right: incoming = [0.5, 0, 0, 1, −1.75, 0] covers columns [0, 3.5]: columns 0...2 sample
///   incoming columns 1.0, 3.0, 5.0 (boundaries → 1, 3, 4: " YZ"), column 3 is half covered by
///   each (▌); outgoing = [0.505, 0, 0, 1, 1.75, 0] covers [3.4825, 7.0175]: columns 4...6
///   sample 2.015, 3.995, 5.975 → "AB ". A wide cluster survives only when its two halves land
///   side by side: 界 (incoming columns 3-4 at destination 1-2); 你好 do not.
/// - left: the mirror image: outgoing columns 1.025, 3.005, 4.985 → " BC"; incoming columns
///   2.0, 4.0, 6.0 (boundaries → 2, 3, 5) → "XY ".
let foldFrameCases: [FoldFrameCase] = [
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .down, t: 0, screen: abcScreen),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .down, t: 0.5, screen: ["  XYZ  ", "▄▄▄▄▄▄▄", "  ABC  "]),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .down, t: 1, screen: xyzScreen),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .up, t: 0, screen: abcScreen),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .up, t: 0.5, screen: ["  ABC  ", "▄▄▄▄▄▄▄", "  XYZ  "]),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .up, t: 1, screen: xyzScreen),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .right, t: 0, screen: abcScreen),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .right, t: 0.5, screen: ["   ▌   ", "XYZ▌ABC", "   ▌   "]),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .right, t: 1, screen: xyzScreen),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .left, t: 0, screen: abcScreen),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .left, t: 0.5, screen: ["   ▌   ", "ABC▌XYZ", "   ▌   "]),
    FoldFrameCase(from: "ABC", to: "XYZ", direction: .left, t: 1, screen: xyzScreen),
    FoldFrameCase(from: "你好", to: "世界", direction: .down, t: 0, screen: niHaoScreen),
    FoldFrameCase(from: "你好", to: "世界", direction: .down, t: 0.5, screen: [" 世界  ", "▄▄▄▄▄▄▄", " 你好  "]),
    FoldFrameCase(from: "你好", to: "世界", direction: .down, t: 1, screen: shiJieScreen),
    FoldFrameCase(from: "你好", to: "世界", direction: .up, t: 0, screen: niHaoScreen),
    FoldFrameCase(from: "你好", to: "世界", direction: .up, t: 0.5, screen: [" 你好  ", "▄▄▄▄▄▄▄", " 世界  "]),
    FoldFrameCase(from: "你好", to: "世界", direction: .up, t: 1, screen: shiJieScreen),
    FoldFrameCase(from: "你好", to: "世界", direction: .right, t: 0, screen: niHaoScreen),
    FoldFrameCase(from: "你好", to: "世界", direction: .right, t: 0.5, screen: ["   ▌   ", "世…▌你…", "   ▌   "]),
    FoldFrameCase(from: "你好", to: "世界", direction: .right, t: 1, screen: shiJieScreen),
    FoldFrameCase(from: "你好", to: "世界", direction: .left, t: 0, screen: niHaoScreen),
    FoldFrameCase(from: "你好", to: "世界", direction: .left, t: 0.5, screen: ["   ▌   ", "你…▌世…", "   ▌   "]),
    FoldFrameCase(from: "你好", to: "世界", direction: .left, t: 1, screen: shiJieScreen),
]

@Suite("Fold frames (golden)")
struct FoldFrameTests {
    @Test("plain-text fold frames", arguments: foldFrameCases)
    func frame(_ testCase: FoldFrameCase) {
        #expect(foldFrame(testCase.from, testCase.to, testCase.direction, testCase.t) == testCase.screen)
    }

    @Test(
        "t = 0 is the outgoing item's layout and t = 1 the incoming's, cell for cell",
        arguments: TransitionDirection.allCases)
    func endpointsAreExact(_ direction: TransitionDirection) {
        let outgoing = TextLayout.layout("ABC", width: 7, height: 3)
        let incoming = TextLayout.layout("XYZ", width: 7, height: 3)
        let transition = FoldTransition(
            direction: direction, slotSize: LayerSize(width: 7, height: 3), timingFunction: .linear)
        var frame = CellBuffer(width: 7, height: 3)
        Compositor().composite(
            transition.frame(atFractionComplete: 0), outgoing: outgoing, incoming: incoming, into: &frame)
        #expect(frame == outgoing)
        Compositor().composite(
            transition.frame(atFractionComplete: 1), outgoing: outgoing, incoming: incoming, into: &frame)
        #expect(frame == incoming)
    }
}
