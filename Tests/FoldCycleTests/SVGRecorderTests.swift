import FoldCycle
import FoldCycleTestSupport
import Foundation
import Testing

@Suite("SVGRecorder: the frames a player draws as one animated SVG")
struct SVGRecorderTests {
    func temporaryPath() -> String { NSTemporaryDirectory() + "foldcycle-svg-\(UUID().uuidString).svg" }

    func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    func card(_ text: String, width: Int = 4, height: Int = 1) -> CellBuffer {
        var cells = CellBuffer(width: width, height: height)
        for (x, character) in text.enumerated() where x < width {
            cells[x, 0] = Cell(character, background: .rgb(RGBColor(red: 0, green: 0, blue: 255)))
        }
        return cells
    }

    func padded(_ cells: CellBuffer, width: Int, height: Int) -> CellBuffer {
        var padded = CellBuffer(width: width, height: height)
        for y in 0..<cells.height {
            for x in 0..<cells.width { padded[x, y] = cells[x, y] }
        }
        return padded
    }

    @Test("the document is the builder's of the same frames, each as large as the largest, looping a hold after finish")
    func sameAsBuilder() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualClock(start: 10)
        let recorder = try SVGRecorder(path: path, clock: clock)
        recorder.add(card("A"), at: 10)
        recorder.add(card("A"), at: 10.25)
        recorder.add(card("B"), at: 10.5)
        // A footer row comes (or the terminal is resized): every picture is as large as the largest.
        recorder.add(card("AB", width: 2, height: 2), at: 11)
        clock.advance(by: 1.5)
        #expect(recorder.finish() == nil)
        #expect(recorder.finish() == nil)
        var builder = AnimatedSVG.Builder(columns: 4, rows: 2, style: AnimatedSVGStyle())
        builder.add(padded(card("A"), width: 4, height: 2), at: 0)
        builder.add(padded(card("B"), width: 4, height: 2), at: 0.5)
        builder.add(padded(card("AB", width: 2, height: 2), width: 4, height: 2), at: 1)
        #expect(try contents(path) == builder.document(duration: 1.5 + SVGRecorder.holdSeconds))
        #expect(recorder.cutTime == nil)
    }

    @Test("past its cell limit the recording ends at that frame (not kept: the loop ends there), and the loop with it")
    func cut() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualClock()
        let recorder = try SVGRecorder(path: path, clock: clock, cellLimit: 8)
        recorder.add(card("A"), at: 0)
        recorder.add(card("B"), at: 0.5)
        recorder.add(card("C"), at: 1)
        recorder.add(card("D"), at: 1.5)
        clock.advance(by: 3)
        #expect(recorder.finish() == nil)
        #expect(recorder.cutTime == 1)
        var builder = AnimatedSVG.Builder(columns: 4, rows: 1, style: AnimatedSVGStyle())
        builder.add(card("A"), at: 0)
        builder.add(card("B"), at: 0.5)
        #expect(try contents(path) == builder.document(duration: 1))
    }

    /// Issue 34, finding 1: 3,772 small pictures, then a resize to 400×100, became 151 M cells
    /// built (every picture padded to the largest) though 2.8 M were counted.
    @Test("the limit counts what is built: a larger frame makes every earlier picture as large")
    func limitCountsPaddedPictures() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualClock()
        let recorder = try SVGRecorder(path: path, clock: clock, cellLimit: 24)
        for (index, text) in ["A", "B", "C", "D"].enumerated() { recorder.add(card(text), at: Double(index) * 0.5) }
        #expect(recorder.builtCellCount == 16)
        // Five pictures of 4×2 would be 40 cells built: the recording ends there.
        recorder.add(card("E", width: 4, height: 2), at: 2)
        #expect(recorder.cutTime == 2)
        #expect(recorder.builtCellCount == 16)
        clock.advance(by: 3)
        #expect(recorder.finish() == nil)
        var builder = AnimatedSVG.Builder(columns: 4, rows: 1, style: AnimatedSVGStyle())
        for (index, text) in ["A", "B", "C", "D"].enumerated() { builder.add(card(text), at: Double(index) * 0.5) }
        #expect(try contents(path) == builder.document(duration: 2))
    }

    @Test("frames are recorded in the colours the terminal shows at the player's depth")
    func depth() {
        var green = CellBuffer(width: 1, height: 1)
        green[0, 0] = Cell("A", foreground: .default, background: .rgb(RGBColor(red: 0, green: 128, blue: 0)))
        // xterm's 256-colour cube level 135, and its 16-colour green (205), as the terminal shows them.
        #expect(
            SVGRecorder.displayed(green, depth: .ansi256)[0, 0].background
                == .rgb(RGBColor(red: 0, green: 135, blue: 0)))
        #expect(
            SVGRecorder.displayed(green, depth: .ansi16)[0, 0].background == .rgb(RGBColor(red: 0, green: 205, blue: 0))
        )
        let none = SVGRecorder.displayed(green, depth: .none)
        #expect(none[0, 0].background == .default && none[0, 0].character == "A")
        #expect(SVGRecorder.displayed(green, depth: .truecolor) == green)
    }

    @Test("an existing file is refused unless told to replace it; a recording of no frame is one blank cell")
    func existing() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep".utf8)))
        #expect(throws: RecordingError.exists(path: path)) { try SVGRecorder(path: path, clock: ManualClock()) }
        #expect(try contents(path) == "keep")
        let recorder = try SVGRecorder(path: path, clock: ManualClock(), overwrite: true)
        #expect(recorder.finish() == nil)
        var builder = AnimatedSVG.Builder(columns: 1, rows: 1, style: AnimatedSVGStyle())
        builder.add(CellBuffer(width: 1, height: 1), at: 0)
        #expect(try contents(path) == builder.document(duration: SVGRecorder.holdSeconds))
    }

    /// The document a recording of `card("A")` at 0 writes, finished at once.
    func documentOfA() -> String {
        var builder = AnimatedSVG.Builder(columns: 4, rows: 1, style: AnimatedSVGStyle())
        builder.add(card("A"), at: 0)
        return builder.document(duration: SVGRecorder.holdSeconds)
    }

    @Test("the picture replaces the empty file made at the start whole: staged beside it, renamed, nothing left")
    func stagedAndRenamed() throws {
        let path = temporaryPath()
        let staging = "\(path).\(getpid()).tmp"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try SVGRecorder(path: path, clock: ManualClock())
        let claimed = try FileManager.default.attributesOfItem(atPath: path)
        #expect(claimed[.size] as? Int == 0)
        recorder.add(card("A"), at: 0)
        #expect(recorder.finish() == nil)
        #expect(try contents(path) == documentOfA())
        let written = try FileManager.default.attributesOfItem(atPath: path)
        #expect(written[.systemFileNumber] as? Int != claimed[.systemFileNumber] as? Int)
        #expect(!FileManager.default.fileExists(atPath: staging))
    }

    @Test("a file put at the path during the run, or at the staging name, is never replaced")
    func neverReplacesAnotherFile() throws {
        let path = temporaryPath()
        let staging = "\(path).\(getpid()).tmp"
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: staging)
        }
        // Someone else's file at the staging name: the picture goes to the file itself.
        let first = try SVGRecorder(path: path, clock: ManualClock())
        #expect(FileManager.default.createFile(atPath: staging, contents: Data("theirs".utf8)))
        first.add(card("A"), at: 0)
        #expect(first.finish() == nil)
        #expect(try contents(path) == documentOfA())
        #expect(try contents(staging) == "theirs")
        try FileManager.default.removeItem(atPath: staging)
        try FileManager.default.removeItem(atPath: path)
        // The recording's file replaced by another while the run went on: that one is kept.
        let second = try SVGRecorder(path: path, clock: ManualClock())
        try FileManager.default.removeItem(atPath: path)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("mine".utf8)))
        second.add(card("A"), at: 0)
        #expect(second.finish() == nil)
        #expect(try contents(path) == "mine")
        #expect(!FileManager.default.fileExists(atPath: staging))
    }
}
