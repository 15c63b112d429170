import FoldCycleOptions

/// The commands of `foldcycle`, in one table: the live cycler (no word) and each subcommand
/// (a first argument that names it). A new subcommand is a new case here; help's USAGE and
/// SUBCOMMANDS sections and the "did you mean" check read this table.
enum CLICommand: CaseIterable, Equatable, Sendable {
    /// `foldcycle [OPTIONS] [ITEM ...]`: cycles items live.
    case live
    /// `foldcycle render [OPTIONS] [ITEM ...]`: prints the frames of one transition.
    case render
    /// `foldcycle deck [OPTIONS] [ITEM ...]`: a swipe deck; decisions go to stdout.
    case deck
    /// `foldcycle status [OPTIONS] [ITEM ...]`: the item a cycler shows now, for status lines.
    case status
    /// `foldcycle send PATH [REQUEST ...]`: the client of `--listen PATH`.
    case send
    /// `foldcycle run [OPTIONS] -- COMMAND [ARG ...]`: a command with a card under its output.
    case run
    /// `foldcycle help [SUBCOMMAND]`: the help of the live cycler or of a subcommand, as
    /// `--help` prints it.
    case help

    /// The subcommands, in the order help lists them.
    static var subcommands: [CLICommand] { allCases.filter { $0.name != nil } }

    /// The word that selects the command after `foldcycle`; nil for the live cycler.
    var name: String? {
        switch self {
        case .live: return nil
        case .render: return "render"
        case .deck: return "deck"
        case .status: return "status"
        case .send: return "send"
        case .run: return "run"
        case .help: return "help"
        }
    }

    /// One line for help's SUBCOMMANDS section.
    var summary: String {
        switch self {
        case .live: return "Cycle items live in the terminal."
        case .render: return "Print the frames of one transition (see 'foldcycle render --help')."
        case .deck: return "Triage cards by drags, flings and keys (see 'foldcycle deck --help')."
        case .status: return "Print the item shown now, for status lines (see 'foldcycle status --help')."
        case .send: return "Send JSON-line requests to a run's --listen socket (see 'foldcycle send --help')."
        case .run: return "Run a command with a card under its output (see 'foldcycle run --help')."
        case .help: return "Show this help, or a subcommand's: foldcycle help deck."
        }
    }

    /// The usage line, as errors and help's USAGE show it.
    var usage: String {
        switch self {
        case .send: return "foldcycle send [OPTIONS] <PATH> [REQUEST ...]"
        case .run: return "foldcycle run [OPTIONS] -- <COMMAND> [ARG ...]"
        case .help: return "foldcycle help [SUBCOMMAND]"
        default: return "foldcycle " + (name.map { "\($0) " } ?? "") + "[OPTIONS] [ITEM ...]"
        }
    }

    /// The hint under the usage line of an error.
    var helpHint: String {
        self == .help
            ? "See 'foldcycle --help' for more information."
            : "See 'foldcycle " + (name.map { "\($0) " } ?? "") + "--help' for more information."
    }

    /// The command's help text, as `--help` prints it (`help` itself: the live cycler's, which
    /// lists every subcommand).
    var helpText: String {
        switch self {
        case .live, .help: return LiveCommand.help
        case .render: return RenderCommand.help
        case .deck: return DeckCommand.help
        case .status: return StatusCommand.help
        case .send: return SendCommand.help
        case .run: return RunCommand.help
        }
    }

    /// The command whose help `foldcycle help ARGUMENTS` shows: the live cycler's with no
    /// argument, else the subcommand named (`foldcycle help deck`).
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` for more than one argument, or one that names no
    ///   subcommand (the nearest suggested).
    static func helpTopic(_ arguments: [String]) throws(CLIError) -> CLICommand {
        guard let word = arguments.first else { return .live }
        let names = subcommands.compactMap(\.name).filter { $0 != "help" }
        guard arguments.count == 1, let topic = subcommand(named: word.lowercased()) else {
            let near = nearestSubcommand(to: word).map { "did you mean '\($0.name ?? "")'? " } ?? ""
            throw .usage(
                arguments.count == 1
                    ? "no help for '\(word)' (\(near)subcommands: \(names.joined(separator: ", ")))"
                    : "'help' takes one subcommand's name at most (subcommands: \(names.joined(separator: ", ")))",
                .help)
        }
        return topic
    }

    /// The subcommand named `word` exactly, if any.
    static func subcommand(named word: String) -> CLICommand? {
        subcommands.first { $0.name == word }
    }

    /// The largest edit distance at which a first argument counts as a mistyped `name`: 2, but
    /// at most a third of the name's length (at least 1), so a short name such as `send` does not
    /// claim common words (`end`, `and`) that are meant as items.
    static func maximumTypoDistance(for name: String) -> Int {
        Suggestion.maximumDistance(for: name)
    }

    /// The subcommand a word that names none most likely meant: one whose name the word begins
    /// (3 letters at least: `rend`, `stat`), else the nearest within ``maximumTypoDistance(for:)``
    /// edits (case-insensitive), which for a name of 4 letters or fewer must share its first letter
    /// (`dek`, `decks` and `sned` are typos; `end` and `and` are not).
    static func nearestSubcommand(to word: String) -> CLICommand? {
        let typed = Array(word.lowercased())
        let named = subcommands.compactMap { command in command.name.map { (command: command, name: $0) } }
        if typed.count >= 3, let prefixed = named.first(where: { $0.name.hasPrefix(String(typed)) }) {
            return prefixed.command
        }
        return named.map { (command: $0.command, name: $0.name, distance: Suggestion.distance(typed, Array($0.name))) }
            .filter {
                $0.distance <= maximumTypoDistance(for: $0.name) && ($0.name.count > 4 || typed.first == $0.name.first)
            }
            .min { $0.distance < $1.distance }?.command
    }

    /// Rejects a live command line whose first argument looks like a mistyped subcommand: a word
    /// with no white space that is not a subcommand but that ``nearestSubcommand(to:)`` finds one
    /// for. `--` first makes every argument an item.
    ///
    /// - Throws: ``CLIError/usage(_:_:)``: `unknown subcommand 'rendr' (did you mean 'render'?)`.
    static func rejectMistypedSubcommand(in arguments: [String]) throws(CLIError) {
        guard let word = arguments.first, !word.hasPrefix("-"), subcommand(named: word) == nil,
            !word.contains(where: \.isWhitespace), let nearest = nearestSubcommand(to: word)?.name
        else { return }
        throw .usage("unknown subcommand '\(word)' (did you mean '\(nearest)'?)", .live)
    }
}
