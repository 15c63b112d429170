/// A decoded bitmap: `width` × `height` pixels, row-major from the top-left, four bytes per pixel
/// (red, green, blue, alpha; 8 bits each, sRGB, straight — not premultiplied — alpha), as
/// CoreGraphics' `CGImage` with `kCGImageAlphaLast` and 8 bits per component.
///
/// Made by ``PictureDecoder`` from PNG or JPEG bytes, or by an embedder from its own pixels.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels, ≥ 1.
    public let width: Int
    /// Height in pixels, ≥ 1.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A for each pixel, rows top to bottom.
    public let pixels: [UInt8]

    /// Creates an image from RGBA bytes; nil unless `width` and `height` are ≥ 1 and `pixels`
    /// holds exactly `width × height × 4` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 1, height >= 1 else { return nil }
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (count, countOverflow) = area.multipliedReportingOverflow(by: 4)
        guard !areaOverflow, !countOverflow, pixels.count == count else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (both 0-based; the caller keeps them in range).
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }
}
