/// The display width of text in terminal cells, the same on every host.
///
/// The reference is Python's `wcwidth` package, version 0.9.4, and the one Unicode version it
/// ships (18.0.0, ``DisplayWidthTables/unicodeVersion``): `wcwidth.width(cluster)` for each
/// grapheme cluster, with ambiguous-width characters narrow and no terminal-specific overrides.
/// `scripts/gen_width_reference.py` prints the expected values the tests freeze.
///
/// A scalar's width is read from ``DisplayWidthTables/scalarWidths``, generated from Python's
/// `wcwidth(chr(c))` for every scalar by `scripts/gen_width_tables.py`: no libc `wcwidth`, no
/// process locale (a library never changes its host's locale).
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

    /// The width of one scalar: Python's `wcwidth(chr(value))` (-1 for C0/C1 controls), from
    /// ``DisplayWidthTables/scalarWidths``.
    ///
    /// - Parameter value: a Unicode scalar value.
    /// - Returns: -1 (control), 0, 1 or 2.
    package static func scalarWidth(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        let table = DisplayWidthTables.scalarWidths
        return search(table.count, lower: { table[$0].lower }, upper: { table[$0].upper }, value).map {
            Int(table[$0].width)
        } ?? 1
    }

    /// The width a terminal that adds up the widths of a cluster's scalars gives one scalar
    /// (see ``isDisputed(_:)``): ``scalarWidth(_:)``, except that a spacing mark (Mc, e.g.
    /// Devanagari U+093E) takes the column it spaces (1, as glibc's and xterm's `wcwidth` give
    /// it; Python measures it 0 alone and widens the cluster instead), and a control takes 0.
    ///
    /// - Parameter value: a Unicode scalar value.
    /// - Returns: 0, 1 or 2.
    package static func terminalScalarWidth(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        if contains(DisplayWidthTables.spacingMarks, value) { return 1 }
        return max(0, scalarWidth(value))
    }

    // MARK: - Cluster loop (a port of Python wcwidth 0.9.4 `wcswidth`)

    private static func clusterWidth(_ scalars: [UInt32]) -> Int {
        var loop = ClusterLoop()
        var index = 0
        while index < scalars.count { index = loop.step(scalars, at: index) }
        return min(max(loop.total + loop.cluster, 0), 2)
    }

    /// The state of Python's grapheme loop over one cluster's scalars.
    private struct ClusterLoop {
        /// The widths of the finished parts.
        var total = 0
        /// The width of the part being built.
        var cluster = 0
        var hasBase = false
        var lastScalar: UInt32 = 0
        var lastWidth = 0
        var afterVirama = false

        /// Takes the scalar at `index` (with the one after it, for a ZWJ); returns the index of
        /// the next one to take.
        @inline(__always)
        mutating func step(_ scalars: [UInt32], at index: Int) -> Int {
            let value = scalars[index]
            if value == 0x200D { return joiner(scalars, at: index) }
            if (value == 0xFE0F || value == 0xFE0E) && hasBase {
                variationSelector(value)
                return index + 1
            }
            if DisplayWidthTables.regionalIndicators.contains(value) {
                if Self.endsFlag(scalars, at: index) {
                    lastScalar = value
                    return index + 1
                }
            } else if DisplayWidthTables.fitzpatrick.contains(value)
                && contains(DisplayWidthTables.emojiModifierBases, lastScalar)
            {
                return index + 1
            }
            add(value)
            return index + 1
        }

        /// ZWJ: Python skips the scalar after it (the joined emoji adds no width).
        private mutating func joiner(_ scalars: [UInt32], at index: Int) -> Int {
            if afterVirama { return index + 1 }
            afterVirama = false
            guard index + 1 < scalars.count else { return index + 1 }
            lastWidth = 0
            return index + 2
        }

        /// VS16 after a narrow emoji base makes 2; VS15 after a wide one makes 1.
        private mutating func variationSelector(_ value: UInt32) {
            if value == 0xFE0F {
                if contains(DisplayWidthTables.vs16NarrowToWide, lastScalar) { cluster = 2 }
            } else if contains(DisplayWidthTables.vs15WideToNarrow, lastScalar) && lastWidth == 2 {
                total -= 1
            }
            hasBase = false
        }

        /// Whether the regional indicator at `index` is the second of a pair (an odd count of
        /// them before it): the flag is already counted.
        private static func endsFlag(_ scalars: [UInt32], at index: Int) -> Bool {
            var before = 0
            var back = index - 1
            while back >= 0 && DisplayWidthTables.regionalIndicators.contains(scalars[back]) {
                before += 1
                back -= 1
            }
            return before % 2 == 1
        }

        /// Any other scalar: a visible one starts a new part (or, after a virama, joins a
        /// conjunct of width 2); a spacing mark after a base widens it to 2.
        private mutating func add(_ value: UInt32) {
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
        }
    }

    // MARK: - Table lookup

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
