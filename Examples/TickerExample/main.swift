// An example of embedding FoldCycle: a command-line tool prints its progress while a one-line
// ticker of tips folds through beneath it, then clears the ticker and prints its result.
//
//   swift run foldcycle-ticker-example
//
// The tool's lines go through `ticker.print`, so they scroll up above the ticker whole, with
// nothing of the card left behind. Piped (`| cat`), or with TERM=dumb, there is no ticker: the
// tips are printed once each as plain text, in order with the tool's lines; NO_COLOR drops the
// colour, REDUCED_MOTION turns the fold into a short cross-fade, and CI prints the tips as lines.
import Dispatch
import FoldCycle
import Foundation

/// The tool's own work, with a ticker under it. A nonisolated type: the closures handed to
/// FoldCycle's queues are created here, never on the main actor.
struct TickerDemo {
    let tips = [
        // Styled as Rainbow writes `"tip:".green.bold + " press " + "Space".underline + …`: the card
        // shows the styles; the plain text is what is printed when there is no card.
        "\u{1B}[32;1mtip:\u{1B}[0m press \u{1B}[4mSpace\u{1B}[0m to pause the cards",
        "tip: 'foldcycle render' prints every frame",
        "提示：方向键可以改变翻转方向",
        "tip: --file reads one card per paragraph",
    ]

    func run() throws {
        let width = tips.map { TextLayout.measure(ANSIReader.read($0).plainText).width }.max() ?? 1
        // Output mode, colour and motion follow the terminal and the environment by default.
        let ticker = try PseudoFoldCycler(
            items: tips, direction: .up, interval: 0.8,
            configuration: .init(
                duration: 0.4, cardSize: TerminalSize(columns: width + 2, rows: 1),
                cardStyle: CardStyle(palette: [RGBColor(red: 40, green: 44, blue: 52)], alignment: .left),
                player: .init(isTransient: true)))

        ticker.print("resolving packages")
        ticker.start()
        for step in 1...6 {
            // The tool works; its progress scrolls up above the ticker.
            Thread.sleep(forTimeInterval: 0.35)
            ticker.print("✔ step \(step)/6: processed \(step * 17) files")
        }
        ticker.finish()
        ticker.print("✔ done: 102 files")
    }
}

do {
    try TickerDemo().run()
} catch {
    TerminalDevice.standardError.writeIgnoringFailure("Error: \(error)\n")
    exit(1)
}
