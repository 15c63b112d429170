/// Text in one rendition as terminal bytes, for output that is not a frame (a status line, a
/// prompt segment): the SGR that selects the style, formed by the encoder's own SGR writer at
/// the output's colour depth, then the text, then an SGR reset.
///
/// The text is data: it is sanitized (``TextLayout/plainText(_:)``: controls as visible
/// pictures, tabs as spaces) so no escape sequence in it reaches the terminal.
package enum StyledText {
    /// `CSI 0;1;38;2;r;g;b;48;2;r;g;b m` + `text` + `CSI 0m`; at ``ColorDepth/none`` the
    /// attributes only (bold, …); with a default style and no attributes, the text alone.
    ///
    /// - Parameters:
    ///   - text: one line (a line feed in it is kept as a line feed).
    ///   - style: its colours and attributes.
    ///   - depth: the colour depth colours are downsampled to (``ColorDepth/none`` writes none).
    package static func bytes(_ text: String, style: TextStyle, depth: ColorDepth) -> [UInt8] {
        var bytes: [UInt8] = []
        let cell = Cell(
            glyph: 0x41, foreground: style.foreground, background: style.background, attributes: style.attributes)
        var state = SGRState(depth: depth)
        // The pen the terminal has after a reset: the default colours and no attributes.
        state.pen = Pen(
            foreground: TerminalColor.packedDefault, background: TerminalColor.packedDefault, attributes: [],
            outputForeground: Pen.outputDefault, outputBackground: Pen.outputDefault)
        let styled = !state.penMatches(cell)
        if styled {
            ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
                state.changePen(cell, sink: &sink, bytes: &bytes)
            }
        }
        bytes += Array(TextLayout.plainText(text).utf8)
        if styled { EscapeSequence.resetAttributes.append(to: &bytes) }
        return bytes
    }

    /// Styled runs on one line as terminal bytes: each run's SGR (its colours where they are not
    /// the default, `style`'s otherwise; both styles' attributes, ``TextStyle/cell(for:)``), then
    /// its text, then an SGR reset; at ``ColorDepth/none`` the attributes only.
    ///
    /// - Parameters:
    ///   - text: one line of runs (a line feed in it is kept as a line feed); each run's text is
    ///     sanitized as ``bytes(_:style:depth:)`` sanitizes its text.
    ///   - style: the colours and attributes under the runs' own.
    ///   - depth: the colour depth colours are downsampled to.
    package static func bytes(_ text: StyledString, style: TextStyle, depth: ColorDepth) -> [UInt8] {
        var bytes: [UInt8] = []
        var state = SGRState(depth: depth)
        state.pen = Pen(
            foreground: TerminalColor.packedDefault, background: TerminalColor.packedDefault, attributes: [],
            outputForeground: Pen.outputDefault, outputBackground: Pen.outputDefault)
        var styled = false
        var style = style.under(text)
        style.contrastDepth = depth
        for run in text.runs {
            // A letter, not the space `cell(for:)` holds: the pen is compared as for a glyph that
            // shows its foreground.
            var cell = style.cell(for: run.style)
            cell.glyph = 0x41
            if !state.penMatches(cell) {
                styled = true
                ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
                    sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
                    state.changePen(cell, sink: &sink, bytes: &bytes)
                }
            }
            bytes += Array(TextLayout.plainText(run.text).utf8)
        }
        if styled { EscapeSequence.resetAttributes.append(to: &bytes) }
        return bytes
    }
}
