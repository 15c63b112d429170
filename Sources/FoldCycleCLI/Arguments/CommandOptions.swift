import FoldCycleOptions

/// A `foldcycle` command reads its options (FoldCycleOptions' splitter and reader) with errors
/// that name it, so its usage line follows the message.
extension CLICommand: OptionUsageContext {
    /// ``CLIError/usage(_:_:)`` for this command.
    func usage(_ message: String) -> CLIError { .usage(message, self) }

    /// ``CLIError/excerpt(_:)``: a long value is cut.
    func excerpt(_ text: String) -> String { CLIError.excerpt(text) }

    /// A subcommand has no version of its own.
    var versionHint: String? { "the version: foldcycle --version" }
}

/// The CLI's option reader: errors are ``CLIError``s naming the command.
typealias OptionValues = OptionReader<CLICommand>

extension OptionReader where Context == CLICommand {
    /// A reader of `parsed` for `command`.
    init(parsed: ParsedArguments, command: CLICommand) {
        self.init(parsed: parsed, context: command)
    }

    /// The command read.
    var command: CLICommand { context }
}

extension ParsedArguments {
    /// Splits `arguments` for `command` (``ParsedArguments/init(_:specs:context:)``).
    init(_ arguments: [String], specs: [OptionSpec], command: CLICommand) throws(CLIError) {
        try self.init(arguments, specs: specs, context: command)
    }
}
