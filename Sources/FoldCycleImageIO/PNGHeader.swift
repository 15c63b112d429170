/// A PNG's IHDR chunk (ISO/IEC 15948 section 11.2.2), validated: the picture's size, its colour
/// type and bit depth, and whether it is Adam7-interlaced.
struct PNGHeader: Equatable, Sendable {
    /// PNG's colour types: which channels a pixel has.
    enum ColourType: Int, Sendable {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        /// Samples per pixel (an index for a palette picture).
        var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The bit depths PNG allows for this colour type (table 11.1).
        var allowedBitDepths: [Int] {
            switch self {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: [8, 16]
            }
        }
    }

    let width: Int
    let height: Int
    /// Bits per sample (per palette index for palette pictures): 1, 2, 4, 8 or 16.
    let bitDepth: Int
    let colourType: ColourType
    let interlaced: Bool

    /// Bits per pixel in the image data.
    var bitsPerPixel: Int { bitDepth * colourType.channels }

    /// Bytes of a filtered row `width` pixels wide, without its filter-type byte.
    func rowBytes(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// Reads IHDR's 13 data bytes. Throws `corrupt` for a value PNG does not allow and `tooLarge`
    /// when width × height exceeds the decoder's pixel limit (before anything is allocated).
    init(_ data: ArraySlice<UInt8>) throws(PictureDecodingError) {
        let bytes = Array(data)
        guard bytes.count == 13 else { throw .corrupt(.png, reason: "IHDR chunk is \(bytes.count) bytes, not 13") }
        let width = PNGChunks.bigEndian(bytes, at: 0)
        let height = PNGChunks.bigEndian(bytes, at: 4)
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw .corrupt(.png, reason: "IHDR size \(width)×\(height) (each must be 1 to 2^31−1)")
        }
        guard width * height <= PictureDecoder.maximumPixelCount else {
            throw .tooLarge(.png, width: width, height: height)
        }
        guard let colourType = ColourType(rawValue: Int(bytes[9])) else {
            throw .corrupt(.png, reason: "IHDR colour type \(bytes[9]) (allowed: 0, 2, 3, 4, 6)")
        }
        let bitDepth = Int(bytes[8])
        guard colourType.allowedBitDepths.contains(bitDepth) else {
            let allowed = colourType.allowedBitDepths.map(String.init).joined(separator: ", ")
            throw .corrupt(
                .png, reason: "IHDR bit depth \(bitDepth) with colour type \(colourType.rawValue) (allowed: \(allowed))"
            )
        }
        guard bytes[10] == 0, bytes[11] == 0 else {
            throw .corrupt(.png, reason: "IHDR compression \(bytes[10]) or filter method \(bytes[11]) (only 0)")
        }
        guard bytes[12] <= 1 else { throw .corrupt(.png, reason: "IHDR interlace method \(bytes[12]) (0 or 1)") }
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colourType = colourType
        self.interlaced = bytes[12] == 1
    }
}
