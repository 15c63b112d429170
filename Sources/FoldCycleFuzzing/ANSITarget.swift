import FoldCycle

/// The ANSI reader (``ANSIReader``, ``ANSIHandling``) on any text, once as it is and (one input
/// in two) repeated to at least ``overlongBytes``. Properties: under `keep` and `strip` no run
/// is empty, holds no control but LF and TAB (no ESC, C1 or DEL), and neighbouring runs differ in
/// style; the plain text is the runs' texts joined, the same under both, and the input with
/// scalars taken out (nothing is added or reordered); reading it again gives it back as one plain
/// run; a link is printable ASCII within ``ANSIReader/maximumLinkLength``; a whole sequence
/// (``wholeSequences``) before or after the text leaves the plain text as it is. Under `show` the text
/// is the input, and shown it holds no control but LF and TAB, each ESC as ␛. A card laid out from
/// `keep` holds no control in any cell, and its encoded bytes (links sent as OSC 8) are the
/// encoder's own.
enum ANSITarget {
    /// The size (in UTF-8 bytes) a repeated input reaches: an overlong item (issue 29).
    static let overlongBytes = 10_240

    /// Whole escape sequences that show no text: one before the text (read from the ground state)
    /// or after it (ending whatever the text leaves open: a sequence cut short by an ESC or a C1
    /// control is dropped up to there) leaves the plain text as it is.
    static let wholeSequences = [
        "\u{1B}[2J", "\u{1B}[1;31m", "\u{1B}]0;title\u{07}", "\u{1B}]8;;http://x\u{1B}\\", "\u{1B}P1$r\u{1B}\\",
        "\u{1B}_apc\u{9C}", "\u{1B}(B", "\u{9B}0m",
    ]

    static func run(_ input: inout FuzzInput) {
        let width = input.int(in: 1...40)
        let depth = input.pick(ColorDepth.allCases)
        let overlong = input.bool()
        let sequence = input.pick(wholeSequences)
        var text = String(decoding: input.remaining, as: UTF8.self)
        if overlong && !text.isEmpty {
            text = String(repeating: text, count: (overlongBytes + text.utf8.count - 1) / text.utf8.count)
        }
        let kept = ANSIHandling.keep.styledString(text)
        let stripped = ANSIHandling.strip.styledString(text)
        checkRead(kept, of: text, handling: .keep)
        checkRead(stripped, of: text, handling: .strip)
        FuzzCheck.require(stripped.plainText == kept.plainText, "keep and strip give different plain text")
        FuzzCheck.require(stripped.isPlain, "strip keeps a style")
        FuzzCheck.require(
            ANSIReader.read(kept.plainText) == StyledString(kept.plainText), "the plain text reads back differently")
        FuzzCheck.require(
            ANSIReader.stripped(sequence + text) == kept.plainText, "\(sequence.debugDescription) before: other text")
        FuzzCheck.require(
            ANSIReader.stripped(text + sequence) == kept.plainText, "\(sequence.debugDescription) after: other text")
        checkShown(ANSIHandling.show.styledString(text), of: text)
        checkCard(kept, width: width, depth: depth)
    }

    /// The reader's contract for `keep` and `strip` (``ANSIReader``).
    private static func checkRead(_ styled: StyledString, of text: String, handling: ANSIHandling) {
        var joined = ""
        for (index, run) in styled.runs.enumerated() {
            FuzzCheck.require(!run.text.isEmpty, "\(handling): an empty run")
            FuzzCheck.require(
                !FuzzCheck.hasControl(run.text, allowingTab: true),
                "\(handling): a control in \(run.text.debugDescription)")
            if index > 0 {
                FuzzCheck.require(styled.runs[index - 1].style != run.style, "\(handling): runs not merged")
            }
            if let link = run.style.link {
                FuzzCheck.require(
                    !link.isEmpty && link.unicodeScalars.count <= ANSIReader.maximumLinkLength
                        && link.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) },
                    "\(handling): a link \(link.debugDescription)")
            }
            joined += run.text
        }
        FuzzCheck.require(styled.plainText == joined, "\(handling): the plain text is not the runs' texts")
        FuzzCheck.require(
            !FuzzCheck.hasControl(styled.plainText, allowingTab: true), "\(handling): a control in the plain text")
        FuzzCheck.require(
            isSubsequence(styled.plainText.unicodeScalars, of: text.unicodeScalars),
            "\(handling): the plain text holds what the input does not")
    }

    /// Whether `part` is `whole` with some scalars taken out.
    private static func isSubsequence(_ part: String.UnicodeScalarView, of whole: String.UnicodeScalarView) -> Bool {
        var remaining = whole[...]
        for scalar in part {
            guard let found = remaining.firstIndex(of: scalar) else { return false }
            remaining = remaining[remaining.index(after: found)...]
        }
        return true
    }

    /// `show`: the text as it is, shown with visible pictures.
    private static func checkShown(_ styled: StyledString, of text: String) {
        FuzzCheck.require(styled.plainText == text && styled.isPlain, "show changes the text")
        let shown = TextLayout.sanitized(styled.plainText)
        FuzzCheck.require(!FuzzCheck.hasControl(shown, allowingTab: true), "show: a control is shown raw")
        let escapes = text.unicodeScalars.count { $0 == "\u{1B}" || $0 == "\u{241B}" }
        FuzzCheck.require(shown.unicodeScalars.count { $0 == "\u{241B}" } == escapes, "show: an ESC not shown as ␛")
    }

    /// A card of the kept runs: no control in a cell, and only the encoder's own bytes.
    private static func checkCard(_ styled: StyledString, width: Int, depth: ColorDepth) {
        var cells = CellBuffer(width: width, height: 3)
        TextLayout.layout(styled, into: &cells, alignment: .left, style: TextStyle())
        for y in 0..<cells.height {
            for x in 0..<cells.width where !cells[x, y].isContinuation {
                let cluster = String(GlyphTable.shared.character(for: cells[x, y].glyph))
                FuzzCheck.require(!FuzzCheck.hasControl(cluster) && cluster != "\n", "a control in a cell")
            }
        }
        // Links sent: their targets are the only bytes the runs bring that the encoder writes.
        var encoder = ANSIEncoder(mode: .inline, depth: depth, hyperlinks: true)
        var bytes: [UInt8] = []
        encoder.encodeFull(cells, into: &bytes)
        if let foreign = EncoderBytes.foreign(in: bytes) { FuzzCheck.require(false, "encoder output: \(foreign)") }
    }
}
