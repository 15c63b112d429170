import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--format plain`: each frame as `# frame i/N` and its fields, the card's rows as text (no
/// trailing spaces), and a blank line.
struct PlainFrameWriter: FrameWriter {
    mutating func write(_ frame: RenderedFrame) -> [UInt8] {
        var text = "# frame \(frame.index + 1)/\(frame.count)"
        for field in frame.summary() { text += " \(field.name)=\(field.value)" }
        text += "\n"
        for line in PlainTextEncoder.lines(frame.cells) { text += line + "\n" }
        return Array((text + "\n").utf8)
    }

    mutating func end(at time: TimeInterval) -> [UInt8] { [] }
}
