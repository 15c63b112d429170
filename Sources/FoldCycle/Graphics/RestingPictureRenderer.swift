/// Turns a ``RestingPicture`` into the graphics bytes that draw it over its cells, for the
/// player's ``PictureGraphics``: the bitmap at the area's pixel size (a picture read from a file
/// is decoded again at that size, so it is sharp however small its card's cells made it), laid
/// out as ``PictureCanvas`` lays it, then sixel- or kitty-encoded. The last few results are kept:
/// going back to a picture costs nothing. Not thread-safe: owned by the player's queue.
package struct RestingPictureRenderer: Sendable {
    private var cache: [(key: Key, bytes: [UInt8])] = []
    /// The most results kept.
    static let cacheSize = 4

    private struct Key: Hashable {
        var resting: RestingPicture
        var graphics: PictureGraphics
    }

    package init() {}

    /// The bytes that draw `resting` with `graphics` at the cursor (empty for ``PictureGraphics/cells``
    /// or a picture with no bitmap).
    package mutating func bytes(for resting: RestingPicture, graphics: PictureGraphics) -> [UInt8] {
        guard let cell = graphics.cellPixels, var image = resting.picture.image else { return [] }
        var placed = resting
        placed.origin = .zero  // Where it goes does not change its bytes.
        let key = Key(resting: placed, graphics: graphics)
        if let hit = cache.firstIndex(where: { $0.key == key }) { return cache[hit].bytes }
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
        let bytes: [UInt8]
        switch graphics {
        case .cells: bytes = []
        case .sixel: bytes = SixelEncoder.encode(rgb: rgb, width: width, height: height)
        case .kitty:
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            for pixel in 0..<width * height {
                rgba[4 * pixel] = rgb[3 * pixel]
                rgba[4 * pixel + 1] = rgb[3 * pixel + 1]
                rgba[4 * pixel + 2] = rgb[3 * pixel + 2]
            }
            bytes = KittyGraphicsEncoder.transmit(
                rgba: rgba, width: width, height: height, columns: resting.columns, rows: resting.rows)
        }
        cache.append((key, bytes))
        if cache.count > Self.cacheSize { cache.removeFirst() }
        return bytes
    }
}
