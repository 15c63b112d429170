/// Turns a ``RestingPicture`` into the graphics bytes that draw it over its cells, for the
/// player's ``PictureGraphics``: the bitmap at the area's pixel size
/// (``RestingPicture/pixels(width:height:)``), then sixel-, kitty- or iTerm2-encoded. The last few results are kept:
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
        guard let cell = graphics.cellPixels, resting.picture.image != nil else { return [] }
        var placed = resting
        placed.origin = .zero  // Where it goes does not change its bytes.
        let key = Key(resting: placed, graphics: graphics)
        if let hit = cache.firstIndex(where: { $0.key == key }) { return cache[hit].bytes }
        let width = resting.columns * cell.width
        let height = resting.rows * cell.height
        let rgb = resting.pixels(width: width, height: height)
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
        case .iterm2:
            bytes = ITermImageEncoder.inlineImage(
                rgb: rgb, width: width, height: height, columns: resting.columns, rows: resting.rows)
        }
        cache.append((key, bytes))
        if cache.count > Self.cacheSize { cache.removeFirst() }
        return bytes
    }
}
