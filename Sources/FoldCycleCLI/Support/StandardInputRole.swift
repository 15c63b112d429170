/// What the live cycler's standard input carries (docs/CLI.md#standard-input): the one rule,
/// decided once from the arguments and what standard input is.
///
/// | items named (arguments, `--file`) | `--protocol` | stdin        | stdin carries             |
/// |-----------------------------------|--------------|--------------|---------------------------|
/// | `--file -`                        | any          | any          | items                     |
/// | no                                | words        | pipe or file | items (`--split` cuts)    |
/// | no                                | words        | other        | keys (the demo deck)      |
/// | yes                               | words        | any          | commands, one per line    |
/// | any other                         | jsonl        | any          | JSON-line requests        |
///
/// With items on stdin, keys and typed commands come from the terminal (`/dev/tty`).
enum StandardInputRole: Equatable, Sendable {
    /// Commands (typed, keys, or piped lines; JSON-line requests with `--protocol jsonl`).
    case commands
    /// Items, because `--file -` says so.
    case filedItems
    /// Items, because none are named and standard input is piped.
    case pipedItems

    /// The role for a run.
    ///
    /// - Parameters:
    ///   - itemsNamed: whether items are given as arguments or with `--file`.
    ///   - filesItems: `--file -`.
    ///   - language: `--protocol`.
    ///   - isPiped: whether standard input is a pipe or a regular file.
    init(itemsNamed: Bool, filesItems: Bool, language: ControlProtocol, isPiped: Bool) {
        if filesItems {
            self = .filedItems
        } else if !itemsNamed, isPiped, language == .words {
            self = .pipedItems
        } else {
            self = .commands
        }
    }
}
