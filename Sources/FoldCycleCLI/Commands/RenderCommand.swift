import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `foldcycle render`: writes every interpolated frame of one transition, or of a scripted
/// swipe deck (`--deck`), from a virtual clock: as text, JSON or an ANSI stream (at once, or
/// paced at the frames' real times), or as a picture to share, an asciicast recording or an
/// animated SVG (docs/DESIGN.md#pictures, docs/DESIGN.md#deck-pictures).
struct RenderCommand {
    /// The formats `--play` paces (`plain, ansi and json`, `or` in place of `and`).
    static func streamNames(conjunction: String = "and") -> String {
        Format.names(where: \.isStream, conjunction: conjunction)
    }

    /// The formats written as one picture at the end, which `--hold` applies to.
    static func pictureNames(conjunction: String = "and") -> String {
        Format.names(where: { !$0.isStream }, conjunction: conjunction)
    }

    /// `render`'s own options; the shared ones are in ``SharedOptions``.
    enum Options {
        /// `--frames`: absent, 9 frames (or `--fps 30` for pictures and `--play`).
        static let frames = IntegerOption(
            "frames", value: "count", summary: "Frames to write, at t = i/(count−1).", range: .init(2...10_000),
            defaultText: "9; 30 per second with \(Format.list(where: { !$0.isStream })) and --play")
        /// `--fps`: sample per second of `--duration` instead of `--frames`.
        static let framesPerSecond = IntegerOption(
            "fps", value: "n", summary: "Frames per second of --duration instead of --frames (k/n s, and the end).",
            range: .init(1...240), defaultText: "none")
        /// `--duration`: the transition's length; the default is the source's `interval − 0.1` at
        /// its 2-second interval (the whole fold, slowly, for those who port or test it), not the
        /// live cycler's `min(0.6, interval/3)`, which keeps a card readable between folds.
        static let duration = NumberOption(
            "duration", value: "seconds",
            summary:
                "Seconds the transition runs: a frame at t is at t × seconds. The default is the design's "
                + "(a 2 s interval − 0.1), not live's min(0.6, interval/3).",
            range: .init(0.01...3600, unit: "seconds"), default: 1.9)
        /// `--hold`: the last frame's extra time in pictures.
        static let hold = NumberOption(
            "hold", value: "seconds",
            summary:
                "\(Format.list(where: { !$0.isStream })): seconds the last frame stays before the end or loop; "
                + "with --cycle, any format: seconds each item rests before its transition.",
            range: .init(0...3600, unit: "seconds"), default: 1)
        static let play = FlagOption(
            "play",
            summary:
                "\(Format.list(where: \.isStream)): write each frame at its time instead of all at once.")
        static let fromItem = IntegerOption(
            "from-item", value: "index", summary: "Render the transition from this item to the next.",
            range: .init(from: 0, upTo: "the last item's index"), default: 0)
        static let format = ChoiceOption(
            "format", value: "format", summary: "Output format.", cases: Format.allCases, default: .plain)
        /// `--encoder`: `full` (true) redraws every frame whole.
        static let encoder = ChoiceOption(
            "encoder", value: "encoder", summary: "ansi: draw each frame as a diff or whole.",
            choices: [("diff", false), ("full", true)], default: false)
        /// `--rep`: the diff writes runs of one glyph with REP (docs/decisions/0255).
        static let repeats = FlagOption(
            "rep",
            summary:
                "ansi: write a run of one glyph as the glyph and REP (CSI n b) where shorter; only for terminals "
                + "that take it (xterm, VTE, kitty, mlterm, foot; not tmux 3.3a nor the Linux console).")
        static let fontFamily = TextOption(
            "font-family", value: "fonts", summary: "svg: the CSS font-family list (no font is embedded).",
            defaultText: AnimatedSVGStyle.defaultFontFamily)
        static let cellSize = TextOption(
            "cell-size", value: "WxH", summary: "svg: a cell's width and height in pixels.", defaultText: "10x20")
        static let listTransitions = FlagOption(
            "list-transitions", summary: "Print the transitions' names, one per line, and exit.")
        /// `--cycle`: every item's transition in turn, each item held `--hold` seconds first.
        static let cycle = FlagOption(
            "cycle",
            summary:
                "Render the whole cycle: every item once, each held --hold seconds before its transition to the "
                + "next, back to the first.")
        /// `--deck`: a scripted deck instead of a transition.
        static let deck = TextOption(
            "deck", value: "actions",
            summary: "Render a swipe deck driven by these actions instead of a transition (see DECK).")
        /// `--pause`: the deck's rest before each action.
        static let pause = NumberOption(
            "pause", value: "seconds", summary: "--deck: seconds the deck stays at rest before each action.",
            range: .init(0...60, unit: "seconds"), default: 0.5)
        /// `--deck-width`: the deck's area (and footer) width.
        static let deckWidth = IntegerOption(
            "deck-width", value: "cells", summary: "--deck: the deck's width in cells (cards fly off beyond it).",
            range: .init(SharedOptions.widthRange), defaultText: "80, or 1.5 × the card's width when wider")
        /// `--visible`: as `foldcycle deck --visible`.
        static let visible = DeckCommand.Options.visible.reworded(
            summary: "--deck: cards on screen, the top one included.")
        /// `--drag`: as `foldcycle deck --drag`.
        static let drag = DeckCommand.Options.drag.reworded(
            summary: "--deck: what a released drag does: decide left or right, or page.")
        /// `--loop`: as `foldcycle deck --loop`.
        static let loop = DeckCommand.Options.loop.reworded(summary: "--deck: start over after the last card.")
    }

    /// The options only a transition's render takes.
    static let transitionOnlyOptions: [OptionSpec] = [
        SharedOptions.transition.spec, SharedOptions.direction.spec, SharedOptions.timing.spec, Options.frames.spec,
        Options.duration.spec, Options.fromItem.spec, Options.cycle.spec,
    ]

    /// The options only `--deck` takes.
    static let deckOnlyOptions: [OptionSpec] = [
        Options.pause.spec, Options.deckWidth.spec, Options.visible.spec, Options.drag.spec, Options.loop.spec,
    ]

    /// The options, in the order help lists them.
    static let specs: [OptionSpec] = [
        SharedOptions.transition.spec, SharedOptions.direction.spec, SharedOptions.timing.spec,
        SharedOptions.width.spec, SharedOptions.height.spec, SharedOptions.cellAspect.spec, Options.frames.spec,
        Options.framesPerSecond.spec, Options.duration.spec, Options.hold.spec, Options.play.spec,
        Options.fromItem.spec, Options.cycle.spec, Options.format.spec, Options.encoder.spec, Options.repeats.spec,
        SharedOptions.align.spec,
        SharedOptions.palette.spec, SharedOptions.shading.spec, SharedOptions.background.spec, SharedOptions.color.spec,
        SharedOptions.hyperlinks.spec, Options.fontFamily.spec, Options.cellSize.spec, SharedOptions.file.spec,
        SharedOptions.split.spec,
        SharedOptions.ansi.spec, SharedOptions.markdown.spec, SharedOptions.pictures.spec, Options.deck.spec,
        Options.pause.spec, Options.deckWidth.spec, Options.visible.spec, Options.drag.spec, Options.loop.spec,
        Options.listTransitions.spec, SharedOptions.help.spec,
    ]

    /// The positional arguments as help and the manual list them: `(<NAME>, description)`.
    static let arguments: [(String, String)] = [
        (
            "<ITEM>",
            "The text of one card. At least one item, as arguments or with --file (with --deck, or stdin lines)."
        )
    ]

    /// The one sentence help and the manual open with.
    static let overview =
        "Print the frames of one transition, or of a scripted deck, from a virtual clock: text, JSON, ANSI, a picture."

    /// The sections after OPTIONS, as help and the manual show them.
    static let sections: [HelpText.Section] = [
        .init(title: "FORMATS", lines: Format.helpLines),
        HelpText.transitionsSection,
        .init(
            title: "DECK (--deck ACTIONS)",
            lines: [
                "The frames of 'foldcycle deck' driven by a script instead of a person, every 1/--fps second",
                "(default 30) of a virtual clock, with the deck's footer. Actions, separated by commas or",
                "spaces: left, right (key swipes), up, down (or previous, next: pages), undo, click, flip",
                "(a flashcard), drag(dx,dy,seconds) (the top card dragged dx, dy card widths and let go;",
                "fast sideways decides, slowly springs back), wait(seconds). Each action waits until the",
                "deck is at rest, then --pause seconds. Items as for 'foldcycle deck': arguments, --file",
                "paragraphs (a line '---' makes a flashcard), or stdin lines; the card fits them (at least",
                "24 columns). plain: '# frame i/N time=<seconds>[ action=<action>]' and the rows; json:",
                "frame, time, action, decisions (the lines 'foldcycle deck' prints), top, and the cards",
                "back to front with index, position, side, offset [x, y] (card widths), rotation",
                "(radians), scale, alpha and flip. Not with --transition, --direction, --timing,",
                "--frames, --duration or --from-item. Quote a script with parentheses in a shell.",
            ]),
        .init(
            title: "EXAMPLES",
            lines: [
                "foldcycle render --format ansi --play --duration 1 A B",
                "foldcycle render --format svg --fps 30 --duration 2 'Hello' 'World' > fold.svg",
                "foldcycle render --format asciicast --transition fade A B > fade.cast",
                "ls | foldcycle render --deck right,left,undo --format svg > triage.svg",
                "foldcycle render --deck 'drag(0.6,0,0.2),flip' --file Examples/flashcards.txt --format ansi --play",
            ]),
    ]

    static let help = HelpText.make(
        overview: overview, usage: [.render], arguments: arguments, options: specs, sections: sections)

    /// The items' plain text (``StyledString/plainText``): what sizes the card and names the
    /// items in markers and JSON.
    let items: [String]
    /// The items as the cards show them: read as `--ansi` and `--markdown` say.
    let contents: [StyledString]
    let transition: TransitionKind
    let direction: TransitionDirection
    let timingFunction: TimingFunction
    let cardSize: TerminalSize
    /// A cell's height over its width (`--cell-aspect`).
    let cellAspect: Double
    let sampling: RenderSampling
    let duration: TimeInterval
    let hold: TimeInterval
    let play: Bool
    /// The item the transition starts from (`--from-item`); with ``cycle``, each in turn.
    var fromItem: Int
    /// `--cycle`: every item's transition in turn, each item held ``hold`` seconds first.
    let cycle: Bool
    let format: Format
    let style: CardStyle
    let background: RGBColor
    let colorDepth: ColorDepth

    /// The depth the frames are composed at: ``colorDepth`` for ansi and asciicast, which a
    /// terminal shows (without colour, no edge blocks: docs/DESIGN.md#edges); for plain, json and
    /// svg, which show glyphs or pictures, truecolor in place of none, so their edges keep their
    /// block eighths.
    var compositionDepth: ColorDepth { format.writer.colorRule.compositionDepth(colorDepth) }
    let fullFrames: Bool
    /// `--rep`: the ansi stream's diff writes runs of one glyph with REP (off by default, so the
    /// stream plays on any terminal).
    let repeats: Bool
    /// `--hyperlinks always`: links are sent as OSC 8 in the ansi stream (`auto`, the default, is
    /// `never` here, so the bytes do not depend on where render runs).
    let hyperlinks: Bool
    let pictureStyle: AnimatedSVGStyle
    /// Whether `--format svg` embeds a settled card's picture as a PNG image (`--pictures auto`,
    /// the default) rather than its half-block cells (`--pictures cells`).
    let embedsRestingPictures: Bool
    /// `--deck`: the scripted deck rendered instead of the transition (whose settings are then
    /// their defaults), or nil.
    let deck: DeckRenderSettings?

    /// What `render`'s arguments ask for.
    enum Parsed {
        case help
        case listTransitions
        case run(RenderCommand)
    }

    /// Parses `render`'s arguments (without the word `render`).
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for no items, an unknown option, a value outside what
    ///   its declaration allows, a `--deck` script that is not one, or options that do not go
    ///   together (`--frames` with `--fps`, `--play` with a picture format, an svg or picture
    ///   option with another format, a transition's option with `--deck` or a deck's without);
    ///   ``CLIError/unreadableInput(_:)`` for a `--file` (or, with `--deck`, standard input)
    ///   that cannot be read.
    static func parse(_ arguments: [String]) throws(CLIError) -> Parsed {
        let parsed = try ParsedArguments(arguments, specs: specs, command: .render)
        let values = OptionValues(parsed: parsed, command: .render)
        if values.flag(SharedOptions.help) { return .help }
        if values.flag(Options.listTransitions) { return .listTransitions }
        let script = try deckScript(values)
        let format = try values.value(Options.format)
        let play = values.flag(Options.play)
        try checkCombinations(values, format: format, play: play, deck: script != nil)
        let reading = try ItemReading(
            values, file: values.text(SharedOptions.file), width: try values.value(SharedOptions.width),
            height: try values.value(SharedOptions.height))
        let read = try Self.items(values, deck: script != nil).map(reading.styledString)
        let items = read.map(\.plainText)
        // A text format shows a picture's path, not colourless half blocks.
        let contents =
            format.writer.showsPictures ? read : read.map { $0.picture?.image == nil ? $0 : StyledString($0.plainText) }
        let sampling: RenderSampling
        if let count = try values.value(Options.frames) {
            sampling = .frames(count)
        } else if let rate = try values.value(Options.framesPerSecond) {
            sampling = .framesPerSecond(rate)
        } else {
            sampling = !play && script == nil ? format.writer.defaultSampling : .framesPerSecond(30)
        }
        let background = try values.value(SharedOptions.background)
        let colorDepth = try format.writer.colorRule.depth(values)
        let cellSize = try Self.cellSize(values)
        let cardSize =
            script == nil
            ? try SharedOptions.cardSize(values, items: contents)
            : DeckCommand.cardSize(
                items: items, width: try values.value(SharedOptions.width),
                height: try values.value(SharedOptions.height), maxWidth: SharedOptions.widthRange.upperBound,
                reading: reading)
        var deck: DeckRenderSettings?
        if let script, case .framesPerSecond(let rate) = sampling {
            deck = try deckSettings(values, script: script, cardSize: cardSize, framesPerSecond: rate)
        }
        return .run(
            RenderCommand(
                items: items,
                contents: contents,
                transition: try values.value(SharedOptions.transition),
                direction: try values.value(SharedOptions.direction),
                timingFunction: try values.value(SharedOptions.timing),
                cardSize: cardSize,
                cellAspect: try values.value(SharedOptions.cellAspect),
                sampling: sampling,
                duration: try values.value(Options.duration),
                hold: try values.value(Options.hold),
                play: play,
                fromItem: try values.value(Options.fromItem, upperBound: max(items.count - 1, 0)),
                cycle: values.flag(Options.cycle),
                format: format,
                style: try SharedOptions.cardStyle(values),
                background: background,
                colorDepth: colorDepth,
                fullFrames: try values.value(Options.encoder),
                repeats: values.flag(Options.repeats),
                hyperlinks: try values.value(SharedOptions.hyperlinks) == .always,
                pictureStyle: AnimatedSVGStyle(
                    fontFamily: try Self.fontFamily(values), cellWidth: Double(cellSize.columns),
                    cellHeight: Double(cellSize.rows), background: background),
                embedsRestingPictures: reading.pictures == .auto,
                deck: deck))
    }

    /// The items: `--file`'s, then the arguments; with neither, for `--deck` only, standard
    /// input's (as `foldcycle deck` reads them, cut as `--split` says) when it is not a terminal.
    private static func items(_ values: OptionValues, deck: Bool) throws(CLIError) -> [String] {
        if let items = try SharedOptions.items(values) { return items }
        guard deck else { throw .usage("no items: give items as arguments or with '--file <path>'", .render) }
        guard !TerminalDevice.standardInput.isTerminal else {
            throw .usage(
                "no items: give items as arguments, with '--file <path>', or on standard input", .render)
        }
        return try ItemInput.items(fromFile: "-", split: try values.value(SharedOptions.split))
    }

    /// `--deck`'s script, or nil without `--deck`.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` naming the action that is not one (with the nearest
    ///   action's name when one is close) and the actions there are.
    private static func deckScript(_ values: OptionValues) throws(CLIError) -> DeckScript? {
        guard let text = values.text(Options.deck) else { return nil }
        do {
            return try DeckScript(parsing: text)
        } catch {
            var reason = error.description
            if case .unknownAction(let position, let word) = error {
                // As for subcommands: within 2 edits, but at most a third of the name's length (at least
                // 1), so that `jump` is not taken for `up`.
                let typed = Array(word.prefix { $0 != "(" }.lowercased())
                let nearest = DeckAction.words
                    .map { (name: $0, distance: Suggestion.distance(typed, Array($0))) }
                    .filter { $0.distance <= CLICommand.maximumTypoDistance(for: $0.name) }
                    .min { $0.distance < $1.distance }
                    .map { "; did you mean '\($0.name)'?" }
                reason =
                    "action \(position), '\(CLIError.excerpt(word))', is not an action\(nearest ?? "") (actions: \(DeckAction.syntaxList))"
            }
            throw .usage("invalid value '\(CLIError.excerpt(text))' for '--deck': \(reason)", .render)
        }
    }

    /// The deck's settings besides the script.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for a value outside what its declaration allows, or a
    ///   `--deck-width` narrower than the card.
    private static func deckSettings(
        _ values: OptionValues, script: DeckScript, cardSize: TerminalSize, framesPerSecond: Int
    ) throws(CLIError) -> DeckRenderSettings {
        let width =
            try values.value(Options.deckWidth) ?? DeckRenderSettings.defaultWidth(cardColumns: cardSize.columns)
        guard width >= cardSize.columns else {
            throw .usage(
                "'--deck-width' \(width) is narrower than the card (\(cardSize.columns) columns; give at least that)",
                .render)
        }
        return DeckRenderSettings(
            script: script, pause: try values.value(Options.pause), width: width,
            visibleCount: try values.value(Options.visible), behavior: try values.value(Options.drag),
            loops: values.flag(Options.loop),
            framesPerSecond: framesPerSecond)
    }

    /// Rejects options that do not go together.
    private static func checkCombinations(_ values: OptionValues, format: Format, play: Bool, deck: Bool)
        throws(CLIError)
    {
        let given = values.parsed.values
        func isGiven(_ spec: OptionSpec) -> Bool { given[spec.name] != nil || values.parsed.flags.contains(spec.name) }
        if deck, let option = transitionOnlyOptions.first(where: isGiven) {
            throw .usage(
                "'--\(option.name)' applies to a transition's frames, not to --deck (a deck's frames come every "
                    + "1/--fps second until its script ends)", .render)
        }
        if !deck, let option = deckOnlyOptions.first(where: isGiven) {
            throw .usage("'--\(option.name)' applies with --deck (a scripted deck's frames)", .render)
        }
        if given[Options.frames.spec.name] != nil, given[Options.framesPerSecond.spec.name] != nil {
            throw .usage("'--frames' and '--fps' cannot be used together (choose a count or a rate)", .render)
        }
        if play, !format.isStream {
            throw .usage(
                "'--play' paces a stream of frames: use it with --format \(streamNames(conjunction: "or")), not \(format)",
                .render)
        }
        let cycle = values.flag(Options.cycle)
        if cycle, given[Options.fromItem.spec.name] != nil {
            throw .usage(
                "'--from-item' and '--cycle' cannot be used together (the cycle starts at the first item)", .render)
        }
        if given[Options.hold.spec.name] != nil, format.isStream, !cycle {
            throw .usage("'--hold' applies to --format \(pictureNames()), not \(format)", .render)
        }
        for owner in Format.allCases where owner != format {
            for option in owner.writer.ownOptions where given[option.name] != nil {
                let owners = Format.names(where: { $0.writer.ownOptions.contains { $0.name == option.name } })
                throw .usage("'--\(option.name)' applies to --format \(owners), not \(format)", .render)
            }
        }
    }

    /// Allowed `--cell-size` values, in pixels per side.
    static let cellSizeRange = 1...200

    /// `--cell-size WxH`: whole pixels in ``cellSizeRange`` (as a size of columns × rows).
    private static func cellSize(_ values: OptionValues) throws(CLIError) -> TerminalSize {
        guard let text = values.text(Options.cellSize) else { return TerminalSize(columns: 10, rows: 20) }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        if parts.count == 2, let width = Int(parts[0].trimmingWhitespace()),
            let height = Int(parts[1].trimmingWhitespace()),
            cellSizeRange.contains(width), cellSizeRange.contains(height)
        {
            return TerminalSize(columns: width, rows: height)
        }
        throw .usage(
            "invalid value '\(CLIError.excerpt(text))' for '--cell-size' (WxH: whole pixels from \(cellSizeRange.lowerBound) to "
                + "\(cellSizeRange.upperBound) each, e.g. 10x20)", .render)
    }

    /// `--font-family`: a CSS font-family list of plain or quoted names separated by commas.
    private static func fontFamily(_ values: OptionValues) throws(CLIError) -> String {
        guard let text = values.text(Options.fontFamily) else { return AnimatedSVGStyle.defaultFontFamily }
        let punctuation: Set<Unicode.Scalar> = [" ", ",", "'", "\"", "-", "_", "."]
        guard !text.trimmingWhitespace().isEmpty,
            text.unicodeScalars.allSatisfy({ $0.isAlphanumeric || punctuation.contains($0) })
        else {
            throw .usage(
                "invalid value '\(CLIError.excerpt(text))' for '--font-family' (a CSS font-family list: names, quoted where they "
                    + "have spaces, separated by commas; letters, digits, spaces and , ' \" - _ . only)", .render)
        }
        return text
    }

    /// Writes the frames to stdout through ``format``'s writer: the streams one write per frame
    /// (paced with `--play`), the pictures as they are made or at the end.
    func run() throws(CLIError) -> Int32 {
        let frames = try makeFrames()
        try checkCellLimit(frames)
        if play { return PacedPlayback(frames: frames, command: self).run() }
        try write(frames, to: writeToStandardOutput)
        return 0
    }

    /// The frames this render draws: the deck's when it renders a deck, the cycler's otherwise.
    ///
    /// - Throws: ``CLIError`` when a deck render's settings do not make a deck.
    func makeFrames() throws(CLIError) -> any RenderSource {
        if let deck {
            try DeckRenderFrames(command: self, settings: deck)
        } else if cycle {
            CycleRenderFrames(command: self)
        } else {
            RenderFrames(command: self)
        }
    }

    /// Writes every frame of `frames` through the format's writer, then its end, handing each
    /// piece of the stream to `output` as it is made (stdout for `run()`, a buffer in tests).
    ///
    /// - Throws: what `output` throws.
    func write(_ frames: any RenderSource, to output: ([UInt8]) throws(CLIError) -> Void) throws(CLIError) {
        var writer = writer(for: frames)
        for index in 0..<frames.count {
            frames.render(index)
            try output(writer.write(frames.frame(index)))
        }
        try output(writer.end(at: pictureDuration(frames)))
    }
}

/// Writes to stdout; a closed pipe (the reader, e.g. `head`, is done) throws
/// ``CLIError/outputClosed``, which ends the program quietly.
func writeToStandardOutput(_ bytes: [UInt8]) throws(CLIError) {
    guard !bytes.isEmpty else { return }
    do {
        try TerminalDevice.standardOutput.write(bytes)
    } catch TerminalError.writeFailed(errno: EPIPE) {
        throw .outputClosed
    } catch {
        throw .runtime("\(error)")
    }
}
