/// Reduces an RGB image to at most `maximumColours` colours by median cut (Heckbert 1982): the
/// image's colours, counted, start in one box; the box whose longest channel range, weighted by
/// its pixel count, is largest is split at the pixel-weighted median of that channel, until there
/// are enough boxes or none can be split; each box's colour is the pixel-weighted mean of its
/// colours. An image with no more distinct colours than allowed keeps them exactly. Every pixel
/// then takes the nearest palette colour (squared RGB distance; no dithering, so a settled
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
        palette = Self.medianCut(order.map { ($0, counts[$0] ?? 0) }, boxes: limit)
        var nearest: [UInt32: UInt8] = [:]
        nearest.reserveCapacity(order.count)
        indices = [UInt8](repeating: 0, count: count)
        for pixel in 0..<count {
            let colour = Self.pack(rgb, pixel)
            if let known = nearest[colour] {
                indices[pixel] = known
            } else {
                let found = Self.nearest(colour, in: palette)
                nearest[colour] = found
                indices[pixel] = found
            }
        }
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
        // Each box is a range of `entries`.
        var ranges: [Range<Int>] = [0..<entries.count]
        while ranges.count < boxes {
            var chosen: (box: Int, channel: Int, score: Int)?
            for (box, range) in ranges.enumerated() where range.count > 1 {
                var total = 0
                for entry in entries[range] { total += entry.count }
                for c in 0..<3 {
                    var low = 255
                    var high = 0
                    for entry in entries[range] {
                        let value = channel(entry.colour, c)
                        low = min(low, value)
                        high = max(high, value)
                    }
                    let score = (high - low) * total
                    if high > low, score > (chosen?.score ?? -1) { chosen = (box, c, score) }
                }
            }
            guard let chosen else { break }
            let range = ranges[chosen.box]
            entries[range].sort { channel($0.colour, chosen.channel) < channel($1.colour, chosen.channel) }
            var total = 0
            for entry in entries[range] { total += entry.count }
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
            ranges[chosen.box] = range.lowerBound..<split
            ranges.append(split..<range.upperBound)
        }
        return ranges.map { range in
            var sums = [0, 0, 0]
            var total = 0
            for entry in entries[range] {
                for c in 0..<3 { sums[c] += channel(entry.colour, c) * entry.count }
                total += entry.count
            }
            let mean = sums.map { UInt32((2 * $0 + total) / (2 * max(total, 1))) }
            return mean[0] << 16 | mean[1] << 8 | mean[2]
        }
    }
}
