import FoldCycle
import Testing

@testable import FoldCycleCLI

/// Issue 15, finding 4: every key cost O(n²) on a long typed line (Ctrl-C waited 42 s after a
/// 1 MB paste). The line is bounded and its shown tail costs what fits on screen.
@Suite("The typed command line")
struct TypedLineTests {
    @Test(
        "the shown tail: all of a line that fits, else '…' and as much of its end as fits",
        arguments: [
            ("status", 10, "status"),
            ("status", 6, "status"),
            ("status", 5, "…atus"),
            ("abc折叠", 7, "abc折叠"),
            ("abc折叠", 6, "…c折叠"),
            ("abc折叠", 5, "…折叠"),
            ("abc折叠", 4, "…叠"),
            ("折叠", 1, "…"),
            ("", 3, ""),
        ])
    func tail(_ text: String, _ room: Int, _ expected: String) {
        #expect(LiveSession.visibleTail(of: text, room: room) == expected)
    }

    @Test("a megabyte line costs what fits: the tail of 1 MB is found at once, as often as keys come")
    func megabyte() {
        let pasted = String(repeating: "x", count: 1 << 20) + "end"
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<1_000 { #expect(LiveSession.visibleTail(of: pasted, room: 10) == "…xxxxxxend") }
        }
        // Before, one key measured the whole line: 1,000 keys took minutes. Now microseconds each.
        #expect(elapsed < .seconds(5))
    }

    @Test("the typed line's limit is below a piped line's")
    func limits() {
        #expect(Limits.typedLineBytes == 4_096)
        #expect(Limits.commandLineBytes == 65_536)
    }
}
