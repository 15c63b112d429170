import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One output format: fed frames in time order — `render`'s on its virtual clock, or a live
/// session's as its player draws them — it gives the bytes to write. A format is one file: its
/// writer, which states its own facts (its name, stream or picture, default sampling, colour
/// rule, the options only it takes, its help paragraph), and one line in
/// ``RenderCommand/Format/allCases`` (docs/DESIGN.md#pictures). Help, the manual, completions
/// and the option checks read the facts from there.
protocol FrameWriter: SendableMetatype {
    /// The `--format` name.
    static var name: String { get }
    /// Whether frames are written as a stream that `--play` can pace (else a picture written at
    /// the end, which `--hold` applies to).
    static var isStream: Bool { get }
    /// The frames taken without `--frames` or `--fps` (with `--play` or `--deck`, 30 per second
    /// whatever the format).
    static var defaultSampling: RenderSampling { get }
    /// How `--color` and standard output set the depth the frames are written and composed at.
    static var colorRule: FrameColorRule { get }
    /// The options only this format takes (others refuse them), beyond `--hold` and `--play`.
    static var ownOptions: [OptionSpec] { get }
    /// The most cells its frames may hold in all (more is refused before any frame is made),
    /// and what holds them, as the refusal names it (`an SVG`); nil for no limit.
    static var cellLimit: (cells: Int, holder: String)? { get }
    /// Whether a picture item's card shows its pixels (as half-block cells); false: a card of
    /// its path instead (a text format, where colourless half blocks would say nothing).
    static var showsPictures: Bool { get }
    /// What help's FORMATS section says of it: lines of at most 89 columns after its name's
    /// column.
    static var helpParagraph: [String] { get }

    /// The writer for `command`'s frames, titled `title`, whose loop (or recording) ends at
    /// `loopEnd` seconds.
    init(command: RenderCommand, title: String, loopEnd: TimeInterval)

    /// The bytes to write for `frame` as soon as it is made; a picture keeps what it needs and
    /// gives nothing until ``end(at:)``.
    mutating func write(_ frame: RenderedFrame) -> [UInt8]
    /// The bytes that end the output at `time` seconds (the last frame's time plus the hold): a
    /// stream's end, or the whole picture.
    mutating func end(at time: TimeInterval) -> [UInt8]
    /// Gives the terminal back (Ctrl-Z during `render --play`); nothing for a text format.
    mutating func suspend() -> [UInt8]
    /// Takes the terminal again at the cursor (`fg`) and draws `cells` in full.
    mutating func resume(showing cells: CellBuffer) -> [UInt8]
    /// Redraws `cells` from scratch after a resize.
    mutating func resize(showing cells: CellBuffer) -> [UInt8]
}

extension FrameWriter {
    static var defaultSampling: RenderSampling { isStream ? .frames(9) : .framesPerSecond(30) }
    static var colorRule: FrameColorRule { .glyphs }
    static var ownOptions: [OptionSpec] { [] }
    static var cellLimit: (cells: Int, holder: String)? { nil }
    static var showsPictures: Bool { true }

    func suspend() -> [UInt8] { [] }
    func resume(showing cells: CellBuffer) -> [UInt8] { [] }
    func resize(showing cells: CellBuffer) -> [UInt8] { [] }
}

/// A frame as every format sees it: its place in the run, its time, its cells, and what its
/// source says of it (asked only by the formats that show it).
struct RenderedFrame {
    /// The frame's index from 0.
    let index: Int
    /// How many frames the run has.
    let count: Int
    /// Seconds from the run's start.
    let time: TimeInterval
    /// What the frame shows.
    let cells: CellBuffer
    /// The picture standing still in ``cells``, or nil (``RenderSource/restingPicture``).
    let restingPicture: RestingPicture?
    /// What settled or began at the frame (asciicast markers), in order.
    let markers: [String]
    /// The header fields plain text shows after `# frame i/N`, in order (`t=…`, `progress=…`).
    let summary: () -> [(name: String, value: String)]
    /// The object json writes for the frame.
    let record: () -> JSONValue
}

/// How a format's depth follows `--color` (docs/DESIGN.md#edges).
enum FrameColorRule {
    /// A terminal shows it (ansi): the depth `--color` and standard output give, composed at it
    /// (without colour, no edge blocks); but asking for ANSI is asking for colour, so `--color
    /// auto` to a pipe or file is colour as `always` gives it unless `NO_COLOR` is set
    /// (docs/decisions/0182).
    case terminal
    /// A recording for a player, not for this stdout (asciicast): truecolor unless `--color
    /// never`, the same bytes on every machine.
    case recording
    /// Glyphs or a picture (plain, json, svg): the depth `--color` and standard output give,
    /// composed at truecolor in place of none, so edges keep their block eighths.
    case glyphs

    /// The depth the frames are written at, from `values`' `--color` and standard output.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for a `--color` value it does not allow.
    func depth(_ values: OptionValues) throws(CLIError) -> ColorDepth {
        let choice = try values.value(SharedOptions.color)
        if self == .recording { return choice == .never ? .none : .truecolor }
        let environment = ProcessInfo.processInfo.environment
        let isTTY = TerminalDevice.standardOutput.isTerminal
        if self == .terminal, choice == .auto, !isTTY {
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
            return ColorDepth.detect(choice: .always, environment: environment, isTTY: false)
        }
        return ColorDepth.detect(choice: choice, environment: environment, isTTY: isTTY)
    }

    /// The depth frames written at `depth` are composed at.
    func compositionDepth(_ depth: ColorDepth) -> ColorDepth {
        self == .glyphs && depth == .none ? .truecolor : depth
    }
}
