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
    package static let terminalColumns = CyclerError.maximumCardColumns
    /// The tallest terminal the player lays frames out for, in rows (see ``terminalColumns``).
    package static let terminalRows = CyclerError.maximumCardRows

    /// The most bytes one line of input read as lines (piped commands) may have: 64 KiB. A longer
    /// line is dropped whole and the session is told (``TerminalEvent/Kind/overlongLine(byteCount:)``),
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

    /// The most items a live run or deck holds: a million. An `add` (or `insert`) past it is
    /// refused with a `limit-reached` error naming the limit.
    package static let items = 1_000_000

    /// The most bytes of UTF-8 text a live run's or deck's items hold in all: 64 MiB, as much as
    /// an input file may have. An `add`, `insert` or `replace` past it is refused.
    package static let itemBytes = 64 << 20

    /// The most bytes of a recording that wait for its file (a pipe whose reader is slow or
    /// stopped): 4 MiB. The recorder never blocks the player on its file; past this bound the
    /// recording stops with ``RecordingError/stalled(path:bytes:)`` and the terminal goes on.
    package static let recordingBacklogBytes = 4 << 20

    /// Seconds the recorder waits at its end for a slow file to take what is left.
    package static let recordingDrainSeconds: Double = 1

    /// The most cells an animated SVG from `render` may be made of, all frames together
    /// (frames × columns × rows): 20 million. The writer keeps each distinct picture, so this
    /// bounds its memory (about 65 bytes a cell when every frame differs) whatever the options;
    /// more is refused before any frame is made, naming the bound.
    package static let svgCells = 20_000_000

    /// Seconds a ``TerminalSession``'s queue has to take a termination signal (SIGINT, SIGTERM,
    /// SIGHUP, SIGQUIT) and run its handler to the end. Past it (the queue is stuck in a write to a
    /// terminal that stopped reading, or stopped by Ctrl-S), the terminal is restored without the
    /// queue and the process ends (``SignalPolicy``).
    package static let terminationDeadline: Double = 1

    /// Seconds the end of a process past ``terminationDeadline`` waits for an SVG recording that
    /// is being written (a large one takes seconds to build): its lock is held only while it is
    /// written, never while the queue writes to the terminal, so on a stuck queue it is free and
    /// the picture is written at once.
    package static let recordingFinishWait: Double = 30

    /// The most distinct hyperlink targets the ``LinkTable`` interns (a cell holds a 15-bit link
    /// id); text with a new target after that is shown without its link.
    package static let internedLinks = 4_096

    /// The most bytes of one hyperlink target as written in OSC 8, after percent-encoding: a longer
    /// target is shown without its link.
    package static let linkBytes = 4_096
}
