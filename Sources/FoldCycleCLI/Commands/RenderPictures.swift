import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `render`'s pictures, an asciicast recording of the ansi stream and an animated SVG, both from
/// the virtual clock, so the same arguments give the same bytes on every machine
/// (docs/DESIGN.md#pictures). Either is made of a transition's frames or a scripted deck's
/// (``RenderSource``) by its ``FrameWriter``.
extension RenderCommand {
    /// The loop's (or recording's) length: `source`'s last frame, then the hold (with `--cycle`, the
    /// last frame, where the first item landed again: its hold begins the loop).
    func pictureDuration(_ source: any RenderSource) -> TimeInterval { source.endTime + (cycle ? 0 : hold) }

    /// Refuses a picture of more cells than its format holds, before any frame is made.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` when the frames' cells add up to more than the
    ///   format's ``FrameWriter/cellLimit``.
    func checkCellLimit(_ source: any RenderSource) throws(CLIError) {
        guard let (limit, holder) = format.writer.cellLimit else { return }
        let size = source.frameSize
        let perFrame = max(size.columns * size.rows, 1)
        let (cells, overflow) = source.count.multipliedReportingOverflow(by: perFrame)
        if overflow || cells > limit {
            throw .usage(
                "--format \(format): \(source.count) frames of \(size.columns)x\(size.rows) cells are more than "
                    + "\(holder) holds (\(limit) cells in all: \(limit / perFrame) frames of this "
                    + "size); "
                    + (deck == nil
                        ? "lower --fps or --duration (or the card's size)" : "lower --fps or shorten the --deck script")
                    + ", or use --format asciicast", .render)
        }
    }

    /// The writer of ``format`` for `source`'s frames.
    func writer(for source: any RenderSource) -> any FrameWriter {
        format.writer(for: self, title: source.title, loopEnd: pictureDuration(source))
    }
}
