// A transition of our own, written against FoldCycle's public API only and played by the
// design card's `PseudoFoldCycler`: an iris, the next card opening from the centre of the
// current one.
//
//   swift run --package-path Examples/Extending custom-transition          # plays it live
//   swift run --package-path Examples/Extending custom-transition --frames # prints 5 frames
import FoldCycle
import Foundation

/// The next card grows from the card's centre to its full size while the current one fades out
/// behind it.
struct IrisTransition: Transition {
    let style: TransitionStyle

    init(style: TransitionStyle, slotSize: LayerSize, cellAspect: Double) {
        self.style = style
    }

    func frame(atFractionComplete t: Double) -> TransitionFrame {
        let (t, progress) = timing(at: t)
        let scale = Double(progress)
        return TransitionFrame(
            t: t, progress: progress,
            slots: [
                SlotPresentation(role: .outgoing, geometry: .identity, alpha: 1 - progress),
                SlotPresentation(role: .incoming, geometry: .affine(LayerTransform(scaleX: scale, y: scale)), alpha: 1),
            ])
    }
}

let items = ["an iris opens", "from the centre", "of the card"]
do {
    let card = try PseudoFoldCycler(
        items: items, interval: 1.2,
        configuration: .init(
            transition: TransitionKind(IrisTransition.self), cardSize: TerminalSize(columns: 24, rows: 5)))
    if CommandLine.arguments.contains("--frames") {
        for progress in [0.0, 0.25, 0.5, 0.75, 1.0] {
            print("progress \(progress)")
            for line in card.lines(atProgress: progress) { print("|\(line)|") }
        }
    } else {
        card.start()
        Thread.sleep(forTimeInterval: 4)
        card.finish()
    }
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
}
