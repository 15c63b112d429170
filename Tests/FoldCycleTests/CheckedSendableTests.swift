import Dispatch
import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// Concurrency the compiler checks (docs/decisions/0200-checked-sendable.md): the few
/// `@unchecked Sendable` types are audited primitives and platform handles, and the boxes the
/// models keep their state in are `Sendable` whatever the state.
@Suite("Checked Sendable")
struct CheckedSendableTests {
    /// The `@unchecked Sendable` types in Sources: the one place the list is written.
    static let audited = [
        "ConditionBox", "DispatchClockTimer", "Lock", "LockedBox", "QueueConfined", "RescueStorage",
    ]

    /// Every Swift file in Sources: its path there and its lines.
    static func sourceFiles() throws -> [(path: String, lines: [Substring])] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: sources.path).sorted()
        return try paths.filter { $0.hasSuffix(".swift") }.map { path in
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            return (path, text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    /// Every `@unchecked Sendable` in Sources, as the type it is written on, with whether the next
    /// line is its `// audited:` comment.
    static func uncheckedTypes() throws -> [(type: String, audited: Bool)] {
        var found: [(type: String, audited: Bool)] = []
        for (_, lines) in try sourceFiles() {
            for (number, line) in lines.enumerated() where line.contains("@unchecked Sendable") {
                // `… class|struct|enum|extension Name<…>: … @unchecked Sendable`, else the line as is.
                let words = line.split(whereSeparator: { " :<(".contains($0) })
                let keyword = words.firstIndex(where: { ["class", "struct", "enum", "extension"].contains($0) })
                let type = keyword.map { String(words[$0 + 1]) } ?? String(line)
                let next = number + 1 < lines.count ? lines[number + 1] : ""
                found.append((type, next.trimmingCharacters(in: .whitespaces).hasPrefix("// audited: ")))
            }
        }
        return found
    }

    @Test("Sources has exactly the audited @unchecked Sendable types, each with its // audited: comment")
    func auditedList() throws {
        let found = try Self.uncheckedTypes()
        #expect(found.map(\.type).sorted() == Self.audited)
        #expect(found.filter { !$0.audited }.map(\.type) == [])
        #expect(Self.audited.count <= 8)
    }

    @Test("Sources has no nonisolated(unsafe): process-wide state is an atomic or in a lock")
    func noUnsafeGlobals() throws {
        let found = try Self.sourceFiles().filter { file in
            file.lines.contains {
                $0.contains("nonisolated(unsafe)") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            }
        }
        #expect(found.map(\.path) == [])
    }

    /// A class that is not `Sendable`.
    final class Counter {
        var count = 0
    }

    static func requireSendable<T: Sendable>(_ value: T) -> T { value }

    @Test("a LockedBox of a non-Sendable value is Sendable and counts every change from 8 threads")
    func lockedBoxOfNonSendable() {
        let box = Self.requireSendable(LockedBox(Counter()))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1_000 { box.withLock { $0.count += 1 } }
        }
        #expect(box.withLock { $0.count } == 8_000)
    }

    @Test("a ConditionBox hands 10,000 items from a producer to a consumer through a bound of 16, in order")
    func conditionBoxHandOver() {
        struct HandOver {
            var pending: [Int] = []
            var ended = false

            static func hasRoom(_ handOver: inout HandOver) -> Bool { handOver.pending.count < 16 }
            static func hasNews(_ handOver: inout HandOver) -> Bool { !handOver.pending.isEmpty || handOver.ended }
        }
        let box = Self.requireSendable(ConditionBox(HandOver()))
        let most = LockedBox(0)
        let producer = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for item in 0..<10_000 {
                box.withLock(waitingUntil: HandOver.hasRoom) { handOver in
                    handOver.pending.append(item)
                    let count = handOver.pending.count
                    most.withLock { $0 = max($0, count) }
                }
            }
            box.withLock { $0.ended = true }
            producer.signal()
        }
        var received: [Int] = []
        while true {
            let (items, ended) = box.withLock(waitingUntil: HandOver.hasNews) { handOver in
                defer { handOver.pending = [] }
                return (handOver.pending, handOver.ended && handOver.pending.isEmpty)
            }
            received += items
            if ended { break }
        }
        producer.wait()
        #expect(received == Array(0..<10_000))
        #expect(most.withLock { $0 } <= 16)
    }

    @Test(
        "a deck scene resized through the player from one thread while another draws it draws what a fresh scene does"
    )
    func deckSceneFromTwoThreads() {
        typealias Scene = DeckScene<ArrayDataSource<String>>
        func makeScene() -> Scene {
            let deck = SwipeDeck(
                dataSource: ArrayDataSource(["AAAA", "BBBB", "CCCC"]),
                configuration: DeckConfiguration(
                    layout: StackLayout(metrics: CardMetrics(columns: 8, rows: 3, cellAspect: 2), visibleCount: 2)),
                clock: ManualClock())
            return DeckScene(
                deck: deck, cardSize: TerminalSize(columns: 8, rows: 3), frameSize: TerminalSize(columns: 24, rows: 6))
        }
        let player = Player(
            scene: makeScene(),
            configuration: .init(
                output: .inline, colorDepth: .fixed(.truecolor), motion: .fixed(.full), keepsHostLine: false),
            sink: RecordingTerminal(columns: 24, rows: 8))
        player.start()
        let resized = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for step in 0..<200 {
                player.updateScene(as: Scene.self) { scene in
                    scene.setColorDepth(step % 2 == 0 ? .ansi16 : .truecolor)
                    scene.resizeCard(
                        to: TerminalSize(columns: 8 + step % 3, rows: 3), frameSize: TerminalSize(columns: 24, rows: 6))
                }
            }
            resized.signal()
        }
        for _ in 0..<200 { player.onQueue { _ = player.drawFrame(at: 10) } }
        resized.wait()
        player.updateScene(as: Scene.self) { scene in
            scene.setColorDepth(.truecolor)
            scene.resizeCard(to: TerminalSize(columns: 8, rows: 3), frameSize: TerminalSize(columns: 24, rows: 6))
        }
        let shown = player.withScene(as: Scene.self) { scene -> CellBuffer in
            var scene = scene
            var frame = CellBuffer(width: 24, height: 6)
            scene.render(at: 10, into: &frame)
            return frame
        }
        player.finish()
        var fresh = makeScene()
        fresh.start(paused: false)
        fresh.setColorDepth(.truecolor)
        var expected = CellBuffer(width: 24, height: 6)
        fresh.render(at: 10, into: &expected)
        #expect(shown == expected)
        #expect(expected != CellBuffer(width: 24, height: 6))
    }
}
