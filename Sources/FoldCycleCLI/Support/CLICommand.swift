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
        }
    }

    /// The usage line, as errors and help's USAGE show it.
    var usage: String {
        switch self {
        case .send: return "foldcycle send [OPTIONS] <PATH> [REQUEST ...]"
        default: return "foldcycle " + (name.map { "\($0) " } ?? "") + "[OPTIONS] [ITEM ...]"
        }
    }

    /// The hint under the usage line of an error.
    var helpHint: String {
        "See 'foldcycle " + (name.map { "\($0) " } ?? "") + "--help' for more information."
    }

    /// The subcommand named `word` exactly, if any.
    static func subcommand(named word: String) -> CLICommand? {
        subcommands.first { $0.name == word }
    }

    /// The largest edit distance at which a first argument counts as a mistyped `name`: 2, but
    /// at most a third of the name's length (at least 1), so a short name such as `send` does not
    /// claim common words (`end`, `and`) that are meant as items.
    static func maximumTypoDistance(for name: String) -> Int {
        min(Suggestion.maximumDistance, max(1, name.count / 3))
    }

    /// Rejects a live command line whose first argument looks like a mistyped subcommand: a word
    /// with no white space that is not a subcommand but within ``maximumTypoDistance(for:)``
    /// edits of one (case-insensitive; the nearest is named), and for a name of 4 letters or fewer
    /// of the same length (a letter wrong or two swapped), so that `end` and `dek` stay items.
    /// `--` first makes every argument an item.
    ///
    /// - Throws: ``CLIError/usage(_:_:)``: `unknown subcommand 'rendr' (did you mean 'render'?)`.
    static func rejectMistypedSubcommand(in arguments: [String]) throws(CLIError) {
        guard let word = arguments.first, !word.hasPrefix("-"), subcommand(named: word) == nil,
            !word.contains(where: \.isWhitespace)
        else { return }
        let typed = Array(word.lowercased())
        let nearest = subcommands.compactMap(\.name)
            .map { (name: $0, distance: Suggestion.distance(typed, Array($0))) }
            .filter {
                $0.distance <= maximumTypoDistance(for: $0.name) && ($0.name.count > 4 || typed.count == $0.name.count)
            }
            .min { $0.distance < $1.distance }
        if let nearest {
            throw .usage("unknown subcommand '\(word)' (did you mean '\(nearest.name)'?)", .live)
        }
    }
}
