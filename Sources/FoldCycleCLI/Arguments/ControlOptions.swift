import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The language a run's commands on stdin are written in.
enum ControlProtocol: String, Equatable, Sendable, CaseIterable {
    /// One command per line in words (`pause`, `direction up`); replies in prose.
    case words
    /// One JSON object per line; one JSON reply per request, and events as JSON lines
    /// (docs/DESIGN.md#control-protocol).
    case jsonl
}

/// Where a run's control protocol is read and written: `--protocol`, `--protocol-fd` and
/// `--listen`, shared by the live cycler and the deck (docs/DESIGN.md#control-protocol).
struct ControlEndpoints: Equatable, Sendable {
    /// `--protocol`: the language of stdin's commands.
    static let protocolOption = ChoiceOption(
        "protocol", value: "protocol",
        summary: "Commands on stdin in words, or as JSON lines with JSON replies and events.",
        cases: ControlProtocol.allCases, default: .words)
    /// The deck's `--protocol`: the same values; in words, stdout carries decision lines.
    static let deckProtocolOption = protocolOption.reworded(
        summary:
            "What stdout carries: one decision line each (words), or the JSON-lines protocol's events and replies "
            + "(jsonl; requests on stdin when items do not come from it).")
    /// `--protocol-fd`: absent, standard output.
    static let descriptorOption = IntegerOption(
        "protocol-fd", value: "n",
        summary: "Write JSON replies and events to descriptor n (for example 3>events.jsonl).",
        range: .init(0...1_048_575), defaultText: "stdout")
    /// `--listen`: absent, no socket.
    static let listenOption = TextOption(
        "listen", value: "path",
        summary: "Also take JSON-line requests on a Unix socket (mode 0600); 'foldcycle send' is its client.",
        isPath: true)

    /// The options, in the order help lists them.
    static let specs = optionSpecs(protocol: protocolOption)
    /// The deck's options, in the order help lists them.
    static let deckSpecs = optionSpecs(protocol: deckProtocolOption)

    /// The options with `language` as `--protocol` (one command's wording of it).
    private static func optionSpecs(protocol language: ChoiceOption<ControlProtocol>) -> [OptionSpec] {
        [language.spec, descriptorOption.spec, listenOption.spec]
    }

    /// `--protocol`.
    let language: ControlProtocol
    /// Where JSON replies to stdin's requests and every event go (`--protocol-fd`, or standard
    /// output); nil with the word protocol.
    let descriptor: Int32?
    /// `--listen`'s socket path.
    let listenPath: String?

    /// Whether the protocol's lines go to standard output (the card then goes to the terminal on
    /// standard error, or nowhere).
    var writesStandardOutput: Bool { descriptor == 1 }

    /// Reads the options.
    ///
    /// - Parameter cardDevice: the terminal the command draws its cards on when standard output
    ///   is not taken by the protocol (standard output for the cycler, `/dev/tty` for the deck),
    ///   or nil when it is decided later.
    /// - Throws: ``CLIError/usage(_:_:)`` for `--protocol-fd` without `--protocol jsonl`, a
    ///   descriptor that is not open for writing, JSON lines that would land on the terminal the
    ///   cards are drawn on, and an empty `--listen` path.
    static func read(_ values: OptionValues) throws(CLIError) -> ControlEndpoints {
        let language = try values.value(protocolOption)
        let given: Int? = try values.value(descriptorOption)
        let listenPath = values.text(listenOption)
        if listenPath?.isEmpty == true {
            throw .usage("'--listen' needs a socket path (for example /tmp/foldcycle.sock)", values.command)
        }
        guard language == .jsonl else {
            if let given {
                throw .usage(
                    "'--protocol-fd \(given)' needs '--protocol jsonl' (the word protocol's replies are prose)",
                    values.command)
            }
            return ControlEndpoints(language: language, descriptor: nil, listenPath: listenPath)
        }
        let descriptor = Int32(given ?? 1)
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, flags & O_ACCMODE != O_RDONLY else {
            throw .usage(
                given == nil
                    ? "standard output is not open for writing, so '--protocol jsonl' has nowhere to write"
                    : "descriptor \(descriptor) for '--protocol-fd' is not open for writing (open it in the shell: "
                        + "\(descriptor)>events.jsonl)", values.command)
        }
        if isatty(descriptor) == 1, descriptor == 1 || (0...2).contains(where: { isSameTerminal($0, descriptor) }) {
            throw .usage(
                (given == nil ? "standard output" : "descriptor \(descriptor)")
                    + " is the terminal the cards are drawn on: JSON replies and events would land on them; send them "
                    + "to a pipe or a file, or name another descriptor with '--protocol-fd N' (for example "
                    + "3>events.jsonl)",
                values.command)
        }
        return ControlEndpoints(language: language, descriptor: descriptor, listenPath: listenPath)
    }

    /// Whether descriptor `a` (other than `b`) is a terminal and the same one as `b`.
    private static func isSameTerminal(_ a: Int32, _ b: Int32) -> Bool {
        guard a != b, isatty(a) == 1 else { return false }
        var first = stat()
        var second = stat()
        guard fstat(a, &first) == 0, fstat(b, &second) == 0 else { return false }
        return first.st_rdev == second.st_rdev
    }
}
