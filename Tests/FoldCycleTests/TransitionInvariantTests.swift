import FoldCycle
import Testing

/// Every registered transition kind, in every direction, through the same invariants: t = 0 is
/// the outgoing card at rest, t = 1 the incoming one, every value finite, the same input the
/// same output. The kinds come from the registry, so a new kind is checked the day it is
/// registered.
@Suite("Transition invariants: every registered kind")
struct TransitionInvariantTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var kind: TransitionKind
        var direction: TransitionDirection
        var testDescription: String { "\(kind) \(direction)" }
    }

    static let cases = TransitionKind.allCases.flatMap { kind in
        TransitionDirection.allCases.map { Case(kind: kind, direction: $0) }
    }
    static let slotSize = LayerSize(width: 20, height: 5)
    static let grid = (0...16).map { Double($0) / 16 }
    static let tolerance = 1e-9

    static func frame(_ row: Case, _ t: Double) -> TransitionFrame {
        TransitionStyle(kind: row.kind, direction: row.direction, timingFunction: .linear)
            .transition(slotSize: slotSize, cellAspect: 2)
            .frame(atFractionComplete: t)
    }

    static func components(_ geometry: LayerGeometry) -> [Double] {
        switch geometry {
        case .affine(let transform): transform.components
        case .projective(let transform, _): transform.components
        }
    }

    /// At rest: visible, opaque, facing the viewer, and (affine) the identity; a projective
    /// slot's matrix holds the kind's own perspective and dolly, so its facing is what is checked.
    static func isAtRest(_ slot: SlotPresentation) -> Bool {
        guard slot.isVisible, abs(slot.alpha - 1) <= tolerance, abs(slot.facing - 1) <= tolerance else { return false }
        guard case .affine(let transform) = slot.geometry else { return true }
        return zip(transform.components, LayerTransform.identity.components).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// Not seen in `frame`: absent, invisible, transparent, collapsed to no area, moved a whole
    /// slot away, or covered by a slot at rest drawn after it.
    static func isGone(_ role: SlotRole, in frame: TransitionFrame) -> Bool {
        guard let index = frame.slots.firstIndex(where: { $0.role == role }) else { return true }
        let slot = frame.slots[index]
        guard slot.isVisible, slot.alpha > tolerance else { return true }
        if frame.slots[(index + 1)...].contains(where: isAtRest) { return true }
        guard case .affine(let transform) = slot.geometry else { return false }
        return abs(transform.a * transform.d - transform.b * transform.c) <= tolerance
            || abs(transform.tx) >= slotSize.width - tolerance || abs(transform.ty) >= slotSize.height - tolerance
    }

    @Test("t = 0 shows the outgoing card at rest and no incoming card", arguments: cases)
    func start(_ row: Case) {
        let frame = Self.frame(row, 0)
        let outgoing = frame.slots.first { $0.role == .outgoing }
        #expect(outgoing.map(Self.isAtRest) == true, "\(String(describing: outgoing))")
        #expect(Self.isGone(.incoming, in: frame))
        #expect(abs(frame.dolly - 1) <= Self.tolerance)
    }

    @Test("t = 1 shows the incoming card at rest and no outgoing card", arguments: cases)
    func end(_ row: Case) {
        let frame = Self.frame(row, 1)
        let incoming = frame.slots.first { $0.role == .incoming }
        #expect(incoming.map(Self.isAtRest) == true, "\(String(describing: incoming))")
        #expect(Self.isGone(.outgoing, in: frame))
        #expect(abs(frame.dolly - 1) <= Self.tolerance)
    }

    @Test("every value is finite from t = 0 to 1", arguments: cases)
    func finite(_ row: Case) {
        for t in Self.grid {
            let frame = Self.frame(row, t)
            #expect(frame.progress.isFinite && frame.dolly.isFinite, "t = \(t)")
            for slot in frame.slots {
                #expect(slot.alpha.isFinite && Self.components(slot.geometry).allSatisfy(\.isFinite), "t = \(t)")
            }
        }
    }

    @Test("pure and deterministic: the same t gives the same frame, in any order, from any instance", arguments: cases)
    func pure(_ row: Case) {
        let style = TransitionStyle(kind: row.kind, direction: row.direction, timingFunction: .linear)
        let first = style.transition(slotSize: Self.slotSize, cellAspect: 2)
        let second = style.transition(slotSize: Self.slotSize, cellAspect: 2)
        let forward = Self.grid.map { first.frame(atFractionComplete: $0) }
        let backward = Self.grid.reversed().map { second.frame(atFractionComplete: $0) }.reversed()
        for (a, b) in zip(forward, backward) {
            #expect(a.t == b.t && a.progress == b.progress && a.dolly == b.dolly)
            #expect(a.slots.map(\.role) == b.slots.map(\.role) && a.slots.map(\.alpha) == b.slots.map(\.alpha))
            #expect(a.slots.map(\.isVisible) == b.slots.map(\.isVisible))
            #expect(a.slots.map { Self.components($0.geometry) } == b.slots.map { Self.components($0.geometry) })
        }
    }
}
