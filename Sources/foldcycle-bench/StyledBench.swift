import FoldCycle
import FoldCycleCore
import Foundation

/// Styled cards through transitions (issue 29, point 7): a page of `git log --oneline --decorate
/// --color=always` (palette colours, bold, resets, read as ANSI) and a Markdown tip (a heading,
/// strong, emphasis, a code span, a link, a list), folding, turning and pushing at 80×24 in
/// truecolor, 256 and 16 colours, measured as ``FrameBench`` measures text: bytes per frame and
/// their ratio to the cell-diff floor.
///
/// The items are made here, the same on every run (hashes and messages from a seeded generator).
enum StyledBench {
    /// The card size of every case.
    static let size = TerminalSize(columns: 80, rows: 24)
    static let kinds: [TransitionKind] = [.fold, .cube, .push]
    static let depths: [ColorDepth] = [.truecolor, .ansi256, .ansi16]
    /// The two contents, by name.
    static let contents: [(name: String, item: @Sendable (Int) -> StyledString)] = [
        ("git-log", { StyledString(ansi: gitLogPage($0, rows: size.rows - 2)) }),
        ("markdown", { StyledString(markdown: markdownTip($0)) }),
    ]

    /// Every case, `minimumFrames` frames each (rounded up to whole transitions), direction down.
    static func run(minimumFrames: Int, framesPerTransition: Int, usesMoves: Bool) -> [(String, FrameResult)] {
        var results: [(String, FrameResult)] = []
        for content in contents {
            for kind in kinds {
                for depth in depths {
                    let frames = FrameBench.run(
                        size: size, kind: kind, direction: .down, depth: depth, minimumFrames: minimumFrames,
                        framesPerTransition: framesPerTransition, usesMoves: usesMoves, content: content.item)
                    results += frames.map { (content.name, $0) }
                }
            }
        }
        return results
    }

    static let subjects = [
        "Fuzz outputs", "Encoder: moves", "Deck: skipped cards come back", "Markdown reader",
        "Fix the fold at 16 colours",
        "Bench: styled cards", "README: pictures", "Player: resize", "Status: waybar markup", "Docs",
    ]

    /// Page `index` of a `git log --oneline --decorate --color=always`: `rows` commits, the first
    /// decorated with `HEAD -> main` and a tag, as git writes them (SGR 33 hashes, bold 36/32
    /// names, `ESC [m` resets).
    static func gitLogPage(_ index: Int, rows: Int) -> String {
        var random = SeededGenerator(seed: UInt64(index + 1) &* 0x2545_F491_4F6C_DD1D)
        return (0..<rows).map { row in
            let hash = String(random.next() % 0xFFF_FFFF, radix: 16).leftPadded(to: 7)
            var line = "\u{1B}[33m\(hash)\u{1B}[m"
            if row == 0 {
                line +=
                    "\u{1B}[33m (\u{1B}[m\u{1B}[1;36mHEAD -> \u{1B}[m\u{1B}[1;32mmain\u{1B}[m\u{1B}[33m, "
                    + "\u{1B}[m\u{1B}[1;33mtag: v0.\(index)\u{1B}[m\u{1B}[33m)\u{1B}[m"
            }
            return line + " " + subjects[Int(random.next() % UInt64(subjects.count))]
        }.joined(separator: "\n")
    }

    /// Tip `index` in Markdown: a heading, a paragraph with strong, emphasis, a code span and a
    /// link, and a three-item list.
    static func markdownTip(_ index: Int) -> String {
        """
        # Tip \(index + 1): fold your own cards
        Pipe **any command** into `foldcycle deck` and swipe: _left_ discards, _right_ keeps.
        Links such as [the manual](https://example.org/tips/\(index)) open where the terminal allows.
        - `--markdown` reads **bold**, _italic_ and `code`
        - `--ansi keep` keeps a command's colours
        - ~~plain text~~ styled text everywhere
        """
    }
}

extension String {
    /// The string with zeros in front up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(length - count, 0)) + self
    }
}

extension BenchReport {
    /// The styled cases ("" when they did not run): the diff encoder's figures per case.
    func styledTable() -> String {
        let results = styledFrames.filter { $0.result.encoder == .diff }.map { ($0.content, $0.result) }
        guard let sample = results.first?.1 else { return "" }
        let widths = [9, 6, 10, 9, 8, 8, 7, 7]
        var out = "\nStyled cards (a git log --color page, a Markdown tip), diff encoder, \(sample.frames) frames "
        out += "per case, \(sample.size), direction down; times in µs, bytes per frame\n"
        out += Self.row(["content", "kind", "depth", "median", "bytes", "floor", "ratio", "÷moves"], widths: widths)
        for (name, result) in results {
            out += Self.row(
                [
                    name, result.transition, BenchOptions.name(of: result.colorDepth),
                    String(format: "%.1f", result.composeEncodeMicros.median),
                    String(format: "%.0f", result.bytes.mean),
                    String(format: "%.0f", result.lowerBound.mean),
                    result.ratioToLowerBound.map { String(format: "%.2f", $0) } ?? "-",
                    result.moveLowerBound.mean > 0
                        ? String(format: "%.2f", result.bytes.mean / result.moveLowerBound.mean) : "-",
                ], widths: widths)
        }
        return out + "  ratio: bytes over the cell-diff floor; ÷moves: over the floor with line and character moves\n"
    }
}

/// One styled case: the content's name (`git-log`, `markdown`) and its figures.
struct StyledFrameResult: Codable, Sendable {
    var content: String
    var result: FrameResult
}
