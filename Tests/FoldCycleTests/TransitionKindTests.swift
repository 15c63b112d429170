import FoldCycle
import Foundation
import Testing

/// The registry: each transition's name, summary and flags live on its type, and
/// `TransitionKind.allCases` is the one list.
@Suite("TransitionKind: the registered transitions")
struct TransitionKindTests {
    /// A transition of a test's own: no name, summary or flags declared.
    struct PlainTransition: Transition {
        let style: TransitionStyle
        init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double) { self.style = style }
        func frame(atFractionComplete t: Double) -> TransitionFrame {
            TransitionFrame(t: t, progress: t, slots: [])
        }
    }

    @Test("the list, in help's order, with each type's flags")
    func registry() {
        #expect(
            TransitionKind.allCases.map(\.rawValue) == ["fold", "cube", "flip", "push", "move-in", "reveal", "fade"])
        #expect(TransitionKind.allCases.filter { !$0.hasDirection } == [.fade])
        #expect(TransitionKind.allCases.filter(\.isProjective) == [.cube, .flip])
        #expect(TransitionKind.allCases.allSatisfy { !$0.summary.isEmpty })
        #expect(TransitionKind.moveIn.summary == "the next card slides in over the current one")
        #expect(TransitionKind.allCases.allSatisfy { $0.transitionType.name == $0.description })
    }

    @Test("a name reads back as its kind; any other text as none", arguments: TransitionKind.allCases)
    func rawValues(kind: TransitionKind) {
        #expect(TransitionKind(rawValue: kind.rawValue) == kind)
        #expect(TransitionKind(rawValue: kind.rawValue.uppercased()) == nil)
    }

    @Test("a type without declarations: named by its type, moving, affine, not registered")
    func defaults() {
        let kind = TransitionKind(PlainTransition.self)
        #expect(kind.rawValue == "PlainTransition")
        #expect(kind.hasDirection && !kind.isProjective && kind.summary.isEmpty)
        #expect(!TransitionKind.allCases.contains(kind))
        #expect(TransitionKind(rawValue: "PlainTransition") == nil)
        #expect(kind != .fold && kind == TransitionKind(PlainTransition.self))
    }
}
