#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The per-layer constants of one ``Compositor/draw(_:onto:)`` call of an affine layer and its
/// inner loop (``drawAxisAligned(source:target:)``).
struct DrawContext: LayerBlending {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    let inverse: LayerTransform
    /// The clamped alpha quantized to n/256 for fixed-point blending (256: copy unchanged).
    let alpha256: UInt32
    /// The layer's background, packed (``TerminalColor/packed``).
    let layerBackground: UInt32
    /// ``Compositor/backgroundColor`` as `0x00rrggbb`.
    let backgroundRGB: UInt32
    /// ``Compositor/foregroundColor`` as `0x00rrggbb`.
    let foregroundRGB: UInt32
    /// ``Compositor/colorDepth``.
    let colorDepth: ColorDepth
    /// Destination x of the layer's centre, and y.
    let centreX: Double
    let centreY: Double
    let halfWidth: Double
    let halfHeight: Double
    let transform: LayerTransform
    /// ``LayerContentProfile/canonicalClusters`` of the layer's content (false without a
    /// profile): an opaque run is then a copy.
    let canonicalClusters: Bool
    /// The layer's content read once, when the layer is scaled (`a ≠ 1` or `d ≠ 1`), so its
    /// lines are laid out rather than sampled (docs/DESIGN.md#text-on-turned-faces): the layer's
    /// own ``Layer/contentProfile``, or one built for this draw. Nil when not scaled.
    let profile: LayerContentProfile?
    /// For a blended layer drawn over a destination that holds only one cell's colours (the
    /// compositor's clear cell, before the first layer), of canonical content with at most two
    /// colour pairs (``LayerContentProfile/colourKeys``): each pair's blend over those colours, so
    /// a run's cells are recoloured, not blended one by one. Nil otherwise.
    private(set) var recolour: Recolour?

    /// The two colour pairs of a layer's content (as ``BlendMemo`` keys) and their blends over
    /// a destination of one colour pair.
    struct Recolour {
        var first: UInt64
        var firstBlend: UInt64
        var second: UInt64
        var secondBlend: UInt64

        /// `cell` (in one of the two pairs) with its pair's blend for colours.
        @inline(__always)
        func recoloured(_ cell: Cell) -> Cell {
            let colours = LayerContentProfile.colourKey(cell) == first ? firstBlend : secondBlend
            var result = cell
            result.low = cell.low & 0xFFFF_FFFF | colours & 0xFFFF_FFFF_0000_0000
            result.high = cell.high & 0xFFFF_FFFF_0000_0000 | colours & 0xFFFF_FFFF
            return result
        }
    }

    /// - Parameter below: the one cell every destination cell holds before the draw (the clear
    ///   cell of a destination just cleared), or nil when they differ.
    init(
        layer: Layer, transform: LayerTransform, inverse: LayerTransform, alpha: Double, backgroundColor: RGBColor,
        foregroundColor: RGBColor, colorDepth: ColorDepth, destinationWidth: Int, destinationHeight: Int,
        below: Cell? = nil
    ) {
        sourceWidth = layer.content.width
        sourceHeight = layer.content.height
        width = destinationWidth
        height = destinationHeight
        self.inverse = inverse
        alpha256 = UInt32(RGBColor.alpha256(alpha))
        layerBackground = layer.background.packed
        backgroundRGB = backgroundColor.packed
        foregroundRGB = foregroundColor.packed
        self.colorDepth = colorDepth
        halfWidth = Double(sourceWidth) / 2
        halfHeight = Double(sourceHeight) / 2
        centreX = Double(layer.origin.column) + halfWidth
        centreY = Double(layer.origin.row) + halfHeight
        self.transform = transform
        canonicalClusters = layer.contentProfile?.canonicalClusters ?? false
        profile =
            Double(transform.a) != 1 || Double(transform.d) != 1
            ? layer.contentProfile ?? LayerContentProfile(layer.content) : nil
        recolour = nil
        // Over a glyph the layer's cells cross-fade with it (``LayerBlending/crossFaded(_:below:)``).
        if alpha256 < 256, let below, below.glyph == 0x20, let profile = layer.contentProfile,
            profile.canonicalClusters,
            let keys = profile.colourKeys
        {
            recolour = Recolour(
                first: keys.first, firstBlend: blendedColours(keys.first, below: below), second: keys.second,
                secondBlend: blendedColours(keys.second, below: below))
        }
    }

    /// The colours (a ``BlendMemo`` key) of a cell with the colours `key` blended over `below`.
    private func blendedColours(_ key: UInt64, below: Cell) -> UInt64 {
        let cell = Cell(
            glyph: 0x20, foregroundBits: UInt32(truncatingIfNeeded: key >> 32),
            backgroundBits: UInt32(truncatingIfNeeded: key))
        return LayerContentProfile.colourKey(blended(cell, below: below))
    }

    // MARK: Sampling

    /// For an axis-aligned inverse (`b == 0 && c == 0`): the layer column the centre of
    /// destination column `x` lands in, clamped into the layer. The inverse's `c·py` term is ±0
    /// there and cannot change the sum, so the column depends on `x` alone.
    @inline(__always)
    func sourceColumn(_ x: Int) -> Int {
        let px = Double(x) + 0.5 - centreX
        let lx = Double(inverse.a) * px + Double(inverse.tx) + halfWidth
        return min(max(Self.nearestCell(lx, half: halfWidth), 0), sourceWidth - 1)
    }

    /// The same for destination row `y`: the layer row, clamped into the layer.
    @inline(__always)
    func sourceRow(_ y: Int) -> Int {
        let py = Double(y) + 0.5 - centreY
        let ly = Double(inverse.d) * py + Double(inverse.ty) + halfHeight
        return min(max(Self.nearestCell(ly, half: halfHeight), 0), sourceHeight - 1)
    }

    /// The cell containing layer coordinate `value`. A point on a cell boundary (within 1e-9)
    /// takes the cell nearer the layer's centre `half`, so a layer squashed to an exact fraction
    /// samples symmetrically whichever way it folds.
    @inline(__always)
    static func nearestCell(_ value: Double, half: Double) -> Int {
        // Int(_:) truncates, which is floor for the non-negative values here, with no libm call.
        let nonNegative = max(value, 0)
        let cell = Int(nonNegative)
        let fraction = nonNegative - Double(cell)
        if fraction < 1e-9 { return cell > 0 && Double(cell) > half ? cell - 1 : cell }
        if fraction > 1 - 1e-9 { return Double(cell + 1) > half ? cell : cell + 1 }
        return cell
    }
}
