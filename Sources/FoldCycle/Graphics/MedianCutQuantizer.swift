/// Reduces an RGB image to at most `maximumColours` colours by median cut (Heckbert 1982): the
/// image's colours, counted, start in one box; the box whose longest channel range, weighted by
/// its pixel count, is largest is split at the pixel-weighted median of that channel, until there
/// are enough boxes or none can be split; each box's colour is the pixel-weighted mean of its
/// colours. An image with no more distinct colours than allowed keeps them exactly; one with
/// more is cut over a histogram of 5 bits a channel (32768 bins, each the mean of its pixels). Every pixel then takes the
/// nearest palette colour (squared RGB distance; no dithering, so a settled
/// picture does not shimmer between frames). docs/decisions/0154-pictures-at-rest.md.
package struct MedianCutQuantizer: Sendable {
    /// The palette, packed `0xRRGGBB`, at most ``maximumColours`` entries, in first-seen order
    /// when the image's colours are kept exactly.
    package private(set) var palette: [UInt32] = []
    /// One palette index per pixel, row by row.
    package private(set) var indices: [UInt8] = []

    /// The most colours a sixel image uses here: 256 (VT340-compatible terminals with more
    /// registers, xterm configured for them, mlterm, foot, WezTerm).
    package static let maximumColours = 256

    /// Quantizes `width` × `height` pixels of `rgb` (3 bytes a pixel, row by row) to at most
    /// `maximumColours` (1...256) colours.
    package init(rgb: [UInt8], width: Int, height: Int, maximumColours: Int = Self.maximumColours) {
        let count = max(width, 0) * max(height, 0)
        guard count > 0, rgb.count >= 3 * count else { return }
        let limit = min(max(maximumColours, 1), 256)
        var counts: [UInt32: Int] = [:]
        var order: [UInt32] = []
        counts.reserveCapacity(1024)
        for pixel in 0..<count {
            let colour = Self.pack(rgb, pixel)
            if let seen = counts[colour] {
                counts[colour] = seen + 1
            } else {
                counts[colour] = 1
                order.append(colour)
            }
        }
        if order.count <= limit {
            palette = order
            var index: [UInt32: UInt8] = [:]
            for (position, colour) in order.enumerated() { index[colour] = UInt8(position) }
            indices = (0..<count).map { index[Self.pack(rgb, $0)] ?? 0 }
            return
        }
        // Many colours: median cut over a 5-bit-per-channel histogram (32768 bins), then each
        // bin's nearest palette colour, found once per bin present.
        var bins = [Int](repeating: 0, count: 1 << 15)
        var sums = [Int](repeating: 0, count: 3 << 15)
        for pixel in 0..<count {
            let bin = Self.bin(rgb, pixel)
            bins[bin] += 1
            for c in 0..<3 { sums[3 * bin + c] += Int(rgb[3 * pixel + c]) }
        }
        // Each bin present as the mean of its pixels (exact for a bin of one colour).
        var present: [(colour: UInt32, count: Int)] = []
        var binMeans = [UInt32](repeating: 0, count: 1 << 15)
        for (bin, binCount) in bins.enumerated() where binCount > 0 {
            var mean: UInt32 = 0
            for c in 0..<3 { mean = mean << 8 | UInt32((2 * sums[3 * bin + c] + binCount) / (2 * binCount)) }
            binMeans[bin] = mean
            present.append((mean, binCount))
        }
        palette = Self.medianCut(present, boxes: limit)
        var nearest = [UInt8](repeating: 0, count: 1 << 15)
        for (bin, binCount) in bins.enumerated() where binCount > 0 {
            nearest[bin] = Self.nearest(binMeans[bin], in: palette)
        }
        indices = (0..<count).map { nearest[Self.bin(rgb, $0)] }
    }

    /// The 15-bit histogram bin of a pixel (the top 5 bits of each channel).
    @inline(__always)
    private static func bin(_ rgb: [UInt8], _ pixel: Int) -> Int {
        Int(rgb[3 * pixel] >> 3) << 10 | Int(rgb[3 * pixel + 1] >> 3) << 5 | Int(rgb[3 * pixel + 2] >> 3)
    }

    @inline(__always)
    private static func pack(_ rgb: [UInt8], _ pixel: Int) -> UInt32 {
        UInt32(rgb[3 * pixel]) << 16 | UInt32(rgb[3 * pixel + 1]) << 8 | UInt32(rgb[3 * pixel + 2])
    }

    @inline(__always)
    private static func channel(_ colour: UInt32, _ channel: Int) -> Int {
        Int(colour >> UInt32(16 - 8 * channel) & 0xFF)
    }

    /// The palette index nearest `colour` (squared distance; the first of equals).
    private static func nearest(_ colour: UInt32, in palette: [UInt32]) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, entry) in palette.enumerated() {
            var distance = 0
            for c in 0..<3 {
                let delta = channel(colour, c) - channel(entry, c)
                distance += delta * delta
            }
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return UInt8(best)
    }

    /// Median cut of `colours` (colour, pixel count) into at most `boxes` boxes; their means.
    private static func medianCut(_ colours: [(colour: UInt32, count: Int)], boxes: Int) -> [UInt32] {
        var entries = colours
        // Each box: a range of `entries`, its longest channel and that channel's range × pixels.
        var ranges: [(range: Range<Int>, channel: Int, score: Int)] = [box(entries, 0..<entries.count)]
        while ranges.count < boxes {
            var chosen = -1
            var best = 0
            for (index, box) in ranges.enumerated() where box.range.count > 1 && box.score > best {
                best = box.score
                chosen = index
            }
            guard chosen >= 0 else { break }
            let (range, axis, _) = ranges[chosen]
            entries[range].sort { channel($0.colour, axis) < channel($1.colour, axis) }
            var total = 0
            for position in range { total += entries[position].count }
            // The split: after the pixel-weighted median, leaving each side at least one colour.
            var running = 0
            var split = range.lowerBound + 1
            for position in range {
                running += entries[position].count
                if 2 * running >= total {
                    split = position + 1
                    break
                }
            }
            split = min(max(split, range.lowerBound + 1), range.upperBound - 1)
            ranges[chosen] = box(entries, range.lowerBound..<split)
            ranges.append(box(entries, split..<range.upperBound))
        }
        return ranges.map { box in
            var sums = [0, 0, 0]
            var total = 0
            for position in box.range {
                let entry = entries[position]
                for c in 0..<3 { sums[c] += channel(entry.colour, c) * entry.count }
                total += entry.count
            }
            let mean = sums.map { UInt32((2 * $0 + total) / (2 * max(total, 1))) }
            return mean[0] << 16 | mean[1] << 8 | mean[2]
        }
    }

    /// A box over `range`: its longest channel and the score it is split by (that channel's
    /// range times the box's pixels; 0 when it cannot be split).
    private static func box(_ entries: [(colour: UInt32, count: Int)], _ range: Range<Int>) -> (
        range: Range<Int>, channel: Int, score: Int
    ) {
        var low = [255, 255, 255]
        var high = [0, 0, 0]
        var total = 0
        for position in range {
            let entry = entries[position]
            total += entry.count
            for c in 0..<3 {
                let value = channel(entry.colour, c)
                low[c] = min(low[c], value)
                high[c] = max(high[c], value)
            }
        }
        var axis = 0
        for c in 1..<3 where high[c] - low[c] > high[axis] - low[axis] { axis = c }
        return (range, axis, range.count > 1 ? (high[axis] - low[axis]) * total : 0)
    }
}
