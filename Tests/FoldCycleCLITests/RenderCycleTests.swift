import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// Issue 34 point 12: `render --cycle` renders the whole cycle, every item once with the holds
/// between transitions, in any format.
@Suite("render --cycle")
struct RenderCycleTests {
    static let arguments = ["--cycle", "--transition", "fade", "--frames", "3", "--hold", "0.5", "--duration", "1"]

    @Test("every item once: each transition's frames after its item's hold, back to the first")
    func frames() throws {
        let command = try renderCommand(Self.arguments + ["A", "B", "C"])
        let frames = try command.makeFrames()
        #expect(frames.count == 7)
        #expect((0..<7).map(frames.time(ofFrame:)) == [0, 1, 1.5, 2.5, 3, 4, 4.5])
        var shown: [String] = []
        var markers: [[String]] = []
        for index in 0..<frames.count {
            frames.render(index)
            shown.append(PlainTextEncoder.lines(frames.cells)[1].trimmingCharacters(in: .whitespaces))
            markers.append(frames.markers(afterFrame: index))
        }
        #expect(shown == ["A", "B", "B", "C", "C", "A", "A"])
        #expect(markers == [["A"], [], ["B"], [], ["C"], [], ["A"]])
        // The picture loops where the first item landed again: its hold begins the next loop.
        #expect(command.pictureDuration(frames) == 4.5)
    }

    @Test("the same bytes every time, in every format; --hold applies to streams with --cycle")
    func deterministic() throws {
        for format in ["plain", "json", "ansi", "asciicast", "svg"] {
            let arguments = Self.arguments + ["--format", format, "A", "B"]
            #expect(try renderOutput(arguments) == renderOutput(arguments))
        }
        #expect(throws: CLIError.self) { try renderCommand(["--cycle", "--from-item", "1", "A", "B"]) }
    }
}
