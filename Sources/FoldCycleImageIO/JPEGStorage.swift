/// One component's samples at the chosen DCT scale: `blocksPerLine × blockSize` columns by
/// `blockRows × blockSize` rows, zero until a scan writes them.
final class JPEGPlane {
    let stride: Int
    let rows: Int
    let samples: UnsafeMutableBufferPointer<UInt8>

    init(component c: JPEGComponent) {
        stride = c.blocksPerLine * c.blockSize
        rows = c.blockRows * c.blockSize
        samples = .allocate(capacity: stride * rows)
        samples.initialize(repeating: 0)
    }

    deinit { samples.deallocate() }

    /// The first sample of block (`x`, `y`).
    func block(x: Int, y: Int, size: Int) -> UnsafeMutablePointer<UInt8> {
        samples.baseAddress! + (y * size * stride + x * size)
    }

    /// Row `y`'s first sample.
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { samples.baseAddress! + y * stride }
}

/// A progressive image's quantized coefficients, kept until the last scan: per block, the
/// coefficients the component's IDCT reads at its block size (64 at 8 and 4, 25 at 2, the DC at
/// 1) as Int16, and a 64-bit mask of which coefficients are nonzero, which the AC refinement
/// scans need for every coefficient (docs/decisions/0152-jpeg-decoder.md: a 24-megapixel 4:2:0
/// photo keeps 81 MB at full size, 6 MB at 1/8).
final class JPEGCoefficients {
    /// For each natural index, its slot in a block's kept values, or -1 when not kept.
    let slots: [Int]
    /// Kept values per block.
    let kept: Int
    let values: UnsafeMutableBufferPointer<Int16>
    let nonzero: UnsafeMutableBufferPointer<UInt64>

    init(component c: JPEGComponent) {
        let rows: Set<Int> =
            switch c.blockSize {
            case 1: [0]
            case 2: [0, 1, 3, 5, 7]
            default: Set(0..<8)
            }
        var slots = Array(repeating: -1, count: 64)
        var kept = 0
        for n in 0..<64 where rows.contains(n / 8) && rows.contains(n % 8) {
            slots[n] = kept
            kept += 1
        }
        self.slots = slots
        self.kept = kept
        let blocks = c.blocksPerLine * c.blockRows
        values = .allocate(capacity: blocks * kept)
        values.initialize(repeating: 0)
        nonzero = .allocate(capacity: blocks)
        nonzero.initialize(repeating: 0)
    }

    deinit {
        values.deallocate()
        nonzero.deallocate()
    }
}

/// A block's dequantized coefficients and the IDCT's workspace, 64 values each, reused for every
/// block of a decode.
final class JPEGScratch {
    let block = UnsafeMutablePointer<Int>.allocate(capacity: 64)
    let workspace = UnsafeMutablePointer<Int>.allocate(capacity: 64)

    init() {
        block.initialize(repeating: 0, count: 64)
        workspace.initialize(repeating: 0, count: 64)
    }

    deinit {
        block.deallocate()
        workspace.deallocate()
    }
}
