/// What `foldcycle --version` prints: the package's version and the commit the binary was built
/// from.
///
/// The version is written here by hand with each release (CHANGELOG.md). The commit cannot be
/// read at run time (a copied binary has no repository beside it) and SwiftPM has no build-time
/// hook without plugins, so ``BuildCommit/identifier`` is committed as nil and `scripts/install`
/// and `scripts/release` write the commit into it in the copy of the tree they build from
/// (docs/decisions/0044-versions-and-the-build.md).
enum BuildVersion {
    /// The package's version (semantic versioning).
    static let version = "0.1.0"
    /// The date of ``version``'s release, as the manual's title line shows it.
    static let releaseDate = "2026-12-01"

    /// `foldcycle 0.1.0 (commit 4812f55)`, or `foldcycle 0.1.0 (commit unknown: …)` for a
    /// binary that `swift build` made directly.
    static var versionLine: String {
        let commit = BuildCommit.identifier ?? "unknown: built without scripts/install or scripts/release"
        return "foldcycle \(version) (commit \(commit))"
    }
}
