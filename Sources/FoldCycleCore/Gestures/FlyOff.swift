import Foundation

/// Where and how a decided card leaves: along the release angle `atan(vy / vx)` until it is
/// beyond the deck's edge, in 0.3 s or sooner, never slower than it was let go
/// (docs/DESIGN.md#reusing-stack). Pure.
package enum FlyOff {
    /// The flight's duration without a release speed (a key's decision): 0.3 s.
    package static let duration: TimeInterval = 0.3

    /// How a card released at `speed` (card widths per second along its flight) covers
    /// `distance` card widths: it leaves at the release speed and never slows.
    ///
    /// - No speed toward the destination (a key, or a release away from it): ``duration``,
    ///   ease-in-ease-out, as before.
    /// - `speed · 0.3 ≥ distance`: linear at `speed`, in `distance / speed` seconds.
    /// - Slower: 0.3 s with constant acceleration from `speed`, progress `a·u + (1 − a)·u²`
    ///   for `a = speed · 0.3 / distance` (a quadratic Bézier raised to a cubic: control points
    ///   (1/3, a/3, 2/3, (a + 1)/3)), so its slope at 0 is exactly the release speed.
    package static func motion(distance: Double, speed: Double) -> (duration: TimeInterval, timing: TimingFunction) {
        guard speed > 0, speed.isFinite, distance > 0 else { return (duration, .easeInEaseOut) }
        if speed * duration >= distance { return (distance / speed, .linear) }
        let a = speed * duration / distance
        let curve = (try? TimingFunction(controlPoints: 1.0 / 3, a / 3, 2.0 / 3, (a + 1) / 3)) ?? .easeInEaseOut
        return (duration, curve)
    }

    /// The unit vector a card flies along: the line at the release angle `θ = atan(vy / vx)`,
    /// pointing the way `toward` says.
    ///
    /// `atan` gives the line, not its sense (the source then sends the card "to the side the
    /// drag went"), so the sense is chosen by `toward`: the one whose dot product with `toward`
    /// is positive; when the line is perpendicular to `toward`, the one along `velocity`; then
    /// +x. `vx == 0` is a vertical line; no velocity at all is the horizontal line.
    ///
    /// - Parameters:
    ///   - velocity: the release velocity, card widths per second.
    ///   - toward: the way the card should go (the swipe deck: the side, `(±1, 0)`; the
    ///     reusing stack: the drag's translation).
    package static func direction(velocity: DeckPoint, toward: DeckPoint) -> DeckPoint {
        let line: DeckPoint
        if velocity.x != 0 {
            let angle = atan(velocity.y / velocity.x)
            line = DeckPoint(x: cos(angle), y: sin(angle))
        } else if velocity.y != 0 {
            line = DeckPoint(x: 0, y: 1)
        } else {
            line = DeckPoint(x: 1, y: 0)
        }
        let alongToward = line.dot(toward)
        if alongToward != 0 { return alongToward > 0 ? line : line * -1 }
        let alongVelocity = line.dot(velocity)
        return alongVelocity < 0 ? line * -1 : line
    }

    /// The centre where a card leaving from `start` along `direction` is entirely outside
    /// `bounds`: the first point of the ray whose distance beyond an edge is `clearance` (the
    /// card's half-diagonal, so it is out whatever its rotation).
    ///
    /// - Parameters:
    ///   - start: the card's centre when it leaves, relative to its place, in card widths.
    ///   - direction: a unit vector (``direction(velocity:toward:)``).
    ///   - bounds: the deck's drawing area relative to the top card's place.
    ///   - clearance: how far beyond the edge the centre ends, in card widths (≥ 0).
    /// - Returns: `start + s · direction` with the smallest `s ≥ 0` that crosses an edge of
    ///   `bounds` grown by `clearance`; `start` itself when it is already outside.
    package static func destination(
        from start: DeckPoint, direction: DeckPoint, bounds: DeckRect, clearance: Double
    ) -> DeckPoint {
        func exit(_ position: Double, _ speed: Double, _ low: Double, _ high: Double) -> Double {
            if speed > 0 { return max((high + clearance - position) / speed, 0) }
            if speed < 0 { return max((low - clearance - position) / speed, 0) }
            return .infinity
        }
        let distance = min(
            exit(start.x, direction.x, bounds.minX, bounds.maxX),
            exit(start.y, direction.y, bounds.minY, bounds.maxY))
        guard distance.isFinite else { return start }
        return start + direction * distance
    }

    /// Half the diagonal of a card one card width wide and `cardHeight` high, in card widths:
    /// the clearance that puts it beyond an edge at any rotation.
    package static func clearance(cardHeight: Double) -> Double {
        (0.25 + cardHeight * cardHeight / 4).squareRoot()
    }
}
