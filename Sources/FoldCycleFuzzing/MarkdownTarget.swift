import FoldCycle

/// The Markdown reader (``MarkdownReader``) on any text: it returns (libFuzzer's timeout bounds
/// its time: half the inputs are repeated to 10 KB first, so that a run of markup that costs
/// more than linear time shows), its plain text holds no control but LF, its runs are the plain
/// text (none empty, no two neighbours alike), and a card read whole has the faces that reading
/// each face alone gives (the flashcard separator is found before the Markdown is read); a card
/// of it, encoded with its links sent as OSC 8, holds only the encoder's own bytes (a link's
/// target is percent-encoded whatever it holds).
enum MarkdownTarget {
    /// The length the repeated inputs reach.
    static let repeatedLength = 10_240

    static func run(_ input: inout FuzzInput) {
        let repeats = input.bool()
        var bytes = input.remaining
        if repeats, !bytes.isEmpty {
            let unit = bytes
            while bytes.count < repeatedLength { bytes += unit }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let styled = MarkdownReader.read(text)
        let plain = styled.plainText
        FuzzCheck.require(!FuzzCheck.hasControl(plain), "a control in the plain text")
        FuzzCheck.require(styled.runs.map(\.text).joined() == plain, "the runs are not the plain text")
        FuzzCheck.require(styled.runs.allSatisfy { !$0.text.isEmpty }, "an empty run")
        for (left, right) in zip(styled.runs, styled.runs.dropFirst()) {
            FuzzCheck.require(left.style != right.style, "two neighbouring runs in one style")
        }
        var cells = CellBuffer(width: 40, height: 4)
        TextLayout.layout(styled, into: &cells, alignment: .left, style: TextStyle())
        var encoder = ANSIEncoder(mode: .inline, depth: .truecolor, hyperlinks: true)
        var encoded: [UInt8] = []
        encoder.encodeFull(cells, into: &encoded)
        if let foreign = EncoderBytes.foreign(in: encoded) { FuzzCheck.require(false, "encoder output: \(foreign)") }
        let whole = CardFaces.styledSides(of: styled)
        let faces = CardFaces(item: MarkdownReader.normalized(text))
        FuzzCheck.require(whole.front == MarkdownReader.read(faces.front), "the front read whole differs")
        FuzzCheck.require(whole.back == faces.back.map(MarkdownReader.read), "the back read whole differs")
    }
}
