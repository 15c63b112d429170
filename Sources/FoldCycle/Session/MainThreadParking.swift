import Dispatch
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Parks the main thread for good, as `dispatchMain()` does, so that the main queue and every
/// other queue run the program; for hosts whose work is all on queues (the CLI's live run, its
/// deck and paced renders).
package enum MainThreadParking {
    /// Calls `dispatchMain()`. In an AddressSanitizer build it first clears the main thread's
    /// stack poison (`__asan_handle_no_return`, what the compiler inserts before a call that does
    /// not return): on Linux `dispatchMain()` ends the main thread with `pthread_exit`, whose
    /// forced unwind leaves the dead frames' redzones poisoned, and a signal handler that later
    /// runs on that stack (the ``SignalRelay``'s, when the main thread takes the signal) was
    /// reported as a stack-buffer-overflow. Without AddressSanitizer the symbol is absent and
    /// nothing else happens.
    package static func park() -> Never {
        if let symbol = Platform.loadedSymbol(named: "__asan_handle_no_return") {
            typealias HandleNoReturn = @convention(c) () -> Void
            unsafeBitCast(symbol, to: HandleNoReturn.self)()
        }
        dispatchMain()
    }
}
