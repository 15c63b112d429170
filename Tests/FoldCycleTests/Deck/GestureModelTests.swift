import FoldCyclePlatform
import Foundation
import Testing

@testable import FoldCycle

/// The pure parts of the gesture model: units, the velocity fit, the release rules, the fly-off
/// line and destination, poses (docs/DESIGN.md#deck-units … #swipe-deck).
@Suite("Gesture model")
struct GestureModelTests {
    @Test("the source's points in card widths: 1000/355, 800/355, 10/355, 9/355")
    func units() {
        #expect(DeckUnits.cardWidths(points: 355) == 1)
        #expect(DeckUnits.reusingStackFlingSpeed == 1000.0 / 355)
        #expect(DeckUnits.swipeDeckFlingSpeed == 800.0 / 355)
        #expect(DeckUnits.swipeDeckEdgeDistance == 10.0 / 355)
        #expect(DeckUnits.maximumEntryOffset == 9.0 / 355)
        #expect((DeckUnits.reusingStackFlingSpeed * 10_000).rounded() == 28_169)
        #expect((DeckUnits.swipeDeckFlingSpeed * 10_000).rounded() == 22_535)
        #expect((DeckUnits.swipeDeckEdgeDistance * 100_000).rounded() == 2_817)
    }

    @Test("cells in card widths: a column is 1/W, a row r/W, a pointer at its cell's centre")
    func metrics() {
        let metrics = CardMetrics(columns: 40, rows: 5, cellAspect: 2)
        #expect(metrics.cardHeight == 0.25)
        #expect(metrics.cardWidths(columns: 10) == 0.25)
        #expect(metrics.cardWidths(rows: 3) == 0.15)
        #expect(metrics.columns(cardWidths: 0.5) == 20)
        #expect(metrics.rows(cardWidths: 0.1) == 2)
        #expect(metrics.point(column: 3, row: 1) == DeckPoint(x: 3.5 / 40, y: 0.075))
        #expect(CardMetrics(columns: 0, rows: -1, cellAspect: .nan) == CardMetrics(columns: 1, rows: 1, cellAspect: 2))
    }

    /// (samples as (t, x, y), expected velocity): exact dyadic values.
    static let fits: [([(Double, Double, Double)], DeckPoint)] = [
        // Constant velocity: 1/16 card widths per 1/64 s = 4 card widths/s, y still.
        (
            [(0, 0, 0), (1.0 / 64, 1.0 / 16, 0), (2.0 / 64, 2.0 / 16, 0), (3.0 / 64, 3.0 / 16, 0)],
            DeckPoint(x: 4, y: 0)
        ),
        // Quantized in cells: x = 0, 1, 1, 2 (in 1/32) at 0, 1, 2, 3 (in 1/64 s): slope 6/5 = 1.2;
        // y falls 1/16 per sample: −4.
        (
            [
                (0, 0, 0), (1.0 / 64, 1.0 / 32, -1.0 / 16), (2.0 / 64, 1.0 / 32, -2.0 / 16),
                (3.0 / 64, 2.0 / 32, -3.0 / 16),
            ],
            DeckPoint(x: 1.2, y: -4)
        ),
        // One sample, or all at one instant: no velocity.
        ([(0.5, 0.25, 0.25)], .zero),
        ([(0.5, 0, 0), (0.5, 0.25, 0)], .zero),
    ]

    @Test("velocity: the least-squares slope per axis", arguments: fits.indices)
    func velocityFit(_ index: Int) {
        let (points, expected) = Self.fits[index]
        var tracker = VelocityTracker()
        for (t, x, y) in points { tracker.add(PointerSample(time: t, position: DeckPoint(x: x, y: y))) }
        #expect(tracker.velocity == expected)
    }

    @Test("velocity: only the last 0.1 s count; a pointer held still before release has stopped")
    func velocityHorizon() {
        var tracker = VelocityTracker()
        // A fast start (10 card widths/s), then 1/32 per 1/32 s (1 card width/s) for 0.09375 s.
        tracker.add(PointerSample(time: 0, position: DeckPoint(x: 0, y: 0)))
        tracker.add(PointerSample(time: 1.0 / 64, position: DeckPoint(x: 10.0 / 64, y: 0)))
        for k in 1...8 {
            let t = 1.0 / 64 + Double(k) / 32
            tracker.add(PointerSample(time: t, position: DeckPoint(x: 10.0 / 64 + Double(k) / 32, y: 0)))
        }
        #expect(tracker.samples.count == 4)
        #expect(tracker.velocity == DeckPoint(x: 1, y: 0))
        // Released after holding still for 0.125 s at the same cell.
        tracker.add(PointerSample(time: 1.0 / 64 + 8.0 / 32 + 0.125, position: DeckPoint(x: 10.0 / 64 + 0.25, y: 0)))
        #expect(tracker.samples.count == 1)
        #expect(tracker.velocity == .zero)
    }

    /// (behaviour, translation, velocity, expected): each threshold just below and just above.
    static let releases: [(DeckBehavior, DeckPoint, DeckPoint, ReleaseOutcome)] = {
        let swipe = DeckUnits.swipeDeckFlingSpeed
        let stack = DeckUnits.reusingStackFlingSpeed
        let edge = 0.5 - DeckUnits.swipeDeckEdgeDistance
        let small = DeckPoint(x: 0.1, y: 0)
        return [
            (.swipeDeck, small, DeckPoint(x: swipe, y: 0), .springBack),
            (.swipeDeck, small, DeckPoint(x: swipe.nextUp, y: 0), .remove(.right, .fling)),
            (.swipeDeck, DeckPoint(x: -0.1, y: 0), DeckPoint(x: -swipe.nextUp, y: 0), .remove(.left, .fling)),
            // The side is the drag's: a flick back the other way still removes toward it.
            (.swipeDeck, DeckPoint(x: -0.1, y: 0), DeckPoint(x: swipe.nextUp, y: 0), .remove(.left, .fling)),
            // vy alone never removes a swipe deck card.
            (.swipeDeck, small, DeckPoint(x: 0, y: 100), .springBack),
            (.swipeDeck, DeckPoint(x: edge, y: 0), .zero, .springBack),
            (.swipeDeck, DeckPoint(x: edge.nextUp, y: 0), .zero, .remove(.right, .position)),
            (.swipeDeck, DeckPoint(x: -edge.nextUp, y: 0.3), .zero, .remove(.left, .position)),
            (.reusingStack, small, DeckPoint(x: stack, y: 0), .springBack),
            (.reusingStack, small, DeckPoint(x: stack.nextUp, y: 0), .page(.next)),
            (.reusingStack, DeckPoint(x: 0, y: -0.1), DeckPoint(x: 0, y: -stack), .springBack),
            (.reusingStack, DeckPoint(x: 0, y: -0.1), DeckPoint(x: 0, y: -stack.nextUp), .page(.previous)),
            (.reusingStack, DeckPoint(x: 0, y: 0.1), DeckPoint(x: 0, y: stack.nextUp), .page(.next)),
            // The reusing stack has no position rule.
            (.reusingStack, DeckPoint(x: 0.9, y: 0), .zero, .springBack),
        ]
    }()

    @Test("release rules: each threshold just below and just above, both sources", arguments: releases.indices)
    func release(_ index: Int) {
        let (behavior, translation, velocity, expected) = Self.releases[index]
        #expect(behavior.outcome(translation: translation, velocity: velocity) == expected)
    }

    @Test("rotation while dragging: (cx − w/2)/w/4 in the swipe deck, none in the reusing stack")
    func rotation() {
        #expect(DeckBehavior.swipeDeck.rotation(translation: DeckPoint(x: 1, y: 0.5)) == 0.25)
        #expect(DeckBehavior.swipeDeck.rotation(translation: DeckPoint(x: -0.5, y: 0)) == -0.125)
        #expect(DeckBehavior.reusingStack.rotation(translation: DeckPoint(x: 1, y: 0)) == 0)
    }

    /// (velocity, toward, expected direction).
    static let directions: [(DeckPoint, DeckPoint, DeckPoint)] = [
        (DeckPoint(x: 3, y: 4), DeckPoint(x: 1, y: 0), DeckPoint(x: 0.6, y: 0.8)),
        // atan gives the line; the side picks its sense.
        (DeckPoint(x: 3, y: 4), DeckPoint(x: -1, y: 0), DeckPoint(x: -0.6, y: -0.8)),
        (DeckPoint(x: -3, y: 4), DeckPoint(x: -1, y: 0), DeckPoint(x: -0.6, y: 0.8)),
        // A vertical line perpendicular to the side: the velocity's sense.
        (DeckPoint(x: 0, y: -2), DeckPoint(x: 1, y: 0), DeckPoint(x: 0, y: -1)),
        // No velocity (a key, or a release at rest past the edge): straight to the side.
        (.zero, DeckPoint(x: -1, y: 0), DeckPoint(x: -1, y: 0)),
    ]

    @Test("fly-off direction: along atan(vy/vx), toward the side", arguments: directions.indices)
    func flyOffDirection(_ index: Int) {
        let (velocity, toward, expected) = Self.directions[index]
        let direction = FlyOff.direction(velocity: velocity, toward: toward)
        #expect(abs(direction.x - expected.x) < 1e-15 && abs(direction.y - expected.y) < 1e-15, "\(direction)")
    }

    @Test("fly-off destination: the first point of the ray a half-diagonal beyond an edge")
    func flyOffDestination() {
        let bounds = DeckRect(minX: -1, minY: -0.5, maxX: 1, maxY: 0.5)
        #expect(FlyOff.clearance(cardHeight: 0.75) == 0.625)
        // Straight right from 0.25: x ends at 1 + 0.625.
        #expect(
            FlyOff.destination(
                from: DeckPoint(x: 0.25, y: 0), direction: DeckPoint(x: 1, y: 0), bounds: bounds, clearance: 0.625)
                == DeckPoint(x: 1.625, y: 0))
        // Along (0.6, 0.8) from the origin: y crosses 0.5 + 0.625 = 1.125 at s = 1.40625 before
        // x crosses 1.625 at s = 2.708…; so it ends at (0.84375, 1.125).
        let angled = FlyOff.destination(
            from: .zero, direction: DeckPoint(x: 0.6, y: 0.8), bounds: bounds, clearance: 0.625)
        #expect(abs(angled.x - 0.84375) < 1e-15 && abs(angled.y - 1.125) < 1e-15, "\(angled)")
        // Already outside: it stays.
        #expect(
            FlyOff.destination(
                from: DeckPoint(x: 3, y: 0), direction: DeckPoint(x: 1, y: 0), bounds: bounds, clearance: 0.625)
                == DeckPoint(x: 3, y: 0))
    }

    @Test("a pose in cells: a true rotation on tall cells, then the offset in columns and rows")
    func poseTransform() {
        let metrics = CardMetrics(columns: 40, rows: 5, cellAspect: 2)
        let pose = CardPose(offset: DeckPoint(x: 0.25, y: 0.1), rotation: .pi / 6, scale: 0.5)
        let transform = pose.layerTransform(metrics: metrics)
        // cos 30° · 0.5, sin 30° · 0.5 / 2, −2 · sin 30° · 0.5, cos 30° · 0.5; 10 columns, 2 rows.
        let expected: [Double] = [0.5 * cos(Double.pi / 6), 0.125, -0.5, 0.5 * cos(Double.pi / 6), 10, 2]
        for (value, wanted) in zip(transform.components, expected) {
            #expect(abs(value - wanted) < 1e-15, "\(transform)")
        }
        // A physical right angle stays one: the cell vector (1, 0) turns to (0, 1/r) at 90°.
        let quarter = CardPose(rotation: .pi / 2).layerTransform(metrics: metrics)
        let turned = quarter.apply(to: LayerPoint(x: 1, y: 0))
        #expect(abs(Double(turned.x)) < 1e-15 && abs(Double(turned.y) - 0.5) < 1e-15)
    }

    @Test("stack layout: scaled 1 − p·step, bottom edges one peek apart")
    func stackLayout() {
        let layout = StackLayout(visibleCount: 3, scaleStep: 0.1, peek: 0.05, cardHeight: 0.25)
        #expect(layout.pose(atPosition: 0) == .rest)
        #expect(
            layout.pose(atPosition: 1) == CardPose(offset: DeckPoint(x: 0, y: 0.05 + 0.125 * (1 - 0.9)), scale: 0.9))
        let second = layout.pose(atPosition: 2)
        #expect(second.scale == 0.8)
        // Its bottom edge: offset + scale · h/2 = 2 peeks below the top card's (0.125).
        #expect(abs(second.offset.y + 0.8 * 0.125 - (0.125 + 0.1)) < 1e-15)
    }

    @Test("SplitMix64 gives the reference sequence for seed 0")
    func seededGenerator() {
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
        var unit = SeededGenerator(seed: 0)
        #expect(unit.nextUnitInterval() == Double(UInt64(0xE220_A839_7B1D_CDAF) >> 11) * 0x1p-53)
    }

    @Test("flashcard faces: split at the first line '---'")
    func faces() {
        #expect(CardFaces(item: "Q\n---\nA") == CardFaces(front: "Q", back: "A"))
        #expect(
            CardFaces(item: "two\nlines\n  ---  \nback\n---\nmore")
                == CardFaces(front: "two\nlines", back: "back\n---\nmore"))
        #expect(CardFaces(item: "plain item") == CardFaces(front: "plain item", back: nil))
        #expect(CardFaces(item: "a --- b").hasBack == false)
        #expect(CardFaces(item: "Q\r\n---\r\nA") == CardFaces(front: "Q", back: "A"))
        #expect(CardFaces(item: "Q\n---\nA").text(showingBack: true) == "A")
        #expect(CardFaces(item: "Q").text(showingBack: true) == "Q")
    }
}
