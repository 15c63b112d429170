/// What a ``TerminalSession`` does when a signal would end the process (SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT): chosen once, in one place, for the whole program.
///
/// Job control (SIGTSTP / SIGCONT) and resizes (SIGWINCH) are not termination signals: the
/// session handles them whatever the policy (see ``TerminalSession/Configuration``).
///
/// With either restoring policy, a termination signal is handled within
/// `Limits/terminationDeadline` seconds: when the session's queue has not run the restore (and
/// the callback) to its end by then, because a write to the terminal is blocked (Ctrl-S, a
/// terminal that stopped reading), the session restores what it can without the queue (output
/// restarted, the restoration bytes written without blocking, termios back) and ends the process
/// itself: by the signal (``restoreAndReraise``) or with exit status 128 + N
/// (`restoreAndCallBack`, whose handler is then not called).
public enum SignalPolicy: Sendable {
    /// Restore the terminal (participants end their regions, modes come back), then die of the
    /// signal as the program would have without FoldCycle (default disposition, re-raised), so a
    /// shell sees the usual 128 + N. The default for embedding programs.
    case restoreAndReraise
    /// Restore the terminal, then call `handler` with the signal number on the session's queue;
    /// the handler decides what happens next (the `foldcycle` CLI exits with 128 + N), and returns
    /// or ends the process within `Limits/terminationDeadline`; past it, the process dies of the
    /// signal (exits 131 for SIGQUIT, whose default action would dump core).
    case restoreAndCallBack(@Sendable (Int32) -> Void)
    /// Leave termination signals alone: the program handles them (and must call
    /// ``TerminalSession/end()`` itself).
    case none
}
