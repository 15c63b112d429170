extension Player: TerminalSessionParticipant {
    /// Ctrl-Z: ``suspendOutput()``.
    public func sessionWillSuspend() { suspendOutput() }
    /// `fg`: ``resumeOutput()``.
    public func sessionDidResume() { resumeOutput() }
    /// SIGWINCH: ``terminalResized()``.
    public func sessionDidResize() { terminalResized() }
    /// The session ends: ``finish()``.
    public func sessionWillEnd() { finish() }
}
