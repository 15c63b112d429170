#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One position of a pointer at one time: what a drag is made of.
///
/// Terminals report motion only when the pointer enters a new cell, so samples of a drag are
/// irregular in time and quantized in space; ``VelocityTracker`` fits a line through several.
package struct PointerSample: Hashable, Sendable {
    /// When the pointer was there, in seconds on the deck's clock.
    package var time: TimeInterval
    /// Where it was, in card widths.
    package var position: DeckPoint

    /// Creates a sample.
    package init(time: TimeInterval, position: DeckPoint) {
        self.time = time
        self.position = position
    }
}
