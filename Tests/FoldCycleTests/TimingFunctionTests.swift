import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// (preset, t, expected progress): every preset and one overshooting custom curve, from
/// scripts/gen_timing_reference.py (plain bisection to 1e-15, independent of the Swift solver).
// swift-format-ignore
let timingReference: [(String, Double, Double)] = [
    ("linear", 0.0, 0.000000000000),
    ("linear", 0.1, 0.100000000000),
    ("linear", 0.25, 0.250000000000),
    ("linear", 0.5, 0.500000000000),
    ("linear", 0.75, 0.750000000000),
    ("linear", 0.9, 0.900000000000),
    ("linear", 1.0, 1.000000000000),
    ("easeIn", 0.0, 0.000000000000),
    ("easeIn", 0.1, 0.017026609652),
    ("easeIn", 0.25, 0.093464650719),
    ("easeIn", 0.5, 0.315356812573),
    ("easeIn", 0.75, 0.621861869175),
    ("easeIn", 0.9, 0.839427845762),
    ("easeIn", 1.0, 1.000000000000),
    ("easeOut", 0.0, 0.000000000000),
    ("easeOut", 0.1, 0.160572154238),
    ("easeOut", 0.25, 0.378138130825),
    ("easeOut", 0.5, 0.684643187427),
    ("easeOut", 0.75, 0.906535349281),
    ("easeOut", 0.9, 0.982973390348),
    ("easeOut", 1.0, 1.000000000000),
    ("easeInEaseOut", 0.0, 0.000000000000),
    ("easeInEaseOut", 0.1, 0.019722453548),
    ("easeInEaseOut", 0.25, 0.129161931047),
    ("easeInEaseOut", 0.5, 0.500000000000),
    ("easeInEaseOut", 0.75, 0.870838068953),
    ("easeInEaseOut", 0.9, 0.980277546452),
    ("easeInEaseOut", 1.0, 1.000000000000),
    ("default", 0.0, 0.000000000000),
    ("default", 0.1, 0.094796305716),
    ("default", 0.25, 0.408510591355),
    ("default", 0.5, 0.802403387585),
    ("default", 0.75, 0.960458978349),
    ("default", 0.9, 0.994316477485),
    ("default", 1.0, 1.000000000000),
    ("cubic(0.1,0.7,0.9,-0.2)", 0.0, 0.000000000000),
    ("cubic(0.1,0.7,0.9,-0.2)", 0.1, 0.232082909901),
    ("cubic(0.1,0.7,0.9,-0.2)", 0.25, 0.299442889195),
    ("cubic(0.1,0.7,0.9,-0.2)", 0.5, 0.312500000000),
    ("cubic(0.1,0.7,0.9,-0.2)", 0.75, 0.381195491992),
    ("cubic(0.1,0.7,0.9,-0.2)", 0.9, 0.561693856919),
    ("cubic(0.1,0.7,0.9,-0.2)", 1.0, 1.000000000000),
]

@Suite("Timing functions")
struct TimingFunctionTests {
    static func function(named name: String) throws -> TimingFunction {
        switch name {
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInEaseOut": return .easeInEaseOut
        case "default": return .default
        default: return try TimingFunction(controlPoints: 0.1, 0.7, 0.9, -0.2)
        }
    }

    @Test("every preset against independent reference values", arguments: timingReference)
    func table(_ name: String, _ t: Double, _ expected: Double) throws {
        let value = try Self.function(named: name).progress(at: t)
        #expect(abs(value - expected) <= 2e-6, "\(name)(\(t)) = \(value), expected \(expected)")
    }

    @Test("the issue's spot values")
    func spotValues() {
        #expect(abs(TimingFunction.easeInEaseOut.progress(at: 0.25) - 0.1291619) <= 1e-6)
        #expect(abs(TimingFunction.default.progress(at: 0.5) - 0.8024034) <= 1e-5)
    }

    @Test("Core Animation's control points")
    func controlPoints() {
        let points = [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default].map {
            [$0.x1, $0.y1, $0.x2, $0.y2]
        }
        #expect(
            points == [[0, 0, 1, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.25, 0.1, 0.25, 1]])
    }

    @Test("ends are exact and t is clamped")
    func ends() throws {
        let curve = try TimingFunction(controlPoints: 0.3, 1.4, 0.7, -0.4)
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: 1) == 1)
        #expect(curve.progress(at: -2) == 0)
        #expect(curve.progress(at: 9) == 1)
        #expect(curve.progress(at: .nan) == 0)
    }

    @Test(
        "invalid control points throw",
        arguments: [
            (-0.1, 0.0, 0.5, 1.0), (0.2, 0.0, 1.5, 1.0), (Double.nan, 0, 0.5, 1), (0.2, .infinity, 0.5, 1),
        ])
    func invalid(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        #expect(throws: TimingFunctionError.self) { try TimingFunction(controlPoints: x1, y1, x2, y2) }
    }

    @Test(
        "names parse",
        arguments: [
            ("linear", TimingFunction.linear), ("EASE-IN", .easeIn), ("ease-out", .easeOut),
            ("ease-in-out", .easeInEaseOut), ("default", .default),
        ])
    func names(_ name: String, _ expected: TimingFunction) throws {
        #expect(try TimingFunction(name: name) == expected)
        #expect(expected.description == name.lowercased())
    }

    @Test("cubic-bezier(...) parses, bad text names itself")
    func cubicBezierNames() throws {
        let parsed = try TimingFunction(name: "cubic-bezier(0.1, 0.7,0.9 ,-0.2)")
        #expect([parsed.x1, parsed.y1, parsed.x2, parsed.y2] == [0.1, 0.7, 0.9, -0.2])
        #expect(throws: TimingFunctionError.unknownName("bounce")) { try TimingFunction(name: "bounce") }
        #expect(throws: TimingFunctionError.unknownName("cubic-bezier(1,2,3)")) {
            try TimingFunction(name: "cubic-bezier(1,2,3)")
        }
        #expect(throws: TimingFunctionError.invalidControlPoints(x1: 2, y1: 0, x2: 0.5, y2: 1)) {
            try TimingFunction(name: "cubic-bezier(2,0,0.5,1)")
        }
    }
}
