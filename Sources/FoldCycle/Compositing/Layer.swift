#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A grid of cells placed in a destination buffer with a geometry and an opacity, as a
/// `CALayer` with its contents.
///
/// The layer's untransformed top-left corner sits at ``origin`` in destination cells. Its
/// ``geometry`` applies about its centre (anchor point 0.5, 0.5, Core Animation's default): a
/// layer-local point `p` (cells, `(0, 0)` = top-left of ``content``) lands at
/// `origin + centre + transform(p − centre)`, where `centre = (width / 2, height / 2)`; a
/// projective geometry divides by w after the transform (see ``LayerGeometry``).
package struct Layer: Hashable, Sendable {
    /// The layer's cells, `content.width` × `content.height`.
    package var content: CellBuffer {
        didSet { contentProfile = nil }
    }
    /// The placement about the layer's centre.
    package var geometry: LayerGeometry
    /// Opacity, 0 (invisible) ... 1 (opaque); values outside are clamped when drawn.
    package var alpha: Double
    /// The layer's background colour, drawn as block eighths where an edge of an affine layer
    /// covers part of a cell (a projective layer samples its content's backgrounds instead).
    package var background: TerminalColor
    /// Where the untransformed top-left corner lands in the destination, in cells.
    package var origin: CellPosition
    /// The picture in ``content`` at half-block resolution, sampled per sub-cell through the
    /// geometry after the cells are drawn (``PictureSampling``), or nil for text.
    package var picture: PictureRaster?
    /// ``content`` read once (``LayerContentProfile``), when whoever made the layer keeps one with
    /// the content (``CardScene``); nil after ``content`` changes. Not part of the layer's value
    /// (`==`, `hash`): it only saves the compositor reading the cells again.
    var contentProfile: LayerContentProfile?

    /// Creates a layer.
    ///
    /// - Parameters:
    ///   - content: the cells to draw.
    ///   - geometry: the placement about the centre, default identity.
    ///   - alpha: opacity 0...1, default 1.
    ///   - background: the colour of partly covered edge cells, default the terminal's.
    ///   - origin: the destination offset of the untransformed top-left, default (0, 0).
    package init(
        content: CellBuffer, geometry: LayerGeometry = .identity, alpha: Double = 1,
        background: TerminalColor = .default, origin: CellPosition = .zero
    ) {
        self.content = content
        self.geometry = geometry
        self.alpha = alpha
        self.background = background
        self.origin = origin
    }

    /// Creates a layer with a 2-D affine transform about its centre (see
    /// ``init(content:geometry:alpha:background:origin:)``).
    package init(
        content: CellBuffer, transform: LayerTransform, alpha: Double = 1,
        background: TerminalColor = .default, origin: CellPosition = .zero
    ) {
        self.init(
            content: content, geometry: .affine(transform), alpha: alpha, background: background,
            origin: origin)
    }

    /// Equal when content, geometry, alpha, background, origin and picture are (not ``contentProfile``,
    /// which is derived from the content).
    package static func == (lhs: Layer, rhs: Layer) -> Bool {
        lhs.content == rhs.content && lhs.geometry == rhs.geometry && lhs.alpha == rhs.alpha
            && lhs.background == rhs.background && lhs.origin == rhs.origin && lhs.picture == rhs.picture
    }

    /// Hashes what `==` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(content)
        hasher.combine(geometry)
        hasher.combine(alpha)
        hasher.combine(background)
        hasher.combine(origin)
        hasher.combine(picture)
    }
}
