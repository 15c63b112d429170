/// Turns a ``RestingPicture`` into the graphics bytes that draw it over its cells, for the
/// player's ``PictureGraphics``: the bitmap at the area's pixel size (a picture read from a file
/// is decoded again at that size, so it is sharp however small its card's cells made it), laid
/// out as ``PictureCanvas`` lays it, then sixel- or kitty-encoded. The last few results are kept:
/// going back to a picture costs nothing. The player renders off its queue
/// (``render(_:graphics:)``, docs/decisions/0231-pictures-at-rest-rendered-off-the-queue.md) and
/// keeps the result here. Not thread-safe: owned by the player's queue.
package struct RestingPictureRenderer: Sendable {
    private var cache: [(key: Key, bytes: [UInt8])] = []
    /// The most results kept.
    static let cacheSize = 4

    /// What a result depends on: the picture and its area's size, not where the area is.
    package struct Key: Hashable, Sendable {
        var resting: RestingPicture
        var graphics: PictureGraphics

        package init(_ resting: RestingPicture, graphics: PictureGraphics) {
            var placed = resting
            placed.origin = .zero  // Where it goes does not change its bytes.
            self.resting = placed
            self.graphics = graphics
        }
    }

    package init() {}

    /// The bytes that draw `resting` with `graphics` at the cursor (empty for ``PictureGraphics/cells``
    /// or a picture with no bitmap), rendered now unless kept.
    package mutating func bytes(for resting: RestingPicture, graphics: PictureGraphics) -> [UInt8] {
        let key = Key(resting, graphics: graphics)
        if let kept = cached(key) { return kept }
        let bytes = Self.render(resting, graphics: graphics)
        store(bytes, for: key)
        return bytes
    }

    /// The bytes kept for `key`, or nil when they are not rendered yet.
    package func cached(_ key: Key) -> [UInt8]? {
        cache.first(where: { $0.key == key })?.bytes
    }

    /// Keeps `bytes` for `key` (the oldest result goes past ``cacheSize``).
    package mutating func store(_ bytes: [UInt8], for key: Key) {
        guard cached(key) == nil else { return }
        cache.append((key, bytes))
        if cache.count > Self.cacheSize { cache.removeFirst() }
    }

    /// The bytes that draw `resting` with `graphics` (empty for ``PictureGraphics/cells`` or a
    /// picture with no bitmap): may take long (a file decoded again, a sixel quantized), so
    /// the player calls it off its queue. Thread-safe.
    package static func render(_ resting: RestingPicture, graphics: PictureGraphics) -> [UInt8] {
        guard let cell = graphics.cellPixels, var image = resting.picture.image else { return [] }
        let width = resting.columns * cell.width
        let height = resting.rows * cell.height
        if let path = resting.picture.path {
            let sharper = CardPicture(
                contentsOfFile: path, fitting: (width, height), gravity: resting.picture.gravity)
            if let decoded = sharper.image { image = decoded }
        }
        let rgb = PictureCanvas.rgb(
            image: image, gravity: resting.picture.gravity, width: width, height: height,
            background: resting.background)
        switch graphics {
        case .cells: return []
        case .sixel: return SixelEncoder.encode(rgb: rgb, width: width, height: height)
        case .kitty:
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            for pixel in 0..<width * height {
                rgba[4 * pixel] = rgb[3 * pixel]
                rgba[4 * pixel + 1] = rgb[3 * pixel + 1]
                rgba[4 * pixel + 2] = rgb[3 * pixel + 2]
            }
            return KittyGraphicsEncoder.transmit(
                rgba: rgba, width: width, height: height, columns: resting.columns, rows: resting.rows)
        }
    }
}
