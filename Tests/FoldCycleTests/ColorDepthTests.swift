import FoldCycleTestSupport
import Testing

@testable import FoldCycle

struct DetectCase: CustomStringConvertible, Sendable {
    let choice: ColorDepth.Choice
    let environment: [String: String]
    let isTTY: Bool
    let expected: ColorDepth

    var description: String { "\(choice) \(environment.sorted { $0.key < $1.key }) tty=\(isTTY)" }
}

@Suite("ColorDepth")
struct ColorDepthTests {
    @Test(
        "detection",
        arguments: [
            DetectCase(choice: .never, environment: ["COLORTERM": "truecolor"], isTTY: true, expected: .none),
            DetectCase(choice: .auto, environment: ["COLORTERM": "truecolor"], isTTY: false, expected: .none),
            DetectCase(
                choice: .auto, environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], isTTY: true, expected: .none),
            DetectCase(
                choice: .auto, environment: ["NO_COLOR": "", "TERM": "xterm-256color"], isTTY: true, expected: .ansi256),
            DetectCase(
                choice: .always, environment: ["NO_COLOR": "1", "COLORTERM": "24bit"], isTTY: true, expected: .truecolor
            ),
            DetectCase(choice: .auto, environment: ["TERM": "dumb"], isTTY: true, expected: .none),
            DetectCase(choice: .always, environment: ["TERM": "dumb"], isTTY: false, expected: .ansi256),
            DetectCase(
                choice: .auto, environment: ["COLORTERM": "truecolor", "TERM": "xterm"], isTTY: true,
                expected: .truecolor),
            DetectCase(choice: .auto, environment: ["COLORTERM": "24BIT"], isTTY: true, expected: .truecolor),
            DetectCase(choice: .auto, environment: ["TERM": "xterm-256color"], isTTY: true, expected: .ansi256),
            DetectCase(
                choice: .auto, environment: ["TERM": "screen-256color", "COLORTERM": "yes"], isTTY: true,
                expected: .ansi256),
            DetectCase(choice: .auto, environment: ["TERM": "xterm"], isTTY: true, expected: .ansi16),
            DetectCase(choice: .auto, environment: [:], isTTY: true, expected: .ansi16),
            DetectCase(choice: .always, environment: [:], isTTY: false, expected: .ansi256),
            DetectCase(choice: .always, environment: ["TERM": "vt100"], isTTY: false, expected: .ansi16),
            DetectCase(choice: .always, environment: ["TERM": "xterm-256color"], isTTY: false, expected: .ansi256),
        ])
    func detect(_ testCase: DetectCase) {
        #expect(
            ColorDepth.detect(choice: testCase.choice, environment: testCase.environment, isTTY: testCase.isTTY)
                == testCase.expected)
    }

    @Test(
        "RGB → xterm 256 index",
        arguments: [
            ((0, 0, 0), 16), ((255, 255, 255), 231), ((255, 0, 0), 196), ((0, 255, 0), 46), ((0, 0, 255), 21),
            ((95, 135, 175), 67), ((47, 48, 114), 238), ((48, 48, 48), 236), ((128, 128, 128), 244),
            ((8, 8, 8), 232), ((238, 238, 238), 255), ((100, 100, 100), 241), ((0, 0, 128), 18),
            ((255, 165, 0), 214), ((115, 115, 115), 243), ((250, 250, 250), 231), ((12, 10, 9), 232),
            ((115, 0, 0), 88),
        ])
    func ansi256(_ rgb: (Int, Int, Int), _ expected: Int) {
        let color = RGBColor(red: UInt8(rgb.0), green: UInt8(rgb.1), blue: UInt8(rgb.2))
        #expect(ColorDepth.ansi256Index(for: color) == UInt8(expected))
    }

    @Test(
        "RGB → 16-colour index",
        arguments: [
            ((0, 0, 0), 0), ((205, 0, 0), 1), ((255, 0, 0), 9), ((0, 128, 0), 2), ((0, 0, 255), 4), ((0, 0, 128), 4),
            ((255, 255, 255), 15), ((128, 128, 128), 8), ((200, 200, 200), 7), ((255, 165, 0), 3), ((128, 0, 128), 5),
            ((0, 255, 255), 14), ((92, 92, 255), 12), ((60, 60, 60), 0), ((64, 64, 64), 8),
        ])
    func ansi16(_ rgb: (Int, Int, Int), _ expected: Int) {
        let color = RGBColor(red: UInt8(rgb.0), green: UInt8(rgb.1), blue: UInt8(rgb.2))
        #expect(ColorDepth.ansi16Index(for: color) == UInt8(expected))
    }
}
