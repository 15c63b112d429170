extension SlotPresentation {
    /// The largest magnitude a geometry component may have to be drawn: 1e9. A slot placed
    /// beyond it (by a transition, a deck pose or a caller's geometry) cannot show on a card of at
    /// most `Limits/terminalColumns` cells, and every product the compositor forms from such
    /// components stays far inside `Int`'s range, so no conversion of a cell position can trap.
    public static let largestDrawableComponent = 1e9

    /// Whether this slot can be drawn as it is: visible, with a finite alpha and a geometry whose
    /// every component (and cell aspect) is finite and at most ``largestDrawableComponent`` in
    /// magnitude (a cell aspect > 0). A scene skips a slot that is not, rather than hand the
    /// compositor numbers it cannot place.
    public var isDrawable: Bool {
        guard isVisible, alpha.isFinite else { return false }
        let limit = Self.largestDrawableComponent
        switch geometry {
        case .affine(let transform):
            return transform.components.allSatisfy { $0.isFinite && abs($0) <= limit }
        case .projective(let transform, let cellAspect):
            return cellAspect.isFinite && cellAspect > 0 && cellAspect <= limit
                && transform.components.allSatisfy { $0.isFinite && abs($0) <= limit }
        }
    }
}
