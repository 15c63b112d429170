/// The picture formats ``PictureDecoder`` reads, recognised by their leading (magic) bytes, never
/// by a file name.
public enum PictureFormat: String, CaseIterable, Hashable, Sendable {
    /// PNG (ISO/IEC 15948): the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// JPEG (ITU-T T.81, JFIF or Exif): starts with SOI, `FF D8 FF`.
    case jpeg

    /// The format whose magic bytes `prefix` starts with, or nil; needs at most
    /// ``magicLength`` bytes.
    public init?(magic prefix: some Collection<UInt8>) {
        let head = Array(prefix.prefix(Self.magicLength))
        if let format = Self.allCases.first(where: { head.starts(with: $0.magic) }) {
            self = format
        } else {
            return nil
        }
    }

    /// The bytes a file of this format starts with.
    public var magic: [UInt8] {
        switch self {
        case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .jpeg: [0xFF, 0xD8, 0xFF]
        }
    }

    /// The most bytes ``init(magic:)`` reads: the longest magic.
    public static var magicLength: Int { allCases.map(\.magic.count).max() ?? 0 }
}
