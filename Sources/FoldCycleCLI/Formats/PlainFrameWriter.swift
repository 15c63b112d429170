import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RenderCommand.Format {
    static let plain = Self(PlainFrameWriter.self)
}

/// `--format plain`: each frame as `# frame i/N` and its fields, the card's rows as text (no
/// trailing spaces), and a blank line.
struct PlainFrameWriter: FrameWriter {
    static let name = "plain"
    static let isStream = true
    static let showsPictures = false
    static let helpParagraph = [
        "Per frame: '# frame i/N t=<t> progress=<p>' (i from 1 to N), the card's rows",
        "as text (a picture's card shows its path), a blank line.",
    ]

    init() {}

    init(command: RenderCommand, title: String, loopEnd: TimeInterval) { self.init() }

    mutating func write(_ frame: RenderedFrame) -> [UInt8] {
        var text = "# frame \(frame.index + 1)/\(frame.count)"
        for field in frame.summary() { text += " \(field.name)=\(field.value)" }
        text += "\n"
        for line in PlainTextEncoder.lines(frame.cells) { text += line + "\n" }
        return Array((text + "\n").utf8)
    }

    mutating func end(at time: TimeInterval) -> [UInt8] { [] }
}
