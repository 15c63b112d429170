import Foundation
import Testing

@testable import FoldCycleCLI

/// Help, the manual page and the completion scripts as committed snapshot files
/// (Tests/FoldCycleCLITests/Snapshots), swift-argument-parser's way: a change to an option shows
/// as a diff of the files, reviewed once, instead of lists pinned across tests. Record them anew
/// after a deliberate change with `FOLDCYCLE_RECORD_SNAPSHOTS=1 swift test --filter
/// DocumentationSnapshotTests` (the test then fails once, saying what it wrote).
@Suite("Documentation snapshots: help, manual, completions")
struct DocumentationSnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots")
    static let recording = ProcessInfo.processInfo.environment["FOLDCYCLE_RECORD_SNAPSHOTS"] == "1"

    /// Every generated document: its file name and its text.
    static var documents: [(name: String, text: String)] {
        CLICommand.allCases.map { ("help-\($0.name ?? "live").txt", $0.helpText) }
            + [("foldcycle.1", ManualPage.text)]
            + CompletionShell.allCases.map { ("completion.\($0.rawValue)", CompletionScript.make(for: $0)) }
    }

    @Test("each generated document equals its snapshot file", arguments: documents.map(\.name))
    func snapshot(_ name: String) throws {
        let text = try #require(Self.documents.first { $0.name == name }).text
        let file = Self.directory.appendingPathComponent(name)
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            Issue.record("recorded \(name); run again without FOLDCYCLE_RECORD_SNAPSHOTS")
            return
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        if committed != text {
            let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
            let new = text.split(separator: "\n", omittingEmptySubsequences: false)
            let first = Array(zip(old, new)).firstIndex { $0 != $1 } ?? min(old.count, new.count)
            Issue.record(
                """
                \(name) differs from its snapshot at line \(first + 1):
                  snapshot: \(first < old.count ? String(old[first]) : "(end)")
                  now:      \(first < new.count ? String(new[first]) : "(end)")
                a deliberate change? FOLDCYCLE_RECORD_SNAPSHOTS=1 swift test --filter DocumentationSnapshotTests
                """)
        }
    }

    @Test("the snapshot directory holds exactly the generated documents")
    func noStrayFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
        #expect(names == Self.documents.map(\.name).sorted())
    }
}
