import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// Pictures read a chunk at a time (docs/decisions/0195-pictures-decoded-as-a-stream.md): the
/// chunks ``ItemReading/chunks(of:pictures:)`` cuts, and an ``ItemStream`` of many pictures
/// handing every item over once, in order, decoded.
@Suite("Pictures decoded as a stream")
struct ItemStreamPictureTests {
    @Test("chunks hold at most n picture names each, text riding along, in order")
    func chunkRanges() {
        let reading = ItemReading(pictures: .auto)
        let texts = ["a.png", "note", "b.JPG", "c.jpeg", "more", "d.png", "e.png"]
        #expect(reading.chunks(of: texts, pictures: 2) == [0..<3, 3..<6, 6..<7])
        #expect(reading.chunks(of: texts, pictures: 3) == [0..<4, 4..<7])
        #expect(reading.chunks(of: texts, pictures: 3, first: 1) == [0..<1, 1..<6, 6..<7])
        #expect(reading.chunks(of: ["one", "two", "three"], pictures: 2) == [0..<3])
        #expect(reading.chunks(of: [], pictures: 2) == [])
        #expect(ItemReading(pictures: .none).chunks(of: texts, pictures: 2) == [0..<7])
        #expect(ItemReading.firstPictureChunkSize == ProcessInfo.processInfo.activeProcessorCount)
        #expect(ItemReading.pictureChunkSize == 2 * ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test("a picture slow to decode is handed over as a loading card at once, then as read in its place")
    func loadingCardFirst() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("foldcycle-loading-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A PNG's signature and IHDR declaring 3000 × 2000 (6 megapixels), and no pixels.
        func header(width: UInt32, height: UInt32) -> [UInt8] {
            func bigEndian(_ value: UInt32) -> [UInt8] {
                (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
            }
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8)
                + bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0, 0, 0, 0, 0]
        }
        let big = directory.appendingPathComponent("big.png").path
        let small = directory.appendingPathComponent("small.png").path
        try Data(header(width: 3000, height: 2000)).write(to: URL(fileURLWithPath: big))
        try Data(header(width: 1999, height: 2000)).write(to: URL(fileURLWithPath: small))
        let reading = ItemReading(pictures: .auto)
        #expect(reading.decodesSlowly(big) && !reading.decodesSlowly(small) && !reading.decodesSlowly("note"))
        #expect(!ItemReading(pictures: .none).decodesSlowly(big))
        #expect(reading.streams([small, big]) && !reading.streams([small, "note"]))
        let stream = ItemStream(items: [big, "note"], name: "the items", reading: reading)
        stream.start()
        let first = stream.waitForItems().items
        #expect(first.map(\.text) == [big, "note"])
        #expect(first[0].styled.picture?.failure == "loading big.png…")
        #expect(first[0].styled.picture?.caption == "big.png")
        #expect(first[0].styled.plainText == big)
        #expect(first[1].styled == StyledString("note"))
        let news = DispatchSemaphore(value: 0)
        stream.setConsumer(queue: DispatchQueue(label: "consumer")) { news.signal() }
        var loaded: [ItemStream.Item] = []
        while loaded.isEmpty, news.wait(timeout: .now() + 30) == .success {
            loaded = stream.takeLoaded()
            _ = stream.take()
        }
        #expect(loaded.map(\.text) == [big, "note"])
        #expect(loaded.map(\.styled) == [reading.styledString(big), StyledString("note")])
        #expect(stream.takeLoaded().isEmpty)
    }

    /// A 2 × 2 PNG of one colour (8-bit RGB, one stored deflate block).
    static func png(red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var value: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                value ^= UInt32(byte)
                for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            }
            return ~value
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc(body))
        }
        let raw: [UInt8] = (0..<2).flatMap { _ in [0] + [red, green, blue, red, green, blue] }
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw { (a, b) = ((a + UInt32(byte)) % 65521, (b + (a + UInt32(byte)) % 65521) % 65521) }
        let length = UInt16(raw.count)
        let zlib: [UInt8] =
            [0x78, 0x01, 1, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + raw + bigEndian(b << 16 | a)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(2) + bigEndian(2) + [8, 2, 0, 0, 0]) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    @Test("a stream of 150 pictures and texts hands each over once, in order, decoded as its own")
    func manyPictures() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("foldcycle-stream-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Every fifth item is text; each picture's red is its index.
        let texts = try (0..<150).map { index -> String in
            guard index % 5 != 4 else { return "text \(index)" }
            let path = directory.appendingPathComponent("p\(index).png").path
            try Data(Self.png(red: UInt8(index), green: 7, blue: 9)).write(to: URL(fileURLWithPath: path))
            return path
        }
        let reading = ItemReading(pictures: .auto)
        let stream = ItemStream(items: texts, name: "the items", reading: reading)
        stream.start()
        var read: [ItemStream.Item] = []
        var end: ItemStream.End?
        while end == nil {
            let batch = stream.waitForItems()
            read += batch.items
            end = batch.end
        }
        #expect(end == .complete)
        #expect(read.map(\.text) == texts)
        #expect(read.map(\.styled.plainText) == texts)
        for (index, item) in read.enumerated() {
            if index % 5 == 4 {
                #expect(item.styled.picture == nil)
            } else {
                // The first pixel, whatever size the picture was fitted to: this file's colour.
                #expect(item.styled.picture?.image.map { Array($0.pixels.prefix(3)) } == [UInt8(index), 7, 9])
            }
        }
        // The end, once come, is given again with no items.
        #expect(stream.take().items.isEmpty)
        #expect(stream.take().end == .complete)
    }
}
