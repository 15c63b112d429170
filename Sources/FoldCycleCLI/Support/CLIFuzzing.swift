import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
        /// A render (or a status line) that parsed, the bytes of the frames rendered, and whether
        /// they are JSON lines (`--format json`).
        case rendered([UInt8], isJSON: Bool)
    }

    /// The lines `foldcycle run`'s card shows for a command's `output` read in chunks of
    /// `chunkBytes` (``OutputLines``): the latest line after each chunk, as plain text (nil
    /// while no line has text), and `title` as every output of `run` shows it.
    package static func runCardLines(_ output: [UInt8], chunkBytes: Int, title: String) -> (
        lines: [String?], title: String
    ) {
        var lines = OutputLines()
        var shown: [String?] = []
        var start = 0
        while start < output.count {
            let end = min(start + max(chunkBytes, 1), output.count)
            lines.append(Array(output[start..<end]))
            shown.append(lines.takeLatest()?.plainText)
            start = end
        }
        return (shown, RunCommand.plainTitle(title))
    }

    /// Parses `arguments` (without the program name) as `foldcycle` does. Arguments naming a file
    /// (`--file`, `--record`) must be left out by the caller: parsing reads an item file.
    package static func commandLine(_ arguments: [String]) -> Outcome {
        do {
            switch arguments.first.flatMap(CLICommand.subcommand(named:)) {
            case .help:
                _ = try CLICommand.helpTopic(Array(arguments.dropFirst()))
                return .help
            case .render:
                switch try RenderCommand.parse(Array(arguments.dropFirst())) {
                case .help, .listTransitions: return .help
                case .run(let command): return .rendered(try renderedSamples(command), isJSON: command.format == .json)
                }
            case .deck:
                return try DeckCommand.parse(Array(arguments.dropFirst())) == nil ? .help : .parsed
            case .status:
                // A status line at a fixed date, so that every value reaches the schedule's math.
                let now = Date(timeIntervalSince1970: 1_800_000_000)
                guard let command = try StatusCommand.parse(Array(arguments.dropFirst()), now: now, environment: [:])
                else { return .help }
                return .rendered(command.line(at: now), isJSON: false)
            case .send:
                return try SendCommand.parse(Array(arguments.dropFirst())) == nil ? .help : .parsed
            case .run:
                return try RunCommand.parse(Array(arguments.dropFirst())) == nil ? .help : .parsed
            case .live, nil:
                switch try LiveCommand.parse(arguments) {
                case .help, .version, .completionScript, .manual: return .help
                case .run: return .parsed
                }
            }
        } catch {
            return .error(error.message, error.exitCode)
        }
    }

    /// The first, middle and last frames of a parsed render as bytes of its stream format (plain
    /// text for the picture formats).
    ///
    /// - Throws: ``CLIError`` when a deck render's settings do not make a deck.
    private static func renderedSamples(_ command: RenderCommand) throws(CLIError) -> [UInt8] {
        let frames = try command.makeFrames()
        var stream = command.writer(for: frames)
        var bytes: [UInt8] = []
        for index in Set([0, frames.count / 2, frames.count - 1]).sorted() where index >= 0 {
            frames.render(index)
            if command.format.isStream {
                bytes += stream.write(frames.frame(index))
            } else {
                bytes += Array(PlainTextEncoder.lines(frames.cells).joined(separator: "\n").utf8)
            }
        }
        return bytes
    }

    /// Items from `--file` text (paragraphs) and from line text (the deck's standard input).
    package static func items(fromFileText text: String) -> [String] { ItemInput.items(fromFileText: text) }

    /// The instant `text` names as `status --at` and `--epoch` read it (``TimeText``), in
    /// seconds since 1970-01-01T00:00:00Z, or nil when it names none.
    package static func time(_ text: String) -> Double? {
        TimeText.parse(text)?.timeIntervalSince1970
    }

    /// `status`'s line for `item` in every format (item 0 of 1, the default style): plain, ansi
    /// (truecolor), tmux (truecolor), tmux without colour, waybar.
    package static func statusLines(_ item: String) -> [String: [UInt8]] {
        let style = CardStyle()
        func line(_ format: StatusFormat, _ depth: ColorDepth) -> [UInt8] {
            StatusLine.make(item: item, index: 0, count: 1, format: format, style: style, depth: depth)
        }
        return [
            "plain": line(.plain, .truecolor), "ansi": line(.ansi, .truecolor), "tmux": line(.tmux, .truecolor),
            "tmux-none": line(.tmux, .none), "waybar": line(.waybar, .truecolor),
        ]
    }

    /// How the tmux format writes one `#` of item text.
    package static var tmuxHash: String { StatusLine.tmuxHash }
    /// See ``items(fromFileText:)``.
    package static func items(fromLineText text: String) -> [String] { ItemInput.items(fromLineText: text) }
}

extension CLIFuzzing {
    /// A live run's commands carried out on a cycler as the session carries them out
    /// (``LiveController``), for the commands fuzz target: each gives the reply in words and the
    /// JSON-lines reply line.
    package final class LiveCommands {
        private let controller: LiveController

        /// A controller of `cycler`, the duration following a typed interval (no `--duration`).
        package init(cycler: Cycler<ArrayDataSource<StyledString>>) {
            controller = LiveController(cycler: cycler, durationFollowsInterval: true)
        }

        /// Carries out `command`; `fromZero` numbers items as the JSON-lines protocol does.
        ///
        /// - Returns: the reply in words and the reply line (`{"ok":…}` and a line feed) for `id`.
        package func execute(_ command: SessionCommand, id: JSONValue?, fromZero: Bool) -> (text: String, line: String)
        {
            let reply = controller.execute(command, numbering: fromZero ? .fromZero : .fromOne)
            switch reply.outcome {
            case .success(let result): return (reply.text, ProtocolReply.success(id: id, result: result))
            case .failure(let error): return (reply.text, ProtocolReply.failure(id: id, error: error))
            }
        }
    }
}
