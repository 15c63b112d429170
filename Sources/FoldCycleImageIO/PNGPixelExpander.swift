/// Reconstructed PNG rows to straight-alpha RGBA, 8 bits per channel.
///
/// - Grey below 8 bits is scaled to 0–255 by PNG's rule (value × 255 / (2^depth − 1): 1 bit to
///   0/255, 2 bits by 85, 4 bits by 17), as libpng and Pillow do.
/// - 16-bit samples keep their high byte (truncation, not rounding): what Pillow's 16-bit
///   unpackers do for RGB, RGBA and grey+alpha (`RGB;16B`, `RGBA;16B`, `LA;16B`), and what its
///   `I;16` picture shifted right by 8 gives (docs/decisions/0151-png-16-bit-and-bombs.md).
/// - tRNS: palette entries take their alpha from it (255 past its end); a grey or RGB pixel whose
///   samples equal its key (compared at the file's full bit depth, 16 bits included) gets alpha 0,
///   every other pixel 255. A tRNS of the wrong length is ignored, as libpng does.
struct PNGPixelExpander {
    private let header: PNGHeader
    /// For palette and grey pictures below 16 bits: RGBA for each sample value (256 entries).
    private let lookup: [UInt8]
    /// Palette entries (indices at or past it are out of range); 256 for grey.
    private let lookupCount: Int
    /// tRNS's key for grey (one sample) or RGB (three), or nil.
    private let key: [Int]?

    init(_ chunks: PNGChunks) {
        header = chunks.header
        let trns = chunks.transparency ?? []
        let keyLength = header.colourType == .grey ? 2 : 6
        if header.colourType == .grey || header.colourType == .rgb, trns.count == keyLength {
            key = stride(from: 0, to: keyLength, by: 2).map { Int(trns[$0]) << 8 | Int(trns[$0 + 1]) }
        } else {
            key = nil
        }
        var lookup = [UInt8](repeating: 0, count: 1024)
        if header.colourType == .palette {
            lookupCount = chunks.palette.count / 3
            for index in 0..<lookupCount {
                lookup[index * 4] = chunks.palette[index * 3]
                lookup[index * 4 + 1] = chunks.palette[index * 3 + 1]
                lookup[index * 4 + 2] = chunks.palette[index * 3 + 2]
                lookup[index * 4 + 3] = index < trns.count ? trns[index] : 255
            }
        } else {
            lookupCount = 256
            let maximum = header.bitDepth < 8 ? (1 << header.bitDepth) - 1 : 255
            for value in 0...maximum {
                let grey = UInt8(truncatingIfNeeded: value * 255 / maximum)
                lookup[value * 4] = grey
                lookup[value * 4 + 1] = grey
                lookup[value * 4 + 2] = grey
                lookup[value * 4 + 3] = key.map { $0[0] == value ? 0 : 255 } ?? 255
            }
        }
        self.lookup = lookup
    }

    /// Writes `count` pixels from the row at `source` to `target`, one every `step` bytes.
    /// Returns the first palette index past the palette, or nil. The caller guarantees the row
    /// holds `count` pixels and `target` has room for them.
    func expand(_ source: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<UInt8>, step: Int)
        -> Int?
    {
        switch (header.colourType, header.bitDepth) {
        case (.grey, 16): grey16(source, count: count, into: target, step: step)
        case (.grey, _), (.palette, _): return indexed(source, count: count, into: target, step: step)
        case (.greyAlpha, let depth):
            let size = depth / 8
            for pixel in 0..<count {
                let grey = source[pixel * 2 * size]
                let out = target + pixel * step
                out[0] = grey
                out[1] = grey
                out[2] = grey
                out[3] = source[(pixel * 2 + 1) * size]
            }
        case (.rgb, let depth): rgb(source, count: count, size: depth / 8, into: target, step: step)
        case (.rgba, let depth):
            let size = depth / 8
            for pixel in 0..<count {
                let out = target + pixel * step
                for channel in 0..<4 { out[channel] = source[(pixel * 4 + channel) * size] }
            }
        }
        return nil
    }

    /// Grey or palette samples of 1, 2, 4 or 8 bits through the lookup.
    private func indexed(
        _ source: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<UInt8>, step: Int
    )
        -> Int?
    {
        let depth = header.bitDepth
        let mask = (1 << depth) - 1
        var badIndex: Int?
        lookup.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return }
            for pixel in 0..<count {
                let bit = pixel * depth
                let value = Int(source[bit >> 3]) >> (8 - depth - bit & 7) & mask
                if value >= lookupCount {
                    badIndex = value
                    return
                }
                (target + pixel * step).update(from: table + value * 4, count: 4)
            }
        }
        return badIndex
    }

    private func grey16(_ source: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<UInt8>, step: Int)
    {
        for pixel in 0..<count {
            let high = source[pixel * 2]
            let out = target + pixel * step
            out[0] = high
            out[1] = high
            out[2] = high
            out[3] = key.map { $0[0] == Int(high) << 8 | Int(source[pixel * 2 + 1]) ? 0 : 255 } ?? 255
        }
    }

    /// RGB samples of `size` bytes each (1 or 2), with tRNS's key.
    private func rgb(
        _ source: UnsafePointer<UInt8>, count: Int, size: Int, into target: UnsafeMutablePointer<UInt8>, step: Int
    ) {
        for pixel in 0..<count {
            let sample = source + pixel * 3 * size
            let out = target + pixel * step
            out[0] = sample[0]
            out[1] = sample[size]
            out[2] = sample[2 * size]
            out[3] = 255
            if let key {
                let red = size == 2 ? Int(sample[0]) << 8 | Int(sample[1]) : Int(sample[0])
                let green = size == 2 ? Int(sample[2]) << 8 | Int(sample[3]) : Int(sample[1])
                let blue = size == 2 ? Int(sample[4]) << 8 | Int(sample[5]) : Int(sample[2])
                if red == key[0], green == key[1], blue == key[2] { out[3] = 0 }
            }
        }
    }
}
