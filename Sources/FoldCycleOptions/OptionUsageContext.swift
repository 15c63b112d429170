/// Who reads a command line (a `foldcycle` command, the bench): how its usage errors are made.
///
/// ``ParsedArguments`` and ``OptionReader`` word every message the same way for every tool;
/// the context only wraps the message in its own error type (the CLI's names the command, whose
/// usage line follows the message).
package protocol OptionUsageContext: Sendable {
    /// The error a bad command line throws.
    associatedtype Failure: Error

    /// The error for a bad command line, with its message (`unknown option '--x'`, …).
    func usage(_ message: String) -> Failure

    /// A value as a message quotes it; by default whole.
    func excerpt(_ text: String) -> String

    /// Where the version is, for `-v` or `--version` given where there is none (`the version:
    /// foldcycle --version`); by default nil, and the option is only unknown.
    var versionHint: String? { get }
}

extension OptionUsageContext {
    /// The value whole.
    package func excerpt(_ text: String) -> String { text }

    /// None.
    package var versionHint: String? { nil }
}
