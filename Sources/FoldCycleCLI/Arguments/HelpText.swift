import FoldCycle
import FoldCycleOptions

/// Help text in swift-argument-parser's layout: `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`,
/// then the command's own sections; option lines are generated from their ``OptionSpec``s.
enum HelpText {
    /// A titled block after OPTIONS (`COMMANDS`, `EXAMPLES`, …): each line is indented by two.
    struct Section {
        /// The title, upper case, without the colon.
        let title: String
        /// The lines, without the two-space indent.
        let lines: [String]
    }

    /// The column at which option and argument descriptions start.
    static let descriptionColumn = 26
    /// The width prose sections are wrapped to (``wrapped(_:width:)``).
    static let width = 80

    /// The whole help text, ending with a newline.
    ///
    /// - Parameters:
    ///   - overview: one sentence.
    ///   - usage: the usage lines; the first follows `USAGE:`, the others align under it.
    ///   - arguments: `(<NAME>, description)` rows.
    ///   - options: in the order listed.
    ///   - sections: the blocks after OPTIONS.
    static func make(
        overview: String, usage: [CLICommand], arguments: [(String, String)], options: [OptionSpec],
        sections: [Section] = []
    ) -> String {
        var text = "OVERVIEW: \(overview)\n\nUSAGE:"
        for (index, command) in usage.enumerated() {
            text += (index == 0 ? " " : "       ") + command.usage + "\n"
        }
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for (name, help) in arguments { text += row(name, help) }
        }
        text += "\nOPTIONS:\n"
        for option in options { text += row(option.synopsis, option.help) }
        for section in sections {
            text += "\n\(section.title):\n"
            for line in section.lines { text += "  \(line)\n" }
        }
        return text
    }

    /// The SUBCOMMANDS section, from the command table, with how to pass such a word as an item.
    static var subcommandsSection: Section {
        let names = CLICommand.subcommands.compactMap(\.name)
        let column = (names.map(\.count).max() ?? 0) + 4
        var lines = CLICommand.subcommands.compactMap { command in
            command.name.map { $0.padding(toLength: column) + command.summary }
        }
        lines.append("A first item that is or resembles a subcommand's name needs '--' before it,")
        lines.append("which makes every later argument an item: foldcycle -- rendr A B")
        return Section(title: "SUBCOMMANDS", lines: lines)
    }

    /// The TRANSITIONS section: each registered ``TransitionKind`` with its summary.
    static var transitionsSection: Section {
        let column = (TransitionKind.allCases.map(\.rawValue.count).max() ?? 0) + 3
        return Section(
            title: "TRANSITIONS (--transition NAME)",
            lines: TransitionKind.allCases.map { $0.rawValue.padding(toLength: column) + $0.summary })
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stands
    /// alone on its line).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` with every line longer than `width` wrapped at spaces: an option's or argument's
    /// description goes on under ``descriptionColumn`` (or, when that leaves fewer than
    /// ``narrowRoom`` columns, starts on the next line under an indent of six), a prose line
    /// under its own indent. Lines that fit, and words longer than the room, stay as they are.
    static func fitted(_ text: String, width: Int) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.count > width else {
                lines.append(line)
                continue
            }
            let characters = Array(line)
            let isRow =
                line.hasPrefix("  ") && characters.count > descriptionColumn
                && characters[descriptionColumn - 1] == " " && characters[descriptionColumn] != " "
            var indent = isRow ? descriptionColumn : characters.prefix { $0 == " " }.count
            var head = String(characters.prefix(indent))
            if isRow && width - descriptionColumn < narrowRoom {
                lines.append(String(head.reversed().drop { $0 == " " }.reversed()))
                indent = 6
                head = String(repeating: " ", count: indent)
            }
            let pad = String(repeating: " ", count: indent)
            let body = wrapped(String(characters.dropFirst(isRow ? descriptionColumn : indent)), width: width - indent)
            lines += body.enumerated().map { ($0.offset == 0 ? head : pad) + $0.element }
        }
        return lines.joined(separator: "\n")
    }

    /// The fewest columns a description is wrapped into beside its option; narrower terminals
    /// get it on the lines below.
    static let narrowRoom = 30

    /// `text` as `--help` writes it to standard output: ``fitted(_:width:)`` to the terminal's
    /// width when it is a terminal; whole lines into a pipe or a file, for `grep`.
    static func forStandardOutput(_ text: String) -> String {
        guard TerminalDevice.standardOutput.isTerminal, let columns = TerminalDevice.standardOutput.size?.columns,
            columns > 0
        else { return text }
        return fitted(text, width: columns)
    }

    /// `  name` then the description at ``descriptionColumn``, or on the next line when the name
    /// reaches that column.
    private static func row(_ name: String, _ help: String) -> String {
        OptionSpec.helpRow(name, help, column: descriptionColumn)
    }
}

extension String {
    /// The string followed by spaces up to `length` characters (unchanged when longer).
    fileprivate func padding(toLength length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - count))
    }
}
