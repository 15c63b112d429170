// Foundation's `trimmingCharacters(in:)` and `CharacterSet`, for the few sets the package uses,
// in the standard library alone: those bridge through NSString and CoreFoundation, which would
// link Foundation's ICU data into the binary (docs/decisions/0012-foundation-essentials.md).

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`: general category Zs, the tab (U+0009) and, as
    /// CoreFoundation has it, ZERO WIDTH SPACE (U+200B).
    package var isWhitespace: Bool {
        value == 0x09 || value == 0x200B || properties.generalCategory == .spaceSeparator
    }

    /// In Foundation's `CharacterSet.whitespacesAndNewlines`: general category Z* (Zs, Zl, Zp),
    /// the tab, U+000A–U+000D, U+0085 and U+200B.
    package var isWhitespaceOrNewline: Bool {
        switch value {
        case 0x09...0x0D, 0x85, 0x200B: true
        default:
            switch properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }

    /// In Foundation's `CharacterSet.alphanumerics`: general category L*, M* or N* (the same set
    /// in the Basic Multilingual Plane; CoreFoundation's older tables lack some later scripts,
    /// such as Tangut, which are letters here).
    package var isAlphanumeric: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}

extension StringProtocol {
    /// The text without the leading and trailing scalars in `CharacterSet.whitespaces` (as
    /// `trimmingCharacters(in: .whitespaces)`: scalars, so a combining mark after a trimmed space
    /// stays).
    package func trimmingWhitespace() -> String {
        trimmingScalars(where: \.isWhitespace)
    }

    /// The text without the leading and trailing scalars in `CharacterSet.whitespacesAndNewlines`.
    package func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars(where: \.isWhitespaceOrNewline)
    }

    /// The text without the leading and trailing scalars for which `trimmed` holds.
    package func trimmingScalars(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }),
            let last = scalars.lastIndex(where: { !trimmed($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
