import FoldCycle

/// Key and mouse bytes: the decoder gives the same events however the bytes are split across
/// reads, never a control character as text, mouse positions in range; the mouse reports drive a
/// deck's drags (press, motion, release, with time passing between reads) and every frame
/// renders.
enum KeysTarget {
    static func run(_ input: inout FuzzInput) {
        let chunkSize = input.int(in: 1...64)
        let behavior: DeckBehavior = input.bool() ? .swipeDeck : .reusingStack
        let bytes = input.remaining
        var whole = KeyDecoder()
        let all = whole.decode(bytes)
        var split = KeyDecoder()
        var pieces: [TerminalEvent.Kind] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunkSize)
            pieces += split.decode(Array(bytes[start..<end]))
            start = end
        }
        FuzzCheck.require(merged(all) == merged(pieces), "split reads decode differently")
        FuzzCheck.require(whole.flushPendingEscape() == split.flushPendingEscape(), "pending escapes differ")
        for event in all { check(event) }

        // With the escape wait passing after every read, as the input reader does.
        var waiting = KeyDecoder()
        var events: [(TerminalEvent.Kind, Double)] = []
        start = 0
        var time = 0.0
        while start < bytes.count {
            let end = min(bytes.count, start + chunkSize)
            for event in waiting.decode(Array(bytes[start..<end])) { events.append((event, time)) }
            if let key = waiting.flushPendingEscape() { events.append((.key(key), time)) }
            time += Double(bytes[start] % 32) / 100
            start = end
        }
        for (event, _) in events { check(event) }
        drive(behavior: behavior, events: events)
        checkReports(bytes, chunkSize: chunkSize)
    }

    /// The terminal's reports (an OSC 11 answer, ``TerminalBackground/parseReply(_:)``, DA1's
    /// attributes, the kitty graphics answer and a cell size among them) are the same however
    /// the reads split; an answer's colour and DA1's attributes read back from their text; the
    /// reply parsers take the bytes alone too.
    static func checkReports(_ bytes: [UInt8], chunkSize: Int) {
        func reports(chunk: Int) -> [TerminalReport] {
            var decoder = KeyDecoder()
            var result: [TerminalReport] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunk)
                for case .report(let report) in decoder.decodeWithReports(Array(bytes[start..<end])) {
                    result.append(report)
                }
                start = end
            }
            return result
        }
        let whole = reports(chunk: max(bytes.count, 1))
        FuzzCheck.require(whole == reports(chunk: chunkSize), "split reads report differently")
        for case .backgroundColor(let colour) in whole {
            let channels = [colour.red, colour.green, colour.blue].map { channel in
                let value = Int(channel) * 257
                return String(value, radix: 16).leftPadded(to: 4)
            }
            let text = Array("rgb:\(channels.joined(separator: "/"))".utf8)
            FuzzCheck.require(TerminalBackground.parseReply(text) == colour, "answer \(colour) does not read back")
        }
        for report in whole {
            switch report {
            case .deviceAttributes(let attributes):
                let text = Array(("?" + attributes.map(String.init).joined(separator: ";")).utf8)
                FuzzCheck.require(
                    TerminalGraphicsProbe.deviceAttributes(text) == attributes, "DA1 \(attributes) does not read back")
            case .cellSize(let width, let height):
                FuzzCheck.require(
                    (1...TerminalGraphicsProbe.maximumCellPixels).contains(width)
                        && (1...TerminalGraphicsProbe.maximumCellPixels).contains(height),
                    "cell size \(width)x\(height) out of range")
            case .terminalName(let name):
                FuzzCheck.require(
                    TerminalGraphicsProbe.terminalName(Array((">|" + name).utf8)) == name,
                    "terminal name \(name) does not read back")
            case .sixelGeometry(let width, let height):
                FuzzCheck.require(
                    TerminalGraphicsProbe.sixelGeometry(Array("?2;0;\(width);\(height)".utf8))?.width == width,
                    "sixel geometry \(width)x\(height) does not read back")
            default: break
            }
        }
        _ = TerminalBackground.parseReply(bytes)
        _ = TerminalBackground.fromColorFGBG(String(decoding: bytes.prefix(16), as: UTF8.self))
        // The launch answers' parsers take the bytes alone too (docs/decisions/0154-pictures-at-rest.md).
        _ = TerminalGraphicsProbe.deviceAttributes(bytes)
        _ = TerminalGraphicsProbe.kittyReply(bytes)
        if let name = TerminalGraphicsProbe.terminalName(bytes) {
            _ = TerminalGraphicsProbe.showsInlineImages(name)
        }
        if let geometry = TerminalGraphicsProbe.sixelGeometry(bytes) {
            FuzzCheck.require(geometry.width >= 1 && geometry.height >= 1, "sixel geometry below 1")
        }
        if let size = TerminalGraphicsProbe.cellSize(bytes) {
            FuzzCheck.require(size.width >= 1 && size.height >= 1, "cell size below 1")
        }
    }

    /// Adjacent text events joined: how reads are split decides only where text is cut.
    static func merged(_ events: [TerminalEvent.Kind]) -> [TerminalEvent.Kind] {
        var result: [TerminalEvent.Kind] = []
        for event in events {
            if case .key(.text(let text)) = event, case .key(.text(let previous))? = result.last {
                result[result.count - 1] = .key(.text(previous + text))
            } else {
                result.append(event)
            }
        }
        return result
    }

    static func check(_ event: TerminalEvent.Kind) {
        switch event {
        case .key(.text(let text)):
            FuzzCheck.require(!text.isEmpty, "empty text key")
            FuzzCheck.require(
                !FuzzCheck.hasControl(text) && !text.contains("\n"), "control in text: \(text.debugDescription)")
        case .mouse(let report):
            FuzzCheck.require(
                (0...999_998).contains(report.column) && (0...999_998).contains(report.row),
                "mouse position out of range: \(report)")
        default:
            break
        }
    }

    /// The deck session's mapping of mouse reports to drags, on a manual clock, rendering a frame
    /// after each event.
    static func drive(behavior: DeckBehavior, events: [(TerminalEvent.Kind, Double)]) {
        let clock = ManualClock()
        let metrics = CardMetrics(columns: 12, rows: 3)
        let deck = SwipeDeck(
            dataSource: ArrayDataSource(["one", "two", "three", "four"]),
            configuration: DeckConfiguration(
                behavior: behavior, layout: StackLayout(metrics: metrics, visibleCount: 2)),
            clock: clock)
        var scene = DeckScene(
            deck: deck, cardSize: TerminalSize(columns: 12, rows: 3), frameSize: TerminalSize(columns: 40, rows: 7))
        deck.start()
        var frame = CellBuffer(width: 0, height: 0)
        var dragging = false
        for (event, time) in events.prefix(200) {
            if time > clock.now { clock.advance(to: time) }
            switch event {
            case .mouse(let report):
                let point = metrics.point(column: report.column, row: report.row)
                switch (report.action, report.button) {
                case (.press, .left): dragging = deck.beginDrag(at: point)
                case (.motion, .left) where dragging: _ = deck.drag(to: point)
                case (.release, _) where dragging:
                    dragging = false
                    _ = deck.endDrag(at: point)
                default: break
                }
            case .key(.arrow(let arrow)):
                switch arrow {
                case .left: _ = deck.swipe(.left)
                case .right: _ = deck.swipe(.right)
                case .up: _ = deck.undo()
                case .down: _ = deck.click()
                }
            default:
                break
            }
            scene.render(at: clock.now, into: &frame)
            FuzzCheck.require(frame.width == 40 && frame.height == 7, "deck frame size \(frame.width)x\(frame.height)")
        }
        clock.advance(by: 10)
        scene.render(at: clock.now, into: &frame)
        deck.stop()
    }
}

extension String {
    /// The string with zeros before it up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
