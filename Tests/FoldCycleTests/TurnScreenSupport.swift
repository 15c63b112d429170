import FoldCycleTestSupport
import Foundation
import Testing

@testable import FoldCycle

/// The cards and the rendering shared by the cube's and the flip's literal screens
/// (CubeScreenTests, FlipScreenTests): two ASCII cards and two CJK cards, each of two lines,
/// rendered by ``CardScene`` with the default palette (item 0 green, item 1 blue) and linear
/// timing, so progress = t.
enum TurnScreens {
    enum Cards: String, Sendable {
        case ascii, cjk

        /// The outgoing and the incoming card's text.
        var texts: (outgoing: String, incoming: String) {
            switch self {
            case .ascii: return ("HELLO\nABCDE", "world\nxyz")
            case .cjk: return ("你好吗\n早上好", "カード\n切换")
            }
        }
    }

    /// The frame of `kind` in `direction` at `t` on a `columns` × `rows` card (cell aspect 2).
    static func frame(
        _ kind: TransitionKind, _ cards: Cards, _ columns: Int, _ rows: Int, _ direction: TransitionDirection,
        _ t: Double
    ) -> CellBuffer {
        var scene = CardScene(cardSize: TerminalSize(columns: columns, rows: rows))
        let transition = TransitionStyle(kind: kind, direction: direction, timingFunction: .linear)
            .transition(slotSize: LayerSize(width: columns, height: rows))
        var buffer = CellBuffer(width: 0, height: 0)
        scene.render(
            transition.frame(atFractionComplete: t), outgoing: (0, cards.texts.outgoing),
            incoming: (1, cards.texts.incoming),
            into: &buffer)
        return buffer
    }

    /// A settled card, as laid out: text centred, the two lines on the middle rows (the extra
    /// row of an odd leftover below).
    static let asciiOutgoing20x5 = [
        "                    ", "       HELLO        ", "       ABCDE        ", "                    ",
        "                    ",
    ]
    static let asciiIncoming20x5 = [
        "                    ", "       world        ", "        xyz         ", "                    ",
        "                    ",
    ]
    static let asciiOutgoing9x3 = ["  HELLO  ", "  ABCDE  ", "         "]
    static let asciiIncoming9x3 = ["  world  ", "   xyz   ", "         "]
    static let cjkOutgoing20x5 = [
        "                    ", "       你好吗       ", "       早上好       ", "                    ",
        "                    ",
    ]
    static let cjkIncoming20x5 = [
        "                    ", "       カード       ", "        切换        ", "                    ",
        "                    ",
    ]
    static let cjkOutgoing9x3 = [" 你好吗  ", " 早上好  ", "         "]
    static let cjkIncoming9x3 = [" カード  ", "  切换   ", "         "]

    static let green = RGBColor(red: 0, green: 128, blue: 0)
    static let blue = RGBColor(red: 0, green: 0, blue: 255)
    /// The style keys of the styled screens: `g`/`b` a card's padding, `G`/`B` its bold white
    /// text, `e`/`f` an edge block in a card's colour over the clear cell, `E`/`F` an edge block
    /// in the clear colour (black) over a card's colour.
    static let legend: [Character: TextStyle] = [
        "g": TextStyle(background: .rgb(green)),
        "b": TextStyle(background: .rgb(blue)),
        "G": TextStyle(foreground: .rgb(.white), background: .rgb(green), attributes: .bold),
        "B": TextStyle(foreground: .rgb(.white), background: .rgb(blue), attributes: .bold),
        "e": TextStyle(foreground: .rgb(green)),
        "f": TextStyle(foreground: .rgb(blue)),
        // The clear (default background) part in the block's ink: reverse video, the face's colour
        // as foreground and the default background (issue 21: it was a literal black).
        "E": TextStyle(foreground: .rgb(green), attributes: .reverse),
        "F": TextStyle(foreground: .rgb(blue), attributes: .reverse),
    ]
}

/// One literal screen: the cards, the card's size, the direction, t, and the text it shows.
struct TurnScreenCase: CustomTestStringConvertible, Sendable {
    var cards: TurnScreens.Cards
    var columns: Int
    var rows: Int
    var direction: TransitionDirection
    var t: Double
    var screen: [String]

    init(
        _ cards: TurnScreens.Cards, _ columns: Int, _ rows: Int, _ direction: TransitionDirection, _ t: Double,
        _ screen: [String]
    ) {
        self.cards = cards
        self.columns = columns
        self.rows = rows
        self.direction = direction
        self.t = t
        self.screen = screen
    }

    var testDescription: String { "\(cards) \(columns)×\(rows) \(direction) t=\(t)" }
}
