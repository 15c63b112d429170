/// Decodes PNG and JPEG bytes into an ``RGBAImage``, in Swift with no system library
/// (docs/decisions/0150-pictures-decoded-in-swift.md).
///
/// The format is chosen by the magic bytes (``PictureFormat``). `fitting` asks for a picture no
/// larger than needed: a decoder may return a smaller image than the file's (JPEG's DCT scaling,
/// early downsampling) as long as it is at least `fitting` in both dimensions or the file's own
/// size, whichever is smaller; nil decodes at full size. Memory stays bounded by the declared size
/// limit (``maximumPixelCount``) whatever the bytes claim.
public enum PictureDecoder {
    /// The most pixels a header may declare: 100 megapixels (a 24-megapixel photo decodes; a PNG
    /// claiming 100,000 × 100,000 is refused before any allocation).
    public static let maximumPixelCount = 100_000_000

    /// Decodes `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: a whole PNG or JPEG file.
    ///   - fitting: the smallest size, in pixels, the caller needs (width, height), or nil for
    ///     the file's full size.
    /// - Returns: the picture, straight-alpha RGBA (JPEG is opaque); EXIF orientation applied.
    /// - Throws: ``PictureDecodingError``.
    public static func decode(_ bytes: [UInt8], fitting: (width: Int, height: Int)? = nil) throws(PictureDecodingError)
        -> RGBAImage
    {
        guard let format = PictureFormat(magic: bytes) else { throw .notAPicture }
        switch format {
        case .png: return try PNGDecoder.decode(bytes, fitting: fitting)
        case .jpeg: return try JPEGDecoder.decode(bytes, fitting: fitting)
        }
    }
}
