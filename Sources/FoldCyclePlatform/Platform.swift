#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Darwin)
    @_exported import Darwin
#endif

/// The one place where Linux (Glibc) and Darwin differ (swift-argument-parser's `Platform.swift`
/// is the model), and the package's one door to the C library.
///
/// This module, `FoldCyclePlatform`, re-exports the C library to the files that import it, and
/// every module of the package imports it `internal` (or `package`, where a `package`
/// declaration names a C type): so libc reaches no embedder. `import FoldCycle` gives FoldCycle's
/// and FoldCycleCore's public API and nothing of Glibc or Darwin (the compiler checks that no
/// public declaration names a C type; `Tests/e2e/test_libc_stays_inside.py` builds a dependent
/// package that calls `getpid()` and expects "cannot find 'getpid' in scope").
///
/// Nothing else in the package imports Glibc or Darwin, calls a C function by its module's name,
/// or names a constant or field one of them lacks (`scripts/lint_platform` checks it). The POSIX
/// calls the two C libraries spell alike (`read`, `poll`, `tcsetattr`, `fstat`) are reached
/// through this module; what they spell differently is in a `Platform` folder, one function per
/// difference, with a branch written against each platform's headers. A new platform is this
/// module's work, and the CLI's and the bench's `Platform` folders (sockets; process probes).
package enum Platform {}
