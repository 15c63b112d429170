import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `foldcycle [OPTIONS] [ITEM ...]`: cycles items live in the terminal.
struct LiveCommand {
    enum Parsed {
        case help
        case version
        case completionScript(CompletionShell)
        case manual
        case run(LiveCommand)
    }

    // MARK: - Options

    /// Allowed `--interval` (and typed `interval`) values, in seconds.
    static let intervalRange = 0.01...86_400.0

    /// The CLI's transition duration when `--duration` is absent: the library's one rule,
    /// ``Cycler/defaultDuration(forInterval:)`` (`min(0.6, interval/3)`), so a card is still, and
    /// readable, for most of each interval (at the default 2 s, 0.6 s of fold and 1.4 s of card).
    static func defaultDuration(forInterval interval: TimeInterval) -> TimeInterval {
        Cycler<ArrayDataSource<StyledString>>.defaultDuration(forInterval: interval)
    }
    /// ``intervalRange`` as errors state it: `a finite number ≥ 0.01 and ≤ 86400`.
    static var intervalRangeText: String { Options.interval.range.boundsText(upperBound: nil) }

    /// The live cycler's own options; the shared ones are in ``SharedOptions``.
    enum Options {
        /// `--interval`: ``LiveCommand/intervalRange``.
        static let interval = NumberOption(
            "interval", value: "seconds", summary: "Seconds between transitions.",
            range: .init(LiveCommand.intervalRange, unit: "seconds"), default: 2)
        /// `--duration`: below the interval, which is read first. Absent,
        /// ``LiveCommand/defaultDuration(forInterval:)``.
        static let duration = NumberOption(
            "duration", value: "seconds",
            summary: "Seconds each transition runs, shorter than the interval (the iOS design's: interval − 0.1).",
            range: .init(
                atLeast: Cycler<ArrayDataSource<String>>.minimumDuration, below: "the interval", unit: "seconds"),
            defaultText: "min(0.6, interval/3)")
        /// `--motion`: ``Motion``'s cases, or `auto` (detected).
        static let motion = ChoiceOption(
            "motion", value: "motion",
            summary: "How much cards move: a short cross-fade for reduced, items as lines for none.",
            choices: [("auto", Motion.Setting.detected), ("full", .full), ("reduced", .reduced), ("none", .none)],
            default: .detected)
        /// `--fps`.
        static let framesPerSecond = IntegerOption(
            "fps", value: "n", summary: "Frames per second while a transition runs.", range: .init(1...240), default: 60
        )
        static let fullscreen = FlagOption(
            "fullscreen", summary: "Use the alternate screen, card centred, instead of rows at the cursor.")
        static let paused = FlagOption("paused", summary: "Launch paused ('start', 'resume' or Space lets it run).")
        /// `--cycles`: absent, no limit.
        static let cycles = IntegerOption(
            "cycles", value: "n", summary: "Exit 0 after n transitions.", range: .init(0...1_000_000_000),
            defaultText: "run until quit")
        static let version = FlagOption(
            "version", short: "v", summary: "Show the version and the commit it was built from.")
        /// `--generate-completion-script`: absent, none.
        static let completionScript = ChoiceOption<CompletionShell?>(
            "generate-completion-script", value: "shell", summary: "Print the completion script for this shell.",
            choices: CompletionShell.allCases.map { ($0.rawValue, $0) }, default: nil)
        static let manual = FlagOption("generate-manual", summary: "Print the manual page (roff, for man -l).")
        /// `--footer`: whether the status, hint and command lines go under the card.
        static let footer = ChoiceOption(
            "footer", value: "when",
            summary:
                "The status, hint and command lines under the card: auto (in the rows the card leaves), or never "
                + "(a bare ticker; keys still work).",
            choices: [("auto", true), ("never", false)], default: true)
    }

    /// The options, in the order help lists them.
    static let specs: [OptionSpec] =
        [
            SharedOptions.transition.spec, SharedOptions.direction.spec, Options.interval.spec, Options.duration.spec,
            SharedOptions.timing.spec, Options.motion.spec,
            Options.framesPerSecond.spec, SharedOptions.file.spec, SharedOptions.split.spec, SharedOptions.ansi.spec,
            SharedOptions.markdown.spec, SharedOptions.pictures.spec,
            SharedOptions.width.spec, SharedOptions.height.spec,
            SharedOptions.cellAspect.spec, SharedOptions.align.spec, SharedOptions.palette.spec,
            SharedOptions.shading.spec, SharedOptions.terminalBackground.spec,
            SharedOptions.color.spec, SharedOptions.hyperlinks.spec, Options.fullscreen.spec, Options.footer.spec,
            Options.paused.spec, Options.cycles.spec, SessionRecording.option.spec,
            SessionRecording.overwriteOption.spec,
        ] + ControlEndpoints.specs + [
            SharedOptions.help.spec, Options.version.spec, Options.completionScript.spec, Options.manual.spec,
        ]

    /// The positional arguments as help and the manual list them: `(<NAME>, description)`.
    static let arguments: [(String, String)] = [
        ("<ITEM>", "The text of one card. With no items and no --file, a built-in demo deck plays.")
    ]

    /// The one sentence help and the manual open with.
    static let overview =
        "Cycle text cards through animated transitions (a fold by default), live in the terminal."

    /// The sections after OPTIONS, as help and the manual show them.
    static let sections: [HelpText.Section] = [
        HelpText.transitionsSection,
        .init(title: "INPUT (items, commands, keys)", lines: HelpText.wrapped(inputRule, width: HelpText.width - 2)),
        .init(
            title: "COMMANDS (one per line on stdin with items named; case-insensitive)",
            lines: HelpText.wrapped(SessionCommand.summary, width: HelpText.width - 2) + [
                "Typed, a reply shows under the card; piped, each reply is printed above it (or on",
                "stderr when stdout is not a terminal). When piped commands end, the cards go on",
                "until a signal (Ctrl-C) or --cycles.",
            ]),
        .init(
            title: "SCRIPTING (--protocol jsonl, --listen PATH)",
            lines: [
                "Each command as one JSON object per line, e.g. {\"id\":1,\"cmd\":\"add\",\"value\":\"text\"};",
                "one JSON reply per request (its id, ok, result or error), and events as they",
                "happen (transition-began, transition-ended, item-settled, paused, ...). Replies",
                "and events go to stdout (the card then to the terminal on stderr) or to",
                "--protocol-fd N. --listen PATH serves the same protocol to up to 64 clients",
                "at once on a Unix socket: foldcycle send PATH '{\"cmd\":\"next\"}'.",
            ]),
        .init(
            title: "KEYS (stdout a terminal; read from stdin, or from /dev/tty when stdin holds items)",
            lines: HelpText.wrapped(SessionCommand.keysSummary, width: HelpText.width - 2)),
        .init(
            title: "MOTION (--motion auto: the first that applies)",
            lines: [
                "stdout not a terminal, or TERM=dumb: none (plain text, no escapes);",
                "ACCESSIBLE or CI set: none; REDUCED_MOTION set: reduced; otherwise full.",
                "A variable counts when non-empty and not 0, false, no or off.",
            ]),
        HelpText.subcommandsSection,
        .init(
            title: "EXAMPLES",
            lines: [
                "foldcycle --direction up --interval 2",
                "foldcycle --file Examples/search-tips.txt",
                "grep -h '^tip:' notes/*.txt | foldcycle",
                "echo '{\"cmd\":\"add\",\"value\":\"D\"}' | foldcycle --protocol jsonl --cycles 2 A B C | jq .",
                "printf 'pause\\nstatus\\nquit\\n' | foldcycle A B C",
            ]),
    ]

    static let help = HelpText.make(
        overview: overview, usage: CLICommand.allCases, arguments: arguments, options: specs, sections: sections)

    /// Where items, commands and keys come from, as help states it (the README says the same).
    static let inputRule =
        "Items come from the arguments and --file. With none named, piped stdin (a pipe or a file) holds "
        + "the items, as with '--file -': then keys and typed commands are read from the terminal "
        + "(/dev/tty), as fzf reads them. With items named, stdin carries commands (typed, or piped one "
        + "per line; a piped line that is no command ends the run, exit 64). --protocol jsonl always "
        + "reads JSON requests from stdin. Items are cut as --split says: by default (auto) "
        + "one per line, or per paragraph when a blank line separates them, or at each NUL. "
        + "'foldcycle deck' reads items from stdin, keys from the terminal."

    /// The built-in demo deck: five cards, played in the source's five colours.
    static let demoDeck = [
        "FoldCycle\nfolds one card away while the next unfolds",
        "Type a command and press Enter\npause · resume · next · prev · status · quit",
        "Space pauses · arrow keys turn the fold\nCtrl-C quits and leaves your terminal as it was",
        "Wide text stays whole\n折叠切换 · 카드 전환 · カードめくり 🎴",
        "Your own cards\nfoldcycle --file cards.txt   or   foldcycle A B C",
    ]

    /// The items as the cards show them: read as `--ansi` and `--markdown` say (their
    /// ``StyledString/plainText`` is what sizes the card, what plain output prints and what
    /// scripts are told). With ``stream``, the first chunk of them: the rest come while it runs.
    private(set) var items: [StyledString]
    /// Where the rest of the items come from, decoded while the slideshow runs: a list whose
    /// pictures are more than one chunk (``ItemReading/chunks(of:pictures:first:)``), so that the
    /// first card waits for one round of decoding, not for every picture (as the deck's stream).
    private(set) var stream: ItemStream?
    /// The paths of every picture among the items (those still to come too): what captions are
    /// told apart among (``PictureCaptions``).
    let picturePaths: [String]
    /// Whether any item's text spans several lines (then plain output separates items with a
    /// blank line, so that `--file` reads them back).
    let itemsSpanLines: Bool
    /// `--ansi`, `--markdown`: how the text of items added later is read too.
    let reading: ItemReading
    /// Standard input carries items (`--file -`, or piped with no items named), so keys and
    /// typed commands come from the controlling terminal (`/dev/tty`), as fzf reads them.
    let readsItemsFromStandardInput: Bool
    let transition: TransitionKind
    let direction: TransitionDirection
    let interval: TimeInterval
    /// Given, or ``defaultDuration(forInterval:)``.
    let duration: TimeInterval
    /// Whether `--duration` was absent, so the duration follows a typed `interval`.
    let durationFollowsInterval: Bool
    let timingFunction: TimingFunction
    let framesPerSecond: Int
    /// The card's size: given, or fitting the items.
    let cardSize: TerminalSize
    /// A cell's height over its width (`--cell-aspect`).
    let cellAspect: Double
    /// Whether the card narrows with the terminal (no `--width` given).
    let fitsWidth: Bool
    /// A slideshow of pictures with no `--width` or no `--height`: the card's size in a terminal
    /// of a given size (``PictureCardSizing/liveCard(screen:width:height:reservedRows:)``), fitted
    /// at start and on every resize; nil: ``cardSize``, narrowed as ``fitsWidth`` says.
    let terminalCardSize: (@Sendable (TerminalSize) -> TerminalSize)?
    let style: CardStyle
    /// `--background`: the terminal's background, which fades and dims blend to; nil: `auto`,
    /// asked of the terminal when the run starts (``BackgroundDetection``).
    let background: RGBColor?
    let colorDepth: ColorDepth
    /// `--hyperlinks`: whether links are sent as OSC 8 (decided for the card's terminal).
    let hyperlinks: HyperlinkSupport.Choice
    let motion: Motion.Setting
    let fullscreen: Bool
    /// `--footer`: whether the footer lines are drawn (in the rows the card leaves).
    let showsFooter: Bool
    let paused: Bool
    let cycles: Int?
    /// `--record` (with `--overwrite` and the items file): the asciicast file, if any.
    let record: SessionRecording.Request?
    /// `--protocol`, `--protocol-fd`, `--listen`.
    let control: ControlEndpoints

    /// Parses the live cycler's arguments.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for a first argument that looks like a mistyped
    ///   subcommand, an unknown option, or a value outside what its declaration allows;
    ///   ``CLIError/unreadableInput(_:)`` for a `--file` that cannot be read.
    ///
    /// - Parameter standardInputIsPiped: whether standard input is a pipe or a file
    ///   (``standardInputIsPiped()``): with no items named and the word protocol, it holds the
    ///   items (``StandardInputRole``).
    static func parse(_ arguments: [String], standardInputIsPiped: Bool = false) throws(CLIError) -> Parsed {
        try CLICommand.rejectMistypedSubcommand(in: arguments)
        let parsed = try ParsedArguments(arguments, specs: specs, command: .live)
        let values = OptionValues(parsed: parsed, command: .live)
        if values.flag(SharedOptions.help) { return .help }
        if values.flag(Options.version) { return .version }
        if let shell = try values.value(Options.completionScript) { return .completionScript(shell) }
        if values.flag(Options.manual) { return .manual }
        let control = try ControlEndpoints.read(values)
        let role = StandardInputRole(
            itemsNamed: values.text(SharedOptions.file) != nil || !values.parsed.positionals.isEmpty,
            filesItems: values.text(SharedOptions.file) == "-", language: control.language,
            isPiped: standardInputIsPiped)
        let itemsFile = role == .pipedItems ? "-" : values.text(SharedOptions.file)
        let (width, height) = (try values.value(SharedOptions.width), try values.value(SharedOptions.height))
        var reading = try ItemReading(values, file: itemsFile, width: width, height: height)
        let showsFooter = try values.value(Options.footer)
        let cardDevice: TerminalDevice = control.writesStandardOutput ? .standardError : .standardOutput
        let split = try values.value(SharedOptions.split)
        // Piped items alone are read as they come, as the deck reads them: the first card as soon
        // as its item is read (docs/decisions/0240-a-live-run-streams-its-piped-items.md).
        let inputStream =
            standardInputIsPiped && standardInputIsPipe()
                && (role == .pipedItems || (role == .filedItems && values.parsed.positionals.isEmpty))
            ? try Self.streamStandardInput(
                split: split,
                reading: Self.terminalCardRule(width: width, height: height, footer: showsFooter, device: cardDevice)
                    .map { reading.decoding(for: $0.start) } ?? reading)
            : nil
        let texts: [String]
        if let inputStream {
            texts = inputStream.first.map(\.text)
        } else if role == .pipedItems {
            texts = try ItemInput.items(fromFile: "-", split: split)
        } else {
            texts = try SharedOptions.items(values) ?? demoDeck
        }
        let terminalCardSize = Self.terminalCardSize(
            texts: texts, reading: reading, width: width, height: height, footer: showsFooter, device: cardDevice)
        if let sized = terminalCardSize {
            // Decoded for the terminal at start; a card that grows later samples those pixels.
            reading = reading.decoding(for: sized.start)
        }
        // Sized and checked before any picture is decoded: a picture's card is the same size
        // whatever the file holds (``CardScene/fittingSize(for:)``).
        let sizing = texts.map { reading.namesPicture($0) ? Self.pictureStandIn : reading.styledString($0) }
        var fittedSize = try SharedOptions.cardSize(values, items: sizing)
        if let inputStream, !inputStream.ended, width == nil {
            // Items still to come may be wider than the first: at least the deck's streamed card
            // (docs/decisions/0249-a-streamed-slideshow-card-is-as-wide-as-the-decks.md). Input
            // that ended with its first read (`grep … |`) is every item: the card fits them.
            fittedSize.columns = DeckCommand.fittedColumns(fittedSize.columns)
        }
        let interval = try values.value(Options.interval)
        let givenDuration = try values.value(Options.duration, upperBound: interval)
        var command = LiveCommand(
            items: [],
            stream: nil,
            picturePaths: texts.filter(reading.namesPicture),
            // Streamed, items after the first read may span lines only when cut at blank lines or NULs.
            itemsSpanLines: sizing.contains { TextLayout.plainText($0.plainText).contains("\n") }
                || (inputStream != nil && (split == .paragraphs || split == .nul)),
            reading: reading,
            readsItemsFromStandardInput: role != .commands,
            transition: try values.value(SharedOptions.transition),
            direction: try values.value(SharedOptions.direction),
            interval: interval,
            duration: givenDuration ?? defaultDuration(forInterval: interval),
            durationFollowsInterval: givenDuration == nil,
            timingFunction: try values.value(SharedOptions.timing),
            framesPerSecond: try values.value(Options.framesPerSecond),
            // A card sized to its items narrows with the terminal (the player re-fits it).
            cardSize: terminalCardSize?.start ?? fittedSize,
            cellAspect: try values.value(SharedOptions.cellAspect),
            fitsWidth: width == nil,
            terminalCardSize: terminalCardSize?.rule,
            style: try SharedOptions.cardStyle(values),
            background: try values.value(SharedOptions.terminalBackground),
            colorDepth: try SharedOptions.colorDepth(values, device: .standardOutput),
            hyperlinks: try values.value(SharedOptions.hyperlinks),
            motion: try values.value(Options.motion),
            fullscreen: values.flag(Options.fullscreen),
            showsFooter: showsFooter,
            paused: values.flag(Options.paused),
            cycles: try values.value(Options.cycles),
            record: try SessionRecording.request(values, itemsFile: itemsFile),
            control: control)
        if let inputStream {
            command.items = PictureCaptions.disambiguated(
                inputStream.first.map(\.styled), among: command.picturePaths)
            command.stream = inputStream.stream
        } else {
            command.read(texts)
        }
        return .run(command)
    }

    /// Starts reading standard input's items as they come (``ItemStream``) and waits for the
    /// first: the stream and the items read by then.
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` when the input fails before its first item, as a
    ///   whole read fails, or ends with none (`standard input has no items …`, 66). Reads until
    ///   the input ends or ``firstItemsWindow`` passes after the first item.
    private static func streamStandardInput(split: ItemSplit, reading: ItemReading) throws(CLIError) -> (
        stream: ItemStream, first: [ItemStream.Item], ended: Bool
    ) {
        let name = InputFile.name(of: "-")
        let stream = ItemStream(descriptor: 0, name: name, split: split, reading: reading)
        stream.start()
        var (items, end) = stream.waitForItems()
        if end == nil, !items.isEmpty {
            // What a fast producer writes at once (`printf`, `cat`: its end comes a read later)
            // sizes the card with the first item, as a whole read would.
            let (more, moreEnd) = stream.waitForEnd(atMost: firstItemsWindow)
            (items, end) = (items + more, moreEnd)
        }
        if case .failed(let error) = end, items.isEmpty { throw error }
        guard !items.isEmpty else { throw .unreadableInput("\(name) has no items (it is empty or only white space)") }
        // Cut short after its first items: the run shows them and ends with the error
        // (``LiveSession``: the stream gives the end again).
        return (stream, items, end != nil)
    }

    /// The most seconds the first card waits, after the first item is read, for more items or
    /// the end of the input: a slow producer's first card comes this late at most.
    static let firstItemsWindow = 0.05

    /// Stands for a picture item while the card is sized: every picture asks for the same card.
    private static let pictureStandIn = StyledString(picture: CardPicture(failure: "", caption: ""))

    /// Reads `texts` into ``items``: whole, or, when their pictures are more than one chunk, the
    /// first chunk now and the rest through ``stream`` while the slideshow runs.
    private mutating func read(_ texts: [String]) {
        guard reading.streams(texts) else {
            items = PictureCaptions.disambiguated(reading.styledStrings(texts), among: picturePaths)
            return
        }
        let stream = ItemStream(items: texts, name: "the items", reading: reading)
        stream.start()
        items = PictureCaptions.disambiguated(stream.waitForItems().items.map(\.styled), among: picturePaths)
        self.stream = stream
    }

    /// The rule sizing a slideshow's card to the terminal and its size on `device` now, when
    /// `texts` include pictures (the first ``DeckCommand/fittedItemLimit``), `--width` or
    /// `--height` is absent and `device` is a terminal that reports its size; else nil. The
    /// footer, when shown, keeps its two rows (the status and the hint).
    static func terminalCardSize(
        texts: [String], reading: ItemReading, width: Int?, height: Int?, footer: Bool, device: TerminalDevice
    ) -> (start: TerminalSize, rule: @Sendable (TerminalSize) -> TerminalSize)? {
        guard texts.prefix(DeckCommand.fittedItemLimit).contains(where: reading.namesPicture) else { return nil }
        return terminalCardRule(width: width, height: height, footer: footer, device: device)
    }

    /// ``terminalCardSize(texts:reading:width:height:footer:device:)`` whatever the items: what
    /// pictures of items still to be read are decoded for.
    static func terminalCardRule(width: Int?, height: Int?, footer: Bool, device: TerminalDevice) -> (
        start: TerminalSize, rule: @Sendable (TerminalSize) -> TerminalSize
    )? {
        guard width == nil || height == nil, device.isTerminal, let screen = device.size, screen.columns > 0,
            screen.rows > 0
        else { return nil }
        let reserved = footer ? 2 : 0
        let rule: @Sendable (TerminalSize) -> TerminalSize = { screen in
            PictureCardSizing.liveCard(screen: screen, width: width, height: height, reservedRows: reserved)
        }
        return (rule(screen), rule)
    }

    /// Whether standard input is a pipe or a regular file (`seq 3 | foldcycle`, `foldcycle <
    /// tips.txt`), not a terminal, `/dev/null` or closed.
    static func standardInputIsPiped() -> Bool {
        standardInputType() == S_IFIFO || standardInputType() == S_IFREG
    }

    /// Whether standard input is a pipe (a FIFO): what may hold items still to come. A regular
    /// file is all there, read whole.
    static func standardInputIsPipe() -> Bool { standardInputType() == S_IFIFO }

    /// The file type of standard input (`st_mode & S_IFMT`), or nil when it is closed.
    private static func standardInputType() -> mode_t? {
        var status = stat()
        guard fstat(0, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// Runs until `quit`, a signal, or `--cycles`; returns the exit status.
    func run() throws(CLIError) -> Int32 {
        try LiveSession(command: self).run()
    }
}
