import Testing

@testable import FoldCycle

@Suite("ByteSink")
struct ByteSinkTests {
    static let encodings: [(scalar: UInt32, utf8: [UInt8])] = [
        (0x00, [0x00]), (0x41, [0x41]), (0x7F, [0x7F]),
        (0x80, [0xC2, 0x80]), (0x7FF, [0xDF, 0xBF]),
        (0x800, [0xE0, 0xA0, 0x80]), (0x4F60, [0xE4, 0xBD, 0xA0]), (0xD7FF, [0xED, 0x9F, 0xBF]),
        (0xD800, [0xEF, 0xBF, 0xBD]), (0xDFFF, [0xEF, 0xBF, 0xBD]),
        (0xE000, [0xEE, 0x80, 0x80]), (0xFFFF, [0xEF, 0xBF, 0xBF]),
        (0x10000, [0xF0, 0x90, 0x80, 0x80]), (0x1F600, [0xF0, 0x9F, 0x98, 0x80]), (0x10FFFF, [0xF4, 0x8F, 0xBF, 0xBF]),
        (0x110000, [0xEF, 0xBF, 0xBD]), (0xFFFF_FFFF, [0xEF, 0xBF, 0xBD]),
    ]

    @Test(
        "the UTF-8 writer: each length at its bounds, surrogates and out-of-range values as U+FFFD",
        arguments: encodings)
    func utf8(_ scalar: UInt32, _ expected: [UInt8]) {
        var appended: [UInt8] = [0x2A]
        ByteSink.appendScalarUTF8(scalar, to: &appended)
        #expect(appended == [0x2A] + expected)
        var written: [UInt8] = []
        ByteSink.withSink(flushingTo: &written) { sink, bytes in sink.writeScalarUTF8(scalar, flushingTo: &bytes) }
        #expect(written == expected)
        #expect(ByteSink.utf8Length(of: scalar) == expected.count)
    }

    @Test(
        "the branch-free UTF-8 writer writes the same bytes at each length's bounds and counts only the ones it means",
        arguments: encodings)
    func unchecked(_ scalar: UInt32, _ expected: [UInt8]) {
        var block = [UInt8](repeating: 0xAA, count: 8)
        let count = block.withUnsafeMutableBufferPointer {
            ByteSink.writeUTF8Unchecked(of: scalar, to: $0.baseAddress!)
        }
        #expect(count == expected.count)
        #expect(Array(block.prefix(count)) == expected)
        #expect(block.suffix(4) == [0xAA, 0xAA, 0xAA, 0xAA])
    }

    @Test("the branch-free UTF-8 writer agrees with the branching one for every value up to 0x110000 and beyond")
    func uncheckedAgrees() {
        var mismatches: [UInt32] = []
        var block = [UInt8](repeating: 0, count: 4)
        for value in Array(0..<0x11_0100) + [0x7FFF_FFFF, 0xFFFF_FFFF] {
            var expected: [UInt8] = []
            ByteSink.appendScalarUTF8(UInt32(value), to: &expected)
            let count = block.withUnsafeMutableBufferPointer {
                ByteSink.writeUTF8Unchecked(of: UInt32(value), to: $0.baseAddress!)
            }
            if count != expected.count || Array(block.prefix(count)) != expected { mismatches.append(UInt32(value)) }
        }
        #expect(mismatches.isEmpty)
    }

    @Test("the UTF-8 writer agrees with Swift's for every 97th scalar value")
    func utf8AgreesWithSwift() {
        var mismatches: [UInt32] = []
        for value in stride(from: UInt32(0), to: 0x110000, by: 97) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var bytes: [UInt8] = []
            ByteSink.appendScalarUTF8(value, to: &bytes)
            if bytes != Array(String(scalar).utf8) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty)
    }

    @Test("a full block is flushed before a write that does not fit, keeping the order")
    func flushes() {
        var bytes: [UInt8] = []
        let count = ByteSink.capacity - 3
        ByteSink.withSink(flushingTo: &bytes) { sink, bytes in
            for _ in 0..<count { sink.writeScalarUTF8(0x61, flushingTo: &bytes) }
            #expect(bytes.isEmpty)
            // A scalar with 3 bytes free (it may need 4): the block is flushed first.
            sink.writeScalarUTF8(0x1F600, flushingTo: &bytes)
            #expect(bytes.count == count)
            sink.reserve(ByteSink.escapeRoom, flushingTo: &bytes)
            #expect(bytes.count == count)
            sink.write(.cursorForward(12))
        }
        #expect(bytes == Array(repeating: 0x61, count: count) + Array("\u{1F600}\u{1B}[12C".utf8))
    }
}
