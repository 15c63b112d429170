import FoldCycleOptions

/// Each command's declarations, as help, the completion scripts and the manual read them: the
/// same tables that make `--help`, so none of them can drift from what the parser accepts.
extension CLICommand {
    /// The sentence the command's help opens with.
    var overview: String {
        switch self {
        case .live: return LiveCommand.overview
        case .render: return RenderCommand.overview
        case .deck: return DeckCommand.overview
        case .status: return StatusCommand.overview
        case .send: return SendCommand.overview
        case .run: return RunCommand.overview
        case .help: return "Show the help of foldcycle, or of a subcommand."
        }
    }

    /// The command's options, in help's order.
    var options: [OptionSpec] {
        switch self {
        case .live: return LiveCommand.specs
        case .render: return RenderCommand.specs
        case .deck: return DeckCommand.specs
        case .status: return StatusCommand.specs
        case .send: return SendCommand.specs
        case .run: return RunCommand.specs
        case .help: return []
        }
    }

    /// The positional arguments, `(<NAME>, description)`, in help's order.
    var arguments: [(String, String)] {
        switch self {
        case .live: return LiveCommand.arguments
        case .render: return RenderCommand.arguments
        case .deck: return DeckCommand.arguments
        case .status: return StatusCommand.arguments
        case .send: return SendCommand.arguments
        case .run: return RunCommand.arguments
        case .help:
            return [("<SUBCOMMAND>", "The subcommand whose help to show: " + Self.subcommandNames + ".")]
        }
    }

    /// The sections help shows after OPTIONS.
    var sections: [HelpText.Section] {
        switch self {
        case .live: return LiveCommand.sections
        case .render: return RenderCommand.sections
        case .deck: return DeckCommand.sections
        case .status: return StatusCommand.sections
        case .send: return SendCommand.sections
        case .run: return RunCommand.sections
        case .help: return []
        }
    }

    /// The subcommands `help` takes, comma-separated.
    static var subcommandNames: String {
        subcommands.compactMap(\.name).filter { $0 != "help" }.joined(separator: ", ")
    }

    /// Whether the first positional argument is a file's path (`send`'s socket); the others are
    /// items or requests, typed by hand.
    var firstArgumentIsPath: Bool { self == .send }
}
