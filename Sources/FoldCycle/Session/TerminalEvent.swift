import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One thing a ``TerminalSession`` hands on, stamped with when it happened: a key, a mouse
/// report, a report the terminal sends of itself, a line, the end of the input, a resize, … (as
/// bubbletea's messages). Each comes once, in the order its bytes were read or it happened, to
/// the session's event handler (``TerminalSession/setEventHandler(_:)``) and to every stream of
/// ``TerminalSession/events()`` (docs/decisions/0205-one-stamped-event-stream.md).
///
/// Source: the session's input descriptor (decoded by the session: keys and mouse reports in
/// SGR form, control strings dropped), its signals (SIGWINCH, SIGCONT) and the output pipe's watch.
public struct TerminalEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A key press (``TerminalSession/Input/keys`` with a terminal input). Esc alone comes
        /// after a short wait with no byte after it (it could have begun a sequence).
        case key(KeyPress)
        /// A mouse report (``TerminalSession/Configuration-swift.struct/reportsMouse`` with keys read from a
        /// terminal). Its ``TerminalEvent/age`` times a gesture by when the report came, not
        /// when it was handled (reports may wait on the queue while a frame is composed).
        case mouse(MouseEvent)
        /// A report the terminal sends of itself: focus in and out while mouse reports are on,
        /// the answer to a cursor-position request (`CSI 6n`) written by the program, or an
        /// answer to a query that came after the query's timeout.
        case report(TerminalReport)
        /// The bytes of one read from a terminal in ``TerminalSession/Input/keyBytes`` mode,
        /// undecoded (for a program that hands the keys on to another terminal); in place of
        /// ``key(_:)``, ``mouse(_:)`` and ``report(_:)``.
        case keyBytes([UInt8])
        /// A line, without its line feed (``TerminalSession/Input/lines``, or keys when the
        /// input is not a terminal). Stamped when it is handed on (the reader waits for it to
        /// be handled before it reads more).
        case line(String)
        /// A line longer than `Limits/commandLineBytes`, dropped whole: its length in bytes
        /// (without the line feed), in the place of the line.
        case overlongLine(byteCount: Int)
        /// The terminal was resized (SIGWINCH), after the session's participants (a ``Player``)
        /// redrew: the output's size in cells then, nil when it is not a terminal.
        case resized(TerminalSize?)
        /// The process was continued in the foreground after a job-control stop (`fg`), after
        /// the participants took the terminal again and redrew.
        case resumed
        /// The input ended (end of file, or the terminal went away). Once; nothing is read after it.
        case inputEnded
        /// The output is a pipe whose reader went away (``TerminalSession/Configuration-swift.struct/watchesOutputPipe``).
        /// Once.
        case outputClosed
    }

    /// What happened.
    public let kind: Kind
    /// When: for keys, mouse reports, terminal reports and key bytes, when their bytes were
    /// read; for the rest, when the session handed the event on. Nanoseconds on the monotonic
    /// clock of `DispatchTime.now().uptimeNanoseconds` (it does not advance while the machine
    /// sleeps).
    public let uptimeNanoseconds: UInt64

    /// Creates an event of `kind` stamped at `uptimeNanoseconds` (default now).
    public init(_ kind: Kind, uptimeNanoseconds: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        self.kind = kind
        self.uptimeNanoseconds = uptimeNanoseconds
    }

    /// The stamp as a `DispatchTime`.
    public var time: DispatchTime { DispatchTime(uptimeNanoseconds: uptimeNanoseconds) }

    /// Seconds from the stamp until `now` (an uptime in nanoseconds, as ``uptimeNanoseconds``);
    /// 0 when `now` is not later.
    public func age(at now: UInt64) -> TimeInterval {
        now > uptimeNanoseconds ? Double(now - uptimeNanoseconds) / 1e9 : 0
    }

    /// Seconds from the stamp until now: subtract it from a scene clock's `now` to place the
    /// event on that clock (a drag's velocity is fitted to when its reports were read).
    public var age: TimeInterval { age(at: DispatchTime.now().uptimeNanoseconds) }
}
