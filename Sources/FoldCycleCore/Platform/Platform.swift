/// The one place where Linux (Glibc) and Darwin differ (swift-argument-parser's `Platform.swift`
/// is the model).
///
/// Nothing else in the package imports Glibc or Darwin, calls a C function by its module's name,
/// or names a constant or field one of them lacks (`scripts/lint_platform` checks it). The POSIX
/// calls the two C libraries spell alike (`read`, `poll`, `tcsetattr`, `fstat`) are reached
/// through FoldCycle's `Platform.swift`, which re-exports the C library (the geometry files of
/// this module reach libm through Foundation, which re-exports it too); what they spell
/// differently is in a `Platform` folder, one function per difference, with a branch written
/// against each platform's headers. A new platform is those folders' work: this one (the lock),
/// FoldCycle's, the CLI's and the bench's.
package enum Platform {}
