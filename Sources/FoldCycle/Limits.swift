/// Every bound FoldCycle puts on work and memory per input, in one place
/// (docs/DESIGN.md#limits): what comes from outside the program (a terminal's reported size,
/// input files, piped command lines, typed keys, text shown on screen) can cost at most this
/// much, and where a limit is hit the user is told which one.
///
/// The values are fixed: they are far beyond what a person types or a terminal shows, and low
/// enough that the memory each bounds stays in the tens of megabytes.
package enum Limits {
    /// The widest terminal the player lays frames out for, in columns. A terminal reporting more
    /// (a bogus 65535 × 65535 size) is drawn in as if it had this many; the card is clipped there.
    package static let terminalColumns = 2_000
    /// The tallest terminal the player lays frames out for, in rows (see ``terminalColumns``).
    package static let terminalRows = 1_000

    /// The most bytes one line of input read as lines (piped commands) may have: 64 KiB. A longer
    /// line is dropped whole and the session is told (``TerminalSession/setOverlongLineHandler(_:)``),
    /// so it can say so.
    package static let commandLineBytes = 65_536

    /// The most bytes the typed command line holds (key mode); keys typed or pasted beyond it are
    /// dropped, with a reply saying so. Editing the line costs time in proportion to what fits
    /// on screen, never to what was pasted.
    package static let typedLineBytes = 4_096

    /// How many lines (or, in key mode, reads of key bytes) the input reader hands to the session's
    /// queue before it waits for them to be handled: a flood of piped commands is read no faster
    /// than it is handled, so memory stays bounded and a `quit` or a signal behind it is handled
    /// within this many commands.
    package static let pendingInputChunks = 64

    /// The most bytes an input file (`--file`, or items on standard input) may have: 64 MiB.
    /// An endless input (`/dev/zero`) fails with a message naming the limit.
    package static let inputFileBytes = 64 << 20

    /// The most distinct multi-scalar grapheme clusters the ``GlyphTable`` interns, of ordinary
    /// and of disputed width each: further new clusters are drawn as a replacement glyph of the
    /// same width (U+FFFD, or 〓 U+3013 for two cells), so text shown over a long run (a status
    /// line, a million items) cannot grow the table without end.
    package static let internedClusters = 1 << 16

    /// The most bytes of a control string (OSC, DCS, SOS, PM, APC) the key decoder waits through;
    /// a longer one is dropped and the decoder reads keys again. A control string also ends when
    /// no byte follows within the input reader's escape wait, so a lone `Alt+]` never swallows
    /// the keys typed after it.
    package static let controlStringBytes = 4_096

    /// Seconds a ``TerminalSession``'s queue has to take a termination signal (SIGINT, SIGTERM,
    /// SIGHUP, SIGQUIT) and run its handler to the end. Past it (the queue is stuck in a write to a
    /// terminal that stopped reading, or stopped by Ctrl-S), the terminal is restored without the
    /// queue and the process ends (``SignalPolicy``).
    package static let terminationDeadline: Double = 1
}
