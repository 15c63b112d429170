/// Why bytes did not decode to an ``RGBAImage``: each case's ``description`` is one line a card
/// can show.
public enum PictureDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes start with no magic ``PictureDecoder`` knows.
    case notAPicture
    /// The data ends before the picture does.
    case truncated(PictureFormat)
    /// The data breaks the format's rules; `reason` names what (a chunk, a marker, a checksum).
    case corrupt(PictureFormat, reason: String)
    /// A valid file using a feature not decoded (say, arithmetic-coded JPEG); `feature` names it.
    case unsupported(PictureFormat, feature: String)
    /// The header declares more pixels than ``PictureDecoder/maximumPixelCount`` (a
    /// decompression bomb, or simply too large): `width` × `height` as declared.
    case tooLarge(PictureFormat, width: Int, height: Int)

    /// One line: what is wrong, and with which format.
    public var description: String {
        switch self {
        case .notAPicture:
            "not a PNG or JPEG picture"
        case .truncated(let format):
            "truncated \(format.displayName) (the data ends early)"
        case .corrupt(let format, let reason):
            "corrupt \(format.displayName): \(reason)"
        case .unsupported(let format, let feature):
            "unsupported \(format.displayName): \(feature)"
        case .tooLarge(let format, let width, let height):
            "\(format.displayName) too large: \(width)×\(height) pixels "
                + "(at most \(PictureDecoder.maximumPixelCount) pixels are decoded)"
        }
    }
}

extension PictureFormat {
    /// The format's name as people write it: "PNG", "JPEG".
    public var displayName: String { rawValue.uppercased() }
}
