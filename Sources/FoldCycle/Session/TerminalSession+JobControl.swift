internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Job control: Ctrl-Z and `fg`, and a run started or continued in the background
// (docs/decisions/0016-job-control.md). On the session's queue, as the rest of its internals.
extension TerminalSession {
    /// Ctrl-Z: give the terminal back and stop for real. SIGCONT (`fg`) takes it back.
    func suspend() {
        guard !state.value.ended, !state.value.suspended else { return }
        state.value.suspended = true
        for participant in state.value.participants { participant.sessionWillSuspend() }
        restoreModes()
        // SIGTSTP is caught (its handler only relays it): the platform takes the stop with the
        // default disposition for the moment, on this thread, so the shell sees SIGTSTP ($? 148).
        Platform.stopForTerminalStop()
        // Continued (SIGCONT, whose relayed handler then finds nothing to do), or not stopped at
        // all (the kernel discards a stop in an orphaned process group): take the terminal again.
        resume()
    }

    /// Whether this process group is the foreground job of its controlling terminal: asked of the
    /// input or the output, whichever is the controlling terminal, else of `/dev/tty`. The output
    /// may be a terminal that is not the controlling one (`foldcycle > /dev/pts/3`), whose
    /// `tcgetpgrp` fails; a process with no controlling terminal at all is never in the background.
    var isForeground: Bool {
        for device in [configuration.inputDevice, configuration.outputDevice] where device.isTerminal {
            let group = tcgetpgrp(device.fileDescriptor)
            if group >= 0 { return group == getpgrp() }
        }
        let controlling = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard controlling >= 0 else { return true }
        defer { close(controlling) }
        let group = tcgetpgrp(controlling)
        return group < 0 || group == getpgrp()
    }

    /// Whether a terminal this session touches (the input it reads, the output it draws on or
    /// silences) has another process group in its foreground: we run in the background.
    var isInBackground: Bool {
        var touched = [configuration.outputDevice]
        if configuration.input != .none { touched.append(configuration.inputDevice) }
        return touched.contains { $0.isTerminal && Platform.isInBackground(ofTerminal: $0.fileDescriptor) }
    }

    /// Started in the background (`&`): before modes change and anything is drawn, stop as the
    /// kernel stops a job that changes its terminal's modes (SIGTTOU, "Stopped (tty output)"),
    /// again after each `bg`, until `fg` continues us in the foreground. Where the stop cannot be
    /// taken (SIGTTOU not at its default disposition: go on, as the kernel would let the change
    /// through; an orphaned process group, whose stops the kernel discards: ask again now and
    /// then), nothing is drawn over another job's terminal meanwhile.
    func waitForForeground() {
        // Not once a termination signal came (`kill %1` on the stopped job: SIGTERM, then SIGCONT):
        // its handler, behind us on the queue, ends the run.
        while isInBackground, !SignalRelay.hasTerminationSignalArrived {
            guard Platform.stopForTerminalOutput() else { return }
            if isInBackground { Platform.sleep(seconds: Self.backgroundRetry) }
        }
    }

    /// Seconds between stops while a stop does not keep us stopped (see `waitForForeground`).
    static let backgroundRetry = 0.1

    /// SIGCONT: after a job-control stop, take the terminal again and redraw at the cursor.
    func resume() {
        guard !state.value.ended else { return }
        if !state.value.suspended {
            // A stop this session did not take (SIGSTOP cannot be caught: `kill -STOP`), then a
            // continue: when the terminal was taken meanwhile (we are in the background now, or a
            // shell put its own modes back), handle it as Ctrl-Z and `fg`
            // (docs/decisions/0261-a-stop-from-outside-is-a-job-control-stop.md). A continue with
            // the terminal as we left it (no job-control shell, or no stop at all): nothing to do.
            let modes = [inputModes, outputModes]
            guard modes.contains(where: \.isActive),
                !isForeground || modes.contains(where: \.wereChangedByAnother)
            else { return }
            state.value.suspended = true
            state.value.stoppedFromOutside = true
        }
        // Continued in the background (`bg`, `kill -CONT`): the terminal belongs to the shell.
        // Taking it back would change its modes from the background: stop as the kernel does
        // (SIGTTOU, "Stopped (tty output)"); `fg` continues us here. Still in the background (the
        // stop not taken, or `bg` again, whose SIGCONT comes here once more): stay suspended.
        // Not once a termination signal came (`kill %1` on the stopped job sends SIGTERM, then
        // SIGCONT): its handler, next on the queue, must run, not wait for `fg`.
        if !isForeground, !SignalRelay.hasTerminationSignalArrived {
            // The SIGTERM's handler may run on another thread just after our SIGCONT's: give it
            // the moment `waitForForeground` gives it before stopping again.
            Platform.sleep(seconds: Self.backgroundRetry)
            if !isForeground, !SignalRelay.hasTerminationSignalArrived { Platform.stopForTerminalOutput() }
        }
        guard isForeground else { return }
        state.value.suspended = false
        if state.value.stoppedFromOutside {
            // What Ctrl-Z's suspend would have done before the stop, done now that the terminal
            // is ours again: the participants give it back (the player ends its region), the
            // modes are given back, to be taken again just below.
            state.value.stoppedFromOutside = false
            for participant in state.value.participants { participant.sessionWillSuspend() }
            restoreModes()
        }
        enterModes()
        for participant in state.value.participants { participant.sessionDidResume() }
        emit(.resumed)
    }
}
