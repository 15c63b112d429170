import FoldCycle
import FoldCycleCLI
import Foundation

/// Every text output of item text (issue 24): the status formats and their escaping, the
/// asciicast writer's markers and title, the animated SVG built frame by frame, and the deck
/// script's error. Properties: no control or width-0 cluster reaches a status line; the tmux line
/// reads back as the plain one under tmux's two readings (each `#` as ``CLIFuzzing/tmuxHash``,
/// no run of more than three `#`); waybar's is JSON; markers and titles read back as the plain
/// text on one line; the SVG built frame by frame is the document of the same frames; errors quote boundedly;
/// `foldcycle run`'s card line from a command's output and its title hold no control.
enum OutputsTarget {
    static func run(_ input: inout FuzzInput) {
        let columns = input.int(in: 1...12)
        let frameCount = input.int(in: 1...4)
        let text = String(decoding: input.remaining, as: UTF8.self)
        runCard(Array(input.remaining), chunkBytes: columns * 7, text: text)
        statusLines(text)
        asciicast(text)
        svg(text, columns: columns, frames: frameCount)
        deckScript(text)
    }

    /// Width-0 clusters a line of text must not hold (bidi controls, invisible format characters).
    static func hasInvisible(_ text: String) -> Bool {
        text.contains { $0 != "\n" && DisplayWidth.of($0) == 0 }
    }

    /// `foldcycle run`'s card line from a command's output, read in chunks: one line with text,
    /// no control but a tab, at most the bytes kept of a line; its title: no control, one line.
    private static func runCard(_ output: [UInt8], chunkBytes: Int, text: String) {
        let card = CLIFuzzing.runCardLines(output, chunkBytes: chunkBytes, title: text)
        for case let line? in card.lines {
            FuzzCheck.require(!line.isEmpty && !line.contains("\n"), "a card line of no text or of two lines")
            FuzzCheck.require(!FuzzCheck.hasControl(line, allowingTab: true), "a control in a card line")
            FuzzCheck.require(line.unicodeScalars.count <= 16 * 1024, "a card line longer than the bytes kept")
        }
        FuzzCheck.require(
            !FuzzCheck.hasControl(card.title) && !card.title.contains("\n"), "a control in a run's title")
    }

    private static func statusLines(_ text: String) {
        let lines = CLIFuzzing.statusLines(text)
        let plain = String(decoding: lines["plain"] ?? [], as: UTF8.self)
        FuzzCheck.require(plain.hasSuffix("\n"), "a plain status line ends with a line feed")
        let shown = String(plain.dropLast())
        FuzzCheck.require(!FuzzCheck.hasControl(shown) && !shown.contains("\n"), "a control in a status line")
        FuzzCheck.require(!hasInvisible(shown), "a width-0 cluster in a status line")
        // Bytes, not characters: a prepended scalar (U+0600) joins the `#` after it into one
        // character, but tmux reads bytes.
        for name in ["tmux", "tmux-none"] {
            var tmux = lines[name] ?? []
            FuzzCheck.require(tmux.last == 0x0A, "a tmux line ends with a line feed")
            tmux.removeLast()
            if name == "tmux" {
                let suffix = Array("#[default]".utf8)
                guard let start = firstRange(of: Array(",bold]".utf8), in: tmux), tmux.count >= start + suffix.count,
                    Array(tmux.suffix(suffix.count)) == suffix
                else {
                    FuzzCheck.require(false, "a tmux line is styled")
                    return
                }
                tmux = Array(tmux[start..<(tmux.count - suffix.count)])
            }
            FuzzCheck.require(firstRange(of: Array("####".utf8), in: tmux) == nil, "a run of four # reaches tmux")
            FuzzCheck.require(
                tmuxDecoded(tmux) == Array(shown.utf8), "the tmux line reads back as \(shown.debugDescription)")
        }
        let waybar = lines["waybar"] ?? []
        let object = try? JSONSerialization.jsonObject(with: Data(waybar)) as? [String: Any]
        FuzzCheck.require(object?["text"] is String, "waybar's line is a JSON object with text")
    }

    /// The item text of a tmux line: each `#` must be ``CLIFuzzing/tmuxHash``.
    private static func tmuxDecoded(_ line: [UInt8]) -> [UInt8]? {
        let hash = Array(CLIFuzzing.tmuxHash.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < line.count {
            if line[index] == UInt8(ascii: "#") {
                guard line.count - index >= hash.count, Array(line[index..<index + hash.count]) == hash else {
                    return nil
                }
                result.append(UInt8(ascii: "#"))
                index += hash.count
            } else {
                result.append(line[index])
                index += 1
            }
        }
        return result
    }

    /// Where `needle` first ends in `haystack` (the index after it), or nil.
    private static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            return start + needle.count
        }
        return nil
    }

    private static func asciicast(_ text: String) {
        var encoder = AsciicastEncoder()
        let marker = encoder.line(.marker(text), at: 1)
        let array = try? JSONSerialization.jsonObject(with: Data(marker)) as? [Any]
        let label = array?.last as? String
        FuzzCheck.require(label == TextLayout.oneLine(text), "a marker reads back as the plain text on one line")
        if let label {
            FuzzCheck.require(!FuzzCheck.hasControl(label) && !hasInvisible(label), "a control in a marker")
        }
        let header = AsciicastHeader(size: TerminalSize(columns: 2, rows: 1), title: text).line
        let object = try? JSONSerialization.jsonObject(with: Data(header)) as? [String: Any]
        FuzzCheck.require(
            object?["title"] as? String == TextLayout.oneLine(text), "the title reads back plain, on one line")
    }

    private static func svg(_ text: String, columns: Int, frames count: Int) {
        let style = TextStyle(foreground: .rgb(RGBColor(red: 200, green: 10, blue: 10)), background: .default)
        var frames: [AnimatedSVG.Frame] = []
        for index in 0..<count {
            let shown = index % 2 == 0 ? text : String(text.reversed())
            let cells = TextLayout.layout(shown, width: columns, height: 2, alignment: .left, style: style)
            frames.append(AnimatedSVG.Frame(time: Double(index) * 0.5, cells: cells))
        }
        let duration = Double(count) * 0.5
        guard let document = try? AnimatedSVG.document(frames: frames, duration: duration) else {
            FuzzCheck.require(false, "the SVG writer refused valid frames")
            return
        }
        var builder = AnimatedSVG.Builder(columns: columns, rows: 2, style: AnimatedSVGStyle())
        for frame in frames { builder.add(frame.cells, at: frame.time) }
        FuzzCheck.require(builder.document(duration: duration) == document, "the builder's SVG differs")
        FuzzCheck.require(
            document.hasSuffix("</svg>\n")
                && !document.unicodeScalars.contains {
                    $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
                },
            "a control in the SVG")
    }

    private static func deckScript(_ text: String) {
        guard !text.contains("\0") else { return }
        if case .error(let message, let code) = CLIFuzzing.commandLine(["render", "--deck", text, "a"]) {
            FuzzCheck.require(code == 64, "a bad --deck script is a usage error")
            FuzzCheck.require(message.count <= 1_500, "a --deck error quotes \(message.count) characters")
        }
    }
}
