import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `render`'s pictures: an asciicast recording of the ansi stream and an animated SVG, both from
/// the virtual clock, so the same arguments give the same bytes on every machine
/// (docs/DESIGN.md#pictures). Either is made of a transition's frames or a scripted deck's
/// (``RenderSource``).
extension RenderCommand {
    /// The loop's (or recording's) length: `source`'s last frame, then the hold.
    func pictureDuration(_ source: any RenderSource) -> TimeInterval { source.endTime + hold }

    /// An asciicast v2 recording: the header (no timestamp; the frames' width, their height plus
    /// the line the cursor ends on; `TERM=xterm-256color`), each frame of the ansi stream at its
    /// time followed by its markers (a transition: the first item after the first frame, the
    /// next after the last; a deck: each action as it begins), and the stream's end (cursor
    /// shown below the frames) after the hold.
    func asciicast(_ source: any RenderSource) -> [UInt8] {
        let size = source.frameSize
        let header = AsciicastHeader(
            size: TerminalSize(columns: size.columns, rows: size.rows + 1),
            environment: ["TERM": "xterm-256color"], title: source.title)
        var bytes = header.line
        var encoder = AsciicastEncoder()
        var stream = RenderStream(command: self)
        for index in 0..<source.count {
            source.render(index)
            let time = source.time(ofFrame: index)
            encoder.append(.output(stream.frame(index, of: source)), at: time, to: &bytes)
            for marker in source.markers(afterFrame: index) { encoder.append(.marker(marker), at: time, to: &bytes) }
        }
        encoder.append(.output(stream.end()), at: pictureDuration(source), to: &bytes)
        return bytes
    }

    /// One animated SVG of the frames that start before the loop ends (with no hold the last
    /// frame is where the loop starts again), built as they are made: only distinct pictures are
    /// kept.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` before any frame is made when the frames' cells add up
    ///   to more than ``Limits/svgCells``.
    func svg(_ source: any RenderSource) throws(CLIError) -> String {
        let duration = pictureDuration(source)
        let size = source.frameSize
        let perFrame = max(size.columns * size.rows, 1)
        let (cells, overflow) = source.count.multipliedReportingOverflow(by: perFrame)
        if overflow || cells > Limits.svgCells {
            throw .usage(
                "--format svg: \(source.count) frames of \(size.columns)x\(size.rows) cells are more than an SVG "
                    + "holds (\(Limits.svgCells) cells in all: \(Limits.svgCells / perFrame) frames of this size); "
                    + (deck == nil
                        ? "lower --fps or --duration (or the card's size)" : "lower --fps or shorten the --deck script")
                    + ", or use --format asciicast", .render)
        }
        var builder = AnimatedSVG.Builder(columns: size.columns, rows: size.rows, style: pictureStyle)
        for index in 0..<source.count where index == 0 || source.time(ofFrame: index) < duration {
            source.render(index)
            builder.add(source.cells, at: source.time(ofFrame: index))
        }
        return builder.document(duration: duration)
    }
}
