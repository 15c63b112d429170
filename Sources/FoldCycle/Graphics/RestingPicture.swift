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
}

/// A scene that can say which picture rests on screen after its last ``FrameSource/render(at:into:)``.
package protocol RestingPictureSource: AnyObject {
    /// The picture shown still by the frame last rendered for `time`, or nil (moving, no
    /// picture, or covered).
    func restingPicture(at time: TimeInterval) -> RestingPicture?
}
