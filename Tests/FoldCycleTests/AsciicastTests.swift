import FoldCyclePlatform
import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal whose size a test changes (a resize).
private final class ResizableTerminal: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var current: TerminalSize
    private var received: [UInt8] = []
    let fails: Bool

    init(_ size: TerminalSize, fails: Bool = false) {
        current = size
        self.fails = fails
    }

    func write(_ bytes: [UInt8]) throws(TerminalError) {
        if fails { throw .writeFailed(errno: EPIPE) }
        lock.withLock { received += bytes }
    }

    var isTerminal: Bool { true }
    var size: TerminalSize? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue ?? current } }
    }
    var bytes: [UInt8] { lock.withLock { received } }
}

@Suite("asciicast v2: lines, header, the recorder tee (issue 11)")
struct AsciicastTests {
    static let timeCases: [(Double, String)] = [
        (0, "0.000000"), (1.5, "1.500000"), (1.0 / 30, "0.033333"), (2.0 / 3, "0.666667"), (59.9999996, "60.000000"),
        (12345.0000004, "12345.000000"), (-1, "0.000000"), (.nan, "0.000000"), (.infinity, "0.000000"),
    ]

    @Test("times have exactly six decimals, as asciinema rounds them", arguments: timeCases)
    func timeText(_ time: Double, _ text: String) {
        #expect(AsciicastEncoder.timeText(time) == text)
    }

    static let lineCases: [(AsciicastEvent, Double, String)] = [
        (.output(Array("ab".utf8)), 0.5, "[0.500000, \"o\", \"ab\"]\n"),
        (
            .output(Array("\u{1B}[0m\"\\\r\n\t\u{8}\u{C}\u{7F}\u{1}é".utf8)), 1,
            "[1.000000, \"o\", \"\\u001b[0m\\\"\\\\\\r\\n\\t\\b\\f\\u007f\\u0001é\"]\n"
        ),
        (.resize(TerminalSize(columns: 80, rows: 24)), 2, "[2.000000, \"r\", \"80x24\"]\n"),
        // A marker is one line (issue 34, 6): a multi-line item's lines joined by a space.
        (.marker("two\nlines \"quoted\""), 3, "[3.000000, \"m\", \"two lines \\\"quoted\\\"\"]\n"),
        // A marker is item text: controls as pictures, C1 as U+FFFD, bidi controls dropped.
        (
            .marker("\u{1B}]52;c;eA==\u{7}\u{0}\u{9B}2J\u{202E}x\u{1B}P1\u{1B}\\"), 4,
            "[4.000000, \"m\", \"␛]52;c;eA==␇␀\u{FFFD}2Jx␛P1␛\\\\\"]\n"
        ),
    ]

    @Test("event lines: [time, code, data] with JSON escapes", arguments: lineCases)
    func line(_ event: AsciicastEvent, _ time: Double, _ text: String) {
        var encoder = AsciicastEncoder()
        #expect(String(decoding: encoder.line(event, at: time), as: UTF8.self) == text)
    }

    @Test("output is decoded as UTF-8 across writes: a split cluster is written whole with the next write")
    func utf8AcrossWrites() {
        var encoder = AsciicastEncoder()
        #expect(
            String(decoding: encoder.line(.output([0x41, 0xC3]), at: 0), as: UTF8.self) == "[0.000000, \"o\", \"A\"]\n")
        #expect(
            String(decoding: encoder.line(.output([0xA9, 0x42]), at: 0), as: UTF8.self) == "[0.000000, \"o\", \"éB\"]\n"
        )
        // Only an incomplete sequence: nothing yet; then the rest of it.
        #expect(encoder.line(.output([0xE2, 0x94]), at: 0) == [])
        #expect(String(decoding: encoder.line(.output([0x80]), at: 1), as: UTF8.self) == "[1.000000, \"o\", \"─\"]\n")
        // Invalid bytes are not held back: U+FFFD.
        #expect(
            String(decoding: encoder.line(.output([0xFF]), at: 1), as: UTF8.self) == "[1.000000, \"o\", \"\u{FFFD}\"]\n"
        )
    }

    static let completeCases: [([UInt8], Int)] = [
        ([], 0), ([0x41], 1), ([0x41, 0xC3], 1), ([0xC3, 0xA9], 2), ([0xE2], 0), ([0xE2, 0x94], 0),
        ([0xE2, 0x94, 0x80], 3), ([0xF0, 0x9F, 0x8E], 0), ([0xF0, 0x9F, 0x8E, 0xB4], 4), ([0x80, 0x80, 0x80, 0x80], 4),
        ([0x41, 0xFF], 2),
    ]

    @Test("the complete prefix holds back only a valid, unfinished sequence", arguments: completeCases)
    func completeLength(_ bytes: [UInt8], _ length: Int) {
        #expect(AsciicastEncoder.completeLength(of: bytes) == length)
    }

    @Test("the header line: keys in order, env sorted, optional keys left out")
    func header() {
        let full = AsciicastHeader(
            size: TerminalSize(columns: 80, rows: 24), timestamp: 1_700_000_000,
            environment: ["TERM": "xterm-256color", "SHELL": "/bin/sh"], title: "a \"demo\"")
        #expect(
            String(decoding: full.line, as: UTF8.self)
                == "{\"version\": 2, \"width\": 80, \"height\": 24, \"timestamp\": 1700000000, \"env\": "
                + "{\"SHELL\": \"/bin/sh\", \"TERM\": \"xterm-256color\"}, \"title\": \"a \\\"demo\\\"\"}\n")
        // The title quotes the command line, item text included: sanitized as item text is.
        let hostile = AsciicastHeader(
            size: TerminalSize(columns: 2, rows: 1), title: "foldcycle \u{1B}]8;;x\u{7}\u{85}\u{202E}A\nB")
        #expect(
            String(decoding: hostile.line, as: UTF8.self)
                == "{\"version\": 2, \"width\": 2, \"height\": 1, \"title\": \"foldcycle ␛]8;;x␇\u{FFFD}A B\"}\n")
        let bare = AsciicastHeader(size: TerminalSize(columns: 0, rows: 0))
        #expect(String(decoding: bare.line, as: UTF8.self) == "{\"version\": 2, \"width\": 1, \"height\": 1}\n")
    }

    /// A fresh path in the temporary directory.
    func temporaryPath() -> String {
        NSTemporaryDirectory() + "foldcycle-\(UUID().uuidString).cast"
    }

    func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    @Test(
        "the recorder tees: the terminal gets the bytes unchanged, the file each write, resize and mark as it happens")
    func recorderTees() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualClock(start: 5)
        let terminal = ResizableTerminal(TerminalSize(columns: 20, rows: 4))
        let recorder = try AsciicastRecorder(
            path: path, terminal: terminal, clock: clock, title: "t", environment: ["TERM": "xterm"], timestamp: 7)
        #expect(
            try contents(path)
                == "{\"version\": 2, \"width\": 20, \"height\": 4, \"timestamp\": 7, \"env\": {\"TERM\": \"xterm\"}, \"title\": \"t\"}\n"
        )
        clock.advance(by: 0.25)
        try recorder.write(Array("\u{1B}[?25lA".utf8))
        recorder.mark("A")
        clock.advance(by: 0.5)
        terminal.size = TerminalSize(columns: 30, rows: 6)
        try recorder.write(Array("B".utf8))
        #expect(terminal.bytes == Array("\u{1B}[?25lAB".utf8))
        #expect(recorder.isTerminal && recorder.size == TerminalSize(columns: 30, rows: 6))
        // Complete after every event: read while the recorder is still open.
        let lines = try contents(path).split(separator: "\n").dropFirst()
        #expect(
            Array(lines) == [
                "[0.250000, \"o\", \"\\u001b[?25lA\"]", "[0.250000, \"m\", \"A\"]", "[0.750000, \"r\", \"30x6\"]",
                "[0.750000, \"o\", \"B\"]",
            ])
        #expect(recorder.finish() == nil)
        #expect(recorder.finish() == nil)
        // After finish the terminal still gets its bytes; the file is complete and unchanged.
        try recorder.write(Array("C".utf8))
        recorder.mark("C")
        #expect(terminal.bytes.last == UInt8(ascii: "C"))
        #expect(try contents(path).split(separator: "\n").count == 5)
    }

    @Test("bytes the terminal refused are not recorded, and its error is the writer's")
    func terminalFailure() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try AsciicastRecorder(
            path: path, terminal: ResizableTerminal(TerminalSize(columns: 5, rows: 1), fails: true),
            clock: ManualClock(), environment: [:], timestamp: nil)
        #expect(throws: TerminalError.writeFailed(errno: EPIPE)) { try recorder.write([0x41]) }
        #expect(try contents(path) == "{\"version\": 2, \"width\": 5, \"height\": 1}\n")
    }

    @Test("files that cannot be created or written are errors naming the file")
    func fileFailures() {
        let missing = NSTemporaryDirectory() + "no-such-dir-\(UUID().uuidString)/x.cast"
        #expect(throws: RecordingError.cannotCreate(path: missing, errno: ENOENT)) {
            try AsciicastRecorder(path: missing, terminal: RecordingTerminal(columns: 2, rows: 1), clock: ManualClock())
        }
        #expect(throws: RecordingError.writeFailed(path: "/dev/full", errno: ENOSPC)) {
            try AsciicastRecorder(
                path: "/dev/full", terminal: RecordingTerminal(columns: 2, rows: 1), clock: ManualClock(),
                overwrite: true)
        }
        #expect(
            RecordingError.cannotCreate(path: "x", errno: ENOENT).description
                == "cannot create recording 'x': No such file or directory")
        #expect(
            RecordingError.writeFailed(path: "x", errno: ENOSPC).description
                == "recording 'x' is incomplete: No space left on device")
    }

    @Test("a recording is a new file: an existing path, a symbolic link and a protected file are refused")
    func newFileOnly() throws {
        let path = temporaryPath()
        let link = temporaryPath()
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: link)
        }
        try Data("keep\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let terminal = RecordingTerminal(columns: 2, rows: 1)
        #expect(throws: RecordingError.exists(path: path)) {
            try AsciicastRecorder(path: path, terminal: terminal, clock: ManualClock())
        }
        for overwrite in [false, true] {
            #expect(throws: RecordingError.symbolicLink(path: link)) {
                try AsciicastRecorder(path: link, terminal: terminal, clock: ManualClock(), overwrite: overwrite)
            }
        }
        #expect(throws: RecordingError.protectedFile(path: path)) {
            try AsciicastRecorder(
                path: path, terminal: terminal, clock: ManualClock(), overwrite: true, protecting: [link])
        }
        #expect(try contents(path) == "keep\n")
        let replaced = try AsciicastRecorder(
            path: path, terminal: terminal, clock: ManualClock(), environment: [:], timestamp: nil, overwrite: true)
        #expect(replaced.finish() == nil)
        #expect(try contents(path) == "{\"version\": 2, \"width\": 2, \"height\": 1}\n")
        #expect(
            RecordingError.exists(path: "x").description == "recording 'x' already exists"
                && RecordingError.symbolicLink(path: "x").description
                    == "recording 'x' is a symbolic link, which a recording never follows"
        )
    }

    @Test("a pipe that stops taking the recording never blocks a write: a bounded backlog, then it stops")
    func stalledPipe() throws {
        let path = temporaryPath()
        #expect(mkfifo(path, 0o600) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        defer {
            _ = close(reader)
            try? FileManager.default.removeItem(atPath: path)
        }
        let recorder = try AsciicastRecorder(
            path: path, terminal: RecordingTerminal(columns: 2, rows: 1), clock: ManualClock(), environment: [:],
            timestamp: nil, overwrite: true)
        // Far more than the pipe and the backlog hold, each write returning at once.
        let chunk = [UInt8](repeating: 0x41, count: 64 << 10)
        for _ in 0..<(Limits.recordingBacklogBytes / chunk.count + 8) { try recorder.write(chunk) }
        guard case .stalled(path, let bytes) = recorder.failure else {
            Issue.record("expected a stalled recording, got \(String(describing: recorder.failure))")
            return
        }
        #expect(bytes > Limits.recordingBacklogBytes && bytes <= Limits.recordingBacklogBytes + 2 * chunk.count)
    }

    @Test("a player records through the tee: markers name the first item and each item as it settles")
    func playerMarks() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualClock()
        let cycler = try Cycler(
            dataSource: ArrayDataSource(["AAA", "BBB"]), interval: 1, duration: 0.5,
            style: TransitionStyle(kind: .fold, direction: .down, timingFunction: .linear), clock: clock)
        let terminal = RecordingTerminal(columns: 10, rows: 5)
        let recorder = try AsciicastRecorder(
            path: path, terminal: terminal, clock: clock, environment: [:], timestamp: nil)
        let player = Player(
            cycler: cycler, cardSize: TerminalSize(columns: 7, rows: 3), style: CardStyle(palette: []),
            configuration: .init(
                framesPerSecond: 4, output: .inline, colorDepth: .none, motion: .full, keepsHostLine: false),
            sink: recorder)
        player.start()
        clock.advance(by: 1)
        _ = player.frameCount
        clock.advance(by: 0.5)
        // The settled change is handled on the player's queue: at 1.5 s, as nothing advanced since.
        _ = player.frameCount
        player.finish()
        #expect(recorder.finish() == nil)
        let events = try contents(path).split(separator: "\n").dropFirst().map(String.init)
        #expect(events.filter { $0.contains("\"m\"") } == ["[0.000000, \"m\", \"AAA\"]", "[1.500000, \"m\", \"BBB\"]"])
        // Every write of the player is one "o" event, its bytes those the terminal received.
        #expect(events.filter { $0.contains("\"o\"") }.count == terminal.writes)
        #expect(terminal.lines[1] == "  BBB     ")
    }
}
