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

    @Test("the document is the builder's of the same frames, times on the clock from the start, looping at finish")
    func sameAsBuilder() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualClock(start: 10)
        let recorder = try SVGRecorder(path: path, clock: clock)
        recorder.add(card("A"), at: 10)
        recorder.add(card("A"), at: 10.25)
        recorder.add(card("B"), at: 10.5)
        // A resized terminal: cut (and padded) to the first frame's size.
        recorder.add(card("AB", width: 2, height: 2), at: 11)
        clock.advance(by: 1.5)
        #expect(recorder.finish() == nil)
        #expect(recorder.finish() == nil)
        var builder = AnimatedSVG.Builder(columns: 4, rows: 1, style: AnimatedSVGStyle())
        builder.add(card("A"), at: 0)
        builder.add(card("A"), at: 0.25)
        builder.add(card("B"), at: 0.5)
        builder.add(card("AB", width: 4, height: 1), at: 1)
        #expect(try contents(path) == builder.document(duration: 1.5))
        #expect(recorder.cutTime == nil)
    }

    @Test("past its cell limit the recording ends at that frame, and the loop with it")
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
        builder.add(card("C"), at: 1)
        #expect(try contents(path) == builder.document(duration: 1))
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
        #expect(try contents(path) == builder.document(duration: 0.001))
    }
}
