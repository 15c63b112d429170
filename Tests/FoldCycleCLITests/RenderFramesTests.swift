import FoldCycle
import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycleCLI

/// What `foldcycle render ARGUMENTS` writes on stdout, made in-process by ``RenderCommand/run()``'s
/// own ``RenderCommand/write(_:to:)`` (without `--play`).
func renderOutput(_ arguments: [String]) throws -> String {
    let command = try renderCommand(arguments)
    var bytes: [UInt8] = []
    try command.write(command.makeFrames()) { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
}

/// `render --format json`'s frames, each line read back, with its object's keys in the order
/// written (``JSONParser`` sorts them, as `JSONSerialization` did).
func renderJSONFrames(_ arguments: [String]) throws -> [(value: JSONValue, keys: [String])] {
    try renderOutput(["--format", "json"] + arguments).split(separator: "\n").map {
        (try JSONParser.parse(Array($0.utf8)), topLevelKeys($0))
    }
}

/// The keys of the object of compact JSON `line`, in order (its own, not its members').
func topLevelKeys(_ line: Substring) -> [String] {
    var keys: [String] = []
    var (depth, inString, escaped, text) = (0, false, false, "")
    for character in line {
        if inString {
            if escaped {
                escaped = false
                text.append(character)
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inString = false
            } else {
                text.append(character)
            }
            continue
        }
        switch character {
        case "\"": (inString, text) = (true, "")
        case "{", "[": depth += 1
        case "}", "]": depth -= 1
        case ":" where depth == 1: keys.append(text)
        default: break
        }
    }
    return keys
}

extension JSONValue {
    /// An array's elements ([] for other values).
    var elements: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }

    /// An array of numbers as `Double`s (NaN for what is not a number).
    var numbers: [Double] { elements.map { $0.doubleValue ?? .nan } }

    /// Member `key`'s number (NaN when missing or not a number).
    func number(_ key: String) -> Double { self[key]?.doubleValue ?? .nan }
}

/// `render`'s json and plain frames as pure functions of the arguments, run in-process (moved
/// from the e2e suite, whose render baseline keeps a run of the binary per format).
@Suite("render: json and plain frames of the transitions")
struct RenderFramesTests {
    // MARK: - The fold (from test_render_diff.py)

    /// Where the fold's slots start and end (docs/DESIGN.md#fold-keyframes) at 40 × 5.
    static let foldKeyframes: [(direction: String, start: [Double], end: [Double])] = [
        ("down", [1, 0, 0, 0, 0, -2.5], [1, 0, 0, 0.01, 0, 2.5]),
        ("up", [1, 0, 0, 0, 0, 2.5], [1, 0, 0, 0.01, 0, -2.5]),
        ("right", [0, 0, 0, 1, -20, 0], [0.01, 0, 0, 1, 20, 0]),
        ("left", [0, 0, 0, 1, 20, 0], [0.01, 0, 0, 1, -20, 0]),
    ]

    @Test(
        "the JSON transforms equal the fold's keyframes interpolated with the progress",
        arguments: foldKeyframes.map(\.direction))
    func foldTransforms(_ direction: String) throws {
        let keyframes = try #require(Self.foldKeyframes.first { $0.direction == direction })
        let lines = try renderJSONFrames([
            "--direction", direction, "--frames", "5", "--timing", "linear", "--width", "40", "--height", "5", "A",
            "B",
        ])
        let identity: [Double] = [1, 0, 0, 1, 0, 0]
        #expect(lines.count == 5)
        for (i, (record, keys)) in lines.enumerated() {
            #expect(keys == ["frame", "t", "progress", "outgoing", "incoming"])
            let p = Double(i) / 4
            #expect(record["frame"]?.intValue == i && record.number("t") == p && record.number("progress") == p)
            #expect(record["outgoing"]?["item"]?.intValue == 0 && record["incoming"]?["item"]?.intValue == 1)
            let incoming = record["incoming"]?["transform"]?.numbers ?? []
            let outgoing = record["outgoing"]?["transform"]?.numbers ?? []
            #expect(incoming.count == 6 && outgoing.count == 6)
            for (got, (a, b)) in zip(incoming, zip(keyframes.start, identity)) {
                #expect(abs(got - (a + (b - a) * p)) <= 1e-12)
            }
            for (got, (a, b)) in zip(outgoing, zip(identity, keyframes.end)) {
                #expect(abs(got - (a + (b - a) * p)) <= 1e-12)
            }
            #expect(abs(record["outgoing"]!.number("alpha") - (1 - p)) <= 1e-12)
            #expect(record["incoming"]?.number("alpha") == 1)
        }
    }

    // MARK: - The transition family (from test_transition_family.py)

    @Test("the cube's JSON gives the visible faces with their transform3D and the dolly")
    func cube() throws {
        let lines = try renderJSONFrames([
            "--transition", "cube", "--direction", "left", "--frames", "3", "--timing", "linear", "--width", "20",
            "--height", "5", "A", "B",
        ])
        #expect(
            lines.map(\.keys)
                == Array(
                    repeating: ["frame", "t", "progress", "transition", "direction", "cellAspect", "dolly", "slots"],
                    count: 3))
        let frames = lines.map(\.value)
        let slots = frames.map { frame in
            frame["slots"]?.elements.map { "\($0["role"]?.stringValue ?? "")/\($0["item"]?.intValue ?? -1)" }
        }
        #expect(slots == [["outgoing/0"], ["outgoing/0", "incoming/1"], ["incoming/1"]])
        // At rest only the perspective: m34 = −1/d with d = 1.5625 × 20.
        #expect(
            frames[0]["slots"]?.elements.first?["transform3D"]?.numbers
                == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / 31.25, 0, 0, 0, 1])
        #expect(frames[0].number("dolly") == 1 && frames[2].number("dolly") == 1)
        // At p = 0.5 each face is turned π/4 about the cube's centre, h = 10 behind the card; the
        // near shared edge is magnified d/(d − h(√2 − 1)) vertically, so the dolly is its inverse.
        let (h, d) = (10.0, 31.25)
        let k = (d - h * (2.0.squareRoot() - 1)) / d
        let middle = frames[1]
        #expect(abs(middle.number("dolly") - k) < 1e-12)
        let out = middle["slots"]?.elements.first?["transform3D"]?.numbers ?? []
        let c = cos(-Double.pi / 4)
        let s = sin(-Double.pi / 4)
        let expected = [
            k * c, 0, -s, s / d, 0, k, 0, 0, k * s, 0, c, -c / d, k * h * s, 0, h * (c - 1), 1 - h * (c - 1) / d,
        ]
        #expect(out.count == 16)
        #expect(zip(out, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(out)")
    }

    @Test("the flip's JSON at the middle shows no face")
    func flip() throws {
        let frames = try renderJSONFrames([
            "--transition", "flip", "--direction", "up", "--frames", "3", "--timing", "linear", "--width", "9",
            "--height", "3", "--cell-aspect", "1.5", "A", "B",
        ]).map(\.value)
        #expect(
            frames.map { $0["slots"]?.elements.map { $0["role"]?.stringValue ?? "" } }
                == [["outgoing"], [], ["incoming"]])
        #expect(frames.allSatisfy { $0.number("cellAspect") == 1.5 })
        #expect(frames[1].number("dolly") == 1)
    }

    static let slideCases: [(kind: String, order: [String])] = [
        ("push", ["outgoing", "incoming"]), ("move-in", ["outgoing", "incoming"]),
        ("reveal", ["incoming", "outgoing"]),
    ]

    @Test("the slides' JSON translates by one full extent", arguments: slideCases.map(\.kind))
    func slides(_ kind: String) throws {
        let order = try #require(Self.slideCases.first { $0.kind == kind }).order
        let frames = try renderJSONFrames([
            "--transition", kind, "--direction", "right", "--frames", "5", "--timing", "linear", "--width", "12",
            "--height", "3", "A", "B",
        ]).map(\.value)
        #expect(frames.count == 5)
        for (i, frame) in frames.enumerated() {
            let p = Double(i) / 4
            let slots = frame["slots"]?.elements ?? []
            #expect(slots.map { $0["role"]?.stringValue ?? "" } == order)
            let moves = Dictionary(
                uniqueKeysWithValues: slots.map { ($0["role"]?.stringValue ?? "", $0["transform"]?.numbers ?? []) })
            let outgoing = kind == "push" || kind == "reveal" ? p * 12 : 0
            let incoming = kind == "push" || kind == "move-in" ? (p - 1) * 12 : 0
            #expect(moves["outgoing"] == [1, 0, 0, 1, outgoing, 0])
            #expect(moves["incoming"] == [1, 0, 0, 1, incoming, 0])
        }
    }

    @Test("the push's plain frames")
    func pushPlain() throws {
        // Left at t = 0.5 (linear): the outgoing is moved 4 columns left, the incoming sits at +4.
        let out = try renderOutput([
            "--transition", "push", "--direction", "left", "--frames", "3", "--timing", "linear", "--width", "8",
            "--height", "1", "ABCD", "WXYZ",
        ])
        #expect(
            out
                == "# frame 1/3 t=0 progress=0\n  ABCD  \n\n" + "# frame 2/3 t=0.5 progress=0.5\nCD    WX\n\n"
                + "# frame 3/3 t=1 progress=1\n  WXYZ  \n\n")
    }

    @Test("--cell-aspect outside its range is a usage error", arguments: ["0.4", "4.5", "two"])
    func cellAspectOutOfRange(_ value: String) {
        do {
            _ = try RenderCommand.parse(["--cell-aspect", value, "A", "B"])
            Issue.record("--cell-aspect \(value) was taken")
        } catch {
            guard case .usage(let message, .render) = error else {
                Issue.record("not a usage error of render: \(error)")
                return
            }
            #expect(message.contains("'--cell-aspect'"))
            #expect(message.contains("a finite number ≥ 0.5 and ≤ 4"))
            #expect(error.exitCode == 64)
        }
    }

    // MARK: - The fade (from test_transition_fade.py)

    @Test("the fade's JSON keeps both slots still and fades the incoming one in")
    func fade() throws {
        let frames = try renderJSONFrames([
            "--transition", "fade", "--frames", "3", "--timing", "linear", "--width", "5", "--height", "1", "A", "B",
        ]).map(\.value)
        // The transition family's shape (issue 9): the visible slots back to front, the fade with
        // no direction.
        #expect(
            frames.allSatisfy {
                $0["transition"]?.stringValue == "fade" && $0["direction"] == .null && $0.number("dolly") == 1
            })
        #expect(
            frames.map { $0["slots"]?.elements.map { $0["role"]?.stringValue ?? "" } ?? [] }
                == Array(repeating: ["outgoing", "incoming"], count: 3))
        #expect(frames.map { $0["slots"]?.elements.last?.number("alpha") } == [0, 0.5, 1])
        #expect(frames.allSatisfy { $0["slots"]?.elements.first?.number("alpha") == 1 })
        #expect(
            frames.allSatisfy {
                ($0["slots"]?.elements ?? []).allSatisfy { $0["transform"]?.numbers == [1, 0, 0, 1, 0, 0] }
            })
    }

    @Test("--timing spring(m,k,c,v): the push overshoots as the closed form says; the fold holds at 1")
    func spring() throws {
        func progress(_ kind: String, _ timing: String) throws -> [Double] {
            try renderJSONFrames([
                "--transition", kind, "--frames", "9", "--timing", timing, "--width", "5", "--height", "1", "A", "B",
            ]).map { $0.value.number("progress") }
        }
        // Mass 1, stiffness 100, damping 5: ζω₀ = 2.5, ωd = √93.75; settling ln(√(1 + b²)/0.001)/2.5
        // with b = 2.5/ωd. Frame i is t = i/8 of it.
        let damped = 93.75.squareRoot()
        let b = 2.5 / damped
        let settling = log((1 + b * b).squareRoot() / 0.001) / 2.5
        let expected = (0...8).map { i -> Double in
            let time = Double(i) / 8 * settling
            return i == 8 ? 1 : 1 - exp(-2.5 * time) * (cos(damped * time) + b * sin(damped * time))
        }
        let push = try progress("push", "spring(1,100,5,0)")
        #expect(zip(push, expected).allSatisfy { abs($0 - $1) <= 1e-12 }, "\(push) vs \(expected)")
        #expect(push.contains { $0 > 1 })
        let fold = try progress("fold", "spring(1,100,5,0)")
        #expect(fold == expected.map { min(max($0, 0), 1) })
    }

    // MARK: - The deck (from test_render_deck.py)

    /// A triage with a flashcard in the middle: kept by key, the flashcard discarded by a fling
    /// with the mouse, that undone, the flashcard turned over.
    static let deckArguments = [
        "--deck", "right, drag(-0.45,0.08,0.15), undo, flip", "a.txt", "What holds m34?\n---\nThe perspective", "c.txt",
    ]

    @Test("the deck's json frames carry the decisions the live deck prints")
    func deckDecisions() throws {
        let frames = try renderJSONFrames(Self.deckArguments).map(\.value)
        let plainFrames = try renderOutput(Self.deckArguments).components(separatedBy: "\n\n").dropLast()
        #expect(frames.map { $0["frame"]?.intValue } == Array(0..<plainFrames.count))
        #expect(frames.map { $0.number("time") } == (0..<frames.count).map { Double($0) / 30 })
        #expect(
            frames.compactMap { $0["action"]?.stringValue }
                == ["right", "drag(-0.45,0.08,0.15)", "undo", "flip"])
        let decisions = frames.flatMap { $0["decisions"]?.elements ?? [] }
        let item = #""What holds m34?\n---\nThe perspective""#
        #expect(
            decisions == [
                try JSONParser.parse(
                    Array(#"{"index":0,"item":"a.txt","action":"right","by":"key","velocity":null}"#.utf8)),
                // 0.45 card widths in 5 frames (0.15 s rounded up to whole frames at 30 fps): 2.7
                // per second, above 2.2535 (800 pt/s), a fling; not near the edge (0.45 < 0.47183).
                try JSONParser.parse(
                    Array(
                        #"{"index":1,"item":\#(item),"action":"left","by":"fling","velocity":{"x":-2.7,"y":0.48}}"#.utf8
                    )),
                try JSONParser.parse(
                    Array(#"{"index":1,"item":\#(item),"action":"undo","by":"key","from":"left","velocity":null}"#.utf8)
                ),
            ])
        let last = try #require(frames.last)
        #expect(last["top"]?.intValue == 1)
        #expect(
            last["cards"]?.elements.map {
                "\($0["index"]?.intValue ?? -1) \($0["position"]?.intValue ?? -1) \($0["side"]?.stringValue ?? "")"
                    + " \($0["flip"] == .null)"
            } == ["2 1 front true", "1 0 back true"])
        // While the flashcard turns, its flip's normalized time rises from 0 to 1.
        let turning = frames.compactMap { $0["cards"]?.elements.last?["flip"]?["t"]?.doubleValue }
        #expect(turning == turning.sorted() && turning.first == 0 && 0.9 < turning.last ?? 0 && turning.last ?? 1 < 1)
    }
}
