import FoldCycle
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RenderCommand {
    /// A `--format`: a registered ``FrameWriter`` type, named by its ``FrameWriter/name``.
    ///
    /// ``allCases`` is the one list; help's FORMATS section, the `--format` values, the
    /// completions, the manual and the option checks read each writer's facts from there. A new
    /// format is its writer's file (with its `Format` constant) plus one line in ``allCases``.
    struct Format: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        /// The registered formats, in the order help lists them.
        static let allCases: [Format] = [
            .plain,
            .ansi,
            .json,
            .asciicast,
            .svg,
        ]

        /// The writer type behind the format.
        let writer: any FrameWriter.Type

        init(_ writer: any FrameWriter.Type) { self.writer = writer }

        /// The registered format named `rawValue`; nil for any other text.
        init?(rawValue: String) {
            guard let format = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = format
        }

        /// The `--format` name.
        var rawValue: String { writer.name }
        var description: String { rawValue }

        /// Whether frames are written as a stream that `--play` can pace.
        var isStream: Bool { writer.isStream }

        static func == (lhs: Format, rhs: Format) -> Bool {
            ObjectIdentifier(lhs.writer) == ObjectIdentifier(rhs.writer)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(writer)) }

        /// The writer of this format for `command`'s frames, titled `title` (pictures).
        func writer(for command: RenderCommand, title: String, loopEnd: TimeInterval) -> any FrameWriter {
            writer.init(command: command, title: title, loopEnd: loopEnd)
        }

        /// The names of the formats `isIncluded` picks, separated by commas, as help's option
        /// summaries name them.
        static func list(where isIncluded: (Format) -> Bool) -> String {
            allCases.filter(isIncluded).map(\.rawValue).joined(separator: ", ")
        }

        /// The names of the formats `isIncluded` picks, as a sentence lists them: `a, b and c`
        /// (`conjunction` in place of `and`).
        static func names(where isIncluded: (Format) -> Bool, conjunction: String = "and") -> String {
            let names = allCases.filter(isIncluded).map(\.rawValue)
            guard names.count > 1 else { return names.joined() }
            return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names[names.count - 1]
        }

        /// Help's FORMATS section: each format's paragraph under its name.
        static var helpLines: [String] {
            let column = 11
            return allCases.flatMap { format in
                format.writer.helpParagraph.enumerated().map { index, line in
                    let name = index == 0 ? format.rawValue : ""
                    return name + String(repeating: " ", count: max(column - name.count, 1)) + line
                }
            }
        }
    }
}
