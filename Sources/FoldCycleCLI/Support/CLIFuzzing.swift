import FoldCycle

/// The command line tool's decoders of outside input, for the fuzz targets (`FoldCycleFuzzing`)
/// and the tests that replay their corpora: package-internal, so nothing is added to the tool's
/// public surface.
package enum CLIFuzzing {
    /// What one command line comes to, without running anything: help, an error, or a parsed
    /// command; a parsed `render` also renders its first, middle and last frames (in its own
    /// format, pictures as plain text), so every value the parser accepts reaches the math.
    package enum Outcome: Equatable, Sendable {
        /// Help or the version.
        case help
        /// The error's full stderr text and exit code.
        case error(String, Int32)
        /// A live run or a deck that parsed (not run).
        case parsed
        /// A render that parsed, and the bytes of the frames rendered.
        case rendered([UInt8])
    }

    /// Parses `arguments` (without the program name) as `foldcycle` does. Arguments naming a file
    /// (`--file`, `--record`) must be left out by the caller: parsing reads an item file.
    package static func commandLine(_ arguments: [String]) -> Outcome {
        do {
            switch arguments.first.flatMap(CLICommand.subcommand(named:)) {
            case .render:
                switch try RenderCommand.parse(Array(arguments.dropFirst())) {
                case .help, .listTransitions: return .help
                case .run(let command): return .rendered(renderedSamples(command))
                }
            case .deck:
                return try DeckCommand.parse(Array(arguments.dropFirst())) == nil ? .help : .parsed
            case .live, nil:
                switch try LiveCommand.parse(arguments) {
                case .help, .version: return .help
                case .run: return .parsed
                }
            }
        } catch {
            return .error(error.message, error.exitCode)
        }
    }

    /// The first, middle and last frames of a parsed render as bytes of its stream format (plain
    /// text for the picture formats).
    private static func renderedSamples(_ command: RenderCommand) -> [UInt8] {
        let frames = RenderFrames(command: command)
        var stream = RenderStream(frames: frames)
        var bytes: [UInt8] = []
        for index in Set([0, frames.count / 2, frames.count - 1]).sorted() {
            let state = frames.render(index)
            if command.format.isStream {
                bytes += stream.frame(index, state: state, cells: frames.cells)
            } else {
                bytes += Array(PlainTextEncoder.lines(frames.cells).joined(separator: "\n").utf8)
            }
        }
        return bytes
    }

    /// Items from `--file` text (paragraphs) and from line text (the deck's standard input).
    package static func items(fromFileText text: String) -> [String] { ItemInput.items(fromFileText: text) }
    /// See ``items(fromFileText:)``.
    package static func items(fromLineText text: String) -> [String] { ItemInput.items(fromLineText: text) }
}
