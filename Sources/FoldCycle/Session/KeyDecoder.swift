/// Decodes raw terminal input bytes into ``KeyPress``es and ``MouseEvent``s, across reads: an
/// escape sequence or a UTF-8 sequence split between two reads is completed by the next one.
///
/// Control bytes other than the ones named by ``KeyPress`` are dropped, and so are escape
/// sequences other than the arrow keys and mouse reports (function keys, bracketed-paste
/// markers, Alt+key) and control strings (OSC, DCS, SOS, PM, APC, up to BEL or ST) with their
/// contents: typed input never reaches the screen as a control, and a mouse report is never
/// taken for typed text. Of control strings only the terminal's answer to an OSC 11 query is
/// read (``TerminalReport/backgroundColor(_:)``, ``TerminalBackground/parseReply(_:)``), of APC strings the kitty graphics query's answer (``TerminalReport/kittyGraphics(_:)``), and of DCS strings XTVERSION's answer (``TerminalReport/terminalName(_:)``). A control string never holds the keys after it for long: it is dropped
/// once it passes ``Limits/controlStringBytes``, or when ``flushPendingEscape()`` finds it
/// unfinished (a terminal sends one whole; `Alt+]` typed alone starts one that nothing ends). Mouse reports are decoded in SGR form (`CSI < b ; x ; y M|m`, mode
/// 1006) and in the older X10 form (`CSI M` and three bytes). A lone ESC is ``KeyPress/escape``
/// once it is known to be alone: another ESC follows it, or ``flushPendingEscape()`` is called
/// when no byte followed it in time; ESC followed by another byte (Alt+key) is dropped with it.
package struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        case escape
        case sequence(introducer: UInt8)
        /// After `CSI M` with no parameters: the X10 report's three bytes, as collected so far.
        case x10Mouse([UInt8])
        /// Inside an OSC, DCS, SOS, PM or APC string, which runs to BEL or ST (`ESC \`); the
        /// bytes of it seen so far.
        case string(Int)
        /// An ESC inside a string: `\` ends it (ST).
        case stringEscape(Int)
    }

    /// The most parameter bytes a sequence keeps; a longer one is dropped whole.
    static let maximumParameterCount = 32

    private var state = State.ground
    private var pendingUTF8: [UInt8] = []
    private var parameters: [UInt8] = []
    private var parametersOverflowed = false
    /// The OSC string being read (an OSC 11 answer is short: longer ones are not kept).
    private var oscText: [UInt8] = []
    /// Whether the control string being read is an OSC (or an APC, for the kitty graphics
    /// answer) whose text is kept in ``oscText``.
    private var readsOSC = false
    /// Whether the kept control string is an APC.
    private var readsAPC = false
    /// Whether the kept control string is a DCS (for the XTVERSION answer).
    private var readsDCS = false

    /// The most bytes of an OSC string kept to be read as an answer (`11;rgba:ffff/ffff/ffff/ffff`
    /// is 27, XTVERSION's `>|` and a name at most ``TerminalGraphicsProbe/maximumNameBytes``); a
    /// longer string is dropped as any other.
    static let maximumOSCAnswerBytes = 2 + TerminalGraphicsProbe.maximumNameBytes

    /// Creates a decoder in the ground state.
    package init() {}

    /// Ends a wait for the rest of an escape sequence or control string (call when no byte
    /// followed it within a short time), so the next key is read on its own.
    ///
    /// - Returns: ``KeyPress/escape`` when a lone ESC was pending (Esc was pressed), else nil
    ///   (an unfinished sequence or control string is dropped).
    @discardableResult
    package mutating func flushPendingEscape() -> KeyPress? {
        switch state {
        case .escape:
            state = .ground
            return .escape
        case .sequence, .x10Mouse, .string, .stringEscape:
            state = .ground
            return nil
        case .ground:
            return nil
        }
    }

    /// Decodes `bytes`, returning the complete key presses they finish (mouse reports are
    /// dropped; see ``decode(_:)``).
    package mutating func feed(_ bytes: [UInt8]) -> [KeyPress] {
        decode(bytes).compactMap { event in
            if case .key(let key) = event { return key }
            return nil
        }
    }

    /// Decodes `bytes`, returning the complete key presses and mouse reports they finish, in
    /// order: ``TerminalEvent/Kind/key(_:)`` and ``TerminalEvent/Kind/mouse(_:)`` only (the
    /// terminal's own reports are dropped; see ``decodeWithReports(_:)``).
    package mutating func decode(_ bytes: [UInt8]) -> [TerminalEvent.Kind] {
        decodeWithReports(bytes).filter { decoded in
            if case .report = decoded { return false }
            return true
        }
    }

    /// Decodes `bytes`, returning the complete key presses, mouse reports and terminal reports
    /// (focus, cursor position) they finish, in order: ``TerminalEvent/Kind/key(_:)``,
    /// ``TerminalEvent/Kind/mouse(_:)`` and ``TerminalEvent/Kind/report(_:)`` only.
    package mutating func decodeWithReports(_ bytes: [UInt8]) -> [TerminalEvent.Kind] {
        var batch = DecodedBatch()
        for byte in bytes { consume(byte, into: &batch) }
        batch.flushText()
        return batch.events
    }

    /// What one call decodes, in order: typed text gathers until the next event or report.
    private struct DecodedBatch {
        var events: [TerminalEvent.Kind] = []
        var text: [UInt8] = []

        mutating func flushText() {
            guard !text.isEmpty else { return }
            events.append(.key(.text(String(decoding: text, as: UTF8.self))))
            text.removeAll()
        }

        mutating func emit(_ event: TerminalEvent.Kind) {
            flushText()
            events.append(event)
        }

        mutating func emit(_ report: TerminalReport) { emit(.report(report)) }
    }

    /// Takes one byte in the current state.
    @inline(__always)
    private mutating func consume(_ byte: UInt8, into batch: inout DecodedBatch) {
        switch state {
        case .ground:
            consumeGround(byte, into: &batch)
        case .escape:
            consumeEscape(byte, into: &batch)
        case .string(let length):
            if byte == 0x07 {
                endString(into: &batch)
            } else if length + 1 >= Limits.controlStringBytes {
                state = .ground
            } else if byte == 0x1B {
                state = .stringEscape(length + 1)
            } else {
                state = .string(length + 1)
                if readsOSC { keepOSC(byte) }
            }
        case .stringEscape(let length):
            if byte == UInt8(ascii: "\\") {
                endString(into: &batch)
            } else {
                state = .string(length + 1)
                readsOSC = false  // ESC inside the text: no answer of ours.
            }
        case .x10Mouse(var report):
            report.append(byte)
            if report.count < 3 {
                state = .x10Mouse(report)
            } else {
                state = .ground
                if let event = Self.x10Mouse(report) { batch.emit(.mouse(event)) }
            }
        case .sequence(let introducer):
            consumeSequence(byte, introducer: introducer, into: &batch)
        }
    }

    /// A byte outside any sequence: ESC starts one, the named controls are keys, other controls
    /// (tab included) are not typed text, and the rest is UTF-8 text.
    @inline(__always)
    private mutating func consumeGround(_ byte: UInt8, into batch: inout DecodedBatch) {
        switch byte {
        case 0x1B:
            pendingUTF8.removeAll()
            state = .escape
        case 0x0D, 0x0A:
            batch.emit(.key(.enter))
        case 0x7F, 0x08:
            batch.emit(.key(.backspace))
        case 0x15:
            batch.emit(.key(.clearLine))
        case 0x04:
            batch.emit(.key(.endOfTransmission))
        case 0x00...0x1F:
            break
        default:
            pendingUTF8.append(byte)
            if let complete = takeCompleteUTF8() { batch.text += complete }
        }
    }

    /// The byte after ESC: a CSI or SS3 sequence, a control string, another ESC (so the first
    /// was Esc), or Alt+key (dropped).
    private mutating func consumeEscape(_ byte: UInt8, into batch: inout DecodedBatch) {
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") {
            state = .sequence(introducer: byte)
            parameters.removeAll(keepingCapacity: true)
            parametersOverflowed = false
        } else if [
            UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
            UInt8(ascii: "_"),
        ].contains(byte) {
            // OSC, DCS, SOS, PM, APC: the whole string is dropped, but an OSC is read as it
            // goes in case it is an answer (``endString(into:)``).
            state = .string(0)
            readsOSC = byte == UInt8(ascii: "]") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "P")
            readsAPC = byte == UInt8(ascii: "_")
            readsDCS = byte == UInt8(ascii: "P")
            oscText.removeAll(keepingCapacity: true)
        } else if byte == 0x1B {
            batch.emit(.key(.escape))  // Esc, then a new escape.
        } else {
            state = .ground  // Alt+key: dropped.
        }
    }

    /// A byte of an OSC string's text: kept while it fits ``maximumOSCAnswerBytes``.
    private mutating func keepOSC(_ byte: UInt8) {
        if oscText.count < Self.maximumOSCAnswerBytes {
            oscText.append(byte)
        } else {
            readsOSC = false
        }
    }

    /// A control string ended (BEL or ST): an OSC 11 answer (`11;rgb:…`) is reported, anything
    /// else dropped.
    private mutating func endString(into batch: inout DecodedBatch) {
        state = .ground
        defer {
            readsOSC = false
            oscText.removeAll(keepingCapacity: true)
        }
        guard readsOSC else { return }
        if readsAPC {
            if let ok = TerminalGraphicsProbe.kittyReply(oscText) { batch.emit(.kittyGraphics(ok)) }
            return
        }
        if readsDCS {
            if let name = TerminalGraphicsProbe.terminalName(oscText) { batch.emit(.terminalName(name)) }
            return
        }
        guard oscText.starts(with: Array("11;".utf8)),
            let colour = TerminalBackground.parseReply(oscText.dropFirst(3))
        else { return }
        batch.emit(.backgroundColor(colour))
    }

    /// A byte of a CSI or SS3 sequence: parameters and intermediates (0x20...0x3F) continue; a
    /// final byte (0x40...0x7E) ends it as a mouse report, a terminal report, an arrow key, or
    /// nothing.
    private mutating func consumeSequence(_ byte: UInt8, introducer: UInt8, into batch: inout DecodedBatch) {
        if (0x20...0x3F).contains(byte) {
            if parameters.count < Self.maximumParameterCount {
                parameters.append(byte)
            } else {
                parametersOverflowed = true
            }
            return
        }
        state = .ground
        guard !parametersOverflowed else { return }
        if introducer == UInt8(ascii: "["), byte == UInt8(ascii: "M") || byte == UInt8(ascii: "m") {
            if parameters.first == UInt8(ascii: "<") {
                if let event = Self.sgrMouse(parameters.dropFirst(), isRelease: byte == UInt8(ascii: "m")) {
                    batch.emit(.mouse(event))
                }
            } else if parameters.isEmpty, byte == UInt8(ascii: "M") {
                state = .x10Mouse([])
            }
            return
        }
        if introducer == UInt8(ascii: "["), let report = Self.report(final: byte, parameters: parameters) {
            batch.emit(report)
            return
        }
        switch byte {
        case UInt8(ascii: "A"): batch.emit(.key(.arrow(.up)))
        case UInt8(ascii: "B"): batch.emit(.key(.arrow(.down)))
        case UInt8(ascii: "C"): batch.emit(.key(.arrow(.right)))
        case UInt8(ascii: "D"): batch.emit(.key(.arrow(.left)))
        default: break
        }
    }

    /// A terminal's report: `CSI I` / `CSI O` (focus in / out, mode 1004), `CSI row ; column R`
    /// (the answer to `CSI 6n`, 1-based; a modified F3 is sent the same way and is dropped as
    /// keys like it are, so the session takes this only while it waits for an answer).
    private static func report(final byte: UInt8, parameters: [UInt8]) -> TerminalReport? {
        switch byte {
        case UInt8(ascii: "I") where parameters.isEmpty: return .focusIn
        case UInt8(ascii: "c") where parameters.first == UInt8(ascii: "?"):
            // Any answer ends the launch query; attributes it cannot read are none.
            return .deviceAttributes(TerminalGraphicsProbe.deviceAttributes(parameters) ?? [])
        case UInt8(ascii: "t"):
            return TerminalGraphicsProbe.cellSize(parameters).map { .cellSize(width: $0.width, height: $0.height) }
        case UInt8(ascii: "S") where parameters.first == UInt8(ascii: "?"):
            return TerminalGraphicsProbe.sixelGeometry(parameters).map {
                .sixelGeometry(width: $0.width, height: $0.height)
            }
        case UInt8(ascii: "O") where parameters.isEmpty: return .focusOut
        case UInt8(ascii: "R"):
            let values = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard values.count == 2,
                values.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { (0x30...0x39).contains($0) } })
            else { return nil }
            let numbers = values.map { $0.reduce(0) { $0 * 10 + Int($1 - 0x30) } }
            guard numbers[0] >= 1, numbers[1] >= 1 else { return nil }
            return .cursorPosition(row: numbers[0] - 1, column: numbers[1] - 1)
        default: return nil
        }
    }

    /// An SGR report's parameters after `<`: `Cb ; Cx ; Cy`, decimal (at most 6 digits each).
    private static func sgrMouse(_ parameters: ArraySlice<UInt8>, isRelease: Bool) -> MouseEvent? {
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        var values: [Int] = []
        for field in fields {
            guard !field.isEmpty, field.count <= 6, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            values.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return MouseEvent(code: values[0], x: values[1], y: values[2], isRelease: isRelease)
    }

    /// An X10 report's three bytes, each the value plus 32; button code 3 without a wheel or
    /// motion bit is a release (of an unknown button).
    private static func x10Mouse(_ report: [UInt8]) -> MouseEvent? {
        let values = report.map { Int($0) - 32 }
        guard values[0] >= 0 else { return nil }
        let isRelease = values[0] & 0b1110_0011 == 3
        return MouseEvent(code: values[0], x: values[1], y: values[2], isRelease: isRelease)
    }

    /// Returns the pending bytes when they form complete UTF-8 (invalid bytes become U+FFFD).
    private mutating func takeCompleteUTF8() -> [UInt8]? {
        guard let lead = pendingUTF8.first else { return nil }
        let expected: Int
        switch lead {
        case 0x00...0x7F: expected = 1
        case 0xC0...0xDF: expected = 2
        case 0xE0...0xEF: expected = 3
        case 0xF0...0xF7: expected = 4
        default: expected = 1
        }
        guard pendingUTF8.count >= expected else { return nil }
        let bytes = pendingUTF8
        pendingUTF8.removeAll()
        // Re-encode through String so that invalid sequences become U+FFFD, never raw bytes;
        // C1 controls (U+0080...U+009F) are dropped like C0 ones.
        let decoded = String(decoding: bytes, as: UTF8.self)
        let filtered = decoded.unicodeScalars.filter { !(0x80...0x9F).contains($0.value) }
        return Array(String(String.UnicodeScalarView(filtered)).utf8)
    }
}
