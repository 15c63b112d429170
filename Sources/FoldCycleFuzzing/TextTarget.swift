import FoldCycle

/// Text layout and sanitizing: sanitized text holds no control but LF and TAB, plain text none
/// but LF; a laid-out card keeps its size, its wide clusters whole (a lead then its
/// continuation), no control in any cell, a width per row equal to the card's; and its encoded
/// bytes hold no sequence but the encoder's own.
enum TextTarget {
    static func run(_ input: inout FuzzInput) {
        let width = input.int(in: 1...60)
        let height = input.int(in: 1...8)
        let alignment = input.pick(HorizontalAlignment.allCases)
        let depth = input.pick(ColorDepth.allCases)
        let text = String(decoding: input.remaining, as: UTF8.self)
        FuzzCheck.require(!FuzzCheck.hasControl(TextLayout.sanitized(text), allowingTab: true), "sanitized control")
        FuzzCheck.require(!FuzzCheck.hasControl(TextLayout.plainText(text)), "plain text control")
        let metrics = TextLayout.measure(text)
        FuzzCheck.require(metrics.lineCount >= 1 && metrics.width >= 0, "metrics \(metrics)")
        let style = TextStyle(foreground: .rgb(RGBColor(red: 9, green: 99, blue: 199)), background: .default)
        let cells = TextLayout.layout(text, width: width, height: height, alignment: alignment, style: style)
        FuzzCheck.require(cells.width == width && cells.height == height, "layout size")
        for y in 0..<height {
            var x = 0
            while x < width {
                let cell = cells[x, y]
                FuzzCheck.require(!cell.isContinuation, "a continuation without its lead at \(x),\(y)")
                let cluster = String(GlyphTable.shared.character(for: cell.glyph))
                FuzzCheck.require(!FuzzCheck.hasControl(cluster) && cluster != "\n", "a control in a cell")
                if cell.width == 2 {
                    FuzzCheck.require(
                        x + 1 < width && cells[x + 1, y].isContinuation, "a wide cluster cut at \(x),\(y)")
                    x += 2
                } else {
                    x += 1
                }
            }
        }
        var encoder = ANSIEncoder(mode: .inline, depth: depth)
        var bytes: [UInt8] = []
        encoder.encodeFull(cells, into: &bytes)
        if let foreign = EncoderBytes.foreign(in: bytes) { FuzzCheck.require(false, "encoder output: \(foreign)") }
        for line in FooterLine(text, showsCaret: true, wraps: true).rows(width: width) {
            var row = CellBuffer(width: width, height: 1)
            row.drawText(line, row: 0)
        }
    }
}
