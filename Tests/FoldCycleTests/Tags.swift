import Testing

extension Tag {
    /// Tests that take seconds of CPU (the frame-hash replays, the long properties): `scripts/test
    /// --quick` skips them, `scripts/test` runs them (docs/TESTING.md).
    @Tag static var slow: Self
}
