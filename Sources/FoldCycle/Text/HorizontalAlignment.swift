/// Where a line of text sits within a slot's width.
public enum HorizontalAlignment: String, CaseIterable, Hashable, Sendable {
    /// Flush with the left edge.
    case left
    /// Centred; when the leftover is odd the extra column goes to the right.
    case center
    /// Flush with the right edge.
    case right
}
