import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `foldcycle deck [OPTIONS] [ITEM ...]`: a swipe deck in the terminal. Items come from the
/// arguments, `--file`, or standard input (one per line, streamed: ``ItemStream``), while the deck is drawn on the
/// terminal itself (`/dev/tty`) and keys and the mouse are read from it, so standard output
/// carries only the decisions, one JSON line each (docs/DESIGN.md#deck-input-and-output).
struct DeckCommand {
    /// `deck`'s own options; the shared ones are in ``SharedOptions``.
    enum Options {
        /// `--file`: paragraphs, with `---` for flashcards.
        static let file = SharedOptions.file.reworded(
            summary:
                "Read items from a UTF-8 file ('-': stdin), cut as --split says; a line '---' in an item "
                + "splits a flashcard into front and back.")
        /// `--visible`: the stack's depth on screen.
        static let visible = IntegerOption(
            "visible", value: "n", summary: "Cards on screen, the top one included.", range: .init(1...5), default: 2)
        /// `--drag`: which source stack's release rule a drag follows.
        static let drag = ChoiceOption(
            "drag", value: "mode",
            summary: "What a released drag does: decide left or right (swipe deck) or page up or down (reusing stack).",
            choices: [("decide", DeckBehavior.swipeDeck), ("page", DeckBehavior.reusingStack)], default: .swipeDeck)
        static let loop = FlagOption("loop", summary: "Start over after the last card (the deck never finishes).")
        static let noMouse = FlagOption(
            "no-mouse", summary: "Keys only: leave the mouse (and its text selection) to the terminal.")
        static let fullscreen = LiveCommand.Options.fullscreen.reworded(
            summary: "Use the alternate screen, deck centred, instead of rows at the cursor.")
        static let framesPerSecond = LiveCommand.Options.framesPerSecond.reworded(
            summary: "Frames per second while cards move.")
        /// `--width`: absent, the card fits the items, at least ``DeckCommand/minimumFittedWidth``.
        static let width = SharedOptions.width.reworded(defaultText: "the widest side of an item plus 2, at least 24")
        /// `--skipped`: what becomes of items paged past without a decision.
        static let skipped = ChoiceOption(
            "skipped", value: "mode",
            summary:
                "Items paged past undecided: return after the last card until decided, or keep-undecided "
                + "(the deck ends; they are counted and listed as skipped).",
            cases: DeckSkippedPolicy.allCases, default: .return)
        /// `--print`: plain lines of the chosen items instead of JSON decisions.
        static let print = ChoiceOption<DeckPrint?>(
            "print", value: "which",
            summary:
                "When the deck is gone, print the kept or discarded items one per line, or every decision as "
                + "'kept|discarded|skipped<TAB>item', instead of JSON lines.",
            choices: DeckPrint.allCases.map { ($0.rawValue, $0) }, default: nil)
        static let print0 = FlagOption(
            "print0", summary: "With --print, end each item with NUL instead of a newline (for xargs -0).")
        static let wait = FlagOption(
            "wait",
            summary:
                "After the last card, wait for cards added over --listen's socket or --protocol jsonl "
                + "('waiting for more cards') until the 'end' request or q (always while a client is subscribed).")
        /// `--height`: absent, the card fits the tallest side of an item.
        static let height = SharedOptions.height.reworded(defaultText: "the tallest side of an item plus 2")
    }

    /// The options, in the order help lists them.
    static let specs: [OptionSpec] =
        [
            Options.file.spec, SharedOptions.split.spec, SharedOptions.ansi.spec, SharedOptions.markdown.spec,
            SharedOptions.pictures.spec,
            Options.visible.spec,
            Options.drag.spec, Options.loop.spec,
            Options.skipped.spec, Options.print.spec, Options.print0.spec, Options.wait.spec, Options.noMouse.spec,
            Options.width.spec, Options.height.spec, SharedOptions.align.spec, SharedOptions.palette.spec,
            SharedOptions.terminalBackground.spec, SharedOptions.color.spec, SharedOptions.hyperlinks.spec,
            SharedOptions.deckCellAspect.spec,
            Options.framesPerSecond.spec,
            Options.fullscreen.spec,
            SessionRecording.option.spec, SessionRecording.overwriteOption.spec,
        ] + ControlEndpoints.deckSpecs + [SharedOptions.help.spec]

    /// The narrowest card the deck makes to fit its items (a drag needs room to mean something).
    static let minimumFittedWidth = 24
    /// How many items the fitted card size looks at (the rest are clipped with "…" if wider).
    static let fittedItemLimit = 10_000

    /// The positional arguments as help and the manual list them: `(<NAME>, description)`.
    static let arguments: [(String, String)] = [
        (
            "<ITEM>",
            "The text of one card. With no items and no --file, items are read from stdin (as --file - reads them):"
                + " the first card shows as soon as its item is read, more arrive while you swipe. With none"
                + " of them (stdin the terminal), a demo deck of the keys plays."
        )
    ]

    /// The demo deck `foldcycle deck` plays with no items and nothing piped, made from help's own
    /// text so it cannot drift from it: the overview, each KEYS line and the MOUSE section's first
    /// sentence (one card each, a run of spaces as a line break), and how to give items.
    static var demoDeck: [String] {
        func card(_ line: String) -> String {
            line.split(separator: "  ").map { String($0).trimmingWhitespace() }
                .filter { !$0.isEmpty }.joined(separator: "\n")
        }
        let keys = sections.first { $0.title.hasPrefix("KEYS") }?.lines ?? []
        let mouse = sections.first { $0.title.hasPrefix("MOUSE") }?.lines.joined(separator: " ") ?? ""
        let firstSentence = mouse.split(separator: ".", maxSplits: 1).first.map { $0 + "." } ?? ""
        return ["foldcycle deck\n" + overview] + keys.map(card) + [firstSentence].filter { $0.count > 1 }
            + ["Your own cards\n" + usageForItems]
    }

    /// How to give the deck items, as the demo's last card says it.
    static let usageForItems = "foldcycle deck A B C · --file cards.txt · ls | foldcycle deck"

    /// The one sentence help and the manual open with.
    static let overview =
        "Swipe through cards one at a time, by mouse or keys; each decision is printed to stdout as a JSON line."

    /// The sections after OPTIONS, as help and the manual show them.
    static let sections: [HelpText.Section] = [
        .init(
            title: "KEYS (read from the terminal, even when stdin is a pipe)",
            lines: [
                "← or h  discard (left)     → or l  keep (right)     ↑ or k  previous     ↓ or j  next",
                "u  undo the last decision  Enter  click  Space  turn a flashcard  q or Esc  quit",
            ]),
        .init(
            title: "MOUSE (unless --no-mouse)",
            lines: [
                "Drag the top card. Let go fast sideways, or with its centre near the edge, to decide;",
                "let go slowly and it springs back. A click without moving is Enter. With --drag page,",
                "a fast release up or down pages instead. A press off the card does nothing; a drag",
                "whose release never comes ends as if released at a new press or when the window",
                "loses the focus.",
            ]),
        .init(
            title: "OUTPUT",
            lines: [
                "One JSON object per decision, as it happens, for example",
                "  {\"index\":0,\"item\":\"a.txt\",\"action\":\"right\",\"by\":\"fling\",\"velocity\":{\"x\":3.1,\"y\":0.2}}",
                "action: left, right, click, undo (with \"from\": the side taken back), page (with \"to\":",
                "the item now on top); by: key, fling, position, tap; velocity: at release, in card",
                "widths per second (null for keys).",
                "When stdout is the terminal, the lines are printed once the deck is gone. A summary",
                "(kept, discarded) goes to the terminal. Exit 0 when every card is decided or on quit.",
                "A card paged past undecided (j) comes back after the last card until decided; with",
                "--skipped keep-undecided the deck ends and lists it: action skipped, on exit.",
                "--print kept|discarded|decisions writes plain lines on exit instead (--print0: NUL).",
                "Items on stdin are read while the deck runs: the footer says 'reading input' (out of",
                "cards: 'waiting for input'), then 'end of input'; a deck ends when its cards and its",
                "input do. Input that fails later (not UTF-8, past a limit) is reported on exit, 66.",
            ]),
        .init(
            title: "SCRIPTING (--protocol jsonl, --listen PATH)",
            lines: [
                "With --protocol jsonl, stdout carries the protocol's events instead (swiped,",
                "clicked, undone, paged, flipped, needs-more-data, finished) and the replies to",
                "requests on stdin (when the items do not come from it); --listen PATH serves",
                "the same protocol on a Unix socket: left, right, next, prev, undo, click, flip,",
                "add (value), items, status, help, quit, end, subscribe, unsubscribe. Out of cards,",
                "a deck with --wait or a subscribed client waits ('waiting for more cards') until",
                "end or q.",
            ]),
        .init(
            title: "EXAMPLES",
            lines: [
                "ls | foldcycle deck > decisions.jsonl",
                "foldcycle deck --file Examples/flashcards.txt",
                "foldcycle deck --visible 3 --loop one two three",
                "ls | foldcycle deck --print kept | xargs ls -l",
            ]),
    ]

    static let help = HelpText.make(
        overview: overview, usage: [.deck], arguments: arguments, options: specs, sections: sections)

    let itemArguments: [String]
    let filePath: String?
    /// `--split`: how `--file`'s text and standard input's are cut into items.
    let split: ItemSplit
    /// `--ansi`, `--markdown`: how the items' text is read.
    let reading: ItemReading
    let visibleCount: Int
    let behavior: DeckBehavior
    let loops: Bool
    /// `--skipped`: skipped items come back after the last card, or end counted as skipped.
    let skipped: DeckSkippedPolicy
    /// `--print`: the items to print as plain lines on exit, instead of JSON decision lines.
    let print: DeckPrint?
    /// `--print0`: `--print`'s items end with NUL.
    let printsNul: Bool
    /// `--wait`: with no card left, wait for more until `end` or q.
    let waits: Bool
    let usesMouse: Bool
    let fullscreen: Bool
    let framesPerSecond: Int
    let cellAspect: Double
    let width: Int?
    let height: Int?
    let style: CardStyle
    /// `--background`: the terminal's background, which fades and dims blend to; nil: `auto`,
    /// asked of the terminal when the run starts (``BackgroundDetection``).
    let background: RGBColor?
    let colorChoice: ColorDepth.Choice
    /// `--hyperlinks`: whether links are sent as OSC 8 (decided for the deck's terminal).
    let hyperlinks: HyperlinkSupport.Choice
    /// `--record`: the asciicast file of what the deck's terminal shows, if any.
    let record: SessionRecording.Request?
    /// `--protocol jsonl` (events instead of decision lines), `--protocol-fd`, `--listen`.
    let control: ControlEndpoints

    /// Parses `deck`'s arguments (without the word `deck`); nil when help was asked for. Items are
    /// not read yet: ``run()`` opens the terminal first, so that a run without one fails at once
    /// rather than after reading a pipe.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for an unknown option or a value outside what its
    ///   declaration allows.
    static func parse(_ arguments: [String]) throws(CLIError) -> DeckCommand? {
        let parsed = try ParsedArguments(arguments, specs: specs, command: .deck)
        let values = OptionValues(parsed: parsed, command: .deck)
        if values.flag(SharedOptions.help) { return nil }
        let control = try ControlEndpoints.read(values)
        let print = try values.value(Options.print)
        if values.flag(Options.print0), print == nil {
            throw .usage("'--print0' needs '--print kept|discarded|decisions'", .deck)
        }
        if print != nil, control.language == .jsonl, control.descriptor == 1 {
            throw .usage(
                "'--print' and '--protocol jsonl' both write to standard output: send the protocol elsewhere with "
                    + "'--protocol-fd N'", .deck)
        }
        return DeckCommand(
            itemArguments: parsed.positionals,
            filePath: values.text(Options.file),
            split: try values.value(SharedOptions.split),
            reading: try ItemReading(
                values, file: values.text(Options.file), width: try values.value(Options.width),
                height: try values.value(Options.height)),
            visibleCount: try values.value(Options.visible),
            behavior: try values.value(Options.drag),
            loops: values.flag(Options.loop),
            skipped: try values.value(Options.skipped),
            print: print,
            printsNul: values.flag(Options.print0),
            waits: values.flag(Options.wait),
            usesMouse: !values.flag(Options.noMouse),
            fullscreen: values.flag(Options.fullscreen),
            framesPerSecond: try values.value(Options.framesPerSecond),
            cellAspect: try values.value(SharedOptions.deckCellAspect),
            width: try values.value(Options.width),
            height: try values.value(Options.height),
            style: try SharedOptions.cardStyle(values),
            background: try values.value(SharedOptions.terminalBackground),
            colorChoice: try values.value(SharedOptions.color),
            hyperlinks: try values.value(SharedOptions.hyperlinks),
            record: try SessionRecording.request(values, itemsFile: values.text(Options.file)),
            control: control)
    }

    /// Whether items come from standard input (`--file -`, or no arguments and no `--file`).
    var readsStandardInputItems: Bool { filePath == "-" || (itemArguments.isEmpty && filePath == nil) }

    /// The items: `--file`'s, then the arguments; with neither, standard input's (as `--file -`).
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` for input that cannot be read, is not UTF-8 or
    ///   holds no items.
    func loadItems() throws(CLIError) -> [String] {
        var items: [String] = []
        if let path = filePath ?? (itemArguments.isEmpty ? "-" : nil) {
            items += try ItemInput.items(fromFile: path, split: split)
        }
        return items + itemArguments
    }

    /// The card size: `--width` / `--height`, or the size that fits the widest and tallest side
    /// of the first ``fittedItemLimit`` items (at least ``minimumFittedWidth`` wide), within
    /// `maxWidth`.
    func cardSize(items: [String], maxWidth: Int) -> TerminalSize {
        Self.cardSize(items: items, width: width, height: height, maxWidth: maxWidth, reading: reading)
    }

    /// Whether the card follows the terminal (``PictureCardSizing``): `--width` or `--height` is
    /// absent and one of the first ``fittedItemLimit`` items names a picture.
    func sizesCardToTerminal(items: [String]) -> Bool {
        (width == nil || height == nil) && items.prefix(Self.fittedItemLimit).contains(where: reading.namesPicture)
    }

    /// How items are read for a deck on a terminal of `screen`: when the card may follow the
    /// terminal (no `--width` or no `--height`), pictures are decoded for the card
    /// ``terminalCardSize(screen:)`` gives (decision 0196), else as ``reading`` says. Used for
    /// every item, streamed ones too, before it is known whether any is a picture.
    func reading(screen: TerminalSize) -> ItemReading {
        guard width == nil || height == nil else { return reading }
        return ItemReading(
            ansi: reading.ansi, markdown: reading.markdown, pictures: reading.pictures,
            pictureCard: terminalCardSize(screen: screen))
    }

    /// The card in a terminal of `screen` when it ``sizesCardToTerminal(items:)``.
    func terminalCardSize(screen: TerminalSize) -> TerminalSize {
        PictureCardSizing.deckCard(screen: screen, width: width, height: height, visibleCount: visibleCount)
    }

    /// The card size of a deck of `items`: `width` / `height` when given, else what fits the
    /// widest and tallest side of the first ``fittedItemLimit`` items (at least
    /// ``minimumFittedWidth`` wide), within `maxWidth` (`render --deck` shares this rule).
    /// A picture item (`reading`'s ``ItemReading/namesPicture(_:)``) asks for
    /// ``CardScene/pictureCardSize``.
    static func cardSize(
        items: [String], width: Int?, height: Int?, maxWidth: Int, reading: ItemReading = ItemReading()
    ) -> TerminalSize {
        let sides = items.prefix(fittedItemLimit).flatMap { item -> [StyledString] in
            if reading.namesPicture(item) {
                return [StyledString(picture: CardPicture(failure: "", caption: CardPicture.fileName(of: item)))]
            }
            let faces = CardFaces(item: item)
            return [StyledString(faces.front)] + (faces.back.map { [StyledString($0)] } ?? [])
        }
        let fitting = CardScene.fittingSize(for: sides)
        let columns =
            width ?? min(fittedColumns(fitting.columns), max(maxWidth, 1))
        let rows = height ?? min(fitting.rows, SharedOptions.heightRange.upperBound)
        return TerminalSize(columns: columns, rows: rows)
    }

    /// The width of a card fitted to items `fitting` columns wide: at least
    /// ``minimumFittedWidth``, within `--width`'s range. A slideshow of streamed items shares it
    /// (docs/decisions/0249-a-streamed-slideshow-card-is-as-wide-as-the-decks.md).
    static func fittedColumns(_ fitting: Int) -> Int {
        min(max(fitting, minimumFittedWidth), SharedOptions.widthRange.upperBound)
    }

    /// Opens the terminal, reads the items and runs the deck until it is finished, quit or
    /// signalled; returns the exit status: 0 done or quit, 64 no items, 66 unreadable input, 1 no
    /// terminal, 128 + N on signal N.
    func run() throws(CLIError) -> Int32 {
        if itemArguments.isEmpty, filePath == nil, TerminalDevice.standardInput.isTerminal {
            // Nothing given and nothing piped: a demo deck of the deck's own keys, as plain
            // `foldcycle` plays its demo.
            return try DeckSession(command: self, items: Self.demoDeck, terminal: try DeckTerminal.open()).run()
        }
        // `--file -` with the terminal as standard input: the lines typed there, to Ctrl-D, read
        // whole before the deck takes the terminal for its keys.
        let typed = readsStandardInputItems && TerminalDevice.standardInput.isTerminal ? try loadItems() : nil
        let terminal = try DeckTerminal.open()
        let reading = self.reading(screen: DeckSession.usableSize(terminal.size))
        guard streamsStandardInput, typed == nil else {
            // Every item is there, but its pictures are decoded a chunk at a time while the deck
            // runs: the first card does not wait for the last picture.
            let texts: [String]
            if let typed { texts = typed } else { texts = try loadItems() }
            guard reading.streams(texts) else {
                // One chunk (text, a few small pictures): read whole, the footer says nothing of input.
                return try DeckSession(command: self, items: texts, terminal: terminal).run()
            }
            let stream = ItemStream(items: texts, name: "the items", reading: reading)
            stream.start()
            let (items, _) = stream.waitForItems()
            return try DeckSession(command: self, items: items, sizing: texts, terminal: terminal, stream: stream).run()
        }
        // The first card as soon as its item is read; the rest while the deck runs.
        let stream = ItemStream(descriptor: 0, name: InputFile.name(of: "-"), split: split, reading: reading)
        stream.start()
        let (items, end) = stream.waitForItems()
        // Input that fails before the deck is up fails as a whole read does (66, nothing drawn).
        if case .failed(let error) = end { throw error }
        guard !items.isEmpty else {
            throw .unreadableInput("standard input has no items (it is empty or only white space)")
        }
        // Keys typed while no card was on screen are not replayed on cards never seen.
        Platform.discardInput(terminal.fileDescriptor)
        return try DeckSession(
            command: self, items: items, sizing: items.map(\.text), terminal: terminal, stream: stream
        ).run()
    }

    /// Whether the items are standard input's alone, read as they come (``ItemStream``): with
    /// item arguments too, standard input is read to its end first, so that the arguments
    /// follow its items.
    var streamsStandardInput: Bool { readsStandardInputItems && itemArguments.isEmpty }
}
