/// The coverage-guided fuzz targets: one per decoder of outside input (docs/DESIGN.md#fuzzing).
/// Each takes any bytes, drives its decoder with them and checks properties that must hold for
/// every input; a violation traps (``FuzzCheck/require(_:_:)``), which libFuzzer reports as a
/// crash and saves the input. `foldcycle-fuzz` runs one under libFuzzer (`scripts/fuzz TARGET
/// SECONDS`); the Swift tests replay every input in the seed corpora and the saved regressions
/// (`Tests/Fuzz/`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Key and mouse bytes (``KeyDecoder``), and the deck's gestures from the mouse reports.
    case keys
    /// The command line (every subcommand's parser), and a parsed render's frames.
    case commandLine = "command-line"
    /// Piped or typed session commands, applied to a cycler on a manual clock.
    case commands
    /// Item files of any bytes: paragraphs and lines, fitted and laid out, written back.
    case itemFiles = "item-files"
    /// Text layout and sanitizing, and the encoder's bytes for laid-out text.
    case text
    /// The diffing encoder on random cell buffers against the VT model.
    case encoder
    /// Transitions and scenes with any numbers: timing curves, sizes, times, geometry.
    case transitions
    /// Every text output of item text: status formats, asciicast markers and title, the SVG
    /// built frame by frame, the deck script's errors.
    case outputs
    /// Item text with ANSI escape sequences under each `--ansi` handling: the runs, the plain
    /// text, what `show` shows and a card of the runs.
    case ansi
    /// Markdown item text (``MarkdownReader``): plain text, runs, faces, time on 10 KB.
    case markdown
    /// Times as `status --at` and `--epoch` read them: any text, and every form of generated
    /// instants.
    case times
    /// PNG files (``PictureDecoder``): any chunks, any zlib stream.
    case png
    /// JPEG files (``PictureDecoder``): any markers, any entropy-coded data.
    case jpeg

    /// Runs the target on one input.
    public func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        switch self {
        case .keys: KeysTarget.run(&input)
        case .commandLine: CommandLineTarget.run(&input)
        case .commands: CommandsTarget.run(&input)
        case .itemFiles: ItemFilesTarget.run(&input)
        case .text: TextTarget.run(&input)
        case .encoder: EncoderTarget.run(&input)
        case .transitions: TransitionsTarget.run(&input)
        case .outputs: OutputsTarget.run(&input)
        case .ansi: ANSITarget.run(&input)
        case .markdown: MarkdownTarget.run(&input)
        case .times: TimesTarget.run(&input)
        case .png: PictureTarget.run(&input, format: .png)
        case .jpeg: PictureTarget.run(&input, format: .jpeg)
        }
    }
}

/// The properties' one way to fail.
enum FuzzCheck {
    /// Traps with `message` unless `condition` holds.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz property failed: \(message())") }
    }

    /// Whether `text` holds a control character other than a line feed (C0, DEL, C1): what no
    /// output meant as data may hold.
    static func hasControl(_ text: String, allowingTab: Bool = false) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n" && !(allowingTab && $0 == "\t")) || (0x7F...0x9F).contains($0.value)
        }
    }
}
