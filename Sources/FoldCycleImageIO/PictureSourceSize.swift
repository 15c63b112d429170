extension PictureDecoder {
    /// The size in pixels a PNG or JPEG file declares in its header, as it is shown (a JPEG's
    /// EXIF orientation that turns it a quarter swaps the two): what a caption names
    /// ("4000×3000"), before any fitting. Reads the header only (PNG's IHDR, a JPEG's markers up
    /// to its frame header), never the pixels.
    ///
    /// - Parameter bytes: a whole file, or at least its header.
    /// - Returns: (width, height), each at least 1, or nil when no size is found (not a PNG or
    ///   JPEG, or the header is cut short or malformed).
    public static func sourceSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch PictureFormat(magic: bytes) {
        case .png: return pngSize(bytes)
        case .jpeg: return jpegSize(bytes)
        case nil: return nil
        }
    }

    /// IHDR's width and height: the first chunk, 8 bytes after the signature and its header.
    private static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        let width = PNGChunks.bigEndian(bytes, at: 16)
        let height = PNGChunks.bigEndian(bytes, at: 20)
        guard width >= 1, height >= 1 else { return nil }
        return (width, height)
    }

    /// The frame header's (SOF0–SOF15 but DHT, JPG and DAC) size, turned by the last EXIF
    /// orientation met before the first scan (as the decoder turns the picture). Finds markers as the decoder does (fill bytes and stray bytes skipped;
    /// SOI, RST and TEM carry no segment) and walks segments by their lengths.
    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var position = 2
        var orientation = JPEGOrientation.upright
        var size: (width: Int, height: Int)?
        var oriented: (width: Int, height: Int)? {
            size.map { orientation.swapsAxes ? ($0.height, $0.width) : $0 }
        }
        while true {
            while position < bytes.count, bytes[position] != 0xFF { position += 1 }
            while position < bytes.count, bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { return oriented }
            let marker = Int(bytes[position])
            position += 1
            switch marker {
            case 0x00, 0xD8, 0xD0...0xD7, 0x01: continue
            case 0xD9, 0xDA: return oriented
            default: break
            }
            guard position + 2 <= bytes.count else { return oriented }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2, position + length <= bytes.count else { return oriented }
            let segment = bytes[(position + 2)..<(position + length)]
            position += length
            switch marker {
            case 0xE1:
                if let exif = JPEGOrientation(exif: segment) { orientation = exif }
            case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(marker) && size == nil:
                guard segment.count >= 5 else { return nil }
                let start = segment.startIndex
                let height = Int(segment[start + 1]) << 8 | Int(segment[start + 2])
                let width = Int(segment[start + 3]) << 8 | Int(segment[start + 4])
                guard width >= 1, height >= 1 else { return nil }
                size = (width, height)
            default:
                break
            }
        }
    }
}
