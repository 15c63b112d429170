public import FoldCycleImageIO

/// A picture a card shows: a decoded bitmap, or the one-line reason there is none, with a
/// caption (a file's name) on one line under it (docs/decisions/0153-picture-card-content.md).
///
/// Made from RGBA pixels (``init(image:caption:gravity:)``), from a file
/// (``init(contentsOfFile:fitting:gravity:)``, which never throws: a file that cannot be shown
/// becomes a picture whose ``contents`` is the reason), or from a reason alone
/// (``init(failure:caption:path:)``). As an item it is its ``styledString``, a styled string
/// carrying the picture, whose text is ``plainText``: the path when there is one, else the
/// caption. The compositor draws the bitmap as half-block cells (▀, two pixels a cell) sampled
/// through every transition.
///
/// Source: a `CALayer`'s `contents` (a bitmap) and `contentsGravity`.
public struct CardPicture: Hashable, Sendable, CardContent {
    /// What the picture holds: its pixels, or why it has none.
    public enum Contents: Hashable, Sendable {
        /// The bitmap, straight-alpha RGBA (``RGBAImage``).
        case image(RGBAImage)
        /// Why there is no bitmap, in one line ("is a directory", "truncated PNG (the data ends
        /// early)").
        case failure(String)
    }

    /// How the bitmap fills the card's picture area, as `CALayer.contentsGravity`.
    public enum Gravity: String, Hashable, Sendable, CaseIterable {
        /// Fit: the whole picture, aspect kept, centred; the rest of the area shows the card's
        /// background (letterboxed). The default.
        case resizeAspect
        /// Fill: the whole area, aspect kept, centred; what overflows is cropped.
        case resizeAspectFill
    }

    /// The pixels, or why there are none.
    public var contents: Contents
    /// One line under the picture, usually the file's name; empty for none.
    public var caption: String
    /// The file the picture was read from, or nil.
    public var path: String?
    /// Fit (default) or fill.
    public var gravity: Gravity
    /// The size the file declares, as the caption shows it ("4000×3000"); empty when not from a
    /// file or not a bitmap (``PictureCaptions`` keeps it when it names the file by more of its path).
    package var sizeNote = ""

    /// A picture of `image`.
    ///
    /// - Parameters:
    ///   - image: the bitmap.
    ///   - caption: the line under it (empty: none).
    ///   - gravity: fit (default) or fill.
    public init(image: RGBAImage, caption: String = "", gravity: Gravity = .resizeAspect) {
        contents = .image(image)
        self.caption = caption
        path = nil
        self.gravity = gravity
    }

    /// A picture that could not be made: the card shows `reason` and the caption.
    ///
    /// - Parameters:
    ///   - reason: one line, what is wrong.
    ///   - caption: the line under it.
    ///   - path: the file it names, or nil.
    public init(failure reason: String, caption: String, path: String? = nil) {
        contents = .failure(reason)
        self.caption = caption
        self.path = path
        gravity = .resizeAspect
    }

    /// The bitmap, or nil for a failure.
    public var image: RGBAImage? {
        if case .image(let image) = contents { return image }
        return nil
    }

    /// The reason there is no bitmap, or nil.
    public var failure: String? {
        if case .failure(let reason) = contents { return reason }
        return nil
    }

    /// A styled string carrying this picture, its text ``plainText``.
    public var styledString: StyledString { StyledString(picture: self) }

    /// The path, or the caption when there is none: what names the item to scripts.
    public var plainText: String { path ?? caption }
}
