#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// glibc's `wcwidth(3)`. The Glibc module does not export it, so it is bound by symbol name;
/// `wchar_t` is a 32-bit signed integer on Linux, passed here as its bit pattern.
@_silgen_name("wcwidth")
private func glibcWCWidth(_ character: UInt32) -> Int32

/// Set once, lazily and thread-safely (a global `let` is initialized with `swift_once`), before
/// the first `wcwidth` call: glibc's `wcwidth` answers -1 for every non-ASCII scalar in the
/// default "C" locale.
///
/// - Important: this sets the process locale (`LC_ALL`) to `C.UTF-8`. FoldCycle formats no
///   numbers through the C locale, and `C.UTF-8` keeps "C"'s decimal point and collation.
private let utf8LocaleIsSet: Bool = setlocale(LC_ALL, "C.UTF-8") != nil

/// The display width of text in terminal cells.
///
/// The reference is Python's `wcwidth` package, version 0.9.4: `wcwidth.width(cluster)` for each
/// grapheme cluster, with ambiguous-width characters narrow and no terminal-specific overrides.
/// `scripts/gen_width_reference.py` prints the expected values the tests freeze.
///
/// A scalar's width comes from glibc's `wcwidth` (locale `C.UTF-8`), corrected by
/// ``DisplayWidthTables/scalarOverrides`` wherever glibc and Python disagree (Python wins):
/// - spacing marks (Mc, e.g. Devanagari U+093E) are 1 in glibc and 0 in Python, which widens
///   the whole cluster to 2 instead;
/// - unassigned scalars are -1 in glibc and 1 in Python;
/// - scripts newer than glibc 2.36's Unicode 14 tables (e.g. CJK Extension I) and a few
///   reclassified ones (single regional indicators are 2 in Python, 1 in glibc;
///   U+3164 HANGUL FILLER is 0 in Python, 2 in glibc).
///
/// A cluster's width then follows Python's grapheme loop: the widths of its visible scalars
/// add up; U+FE0F (VS16) after a narrow emoji base makes 2 (❤ is 1, ❤️ is 2); U+FE0E (VS15) after
/// a wide emoji base makes 1; a ZWJ hides the scalar after it (ZWJ emoji families are 2); a
/// skin-tone modifier after an emoji base adds nothing; a regional-indicator pair (a flag) is 2;
/// a virama joins the next consonant into a conjunct of width 2; a spacing mark after a base
/// makes 2; combining marks and zero-width scalars (U+200B, U+200D) add 0. The result is capped
/// at 2 cells, the widest a terminal cell pair holds.
package enum DisplayWidth {
    /// The width, in cells, of one grapheme cluster: 0, 1 or 2.
    ///
    /// - Parameter cluster: a grapheme cluster. Control characters (C0, DEL, C1) measure 0, as in
    ///   Python's `width()`; text layout replaces them with visible pictures before measuring,
    ///   and expands tabs itself.
    /// - Returns: 0 for a cluster with nothing visible (a lone ZWJ, U+200B, a lone combining
    ///   mark), 1 for narrow, 2 for wide (East Asian Wide/Fullwidth, emoji presentation).
    package static func of(_ cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        if scalars.count == 1, let only = scalars.first {
            let value = only.value
            if value >= 0x20 && value < 0x7F { return 1 }
            return max(0, scalarWidth(value))
        }
        return clusterWidth(Array(scalars.lazy.map(\.value)))
    }

    /// The width of a string in cells: the sum of its clusters' widths (no tab expansion;
    /// controls count 0).
    ///
    /// - Parameter text: any text.
    /// - Returns: the sum of ``of(_:)`` over `text`'s grapheme clusters.
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The width of one scalar: Python's `wcwidth(chr(value))` (-1 for C0/C1 controls), computed
    /// as glibc's `wcwidth` with ``DisplayWidthTables/scalarOverrides`` applied.
    ///
    /// - Parameter value: a Unicode scalar value.
    /// - Returns: -1 (control), 0, 1 or 2.
    package static func scalarWidth(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        if value == 0 { return 0 }
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return -1 }
        if let override = overrideWidth(value) { return override }
        guard utf8LocaleIsSet else { return 1 }
        let width = Int(glibcWCWidth(value))
        // glibc answers -1 for unassigned scalars; Python's wcwidth measures them as 1.
        return width < 0 ? 1 : width
    }

    /// The width glibc's `wcwidth` gives one scalar in `C.UTF-8` (0 for controls and
    /// zero-width scalars, 1 for unassigned ones): what a terminal that adds up the widths of a
    /// cluster's scalars counts for it (see ``isDisputed(_:)``), unlike ``scalarWidth(_:)``,
    /// which follows Python's `wcwidth`.
    ///
    /// - Parameter value: a Unicode scalar value.
    /// - Returns: 0, 1 or 2.
    package static func glibcScalarWidth(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        guard utf8LocaleIsSet else { return 1 }
        let width = Int(glibcWCWidth(value))
        return width < 0 ? (value < 0x20 || (value >= 0x7F && value < 0xA0) ? 0 : 1) : width
    }

    // MARK: - Cluster loop (a port of Python wcwidth 0.9.4 `wcswidth`)

    private static func clusterWidth(_ scalars: [UInt32]) -> Int {
        var total = 0
        var cluster = 0
        var hasBase = false
        var lastScalar: UInt32 = 0
        var lastWidth = 0
        var afterVirama = false
        var index = 0
        while index < scalars.count {
            let value = scalars[index]
            if value == 0x200D {
                // ZWJ: Python skips the scalar after it (the joined emoji adds no width).
                if afterVirama {
                    index += 1
                } else if index + 1 < scalars.count {
                    lastWidth = 0
                    afterVirama = false
                    index += 2
                } else {
                    afterVirama = false
                    index += 1
                }
                continue
            }
            if value == 0xFE0F && hasBase {
                if contains(DisplayWidthTables.vs16NarrowToWide, lastScalar) { cluster = 2 }
                hasBase = false
                index += 1
                continue
            }
            if value == 0xFE0E && hasBase {
                if contains(DisplayWidthTables.vs15WideToNarrow, lastScalar) && lastWidth == 2 { total -= 1 }
                hasBase = false
                index += 1
                continue
            }
            if DisplayWidthTables.regionalIndicators.contains(value) {
                var before = 0
                var back = index - 1
                while back >= 0 && DisplayWidthTables.regionalIndicators.contains(scalars[back]) {
                    before += 1
                    back -= 1
                }
                if before % 2 == 1 {
                    lastScalar = value
                    index += 1
                    continue
                }
            } else if DisplayWidthTables.fitzpatrick.contains(value)
                && contains(DisplayWidthTables.emojiModifierBases, lastScalar)
            {
                index += 1
                continue
            }
            let width = scalarWidth(value)
            if width > 0 {
                if afterVirama {
                    cluster = 2
                } else if cluster > 0 {
                    total += cluster
                    cluster = width
                } else {
                    cluster = width
                }
                hasBase = true
                lastScalar = value
                lastWidth = width
                afterVirama = false
            } else if contains(DisplayWidthTables.viramas, value) {
                afterVirama = true
            } else if hasBase && contains(DisplayWidthTables.spacingMarks, value) {
                cluster = 2
                hasBase = false
                afterVirama = false
            } else {
                afterVirama = false
            }
            index += 1
        }
        return min(max(total + cluster, 0), 2)
    }

    // MARK: - Table lookup

    private static func overrideWidth(_ value: UInt32) -> Int? {
        let table = DisplayWidthTables.scalarOverrides
        return search(table.count, lower: { table[$0].lower }, upper: { table[$0].upper }, value).map {
            Int(table[$0].width)
        }
    }

    private static func contains(_ table: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        search(table.count, lower: { table[$0].lowerBound }, upper: { table[$0].upperBound }, value) != nil
    }

    /// Binary search over `count` sorted, disjoint ranges given by their bounds: the index of the
    /// range holding `value`, or nil.
    private static func search(
        _ count: Int, lower: (Int) -> UInt32, upper: (Int) -> UInt32, _ value: UInt32
    ) -> Int? {
        var low = 0
        var high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < lower(middle) {
                high = middle - 1
            } else if value > upper(middle) {
                low = middle + 1
            } else {
                return middle
            }
        }
        return nil
    }
}
