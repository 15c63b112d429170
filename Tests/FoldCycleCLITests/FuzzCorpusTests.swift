import FoldCycleFuzzing
import Foundation
import Testing

/// Replays every fuzz target's seed corpus (Tests/Fuzz/Corpus/TARGET) and saved regressions
/// (Tests/Fuzz/Regressions/TARGET) through the target's properties (docs/DESIGN.md#fuzzing): an
/// input that once broke a property traps here until it is fixed.
@Suite("Fuzz corpora and regressions")
struct FuzzCorpusTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    /// The files directly in `directory` (none when it does not exist), sorted by name.
    static func inputs(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test("every target's seeds and regressions hold its properties", arguments: FuzzTarget.allCases)
    func replay(target: FuzzTarget) throws {
        let seeds = Self.inputs(in: Self.fuzzDirectory.appendingPathComponent("Corpus/\(target.rawValue)"))
        let regressions = Self.inputs(in: Self.fuzzDirectory.appendingPathComponent("Regressions/\(target.rawValue)"))
        #expect(seeds.count >= 5, "a seed corpus of at least five inputs")
        for file in seeds + regressions {
            target.run(Array(try Data(contentsOf: file)))
        }
    }

    @Test("the regressions directory names only targets that exist")
    func regressionDirectories() {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: Self.fuzzDirectory.appendingPathComponent("Regressions").path)) ?? []
        #expect(Set(names).isSubset(of: Set(FuzzTarget.allCases.map(\.rawValue))), "\(names)")
        #expect(names.contains("item-files"))
    }
}
