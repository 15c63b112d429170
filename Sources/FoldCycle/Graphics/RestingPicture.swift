#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A picture that stands still on screen: the card holding it is settled (no transition, no
/// drag) and on top, so its picture area may be drawn with terminal graphics after the cells
/// (docs/decisions/0154-pictures-at-rest.md).
package struct RestingPicture: Hashable, Sendable {
    /// The picture (its bitmap, gravity and path).
    package var picture: CardPicture
    /// The picture area's top-left cell, in the frame the scene rendered.
    package var origin: CellPosition
    /// The picture area's size in cells.
    package var columns: Int
    package var rows: Int
    /// The card's background under transparent pixels and in the letterbox (resolved RGB).
    package var background: RGBColor

    package init(picture: CardPicture, origin: CellPosition, columns: Int, rows: Int, background: RGBColor) {
        self.picture = picture
        self.origin = origin
        self.columns = columns
        self.rows = rows
        self.background = background
    }

    /// The picture area's pixels at `width` × `height` (3 bytes, R, G, B, each; row by row): a
    /// picture read from a file is decoded again at that size, so it is sharp however small its
    /// card's cells made it, then laid out as ``PictureCanvas`` lays it; empty when the picture
    /// has no bitmap or a side is not positive.
    package func pixels(width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0, var image = picture.image else { return [] }
        if let path = picture.path {
            let sharper = CardPicture(contentsOfFile: path, fitting: (width, height), gravity: picture.gravity)
            if let decoded = sharper.image { image = decoded }
        }
        return PictureCanvas.rgb(
            image: image, gravity: picture.gravity, width: width, height: height, background: background)
    }

    /// The picture area as a PNG of `width` × `height` pixels (``pixels(width:height:)``,
    /// ``PNGEncoder``), nil when it has no pixels.
    package func png(width: Int, height: Int) -> [UInt8]? {
        let rgb = pixels(width: width, height: height)
        guard !rgb.isEmpty else { return nil }
        return PNGEncoder.encode(pixels: rgb, width: width, height: height, channels: 3)
    }
}

/// A scene that can say which picture rests on screen after its last ``FrameSource/render(at:into:)``.
package protocol RestingPictureSource: FrameSource {
    /// The picture shown still by the frame last rendered for `time`, or nil (moving, no
    /// picture, or covered).
    func restingPicture(at time: TimeInterval) -> RestingPicture?
}
