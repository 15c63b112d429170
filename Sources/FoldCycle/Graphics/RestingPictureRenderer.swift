#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a ``RestingPicture`` into the graphics bytes that draw it over its cells, for the
/// player's ``PictureGraphics``: the bitmap at the area's pixel size
/// (``RestingPicture/pixels(width:height:)``), then sixel-, kitty- or iTerm2-encoded.
/// ``render(_:)`` is the work
/// (a second or more for a large photo in a debug build), done off the player's queue; the
/// player keeps the last few results here, so going back to a picture costs nothing
/// (docs/decisions/0220-pictures-at-rest-rendered-in-the-background.md). Not thread-safe: the
/// cache is owned by the player's queue.
package struct RestingPictureRenderer: Sendable {
    private var cache: [(key: Key, bytes: [UInt8])] = []
    /// The most results kept.
    static let cacheSize = 4

    /// What a result depends on: the picture and its area (not where the area is) and the
    /// graphics it is drawn with.
    package struct Key: Hashable, Sendable {
        var resting: RestingPicture
        var graphics: PictureGraphics

        /// The key of `resting` drawn with `graphics`, wherever its area is.
        package init(_ resting: RestingPicture, graphics: PictureGraphics) {
            var placed = resting
            placed.origin = .zero  // Where it goes does not change its bytes.
            self.resting = placed
            self.graphics = graphics
        }
    }

    package init() {}

    /// The bytes kept for `key`, nil when they are not (yet) rendered.
    package func cached(_ key: Key) -> [UInt8]? {
        cache.first(where: { $0.key == key })?.bytes
    }

    /// Keeps `bytes` for `key` (the oldest of more than ``cacheSize`` goes).
    package mutating func store(_ bytes: [UInt8], for key: Key) {
        guard cached(key) == nil else { return }
        cache.append((key, bytes))
        if cache.count > Self.cacheSize { cache.removeFirst() }
    }

    /// The bytes that draw `key`'s picture with its graphics at the cursor (empty for
    /// ``PictureGraphics/cells`` or a picture with no bitmap). Pure: any thread.
    package static func render(_ key: Key) -> [UInt8] {
        let resting = key.resting
        guard let cell = key.graphics.cellPixels else { return [] }
        let width = resting.columns * cell.width
        let height = resting.rows * cell.height
        let rgb = resting.pixels(width: width, height: height)
        guard !rgb.isEmpty else { return [] }
        switch key.graphics {
        case .cells: return []
        case .sixel(_, _, let maximumWidth, let maximumHeight):
            // A terminal draws nothing of a sixel image larger than it said it draws (xterm: its
            // window, at most 1000 × 1000 pixels): the largest centred block of whole cells
            // within that is drawn, reached from the area's top-left by cursor moves; the cells
            // around it stay (docs/decisions/0221-the-largest-sixel-asked-at-launch.md).
            let columns = min(resting.columns, (maximumWidth ?? width) / cell.width)
            let rows = min(resting.rows, (maximumHeight ?? height) / cell.height)
            guard columns > 0, rows > 0 else { return [] }
            if columns == resting.columns, rows == resting.rows {
                return SixelEncoder.encode(rgb: rgb, width: width, height: height)
            }
            let left = (resting.columns - columns) / 2
            let top = (resting.rows - rows) / 2
            let partWidth = columns * cell.width
            let partHeight = rows * cell.height
            var part: [UInt8] = []
            part.reserveCapacity(3 * partWidth * partHeight)
            for y in 0..<partHeight {
                let start = 3 * ((top * cell.height + y) * width + left * cell.width)
                part += rgb[start..<(start + 3 * partWidth)]
            }
            var bytes: [UInt8] = []
            if top > 0 { bytes += Array("\u{1B}[\(top)B".utf8) }
            if left > 0 { bytes += Array("\u{1B}[\(left)C".utf8) }
            return bytes + SixelEncoder.encode(rgb: part, width: partWidth, height: partHeight)
        case .kitty:
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            for pixel in 0..<width * height {
                rgba[4 * pixel] = rgb[3 * pixel]
                rgba[4 * pixel + 1] = rgb[3 * pixel + 1]
                rgba[4 * pixel + 2] = rgb[3 * pixel + 2]
            }
            return KittyGraphicsEncoder.transmit(
                rgba: rgba, width: width, height: height, columns: resting.columns, rows: resting.rows)
        case .iterm2:
            return ITermImageEncoder.inlineImage(
                rgb: rgb, width: width, height: height, columns: resting.columns, rows: resting.rows)
        }
    }
}
