import FoldCycleOptions

/// The manual page, foldcycle(1) in man(7) roff, generated from ``CLICommand``'s tables: the
/// live cycler's description, arguments, options and help sections, then each subcommand's, then
/// the exit statuses. `foldcycle --generate-manual > foldcycle.1; man -l foldcycle.1`.
enum ManualPage {
    /// The whole page, ending with a newline.
    static var text: String {
        var page = [
            ".TH FOLDCYCLE 1 \(BuildVersion.releaseDate) \(quoted("foldcycle \(BuildVersion.version)")) "
                + quoted("User Commands"),
            ".SH NAME",
            "foldcycle \\- cycle text cards through animated transitions in a terminal",
            ".SH SYNOPSIS",
        ]
        for (index, command) in CLICommand.allCases.enumerated() {
            if index > 0 { page.append(".br") }
            page.append(escaped(command.usage))
        }
        page += [".SH DESCRIPTION"] + paragraph(CLICommand.live.overview)
        page += body(of: .live, heading: ".SH")
        for command in CLICommand.subcommands {
            guard let name = command.name else { continue }
            page += [
                ".SH \(quoted("FOLDCYCLE \(name.uppercased())"))"
            ]
            page += paragraph(command.overview) + [".SS USAGE", escaped(command.usage)]
            page += body(of: command, heading: ".SS")
        }
        page += [".SH EXIT STATUS"]
        for (status, meaning) in exitStatuses {
            page += [".TP", ".B \(status)"] + paragraph(meaning)
        }
        page += [".SH SEE ALSO", ".BR tmux (1),", ".BR jq (1)"]
        return page.joined(separator: "\n") + "\n"
    }

    /// The exit statuses, as `CLIError` maps them.
    static let exitStatuses = [
        ("0", "Done: the cycles ran, the frames were written, the run was quit."),
        ("1", "A runtime error (writing failed, a socket could not be reached, a reply was an error)."),
        ("64", "A usage error: an unknown option, a value outside what the option allows."),
        ("66", "An input file could not be read."),
        ("128+N", "Ended by signal N (the terminal is restored first)."),
    ]

    /// The ARGUMENTS, OPTIONS and help sections of `command` under `heading` (`.SH` or `.SS`).
    private static func body(of command: CLICommand, heading: String) -> [String] {
        var lines: [String] = []
        if !command.arguments.isEmpty {
            lines.append("\(heading) ARGUMENTS")
            for (name, help) in command.arguments {
                lines += [".TP", ".I \(escaped(name))"] + paragraph(help)
            }
        }
        lines.append("\(heading) OPTIONS")
        for spec in command.options {
            var term = (spec.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\\-\\-\(escaped(spec.name))\\fR"
            if let valueName = spec.valueName { term += " \\fI\(escaped(valueName))\\fR" }
            lines += [".TP", term] + paragraph(spec.help)
        }
        for section in command.sections {
            lines += ["\(heading) \(quoted(section.title))", ".nf"]
            lines += section.lines.map { escaped($0) }
            lines.append(".fi")
        }
        return lines
    }

    /// `text` as one roff line: backslashes as `\e`, hyphens as `\-` (so they copy as ASCII), a
    /// leading `.` or `'` guarded by `\&`, and every non-ASCII character as `\[uXXXX]`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default:
                if scalar.isASCII {
                    result.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// `text` as filled lines of at most 80 bytes (roff joins them), escaped.
    private static func paragraph(_ text: String) -> [String] {
        HelpText.wrapped(escaped(text), width: 80).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
        }
    }

    /// `text` as one quoted macro argument (`"` doubled, as roff reads it).
    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text).split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
