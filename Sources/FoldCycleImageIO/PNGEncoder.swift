/// Writes 8-bit RGB or RGBA pixels as a PNG file (ISO/IEC 15948): the bytes FoldCycle sends as
/// an iTerm2 inline image and embeds in an SVG (docs/decisions/0235-png-encoder-and-iterm2-images.md).
/// Not interlaced; each row's filter is the one whose residuals, taken as signed bytes, have the
/// least absolute sum (libpng's heuristic); the image data is one IDAT of ``Deflate/zlib(_:)``.
/// The same pixels give the same bytes on every machine.
package enum PNGEncoder {
    /// A PNG of `width` × `height` pixels, `channels` (3: RGB, colour type 2; 4: RGBA, colour
    /// type 6) bytes each, row by row in `pixels`; nil when a side is not positive, a side is
    /// above 2³¹ − 1, `channels` is neither 3 nor 4, or `pixels` does not hold them exactly.
    package static func encode(pixels: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8]? {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max), channels == 3 || channels == 4
        else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height * channels)
        guard !overflow, count == pixels.count else { return nil }
        var header = bigEndian(width) + bigEndian(height)
        header += [8, channels == 3 ? 2 : 6, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header)
        file += chunk("IDAT", Deflate.zlib(filtered(pixels, width: width, height: height, channels: channels)))
        file += chunk("IEND", [])
        return file
    }

    /// `image` as a PNG: RGB when every pixel is opaque, else RGBA.
    package static func encode(_ image: RGBAImage) -> [UInt8] {
        let pixels = image.pixels
        var opaque = true
        for index in stride(from: 3, to: pixels.count, by: 4) where pixels[index] != 255 {
            opaque = false
            break
        }
        guard opaque else { return encode(pixels: pixels, width: image.width, height: image.height, channels: 4)! }
        var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
        for pixel in 0..<image.width * image.height {
            rgb[3 * pixel] = pixels[4 * pixel]
            rgb[3 * pixel + 1] = pixels[4 * pixel + 1]
            rgb[3 * pixel + 2] = pixels[4 * pixel + 2]
        }
        return encode(pixels: rgb, width: image.width, height: image.height, channels: 3)!
    }

    /// The rows, each after its filter type byte (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth).
    static func filtered(_ pixels: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        let stride = width * channels
        var out = [UInt8](repeating: 0, count: (stride + 1) * height)
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        pixels.withUnsafeBufferPointer { source in
            for row in 0..<height {
                let start = row * stride
                var bestType = 0
                var bestCost = Int.max
                for type in 0...4 {
                    var cost = 0
                    for index in 0..<stride {
                        let x = source[start + index]
                        let a = index >= channels ? source[start + index - channels] : 0
                        let b = row > 0 ? source[start - stride + index] : 0
                        let c = row > 0 && index >= channels ? source[start - stride + index - channels] : 0
                        let predicted: UInt8
                        switch type {
                        case 0: predicted = 0
                        case 1: predicted = a
                        case 2: predicted = b
                        case 3: predicted = UInt8((Int(a) + Int(b)) / 2)
                        default: predicted = paeth(a, b, c)
                        }
                        let residual = x &- predicted
                        candidate[index] = residual
                        cost += residual < 128 ? Int(residual) : 256 - Int(residual)
                    }
                    if cost < bestCost {
                        bestCost = cost
                        bestType = type
                        swap(&best, &candidate)
                    }
                }
                let offset = row * (stride + 1)
                out[offset] = UInt8(bestType)
                for index in 0..<stride { out[offset + 1 + index] = best[index] }
            }
        }
        return out
    }

    /// PNG's Paeth predictor of `a` (left), `b` (above) and `c` (above left).
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb, pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(data.count) + body + bigEndian(Int(CRC32.checksum(body[...])))
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
