/// JPEG (ITU-T T.81) to RGBA. Not yet written: the JPEG helper replaces this file.
enum JPEGDecoder {
    /// Decodes a whole JPEG file, scaled down (never below `fitting`) where the decoder can.
    static func decode(_ bytes: [UInt8], fitting: (width: Int, height: Int)?) throws(PictureDecodingError)
        -> RGBAImage
    {
        throw .unsupported(.jpeg, feature: "JPEG decoding is not built yet")
    }
}
