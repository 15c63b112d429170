import FoldCycle
import FoldCycleCLI
import Foundation

/// Commands to a live run, one per line, in either protocol: the word protocol
/// (``SessionCommand/parse(_:)``) or JSON lines (``LiveRequests/decode(_:)``; the deck's
/// ``DeckRequests/decode(_:)`` is decoded too). Each line parses to a command or an error; the
/// commands (and the time between them) are carried out by the live run's controller on a cycler
/// on a manual clock, and its card renders after each. Every reply line is one line of valid JSON
/// with no raw control byte, every reply in words is data once shown, and the schedule's
/// invariants hold.
enum CommandsTarget {
    /// How the lines are read.
    enum Form: CaseIterable {
        case words, jsonLines, deckJSONLines
    }

    static func run(_ input: inout FuzzInput) {
        let kind = input.pick(TransitionKind.allCases)
        let form = input.pick(Form.allCases)
        let bytes = input.remaining
        let clock = ManualClock()
        guard
            let cycler = try? Cycler(
                dataSource: ArrayDataSource(["alpha", "beta", "gamma"].map { StyledString($0) }), interval: 1,
                duration: 0.5,
                style: TransitionStyle(kind: kind), clock: clock)
        else { return FuzzCheck.require(false, "a valid cycler was refused") }
        let commands = CLIFuzzing.LiveCommands(cycler: cycler)
        var scene = CyclerScene(cycler: cycler, cardSize: TerminalSize(columns: 12, rows: 3))
        var frame = CellBuffer(width: 0, height: 0)
        cycler.launch()
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(200) {
            // A line's length (in hundredths of a second, at most 2.55 s) passes before it.
            clock.advance(by: Double(min(line.count, 255)) / 100)
            switch form {
            case .words:
                switch SessionCommand.parse(String(decoding: line, as: UTF8.self)) {
                case nil:
                    break
                case .failure(let error):
                    FuzzCheck.require(!FuzzCheck.hasControl(TextLayout.plainText(error.message)), "control in a reply")
                case .success(let command):
                    check(commands.execute(command, id: nil, fromZero: false))
                }
            case .jsonLines:
                switch LiveRequests.decode(line) {
                case .failure(let failure):
                    checkLine(ProtocolReply.failure(id: failure.id, error: failure.error))
                case .success(let request):
                    check(commands.execute(request.command, id: request.id, fromZero: true))
                }
            case .deckJSONLines:
                switch DeckRequests.decode(line) {
                case .failure(let failure): checkLine(ProtocolReply.failure(id: failure.id, error: failure.error))
                case .success(let request): checkLine(ProtocolReply.success(id: request.id, result: .null))
                }
            }
            scene.render(at: clock.now, into: &frame)
            FuzzCheck.require(frame.width == 12 && frame.height == 3, "card size")
            FuzzCheck.require(cycler.slotsCreated <= 2, "more than two slots")
            FuzzCheck.require(cycler.duration < cycler.interval, "duration \(cycler.duration) not below the interval")
            FuzzCheck.require(cycler.count == 0 || (0..<cycler.count).contains(cycler.index), "index out of range")
        }
        clock.advance(by: 5)
        cycler.cancel()
        FuzzCheck.require(!cycler.isTransitioning && cycler.state == .stopped, "cancel left a transition")
    }

    static func check(_ reply: (text: String, line: String)) {
        FuzzCheck.require(!FuzzCheck.hasControl(TextLayout.plainText(reply.text)), "control in a reply")
        checkLine(reply.line)
    }

    /// A reply line: one line of JSON (an object with `ok`), no raw control byte but its LF.
    static func checkLine(_ line: String) {
        FuzzCheck.require(line.hasSuffix("\n"), "a reply line without its line feed")
        let body = line.dropLast()
        FuzzCheck.require(!FuzzCheck.hasControl(String(body)) && !body.contains("\n"), "a control in a reply line")
        let object = try? JSONSerialization.jsonObject(with: Data(body.utf8))
        FuzzCheck.require((object as? [String: Any])?["ok"] is Bool, "a reply line that is not JSON: \(line)")
    }
}
