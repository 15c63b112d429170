import Dispatch
import FoldCycle
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `foldcycle run` where nothing is drawn (stdout not a terminal, `TERM=dumb`, motion none): the
/// command inherits our standard streams, so its output passes straight through, untouched and
/// unslowed (with `--quiet`, it goes to a pipe and is kept for a failure); then the summary line,
/// on stdout when it is a terminal, else on stderr (a file or pipe of results stays the
/// command's). No escape sequence is written.
///
/// The command runs in our process group, the terminal's foreground job: Ctrl-C reaches it from
/// the terminal; we ignore SIGINT and SIGQUIT meanwhile, as `system(3)` does, and report its end.
struct PlainRun {
    let command: RunCommand

    func run() -> Int32 {
        let clock = DispatchClock()
        let start = clock.now
        let wiring: CommandProcess.Wiring = command.quiet ? .pipe : .inherited
        let process: CommandProcess
        switch CommandProcess.start(command.arguments, wiring: wiring) {
        case .success(let started): process = started
        case .failure(let failure):
            RunSession.reportStartFailure(failure, command: command)
            writeSummary(failure.outcome.summary(title: command.title, elapsed: clock.now - start))
            return failure.outcome.exitStatus
        }
        let previous = (signal(SIGINT, SIG_IGN), signal(SIGQUIT, SIG_IGN))
        defer {
            signal(SIGINT, previous.0)
            signal(SIGQUIT, previous.1)
        }
        let queue = DispatchQueue(label: "foldcycle.run.plain")
        let tail = LockedBox(OutputTail())
        let ended = LockedBox<Platform.ChildEnd?>(nil)
        let done = DispatchSemaphore(value: 0)
        process.start(
            on: queue, chunk: { bytes in tail.withLock { $0.append(bytes) } },
            end: { end in
                ended.withLock { $0 = end }
                done.signal()
            })
        done.wait()
        let outcome = ended.withLock { $0 }.map(RunOutcome.init) ?? .notExecutable
        if command.quiet, !outcome.succeeded {
            _ = try? TerminalDevice.standardOutput.write(tail.withLock { $0.last(lines: command.tail) })
        }
        writeSummary(outcome.summary(title: command.title, elapsed: clock.now - start))
        return outcome.exitStatus
    }

    private func writeSummary(_ line: String) {
        let device: TerminalDevice =
            TerminalDevice.standardOutput.isTerminal ? .standardOutput : .standardError
        _ = device.writeIgnoringFailure(line + "\n")
    }
}
