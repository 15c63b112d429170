import FoldCycle
import Foundation

/// Transitions and scenes with any numbers: a timing curve or a spring from any four doubles
/// either throws or gives finite progress at every time; every transition's frames at any time
/// (NaN, infinities, huge values) have finite progress and render on a card of any size and cell
/// aspect; and slots with any geometry at all (raw bits) render without a trap.
enum TransitionsTarget {
    static func run(_ input: inout FuzzInput) {
        let kind = input.pick(TransitionKind.allCases)
        let direction = input.pick(TransitionDirection.allCases)
        let size = TerminalSize(columns: input.int(in: 1...80), rows: input.int(in: 1...12))
        let aspect = input.double(in: 0.5...4)
        var timing: TimingFunction
        do {
            timing = try TimingFunction(
                controlPoints: input.double(in: 0...1), input.double(in: -10...10), input.double(in: 0...1),
                input.double(in: -10...10))
        } catch {
            timing = .easeInEaseOut
        }
        if input.bool() {
            // A spring from any four doubles in and around its ranges: throws or gives a finite settling.
            if let spring = try? Spring(
                mass: input.double(in: 0...2e6), stiffness: input.double(in: 0...2e6),
                damping: input.double(in: 0...2e6), initialVelocity: input.double(in: -2e6...2e6))
            {
                FuzzCheck.require(spring.settlingDuration.isFinite, "settling of \(spring)")
                timing = TimingFunction(spring: spring)
            }
        }
        let style = CardStyle(shading: input.bool())
        var scene = CardScene(cardSize: size, style: style, cellAspect: aspect.isFinite && aspect > 0 ? aspect : 2)
        let transition = TransitionStyle(kind: kind, direction: direction, timingFunction: timing)
            .transition(slotSize: LayerSize(width: size.columns, height: size.rows), cellAspect: scene.cellAspect)
        var cells = CellBuffer(width: 0, height: 0)
        for _ in 0..<4 {
            let t = input.double(in: 0...1)
            let frame = transition.frame(atFractionComplete: t)
            FuzzCheck.require(frame.progress.isFinite, "progress \(frame.progress) at t = \(t)")
            scene.render(frame, outgoing: (0, "Search by name"), incoming: (1, "搜索姓名 e\u{301}"), into: &cells)
            FuzzCheck.require(cells.width == size.columns && cells.height == size.rows, "card size")
        }
        // Slots placed anywhere at all.
        var slots: [CardSlot] = []
        for index in 0..<input.int(in: 0...3) {
            let geometry: LayerGeometry
            if input.bool() {
                geometry = .affine(
                    LayerTransform(
                        a: input.rawOrNear(), b: input.bool() ? 0 : input.rawOrNear(),
                        c: input.bool() ? 0 : input.rawOrNear(),
                        d: input.rawOrNear(), tx: input.rawOrNear(), ty: input.rawOrNear()))
            } else {
                var matrix = Transform3D.identity
                matrix.m11 = input.rawOrNear()
                matrix.m22 = input.rawOrNear()
                matrix.m13 = input.rawOrNear()
                matrix.m34 = input.bool() ? -1 / max(input.double(in: 1...100), 1) : input.rawOrNear()
                matrix.m41 = input.rawOrNear()
                matrix.m42 = input.rawOrNear()
                geometry = .projective(matrix, cellAspect: input.double(in: 0.5...4))
            }
            slots.append(
                CardSlot(
                    index: index, text: index % 2 == 0 ? "slot" : "卡片",
                    presentation: SlotPresentation(
                        role: index % 2 == 0 ? .outgoing : .incoming, geometry: geometry,
                        alpha: input.double(in: 0...1), facing: input.double(in: -1...1))))
        }
        scene.render(slots, into: &cells)
        FuzzCheck.require(cells.width == size.columns && cells.height == size.rows, "card size")
        scene.render(
            slots, frameSize: TerminalSize(columns: size.columns + 20, rows: size.rows + 4),
            cardOrigin: CellPosition(column: 10, row: 2), into: &cells)
    }
}

extension FuzzInput {
    /// A geometry component: near the usual values (−3...3) mostly, otherwise any double.
    mutating func rawOrNear() -> Double { double(in: -3...3) }
}
