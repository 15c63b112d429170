import Testing

@testable import FoldCycle

@Suite("EscapeSequence")
struct EscapeSequenceTests {
    @Test(
        "escape sequences have the documented bytes",
        arguments: [
            (EscapeSequence.carriageReturn, "\r"), (.lineFeed, "\n"), (.backspace, "\u{8}"), (.cursorUp(1), "\u{1B}[A"),
            (.cursorUp(12), "\u{1B}[12A"),
            (.cursorDown(3), "\u{1B}[3B"), (.cursorForward(1), "\u{1B}[C"), (.cursorBackward(10), "\u{1B}[10D"),
            (.cursorPosition(row: 1, column: 1), "\u{1B}[1;1H"), (.hideCursor, "\u{1B}[?25l"),
            (.showCursor, "\u{1B}[?25h"),
            (.enterAlternateScreen, "\u{1B}[?1049h"), (.leaveAlternateScreen, "\u{1B}[?1049l"),
            (.eraseLine, "\u{1B}[2K"), (.eraseToEndOfLine, "\u{1B}[K"), (.eraseBelow, "\u{1B}[J"),
            (.beginSynchronizedUpdate, "\u{1B}[?2026h"),
            (.endSynchronizedUpdate, "\u{1B}[?2026l"), (.resetAttributes, "\u{1B}[0m"),
            (.eraseCharacters(1), "\u{1B}[X"), (.eraseCharacters(37), "\u{1B}[37X"),
            (.insertLines(1), "\u{1B}[L"), (.deleteLines(12), "\u{1B}[12M"), (.insertCharacters(3), "\u{1B}[3@"),
            (.deleteCharacters(1), "\u{1B}[P"), (.repeatCharacter(1), "\u{1B}[b"), (.repeatCharacter(79), "\u{1B}[79b"),
            (.enableMouseButtonTracking, "\u{1B}[?1002h"), (.disableMouseButtonTracking, "\u{1B}[?1002l"),
            (.enableSGRMouseReports, "\u{1B}[?1006h"), (.disableSGRMouseReports, "\u{1B}[?1006l"),
            (.disableAutowrap, "\u{1B}[?7l"), (.enableAutowrap, "\u{1B}[?7h"),
            (.enableFocusReports, "\u{1B}[?1004h"), (.disableFocusReports, "\u{1B}[?1004l"),
            (.requestCursorPosition, "\u{1B}[6n"), (.enableAnyMotionTracking, "\u{1B}[?1003h"),
            (.disableAnyMotionTracking, "\u{1B}[?1003l"),
        ])
    func escapeSequences(_ sequence: EscapeSequence, _ expected: String) {
        #expect(sequence.bytes == Array(expected.utf8))
        #expect(sequence.byteCount == expected.utf8.count)
    }
}
