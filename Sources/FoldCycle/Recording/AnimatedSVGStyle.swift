/// How an ``AnimatedSVG`` draws cells: the font, the size of a cell in pixels, and the colours
/// that stand for the terminal's defaults.
package struct AnimatedSVGStyle: Hashable, Sendable {
    /// The CSS `font-family` list for text, e.g. `"'DejaVu Sans Mono', monospace"`. No font is
    /// embedded or fetched: the list should end with the generic `monospace`, and text is placed
    /// cell by cell whatever font the viewer has (see ``AnimatedSVG``).
    package var fontFamily: String
    /// A cell's width in pixels (> 0).
    package var cellWidth: Double
    /// A cell's height in pixels (> 0).
    package var cellHeight: Double
    /// The page's colour, and what a cell's default background shows (the compositor's
    /// ``Compositor/backgroundColor`` should be the same, so blends match the page).
    package var background: RGBColor
    /// What a cell's default foreground shows.
    package var foreground: RGBColor

    /// The default font list: common monospace fonts, then the generic family.
    package static let defaultFontFamily =
        "'DejaVu Sans Mono', 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace"

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - fontFamily: a CSS font-family list; default ``defaultFontFamily``.
    ///   - cellWidth: pixels per cell horizontally; default 10.
    ///   - cellHeight: pixels per cell vertically; default 20 (a terminal cell is about twice as
    ///     tall as wide).
    ///   - background: the page and default background; default black (the compositor's).
    ///   - foreground: the default foreground; default black or white, whichever contrasts more
    ///     with `background` (``CardStyle/contrastingText(on:)``).
    package init(
        fontFamily: String = AnimatedSVGStyle.defaultFontFamily, cellWidth: Double = 10, cellHeight: Double = 20,
        background: RGBColor = .black, foreground: RGBColor? = nil
    ) {
        self.fontFamily = fontFamily
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.background = background
        self.foreground = foreground ?? CardStyle.contrastingText(on: background)
    }

    /// The font size in pixels: a monospace font's advance is about 0.6 em, so the size that
    /// fills a cell's width, at most 85% of its height.
    package var fontSize: Double {
        min(cellWidth / 0.6, cellHeight * 0.85)
    }
}

/// Why an ``AnimatedSVG`` cannot be made from the frames given.
package enum AnimatedSVGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No frames.
    case noFrames
    /// Frame `index` is not the size of the first frame.
    case frameSizeMismatch(index: Int)
    /// Frame `index` starts before the frame before it, or before 0.
    case timeOutOfOrder(index: Int)
    /// The loop's duration is not finite or not after the last frame's start.
    case invalidDuration(Double)
    /// The cell size is not finite and positive.
    case invalidCellSize(width: Double, height: Double)

    /// A one-line message.
    package var description: String {
        switch self {
        case .noFrames: return "an animated SVG needs at least one frame"
        case .frameSizeMismatch(let index): return "frame \(index) is not the size of frame 0"
        case .timeOutOfOrder(let index): return "frame \(index) starts before the frame before it"
        case .invalidDuration(let duration):
            return "the duration \(duration) must be finite and after the last frame's start"
        case .invalidCellSize(let width, let height):
            return "the cell size \(width)x\(height) must be finite and positive"
        }
    }
}
