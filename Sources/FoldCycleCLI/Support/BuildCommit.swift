// scripts/install and scripts/release replace this file in the copy of the tree they build, with
// the commit they build (`git describe --always --dirty`); in the repository it stays nil.

/// The commit the binary was built from, when a script recorded it.
enum BuildCommit {
    /// `git describe --always --dirty` of the tree built, or nil when it was not recorded.
    static let identifier: String? = nil
}
