@testable import FoldCycleImageIO

/// Builds small PNG files for the decoder's tests: chunks with their CRC, and image data as a
/// zlib stream of stored blocks (so the bytes the test writes are the bytes the decoder
/// unfilters).
enum PNGTestFile {
    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(data.count) + typeBytes + data + bigEndian(Int(CRC32.checksum((typeBytes + data)[...])))
    }

    /// IHDR's 13 data bytes.
    static func header(
        width: Int, height: Int, bitDepth: Int, colourType: Int, compression: UInt8 = 0, filter: UInt8 = 0,
        interlace: UInt8 = 0
    ) -> [UInt8] {
        bigEndian(width) + bigEndian(height) + [
            UInt8(bitDepth), UInt8(colourType), compression, filter, interlace,
        ]
    }

    /// `data` as a zlib stream of stored blocks (at most 65,535 bytes each).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = end - start
            stream += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
            stream += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        let adler = Adler32.checksum(data)
        return stream + bigEndian(Int(adler))
    }

    /// A whole file: the signature, IHDR, `before` (chunks placed before the image data), one
    /// IDAT holding `imageData` (a zlib stream), IEND.
    static func file(header: [UInt8], before: [UInt8] = [], imageData: [UInt8]) -> [UInt8] {
        PictureFormat.png.magic + chunk("IHDR", header) + before + chunk("IDAT", imageData) + chunk("IEND", [])
    }

    /// A whole file whose rows (each a filter-type byte and the row's bytes) are stored.
    static func file(header: [UInt8], before: [UInt8] = [], rows: [[UInt8]]) -> [UInt8] {
        file(header: header, before: before, imageData: zlibStored(rows.flatMap { $0 }))
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
