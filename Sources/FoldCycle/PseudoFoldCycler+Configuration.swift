#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PseudoFoldCycler {
    /// Everything about a card beyond its items, direction and interval, the design card's three
    /// (docs/decisions/0170-front-door-configuration.md):
    ///
    /// ```swift
    /// let card = try PseudoFoldCycler(
    ///     items: ["Search by name or email", "搜索姓名、手机号或邮箱"], direction: .up, interval: 2,
    ///     configuration: .init(transition: .cube, cardSize: TerminalSize(columns: 40, rows: 3)))
    /// ```
    public struct Configuration: Sendable {
        /// Seconds each transition runs; nil for `min(0.6, interval/3)`
        /// (``Cycler/defaultDuration(forInterval:)``). Finite, ≥ 0.001 (``Cycler/minimumDuration``)
        /// and shorter than the interval, or the initializer throws.
        public var duration: TimeInterval?
        /// The transition: ``TransitionKind/fold`` (the default) or another of the family, or one
        /// of your own, `TransitionKind(MyTransition.self)` (<doc:WritingATransition>).
        public var transition: TransitionKind
        /// The curve from time to progress; default ease-in-ease-out.
        public var timingFunction: TimingFunction
        /// The card in cells, at most 2000 columns and 1000 rows (the largest terminal frames are
        /// laid out for); nil fits every item (widest line and most lines, plus one cell of
        /// padding on each side, within the same bounds).
        public var cardSize: TerminalSize?
        /// The card's colours and alignment.
        public var cardStyle: CardStyle
        /// A cell's height over its width (> 0), for the cube's and the flip's perspective;
        /// default 2.
        public var cellAspect: Double
        /// Frame rate, output mode, colour depth and motion (detected from the environment by
        /// default, as the `foldcycle` tool detects them).
        public var player: Player.Configuration
        /// What becomes of escape sequences in `String` items: ``ANSIHandling/keep`` (their SGR
        /// colours and attributes style the card; the default), ``ANSIHandling/strip`` or
        /// ``ANSIHandling/show`` (visible pictures).
        public var ansi: ANSIHandling

        /// A configuration; every parameter has the default its property names.
        public init(
            duration: TimeInterval? = nil, transition: TransitionKind = .fold,
            timingFunction: TimingFunction = .easeInEaseOut, cardSize: TerminalSize? = nil,
            cardStyle: CardStyle = CardStyle(), cellAspect: Double = 2,
            player: Player.Configuration = Player.Configuration(), ansi: ANSIHandling = .keep
        ) {
            self.duration = duration
            self.transition = transition
            self.timingFunction = timingFunction
            self.cardSize = cardSize
            self.cardStyle = cardStyle
            self.cellAspect = cellAspect
            self.player = player
            self.ansi = ansi
        }
    }
}
