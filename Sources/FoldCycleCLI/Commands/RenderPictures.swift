import FoldCycle
import Foundation

/// `render`'s pictures: an asciicast recording of the ansi stream and an animated SVG, both from
/// the virtual clock, so the same arguments give the same bytes on every machine
/// (docs/DESIGN.md#pictures).
extension RenderCommand {
    /// The title both pictures carry: `foldcycle render: fold down`.
    var pictureTitle: String {
        "foldcycle render: \(transition)" + (transition.hasDirection ? " \(direction)" : "")
    }

    /// The loop's (or recording's) length: the transition, then the hold.
    var pictureDuration: TimeInterval { duration + hold }

    /// An asciicast v2 recording: the header (no timestamp; the card's width, its height plus the
    /// line the cursor ends on; `TERM=xterm-256color`), each frame of the ansi stream at its time,
    /// a marker naming the first item at 0 and the next when it settles, and the stream's end
    /// (cursor shown below the card) after the hold.
    func asciicast(_ frames: RenderFrames) -> [UInt8] {
        let header = AsciicastHeader(
            size: TerminalSize(columns: cardSize.columns, rows: cardSize.rows + 1),
            environment: ["TERM": "xterm-256color"], title: pictureTitle)
        var bytes = header.line
        var encoder = AsciicastEncoder()
        var stream = RenderStream(frames: frames)
        for index in 0..<frames.count {
            let state = frames.render(index)
            let time = frames.samples[index].time
            encoder.append(.output(stream.frame(index, state: state, cells: frames.cells)), at: time, to: &bytes)
            if index == 0 { encoder.append(.marker(items[fromItem]), at: time, to: &bytes) }
        }
        encoder.append(.marker(items[frames.toItem]), at: duration, to: &bytes)
        encoder.append(.output(stream.end()), at: pictureDuration, to: &bytes)
        return bytes
    }

    /// One animated SVG of the frames that start before the loop ends (with no hold the last
    /// frame, at the transition's end, is where the loop starts again).
    ///
    /// - Throws: ``CLIError/runtime(_:)`` if the writer rejects the frames (it does not for
    ///   frames made here).
    func svg(_ frames: RenderFrames) throws(CLIError) -> String {
        var pictures: [AnimatedSVG.Frame] = []
        for index in 0..<frames.count where index == 0 || frames.samples[index].time < pictureDuration {
            frames.render(index)
            pictures.append(AnimatedSVG.Frame(time: frames.samples[index].time, cells: frames.cells))
        }
        do {
            return try AnimatedSVG.document(frames: pictures, duration: pictureDuration, style: pictureStyle)
        } catch {
            throw .runtime("\(error)")
        }
    }
}
