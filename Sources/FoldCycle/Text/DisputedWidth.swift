extension DisplayWidth {
    /// Whether terminals disagree on how many cells `cluster` takes, so that a terminal may
    /// advance the cursor by another width than ``of(_:)-(Character)`` says (tmux 3.3 draws ❤️ in
    /// 1 cell and 👍🏽 in 4; pyte draws 👩‍💻 in 4; Python's `wcwidth` says 2 for all three).
    ///
    /// Disputed:
    /// - a single regional indicator (1 cell in glibc and some terminals, 2 in Python and others);
    /// - a cluster of several scalars with an emoji presentation selector (VS15 U+FE0E, VS16
    ///   U+FE0F), a zero-width joiner (U+200D), a keycap (U+20E3), a skin-tone modifier
    ///   (U+1F3FB…U+1F3FF), regional indicators (a flag) or tag characters (U+E0020…U+E007F,
    ///   subdivision flags): terminals apply Unicode's emoji rules, some of them, or none;
    /// - any other cluster of several scalars whose width differs from the sum of its scalars'
    ///   widths as ``terminalScalarWidth(_:)`` gives them (what a terminal that adds them up draws).
    ///
    /// Not disputed: single scalars otherwise, and clusters such as `e` + U+0301 or Hangul jamo
    /// whose scalar widths add up to the cluster's width. The encoder draws disputed clusters so
    /// that whatever width a terminal gives them, nothing around them moves
    /// (docs/DESIGN.md#disputed-widths).
    package static func isDisputed(_ cluster: Character) -> Bool {
        let scalars = cluster.unicodeScalars
        if scalars.count == 1, let only = scalars.first { return isRegionalIndicator(only.value) }
        var sum = 0
        for scalar in scalars {
            let value = scalar.value
            switch value {
            case 0xFE0E, 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
            default: if isRegionalIndicator(value) { return true }
            }
            sum += terminalScalarWidth(value)
        }
        return sum != of(cluster)
    }

    private static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }
}
