internal import FoldCyclePlatform
import Foundation

/// A block of the docs that the bench writes: the lines between
/// `<!-- bench:NAME:begin -->` and `<!-- bench:NAME:end -->`, each marker alone on its line.
///
/// Everything between a pair of markers comes from one run (`--write-docs`); nothing there is
/// typed by hand. `--check-docs` checks that every block's markers exist once, in order, and
/// are well-formed.
enum DocsBlock: String, CaseIterable, Sendable {
    /// docs/PERFORMANCE.md's summary: the run's environment, the 80×24 frame table and a line per
    /// other size.
    case summaryFrames = "summary-frames"
    /// docs/PERFORMANCE.md: the run's environment, every frame case, and the idle, timer,
    /// memory and start-up results.
    case performanceResults = "performance-results"
    /// docs/PERFORMANCE.md: the targets table.
    case performanceTargets = "performance-targets"

    /// The documents that hold blocks, relative to the package root, in the order they are checked.
    static let files = ["docs/PERFORMANCE.md"]

    /// The document this block lives in, relative to the package root.
    var file: String {
        "docs/PERFORMANCE.md"
    }

    /// `<!-- bench:NAME:begin -->`.
    var beginMarker: String { "<!-- bench:\(rawValue):begin -->" }
    /// `<!-- bench:NAME:end -->`.
    var endMarker: String { "<!-- bench:\(rawValue):end -->" }

    /// The blocks of one document, in declaration order.
    static func blocks(in file: String) -> [DocsBlock] {
        allCases.filter { $0.file == file }
    }
}

/// A document the bench cannot read, check or write. `exitCode` is 66 for a file that cannot be
/// read and 1 for malformed markers or a failed write.
struct DocsError: Error, Sendable {
    /// What is wrong, naming the file (and line).
    let message: String
    /// The process exit status to report it with.
    let exitCode: Int32
}

/// Finds, checks and replaces the bench's blocks in the docs.
enum DocsMarkers {
    /// The position of one block's content in a document's lines.
    struct Span: Sendable {
        /// Index of the begin marker's line.
        var begin: Int
        /// Index of the end marker's line (> `begin`).
        var end: Int
    }

    /// What is wrong with the markers of `text`, the contents of `file` (one message per
    /// problem, with 1-based line numbers); empty when every block of `file` is present once,
    /// closed, not nested and not empty.
    static func problems(in text: String, file: String) -> [String] {
        let found = locate(in: text, file: file)
        return found.problems
            + found.emptyBlocks.map { block in
                "\(file):\((found.spans[block]?.begin ?? 0) + 1): block '\(block.rawValue)' is empty "
                    + "(fill it with 'foldcycle-bench --write-docs')"
            }
    }

    /// The spans of `file`'s blocks in `text`, the problems that prevent rewriting them, and the
    /// blocks that are well-formed but empty (which a rewrite fills).
    ///
    /// A marker line is a line that starts, after spaces, with `<!-- bench:`; it must be exactly
    /// a begin or end marker of one of `file`'s blocks. (The markers may be named in prose, in
    /// backticks, without counting as markers.)
    static func locate(in text: String, file: String)
        -> (spans: [DocsBlock: Span], problems: [String], emptyBlocks: [DocsBlock])
    {
        let expected = DocsBlock.blocks(in: file)
        let names = expected.map(\.rawValue).joined(separator: ", ")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var spans: [DocsBlock: Span] = [:]
        var begun = Set<DocsBlock>()
        var problems: [String] = []
        var emptyBlocks: [DocsBlock] = []
        var open: (block: DocsBlock, line: Int)?
        for (index, line) in lines.enumerated()
        where line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("<!-- bench:") {
            let number = index + 1
            guard let (block, isBegin) = parse(line) else {
                problems.append(
                    "\(file):\(number): malformed marker '\(line)' (expected a line "
                        + "'<!-- bench:NAME:begin -->' or '<!-- bench:NAME:end -->', NAME one of: \(names))")
                continue
            }
            guard block.file == file else {
                problems.append(
                    "\(file):\(number): block '\(block.rawValue)' belongs in \(block.file) "
                        + "(this file's blocks: \(names))")
                continue
            }
            if isBegin {
                if let open {
                    problems.append(
                        "\(file):\(number): begin of '\(block.rawValue)' inside "
                            + "'\(open.block.rawValue)' (opened on line \(open.line + 1))")
                } else if begun.contains(block) {
                    problems.append("\(file):\(number): a second block '\(block.rawValue)'")
                } else {
                    open = (block, index)
                    begun.insert(block)
                }
            } else if let current = open, current.block == block {
                spans[block] = Span(begin: current.line, end: index)
                open = nil
                if lines[(current.line + 1)..<index].allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
                    emptyBlocks.append(block)
                }
            } else {
                problems.append("\(file):\(number): end of '\(block.rawValue)' without its begin")
            }
        }
        if let open {
            problems.append(
                "\(file):\(open.line + 1): block '\(open.block.rawValue)' is never closed "
                    + "(add a line '\(open.block.endMarker)')")
        }
        for block in expected where !begun.contains(block) {
            problems.append(
                "\(file): no block '\(block.rawValue)' (add the lines '\(block.beginMarker)' "
                    + "and '\(block.endMarker)' where it belongs)")
        }
        return (spans, problems, emptyBlocks)
    }

    /// `text` with the content of each block in `contents` replaced: the marker lines stay, and
    /// between them come a blank line, the content's lines and a blank line.
    ///
    /// - Throws: ``DocsError`` (exit 1) when the markers of `file` have any problem other than an
    ///   empty block.
    static func replacing(_ contents: [DocsBlock: String], in text: String, file: String) throws(DocsError) -> String {
        let found = locate(in: text, file: file)
        guard found.problems.isEmpty else {
            throw DocsError(message: found.problems.joined(separator: "\n"), exitCode: 1)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Replace from the bottom up so earlier spans keep their line numbers.
        for (block, span) in found.spans.sorted(by: { $0.value.begin > $1.value.begin }) {
            guard let content = contents[block] else { continue }
            let body = [""] + content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [""]
            lines.replaceSubrange((span.begin + 1)..<span.end, with: body)
        }
        return lines.joined(separator: "\n")
    }

    /// Reads a document under `root`.
    ///
    /// - Throws: ``DocsError`` (exit 66) when it cannot be read as UTF-8.
    static func read(_ file: String, root: String) throws(DocsError) -> String {
        let path = (root as NSString).appendingPathComponent(file)
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw DocsError(
                message: "cannot read \(path) (run from the package root, or pass '--docs-root DIR')",
                exitCode: 66)
        }
    }

    /// Every problem with the markers of every document under `root`.
    ///
    /// - Throws: ``DocsError`` (exit 66) when a document cannot be read.
    static func check(root: String) throws(DocsError) -> [String] {
        var problems: [String] = []
        for file in DocsBlock.files {
            problems += Self.problems(in: try read(file, root: root), file: file)
        }
        return problems
    }

    /// Checks that every document under `root` can be rewritten (readable, markers in order),
    /// without writing anything; run before a long measurement, so it cannot fail at the end.
    ///
    /// - Throws: ``DocsError``: exit 66 for an unreadable document, 1 for malformed markers.
    static func validateForWriting(root: String) throws(DocsError) {
        for file in DocsBlock.files {
            _ = try replacing([:], in: try read(file, root: root), file: file)
        }
    }

    /// Rewrites the blocks of every document under `root` with `contents` (each file replaced
    /// atomically, by a rename).
    ///
    /// - Throws: ``DocsError``: exit 66 for an unreadable document, 1 for malformed markers or a
    ///   failed write.
    static func write(_ contents: [DocsBlock: String], root: String) throws(DocsError) {
        for file in DocsBlock.files {
            let updated = try replacing(contents, in: try read(file, root: root), file: file)
            let path = (root as NSString).appendingPathComponent(file)
            do {
                try Data(updated.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw DocsError(message: "cannot write \(path): \(error.localizedDescription)", exitCode: 1)
            }
        }
    }

    /// The block and kind (begin: true) of a marker line, or nil when `line` is not exactly one.
    private static func parse(_ line: Substring) -> (DocsBlock, Bool)? {
        for block in DocsBlock.allCases {
            if line == block.beginMarker { return (block, true) }
            if line == block.endMarker { return (block, false) }
        }
        return nil
    }
}
