/// From component planes to oriented RGBA: upsampling of subsampled components and the colour
/// conversion, row by row, each pixel written once to where the Exif orientation puts it.
///
/// Upsampling is libjpeg's "fancy" (triangular) filter for 2:1 horizontally, vertically or both,
/// replication otherwise and at 1/8 scale; YCbCr → RGB is JFIF's equations in libjpeg's 16-bit
/// fixed point (docs/decisions/0152-jpeg-decoder.md).
enum JPEGColor {
    /// How the components map to RGB.
    enum Space {
        /// One component: R = G = B = Y.
        case gray
        /// JFIF YCbCr (ITU-R BT.601, full range).
        case yCbCr
        /// Three components stored as RGB (Adobe transform 0).
        case rgb
    }

    static func render(
        frame: JPEGFrame, planes: [JPEGPlane], blockSize: Int, space: Space, orientation: JPEGOrientation
    ) -> RGBAImage {
        let (width, height) = frame.outputSize(blockSize: blockSize)
        let placement = orientation.placement(width: width, height: height)
        let upsamplers = frame.components.indices.map { index in
            JPEGUpsampler(frame: frame, component: index, plane: planes[index], blockSize: blockSize, width: width)
        }
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, count in
            let out = output.baseAddress!
            for y in 0..<height {
                let rows = upsamplers.map { $0.row(y) }
                let start = out + (placement.base + y * placement.yStep)
                switch space {
                case .gray: rgb(rows[0], rows[0], rows[0], width, start, placement.xStep)
                case .yCbCr: yCbCr(rows[0], rows[1], rows[2], width, start, placement.xStep)
                case .rgb: rgb(rows[0], rows[1], rows[2], width, start, placement.xStep)
                }
            }
            count = width * height * 4
        }
        let shown = orientation.swapsAxes ? (height, width) : (width, height)
        return RGBAImage(width: shown.0, height: shown.1, pixels: pixels)!
    }

    /// Three sample rows as opaque RGB (grey passes its one row three times).
    private static func rgb(
        _ r: UnsafePointer<UInt8>, _ g: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ width: Int,
        _ out: UnsafeMutablePointer<UInt8>, _ step: Int
    ) {
        for x in 0..<width {
            let pixel = out + x * step
            (pixel[0], pixel[1], pixel[2], pixel[3]) = (r[x], g[x], b[x], 255)
        }
    }

    /// libjpeg's ycc_rgb_convert: R = Y + 1.402 Cr, G = Y − 0.34414 Cb − 0.71414 Cr,
    /// B = Y + 1.772 Cb (Cb, Cr centred on 128), in 16-bit fixed point, rounded and clamped.
    private static func yCbCr(
        _ luma: UnsafePointer<UInt8>, _ blue: UnsafePointer<UInt8>, _ red: UnsafePointer<UInt8>, _ width: Int,
        _ out: UnsafeMutablePointer<UInt8>, _ step: Int
    ) {
        for x in 0..<width {
            let y = Int(luma[x])
            let cb = Int(blue[x]) - 128
            let cr = Int(red[x]) - 128
            let pixel = out + x * step
            pixel[0] = UInt8(clamping: y + ((91881 * cr + 32768) >> 16))
            pixel[1] = UInt8(clamping: y + ((-22554 * cb - 46802 * cr + 32768) >> 16))
            pixel[2] = UInt8(clamping: y + ((116130 * cb + 32768) >> 16))
            pixel[3] = 255
        }
    }
}

/// One component's upsampling to the output grid (libjpeg-turbo's jdsample choices).
struct JPEGUpsampler {
    let plane: JPEGPlane
    /// Output samples per component sample, across and down: 1, 2, 3 or 4.
    let across: Int
    let down: Int
    /// The component's real sample width and height (its edge samples repeat past them).
    let width: Int
    let height: Int
    /// Whether the triangular filter applies (libjpeg: fancy upsampling, off at 1/8 scale).
    let fancy: Bool
    let buffer: JPEGRowBuffer

    init(frame: JPEGFrame, component index: Int, plane: JPEGPlane, blockSize: Int, width outputWidth: Int) {
        let c = frame.components[index]
        self.plane = plane
        across = frame.maxHorizontal * blockSize / (c.horizontal * c.blockSize)
        down = frame.maxVertical * blockSize / (c.vertical * c.blockSize)
        width = c.width
        height = c.height
        fancy = blockSize > 1
        buffer = JPEGRowBuffer(count: max(outputWidth, plane.stride * across) + 2)
    }

    /// The samples of output row `y` (at least the output width of them).
    func row(_ y: Int) -> UnsafePointer<UInt8> {
        let out = buffer.samples
        switch (across, down) {
        case (1, 1):
            return UnsafePointer(plane.row(y))
        case (2, 1) where fancy && width > 2:
            horizontalFancy(plane.row(y), out)
        case (2, 2) where fancy && width > 2:
            let (near, far) = (y >> 1, y & 1 == 0 ? max(y >> 1 - 1, 0) : min(y >> 1 + 1, height - 1))
            bothFancy(plane.row(near), plane.row(far), out)
        case (1, 2) where fancy:
            let (near, far) = (y >> 1, y & 1 == 0 ? max(y >> 1 - 1, 0) : min(y >> 1 + 1, height - 1))
            let (a, b, bias) = (plane.row(near), plane.row(far), 1 + y & 1)
            for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (3 * Int(a[x]) + Int(b[x]) + bias) >> 2) }
        default:
            let source = plane.row(min(y / down, height - 1))
            for x in 0..<(width * across) { out[x] = source[x / across] }
        }
        return UnsafePointer(out)
    }

    /// libjpeg's h2v1_fancy_upsample: each output sample is ¾ its own input and ¼ the nearer
    /// neighbour's, the edges copied.
    private func horizontalFancy(_ input: UnsafeMutablePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>) {
        let last = width - 1
        out[0] = input[0]
        out[1] = UInt8(truncatingIfNeeded: (Int(input[0]) * 3 + Int(input[1]) + 2) >> 2)
        for x in 1..<last {
            let value = Int(input[x]) * 3
            out[2 * x] = UInt8(truncatingIfNeeded: (value + Int(input[x - 1]) + 1) >> 2)
            out[2 * x + 1] = UInt8(truncatingIfNeeded: (value + Int(input[x + 1]) + 2) >> 2)
        }
        out[2 * last] = UInt8(truncatingIfNeeded: (Int(input[last]) * 3 + Int(input[last - 1]) + 1) >> 2)
        out[2 * last + 1] = input[last]
    }

    /// libjpeg's h2v2_fancy_upsample: the triangular filter across and down (9/16, 3/16, 3/16,
    /// 1/16; `near` is the input row, `far` the row above or below), with libjpeg's alternating
    /// rounding.
    private func bothFancy(
        _ near: UnsafeMutablePointer<UInt8>, _ far: UnsafeMutablePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>
    ) {
        let last = width - 1
        var previous = 0
        var this = Int(near[0]) * 3 + Int(far[0])
        var next = Int(near[1]) * 3 + Int(far[1])
        out[0] = UInt8(truncatingIfNeeded: (this * 4 + 8) >> 4)
        out[1] = UInt8(truncatingIfNeeded: (this * 3 + next + 7) >> 4)
        for x in 1..<last {
            (previous, this) = (this, next)
            next = Int(near[x + 1]) * 3 + Int(far[x + 1])
            out[2 * x] = UInt8(truncatingIfNeeded: (this * 3 + previous + 8) >> 4)
            out[2 * x + 1] = UInt8(truncatingIfNeeded: (this * 3 + next + 7) >> 4)
        }
        (previous, this) = (this, next)
        out[2 * last] = UInt8(truncatingIfNeeded: (this * 3 + previous + 8) >> 4)
        out[2 * last + 1] = UInt8(truncatingIfNeeded: (this * 4 + 7) >> 4)
    }
}

/// A row of samples an upsampler writes into.
final class JPEGRowBuffer {
    let samples: UnsafeMutablePointer<UInt8>

    init(count: Int) {
        samples = .allocate(capacity: count)
        samples.initialize(repeating: 0, count: count)
    }

    deinit { samples.deallocate() }
}
