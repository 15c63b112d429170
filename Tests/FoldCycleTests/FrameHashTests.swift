import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// The frame-hash baseline: every composed fold frame of every direction, and the bytes of the
/// inline diff, inline full and fullscreen diff encoders at every colour depth, for a fixed set
/// of items and card sizes, hashed (FNV-1a 64) and compared with `Fixtures/frame-hashes.txt`.
///
/// Recorded before the seams redesign; the redesign must keep every hash. Set
/// `FOLDCYCLE_RECORD_FRAME_HASHES=1` to rewrite the file (only where bytes legitimately change,
/// and say why in the commit). The 80×24 and 7×3 cases run in the quick lane; 200×60 (six times
/// the cells) is tagged slow (``FrameHashLargeTests``).
@Suite("Frame-hash baseline: 80×24 and 7×3")
struct FrameHashTests {
    static let itemSets: [(name: String, items: [String])] = [
        ("ascii", ["Search by name or email", "Second card\nwith two lines"]),
        ("cjk", ["搜索姓名、手机号或邮箱", "カードめくり 折叠切换 카드"]),
        ("emoji", ["🎴 cards 👍🏽 ok", "flag 🇯🇵 ❤️ 👩‍💻 e\u{301}"]),
    ]
    static let sizes = [
        TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 7, rows: 3),
        TerminalSize(columns: 200, rows: 60),
    ]
    static let frameCount = 11

    static let largeSize = TerminalSize(columns: 200, rows: 60)

    static func caseLines(sizes: [TerminalSize] = sizes) -> [String] {
        var lines: [String] = []
        for set in itemSets {
            for size in sizes {
                for direction in FrameHashFrames.directions {
                    let frames = FrameHashFrames.compose(
                        items: set.items, size: size, direction: direction,
                        frames: frameCount)
                    var compose = FNV1a()
                    for frame in frames { compose.add(frame) }
                    var line = "\(set.name) \(size) \(direction) compose=\(compose.hex)"
                    for depth in ColorDepth.allCases {
                        let encoded = FrameHashFrames.encode(frames, depth: depth)
                        line += " \(depth.rawValue)=\(encoded.map(\.hex).joined(separator: "/"))"
                    }
                    lines.append(line)
                }
            }
        }
        return lines
    }

    static var fixtureURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/frame-hashes.txt")
    }

    /// The recorded lines of the cases at `sizes`, in the file's order.
    static func recordedLines(sizes: [TerminalSize]) throws -> [String] {
        let names = Set(sizes.map { "\($0)" })
        return try String(contentsOf: fixtureURL, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { names.contains(String($0.split(separator: " ")[1])) }
    }

    static func check(sizes: [TerminalSize]) throws {
        let lines = caseLines(sizes: sizes)
        let recorded = try recordedLines(sizes: sizes)
        #expect(recorded.count == lines.count)
        for (expected, actual) in zip(recorded, lines) {
            #expect(actual == expected)
        }
    }

    @Test("every composed frame and encoded byte at 80×24 and 7×3 matches the recorded baseline")
    func hashesMatchBaseline() throws {
        if ProcessInfo.processInfo.environment["FOLDCYCLE_RECORD_FRAME_HASHES"] == "1" {
            let text = Self.caseLines().joined(separator: "\n") + "\n"
            try text.write(to: Self.fixtureURL, atomically: true, encoding: .utf8)
        }
        try Self.check(sizes: Self.sizes.filter { $0 != Self.largeSize })
    }
}

@Suite("Frame-hash baseline: 200×60", .tags(.slow))
struct FrameHashLargeTests {
    @Test("every composed frame and encoded byte at 200×60 matches the recorded baseline")
    func hashesMatchBaseline() throws {
        try FrameHashTests.check(sizes: [FrameHashTests.largeSize])
    }
}

/// FNV-1a, 64 bits: a stable hash of byte streams for baselines (not for security).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes { add(byte) }
    }

    mutating func add(_ word: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { add(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
    }

    /// A buffer's size, then per cell: the cluster's UTF-8, width, packed colours, attributes.
    mutating func add(_ buffer: CellBuffer) {
        add(UInt32(buffer.width))
        add(UInt32(buffer.height))
        var utf8: [UInt8] = []
        for cell in buffer.cells {
            utf8.removeAll(keepingCapacity: true)
            GlyphTable.shared.appendUTF8(of: cell.glyph, to: &utf8)
            add(utf8)
            add(cell.width)
            add(cell.foreground.packed)
            add(cell.background.packed)
            add(cell.attributes.rawValue)
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
