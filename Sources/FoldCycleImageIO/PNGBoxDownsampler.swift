/// Integer box downsampling of RGBA rows as a PNG is decoded, so a picture asked for at a small
/// size never holds its full-size RGBA: each output pixel is the mean of a `factor` × `factor`
/// box of source pixels (fewer at the right and bottom edges), colour weighted by alpha (the mean
/// of premultiplied colour, divided by the mean alpha, rounded to nearest) so transparent pixels
/// lend no colour.
///
/// `factor` is the largest integer that keeps the result at least the fit in both dimensions
/// (1 — no downsampling — when the picture is not larger than the fit); the result is
/// ⌈width / factor⌉ × ⌈height / factor⌉.
struct PNGBoxDownsampler {
    let factor: Int
    let sourceWidth: Int
    let width: Int
    let height: Int
    /// The result so far, `width × height × 4` bytes.
    private(set) var pixels: [UInt8]
    /// Per output column: the sums of red × alpha, green × alpha, blue × alpha, alpha, over the
    /// rows of the current box.
    private var sums: [Int]
    /// Source rows added to the current box.
    private var rowsInBox = 0
    /// The output row the current box fills.
    private var row = 0

    /// The box size for a `width` × `height` picture fitted to `fitting` (1 for nil).
    static func factor(width: Int, height: Int, fitting: (width: Int, height: Int)?) -> Int {
        guard let fitting, fitting.width >= 1, fitting.height >= 1 else { return 1 }
        return max(1, min(width / fitting.width, height / fitting.height))
    }

    init(sourceWidth: Int, sourceHeight: Int, factor: Int) {
        self.factor = factor
        self.sourceWidth = sourceWidth
        width = (sourceWidth + factor - 1) / factor
        height = (sourceHeight + factor - 1) / factor
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        sums = [Int](repeating: 0, count: width * 4)
    }

    /// Adds the next source row: `sourceWidth` RGBA pixels at `source`.
    mutating func add(_ source: UnsafePointer<UInt8>) {
        sums.withUnsafeMutableBufferPointer { sums in
            for x in 0..<sourceWidth {
                let pixel = source + x * 4
                let alpha = Int(pixel[3])
                let column = x / factor * 4
                sums[column] += Int(pixel[0]) * alpha
                sums[column + 1] += Int(pixel[1]) * alpha
                sums[column + 2] += Int(pixel[2]) * alpha
                sums[column + 3] += alpha
            }
        }
        rowsInBox += 1
        if rowsInBox == factor { emitRow() }
    }

    /// The result, once every source row was added.
    mutating func finish() -> [UInt8] {
        if rowsInBox > 0 { emitRow() }
        return pixels
    }

    /// Writes the current box row's means and starts the next.
    private mutating func emitRow() {
        for column in 0..<width {
            let boxWidth = min(factor, sourceWidth - column * factor)
            let count = boxWidth * rowsInBox
            let alphaSum = sums[column * 4 + 3]
            let out = (row * width + column) * 4
            for channel in 0..<3 {
                pixels[out + channel] =
                    alphaSum == 0 ? 0 : UInt8((sums[column * 4 + channel] + alphaSum / 2) / alphaSum)
            }
            pixels[out + 3] = UInt8((alphaSum + count / 2) / count)
        }
        for index in sums.indices { sums[index] = 0 }
        rowsInBox = 0
        row += 1
    }
}
