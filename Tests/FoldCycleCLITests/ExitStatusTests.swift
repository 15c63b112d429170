import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycleCLI

/// Commands return their exit status and only `main` exits (issue 23): a command that fails runs
/// to its end inside the test process, which an `exit(…)` in the command would have ended.
@Suite("Exit statuses, returned to main")
struct ExitStatusTests {
    @Test("a usage error returns 64 and an unreadable items file 66, without exiting")
    func commandsReturn() {
        #expect(FoldCycleCLI.run(["render", "--bogus"]) == 64)
        #expect(FoldCycleCLI.run(["status", "--bogus"]) == 64)
        #expect(FoldCycleCLI.run(["render", "--file", "/nonexistent/foldcycle-items"]) == 66)
    }

    @Test("a reader gone away is exit 0 and no message")
    func outputClosed() {
        #expect(CLIError.outputClosed.exitCode == 0)
        #expect(CLIError.outputClosed.message == "")
    }

    @Test("a session's status is handed from its queue to the waiting thread")
    func handedOver() {
        let status = ExitStatus()
        // finish(_:) stops its thread for good, as exit did: a thread of its own.
        Thread { status.finish(129) }.start()
        #expect(status.wait() == 129)
    }
}

@Suite("The signal a run dies of")
struct TerminationSignalTests {
    @Test("130, 143 and 129 die of SIGINT, SIGTERM and SIGHUP; 131 (SIGQUIT dumps core) and the rest exit")
    func signals() {
        #expect(FoldCycleCLI.terminationSignal(forExitStatus: 130) == SIGINT)
        #expect(FoldCycleCLI.terminationSignal(forExitStatus: 143) == SIGTERM)
        #expect(FoldCycleCLI.terminationSignal(forExitStatus: 129) == SIGHUP)
        for status: Int32 in [0, 1, 64, 66, 131, 137] {
            #expect(FoldCycleCLI.terminationSignal(forExitStatus: status) == nil)
        }
    }
}
