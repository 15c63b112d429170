import FoldCycle
import Foundation
import Testing

@testable import FoldCycleCLI

/// A deck or slideshow of pictures sizes its card to the terminal
/// (docs/decisions/0196-picture-cards-sized-to-the-terminal.md).
@Suite struct PictureCardSizingTests {
    @Test(
        "the deck's card is the terminal but a column each side, the footer, the margins and the peek",
        arguments: [
            (TerminalSize(columns: 100, rows: 30), 2, nil, nil, TerminalSize(columns: 98, rows: 25)),
            (TerminalSize(columns: 80, rows: 24), 2, nil, nil, TerminalSize(columns: 78, rows: 19)),
            (TerminalSize(columns: 160, rows: 48), 3, nil, nil, TerminalSize(columns: 158, rows: 42)),
            (TerminalSize(columns: 100, rows: 30), 1, nil, nil, TerminalSize(columns: 98, rows: 26)),
            (TerminalSize(columns: 100, rows: 30), 2, 90, nil, TerminalSize(columns: 90, rows: 25)),
            (TerminalSize(columns: 100, rows: 30), 2, nil, 12, TerminalSize(columns: 98, rows: 12)),
            (TerminalSize(columns: 3, rows: 4), 2, nil, nil, TerminalSize(columns: 1, rows: 2)),
        ] as [(TerminalSize, Int, Int?, Int?, TerminalSize)])
    func deckCard(screen: TerminalSize, visible: Int, width: Int?, height: Int?, expected: TerminalSize) {
        #expect(
            PictureCardSizing.deckCard(screen: screen, width: width, height: height, visibleCount: visible)
                == expected)
    }

    @Test func theSlideshowsCardIsTheTerminalButTheFooter() {
        let screen = TerminalSize(columns: 100, rows: 30)
        #expect(
            PictureCardSizing.liveCard(screen: screen, width: nil, height: nil, reservedRows: 0)
                == TerminalSize(columns: 100, rows: 30))
        #expect(
            PictureCardSizing.liveCard(screen: screen, width: nil, height: nil, reservedRows: 2)
                == TerminalSize(columns: 100, rows: 28))
        #expect(
            PictureCardSizing.liveCard(screen: screen, width: 60, height: nil, reservedRows: 2)
                == TerminalSize(columns: 60, rows: 28))
    }

    @Test func onlyADeckWithPicturesAndNoGivenSizeFollowsTheTerminal() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("foldcycle-sizing-\(UInt64.random(in: 0...UInt64.max)).png").path
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func follows(_ arguments: [String]) throws -> Bool {
            let command = try #require(try DeckCommand.parse(arguments))
            return command.sizesCardToTerminal(items: command.itemArguments)
        }
        #expect(try follows([path, "a"]))
        #expect(try follows(["--width", "90", path]))
        #expect(try !follows(["--width", "90", "--height", "25", path]))
        #expect(try !follows(["a", "b"]))
        #expect(try !follows(["--pictures", "none", path]))
    }
}
