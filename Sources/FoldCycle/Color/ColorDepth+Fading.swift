extension ColorDepth {
    /// The opacity a layer of opacity `alpha` is drawn with at this depth.
    ///
    /// At ``ansi16`` a blend of two colours lands on whichever of the 16 entries is nearest, and
    /// that is often a third hue: an orange or yellow card half faded toward black is nearest
    /// red (SGR 41), then black (40); toward white, grey. So at 16 colours a fading layer is
    /// drawn whole while at least half opaque and not at all below that: every cell shows the
    /// layer's own colours or what is below it, never a colour of neither
    /// (docs/decisions/0125-background-detection.md). Other depths blend: `alpha` unchanged.
    package func shownAlpha(_ alpha: Double) -> Double {
        guard self == .ansi16 else { return alpha }
        return alpha >= 0.5 ? 1 : 0
    }

    /// Whether a face dimmed to `brightness` (``CellBuffer/shaded(by:foreground:background:depth:)``)
    /// keeps its colours and is drawn faint (SGR 2) instead: at ``ansi16``, where a dimmed colour
    /// lands on another hue, below half brightness. Faint dims the text as the terminal's theme
    /// does; the card's own colour stays.
    package func dimsByFaint(_ brightness: Double) -> Bool {
        self == .ansi16 && !(brightness >= 0.5)
    }
}
