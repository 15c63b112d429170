/// What `foldcycle --version` prints: the package's version and the commit the binary was built
/// from.
///
/// The version is written here by hand with each release (CHANGELOG.md). The commit cannot be
/// read at run time (a copied binary has no repository beside it) and SwiftPM has no build-time
/// hook without plugins, so `scripts/stage` stamps it into its copy of the one build's binary
/// (``BuildCommit``; docs/decisions/0131-one-build.md).
enum BuildVersion {
    /// The package's version (semantic versioning).
    static let version = "0.1.0"
    /// The date of ``version``'s release, as the manual's title line shows it.
    static let releaseDate = "2026-12-01"

    /// `foldcycle 0.1.0 (commit 4812f55)`, or `foldcycle 0.1.0 (commit unknown: …)` for a
    /// binary that `swift build` made directly.
    static var versionLine: String {
        let commit = BuildCommit.identifier ?? "unknown: not stamped by scripts/install or scripts/release"
        return "foldcycle \(version) (commit \(commit))"
    }
}
