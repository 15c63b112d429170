/// The chunks of a PNG file (ISO/IEC 15948 section 5) that decoding needs, read and checked:
/// IHDR, PLTE, tRNS, the IDAT data concatenated, up to IEND. Every chunk's CRC-32 is checked
/// (ancillary ones too); ancillary chunks are otherwise skipped (gAMA, cHRM, iCCP, sRGB and the
/// rest are ignored: samples are taken as sRGB). An unknown critical chunk is unsupported.
struct PNGChunks: Sendable {
    let header: PNGHeader
    /// PLTE's entries as RGB triples, or empty.
    let palette: [UInt8]
    /// tRNS's data bytes as stored, or nil.
    let transparency: [UInt8]?
    /// Every IDAT chunk's data, in order: one zlib stream.
    let imageData: [UInt8]

    /// Reads the chunks of `bytes`, a whole PNG file with its signature.
    init(_ bytes: [UInt8]) throws(PictureDecodingError) {
        let signature = PictureFormat.png.magic
        guard bytes.starts(with: signature) else {
            throw bytes.count < signature.count && signature.starts(with: bytes) ? .truncated(.png) : .notAPicture
        }
        var reader = Reader(bytes: bytes, position: signature.count)
        guard let first = try reader.next() else { throw .truncated(.png) }
        guard first.type == "IHDR" else { throw .corrupt(.png, reason: "the first chunk is \(first.type), not IHDR") }
        let header = try PNGHeader(first.data)
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var imageData: [UInt8] = []
        var dataEnded = false
        while true {
            guard let chunk = try reader.next() else { throw .truncated(.png) }
            if chunk.type == "IEND" { break }
            if chunk.type == "IDAT" {
                guard !dataEnded else { throw .corrupt(.png, reason: "IDAT chunks are not consecutive") }
                imageData.append(contentsOf: chunk.data)
                continue
            }
            if !imageData.isEmpty { dataEnded = true }
            switch chunk.type {
            case "PLTE":
                palette = try Self.palette(chunk.data, header: header, seen: !palette.isEmpty, dataSeen: dataEnded)
            case "tRNS": if !dataEnded { transparency = Array(chunk.data) }
            case "IHDR": throw .corrupt(.png, reason: "a second IHDR chunk")
            default:
                guard chunk.isAncillary else { throw .unsupported(.png, feature: "critical chunk \(chunk.type)") }
            }
        }
        guard !imageData.isEmpty else { throw .corrupt(.png, reason: "no IDAT chunk") }
        if header.colourType == .palette, palette.isEmpty { throw .corrupt(.png, reason: "no PLTE chunk") }
        self.header = header
        self.palette = palette
        self.transparency = transparency
        self.imageData = imageData
    }

    /// PLTE's data checked: 1–256 entries, once, before the image data.
    private static func palette(_ data: ArraySlice<UInt8>, header: PNGHeader, seen: Bool, dataSeen: Bool)
        throws(PictureDecodingError) -> [UInt8]
    {
        guard !seen, !dataSeen else { throw .corrupt(.png, reason: "PLTE chunk repeated or after IDAT") }
        guard data.count % 3 == 0, (3...768).contains(data.count) else {
            throw .corrupt(.png, reason: "PLTE chunk of \(data.count) bytes (3 per entry, 1 to 256 entries)")
        }
        return Array(data)
    }

    /// The unsigned 32-bit big-endian number at `offset` (the caller checks the bounds).
    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    /// One chunk: its four-letter type and its data.
    struct Chunk {
        let type: String
        let data: ArraySlice<UInt8>
        /// Ancillary (bit 5 of the type's first byte set: a lowercase first letter).
        let isAncillary: Bool
    }

    /// Walks the chunks, checking each one's length, type and CRC.
    struct Reader {
        let bytes: [UInt8]
        var position: Int

        /// The next chunk, or nil at the end of the bytes.
        mutating func next() throws(PictureDecodingError) -> Chunk? {
            guard position < bytes.count else { return nil }
            guard position + 8 <= bytes.count else { throw .truncated(.png) }
            let length = PNGChunks.bigEndian(bytes, at: position)
            let typeBytes = bytes[position + 4..<position + 8]
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw .corrupt(.png, reason: "a chunk type that is not four letters at byte \(position + 4)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else { throw .corrupt(.png, reason: "\(type) chunk length \(length)") }
            guard position + 12 + length <= bytes.count else { throw .truncated(.png) }
            let data = bytes[position + 8..<position + 8 + length]
            let stored = UInt32(PNGChunks.bigEndian(bytes, at: position + 8 + length))
            guard CRC32.checksum(bytes[position + 4..<position + 8 + length]) == stored else {
                throw .corrupt(.png, reason: "bad CRC in \(type) chunk")
            }
            position += 12 + length
            return Chunk(type: type, data: data, isAncillary: typeBytes.first.map { $0 & 0x20 != 0 } ?? false)
        }
    }
}
