import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

@Suite("LayerTransform (CGAffineTransform semantics)")
struct LayerTransformTests {
    @Test("constructors give CoreGraphics' components")
    func constructors() {
        #expect(LayerTransform.identity.components == [1, 0, 0, 1, 0, 0])
        #expect(LayerTransform(scaleX: 2, y: 3).components == [2, 0, 0, 3, 0, 0])
        #expect(LayerTransform(translationX: 4, y: -5).components == [1, 0, 0, 1, 4, -5])
        let quarter = LayerTransform(rotationAngle: .pi / 2)
        #expect(abs(quarter.a) < 1e-15 && quarter.b == 1 && quarter.c == -1 && abs(quarter.d) < 1e-15)
    }

    @Test("apply: x' = a·x + c·y + tx, y' = b·x + d·y + ty")
    func applyPoint() {
        let t = LayerTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(t.apply(to: LayerPoint(x: 7, y: 11)) == LayerPoint(x: 1 * 7 + 3 * 11 + 5, y: 2 * 7 + 4 * 11 + 6))
    }

    @Test("concatenating applies the receiver first")
    func concatenationOrder() {
        let scale = LayerTransform(scaleX: 2, y: 3)
        let move = LayerTransform(translationX: 10, y: 20)
        // Scale then translate: (1, 1) → (2, 3) → (12, 23).
        #expect(scale.concatenating(move).apply(to: LayerPoint(x: 1, y: 1)) == LayerPoint(x: 12, y: 23))
        // Translate then scale: (1, 1) → (11, 21) → (22, 63).
        #expect(move.concatenating(scale).apply(to: LayerPoint(x: 1, y: 1)) == LayerPoint(x: 22, y: 63))
        #expect(scale.concatenating(move).components == [2, 0, 0, 3, 10, 20])
        #expect(move.concatenating(scale).components == [2, 0, 0, 3, 20, 60])
        let general = LayerTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let other = LayerTransform(a: -1, b: 0.5, c: 2, d: 1, tx: -3, ty: 7)
        #expect(general.concatenating(other).components == [3, 2.5, 5, 5.5, 4, 15.5])
    }

    @Test("inverted undoes the transform, and a singular one throws")
    func inversion() throws {
        let t = LayerTransform(a: 2, b: 1, c: 1, d: 1, tx: 3, ty: -4)
        let inverse = try t.inverted()
        #expect(inverse.components == [1, -1, -1, 2, -7, 11])
        #expect(t.concatenating(inverse) == .identity)
        #expect(throws: LayerTransformError.singular(LayerTransform(scaleX: 1, y: 0))) {
            try LayerTransform(scaleX: 1, y: 0).inverted()
        }
        #expect(LayerTransform(scaleX: 0, y: 1).isSingular)
        #expect(LayerTransform(scaleX: .infinity, y: 1).isSingular)
        #expect(!LayerTransform(scaleX: 0.01, y: 1).isSingular)
    }

    @Test("rect corners and bounding box")
    func rects() {
        let t = LayerTransform(scaleX: 2, y: 0.5).thenTranslating(x: 1, y: 1)
        let rect = LayerRect(x: -2, y: -4, width: 4, height: 8)
        #expect(
            t.apply(toCornersOf: rect) == [
                LayerPoint(x: -3, y: -1), LayerPoint(x: 5, y: -1), LayerPoint(x: 5, y: 3), LayerPoint(x: -3, y: 3),
            ])
        #expect(t.apply(to: rect) == LayerRect(x: -3, y: -1, width: 8, height: 4))
    }

    @Test("interpolation is component-wise")
    func interpolation() {
        let start = LayerTransform(a: 1, b: 0, c: 0, d: 0, tx: 0, ty: -2)
        #expect(start.interpolated(to: .identity, fraction: 0.25).components == [1, 0, 0, 0.25, 0, -1.5])
        #expect(start.interpolated(to: .identity, fraction: 0) == start)
        #expect(start.interpolated(to: .identity, fraction: 1) == .identity)
    }
}
