/// What a ``TerminalSession`` does when a signal would end the process (SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT): chosen once, in one place, for the whole program.
///
/// Job control (SIGTSTP / SIGCONT) and resizes (SIGWINCH) are not termination signals: the
/// session handles them whatever the policy (see ``TerminalSession/Configuration``).
public enum SignalPolicy: Sendable {
    /// Restore the terminal (participants end their regions, modes come back), then die of the
    /// signal as the program would have without FoldCycle (default disposition, re-raised), so a
    /// shell sees the usual 128 + N. The default for embedding programs.
    case restoreAndReraise
    /// Restore the terminal, then call `handler` with the signal number on the session's queue;
    /// the handler decides what happens next (the `foldcycle` CLI exits with 128 + N).
    case restoreAndCallBack(@Sendable (Int32) -> Void)
    /// Leave termination signals alone: the program handles them (and must call
    /// ``TerminalSession/end()`` itself).
    case none
}
