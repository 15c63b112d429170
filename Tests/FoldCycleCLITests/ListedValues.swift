import FoldCycle

@testable import FoldCycleCLI

/// The value lists as help and messages name them, derived from the registries: the literal
/// lists are asserted once, in TransitionKindTests and OptionValueTests.
enum Listed {
    /// `fold, cube, …`.
    static let transitions = TransitionKind.allCases.map(\.rawValue).joined(separator: ", ")
    /// `plain, ansi, …`.
    static let formats = RenderCommand.Format.allCases.map(\.rawValue).joined(separator: ", ")
    /// `render, deck, …`: the subcommands `help` takes (the table is asserted in CLIErrorTests).
    static let subcommands = CLICommand.subcommandNames
}
