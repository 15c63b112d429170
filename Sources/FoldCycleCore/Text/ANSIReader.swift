/// Reads text with ANSI escape sequences (as `ls --color=always`, `git log --color` or a
/// styling library write it) into a ``StyledString``: SGR (`CSI … m`) sets the runs' colours and
/// attributes, OSC 8 their hyperlinks; every other escape sequence and control character is
/// dropped, so none of its bytes reaches any output.
///
/// Rules (ECMA-48, xterm's ctlseqs, ITU T.416 for `:`):
/// - SGR 0 (and an empty SGR) resets; 1 bold, 2 dim, 3 italic, 4 underline (`4:0` off, `4:n`
///   on), 21 underline, 7 reverse, 9 strikethrough; 22 bold and dim off, 23, 24, 27, 29 off;
///   30–37 / 90–97 and 40–47 / 100–107 palette colours; 39 / 49 the default colours;
///   38 / 48 with `5;n` or `2;r;g;b` (`;` form) or `5:n`, `2:r:g:b`, `2:id:r:g:b` (`:` form).
///   A colour out of range is ignored; other codes (blink, conceal, fonts) are ignored.
/// - OSC 8 (`ESC ] 8 ; params ; URI ST`, ST being `ESC \` or BEL) starts a link, an empty URI
///   ends it. A URI keeps only printable ASCII.
/// - Any other CSI, OSC, DCS, SOS, PM, APC and two-character escape is dropped whole; a sequence
///   cut short by the end of the text or by a character that cannot be in it is dropped up to
///   there (an ESC that does not begin ST cuts any of them short and begins the next sequence). C1 controls (U+0080–U+009F) count as their 7-bit forms (U+009B as CSI, U+009D as
///   OSC, U+009C as ST) or are dropped.
/// - `\n` and `\t` are kept, `\r\n` becomes `\n`; every other control character is dropped.
///
/// Linear in the input: a sequence keeps at most ``maximumParameters`` parameters and a URI at
/// most ``maximumLinkLength`` characters; the rest is read and dropped.
public struct ANSIReader {
    /// The most SGR parameters (and sub-parameters) read from one sequence; later ones are
    /// dropped.
    public static let maximumParameters = 64
    /// The longest hyperlink target kept, in characters; a longer one is dropped (no link).
    public static let maximumLinkLength = 2048

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var style = StyledString.Style()
    private var result = StyledString()
    private var pending = String.UnicodeScalarView()

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The styled runs of `text`.
    public static func read(_ text: String) -> StyledString {
        var reader = ANSIReader(text)
        reader.readAll()
        return reader.result
    }

    /// `text` with every escape sequence and control (but `\n`, `\t`) removed: the plain text
    /// ``read(_:)`` gives.
    public static func stripped(_ text: String) -> String {
        read(text).plainText
    }

    // MARK: - Text

    private mutating func readAll() {
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar.value {
            case 0x1B: readEscape()
            case 0x9B: readControlSequence()
            case 0x9D: readOperatingSystemCommand()
            case 0x90, 0x98, 0x9E, 0x9F: skipControlString()
            case 0x0A, 0x09: pending.append(scalar)
            case 0x0D where peek == 0x0A: continue
            case 0x00...0x1F, 0x7F...0x9F: continue
            default: pending.append(scalar)
            }
        }
        flush()
    }

    private var peek: UInt32? { index < scalars.count ? scalars[index].value : nil }

    /// Appends the text read so far in the current style.
    private mutating func flush() {
        guard !pending.isEmpty else { return }
        result.append(String(pending), style: style)
        pending = String.UnicodeScalarView()
    }

    /// After ESC: the sequence it introduces.
    private mutating func readEscape() {
        guard let next = peek else { return }
        switch next {
        case 0x5B:  // [
            index += 1
            readControlSequence()
        case 0x5D:  // ]
            index += 1
            readOperatingSystemCommand()
        case 0x50, 0x58, 0x5E, 0x5F:  // P X ^ _
            index += 1
            skipControlString()
        case 0x20...0x2F:
            // nF: intermediates, then a final byte.
            while let byte = peek, (0x20...0x2F).contains(byte) { index += 1 }
            if let byte = peek, (0x30...0x7E).contains(byte) { index += 1 }
        case 0x30...0x7E:
            index += 1
        default:
            break  // A lone ESC: dropped; what follows is read as usual.
        }
    }

    // MARK: - CSI

    /// After CSI: parameter bytes, intermediates, a final byte. SGR is applied; anything else is
    /// dropped, as is a sequence broken by a byte that cannot be in it.
    private mutating func readControlSequence() {
        let start = index
        while let byte = peek, (0x30...0x3F).contains(byte) { index += 1 }
        let parametersEnd = index
        while let byte = peek, (0x20...0x2F).contains(byte) { index += 1 }
        guard let final = peek, (0x40...0x7E).contains(final) else { return }
        index += 1
        guard final == 0x6D, parametersEnd == index - 1 else { return }  // m, no intermediates
        let parameters = scalars[start..<parametersEnd]
        // A private form (`CSI ? … m`, `CSI > … m`) is not SGR.
        if let first = parameters.first, first.value >= 0x3C { return }
        guard let groups = Self.parameterGroups(parameters) else { return }
        flush()
        applySGR(groups)
    }

    /// SGR parameters: groups split at `;`, sub-parameters at `:`; an empty one is nil. At most
    /// ``maximumParameters`` values in all; values clamp at 65,535. Nil when a byte other than a
    /// digit, `;` or `:` is among them (not an SGR).
    static func parameterGroups(_ parameters: ArraySlice<Unicode.Scalar>) -> [[Int?]]? {
        var groups: [[Int?]] = [[nil]]
        var values = 1
        for scalar in parameters {
            switch scalar.value {
            case 0x3B, 0x3A:
                values += 1
                guard values <= maximumParameters else { continue }
                if scalar.value == 0x3B { groups.append([nil]) } else { groups[groups.count - 1].append(nil) }
            case 0x30...0x39:
                guard values <= maximumParameters else { continue }
                let digit = Int(scalar.value - 0x30)
                let last = groups.count - 1
                let sub = groups[last].count - 1
                groups[last][sub] = min((groups[last][sub] ?? 0) * 10 + digit, 65_535)
            default:
                return nil
            }
        }
        return groups
    }

    // MARK: - SGR

    private mutating func applySGR(_ groups: [[Int?]]) {
        var position = 0
        while position < groups.count {
            let group = groups[position]
            position += 1
            let code = group[0] ?? 0
            switch code {
            case 38, 48:
                let color: StyledString.Color?
                if group.count > 1 {
                    color = Self.extendedColor(Array(group.dropFirst()), colonForm: true)
                } else {
                    let (read, used) = Self.extendedColor(from: groups, at: position)
                    color = read
                    position += used
                }
                if let color {
                    if code == 38 { style.foreground = color } else { style.background = color }
                }
            case 4 where group.count > 1:
                if (group[1] ?? 0) == 0 {
                    style.attributes.remove(.underline)
                } else {
                    style.attributes.insert(.underline)
                }
            default:
                style.apply(code)
            }
        }
    }

    /// A `;`-form extended colour at `groups[position...]`: the colour (nil when malformed) and
    /// how many groups it used.
    private static func extendedColor(from groups: [[Int?]], at position: Int) -> (StyledString.Color?, Int) {
        guard position < groups.count else { return (nil, 0) }
        let mode = groups[position][0] ?? 0
        let count = mode == 5 ? 2 : mode == 2 ? 4 : 1
        let end = min(position + count, groups.count)
        let values = groups[position..<end].map { $0[0] }
        return (extendedColor(values, colonForm: false), end - position)
    }

    /// `5, n` or `2, r, g, b` (the `:` form may have a colour space id before r: `2, id, r, g, b`).
    private static func extendedColor(_ values: [Int?], colonForm: Bool) -> StyledString.Color? {
        func byte(_ value: Int?) -> UInt8? {
            let value = value ?? 0
            return (0...255).contains(value) ? UInt8(value) : nil
        }
        switch values.first ?? nil {
        case 5 where values.count >= 2:
            return byte(values[1]).map { .palette($0) }
        case 2 where values.count >= 4:
            let channels = colonForm && values.count >= 5 ? Array(values[2...4]) : Array(values[1...3])
            guard let red = byte(channels[0]), let green = byte(channels[1]), let blue = byte(channels[2]) else {
                return nil
            }
            return .rgb(red: red, green: green, blue: blue)
        default:
            return nil
        }
    }

    // MARK: - OSC and control strings

    /// After OSC: its text up to ST (`ESC \`, U+009C) or BEL. OSC 8 sets the link; any other is
    /// dropped, as is one cut short.
    private mutating func readOperatingSystemCommand() {
        var body = String.UnicodeScalarView()
        var length = 0
        while let byte = peek {
            switch byte {
            case 0x07, 0x9C:
                index += 1
                applyOperatingSystemCommand(body, tooLong: length > Self.maximumLinkLength + 64)
                return
            case 0x1B:
                if index + 1 < scalars.count, scalars[index + 1].value == 0x5C {
                    index += 2
                    applyOperatingSystemCommand(body, tooLong: length > Self.maximumLinkLength + 64)
                }
                return  // Another ESC cuts the command short: dropped; the ESC is read next.
            case 0x00...0x1F, 0x7F...0x9F:
                return  // A control cannot be in an OSC: dropped up to here.
            default:
                index += 1
                length += 1
                if length <= Self.maximumLinkLength + 64 { body.append(scalars[index - 1]) }
            }
        }
    }

    /// OSC 8 `;params;URI`: the link of the text that follows (none for an empty or overlong URI).
    private mutating func applyOperatingSystemCommand(_ body: String.UnicodeScalarView, tooLong: Bool) {
        let text = String(body)
        guard text.hasPrefix("8;") else { return }
        let fields = text.dropFirst(2).split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        guard fields.count == 2 else { return }
        let uri = String(String.UnicodeScalarView(fields[1].unicodeScalars.filter { (0x21...0x7E).contains($0.value) }))
        flush()
        style.link = uri.isEmpty || tooLong || uri.unicodeScalars.count > Self.maximumLinkLength ? nil : uri
    }

    /// After DCS, SOS, PM or APC: everything up to ST (`ESC \`, U+009C) or BEL, dropped. As in
    /// an OSC, another ESC cuts the string short: the sequence it begins is read next.
    private mutating func skipControlString() {
        while let byte = peek {
            switch byte {
            case 0x07, 0x9C:
                index += 1
                return
            case 0x1B:
                if index + 1 < scalars.count, scalars[index + 1].value == 0x5C { index += 2 }
                return
            default:
                index += 1
            }
        }
    }
}

extension StyledString.Style {
    /// SGR 0: the default colours and no attributes; the link stays (OSC 8 ends it).
    mutating func resetRendition() {
        foreground = .default
        background = .default
        attributes = []
    }

    /// Applies one SGR code that takes no further parameters.
    mutating func apply(_ code: Int) {
        switch code {
        case 0: resetRendition()
        case 1: attributes.insert(.bold)
        case 2: attributes.insert(.dim)
        case 3: attributes.insert(.italic)
        case 4, 21: attributes.insert(.underline)
        case 7: attributes.insert(.reverse)
        case 9: attributes.insert(.strikethrough)
        case 22: attributes.subtract([.bold, .dim])
        case 23: attributes.remove(.italic)
        case 24: attributes.remove(.underline)
        case 27: attributes.remove(.reverse)
        case 29: attributes.remove(.strikethrough)
        case 30...37: foreground = .palette(UInt8(code - 30))
        case 39: foreground = .default
        case 40...47: background = .palette(UInt8(code - 40))
        case 49: background = .default
        case 90...97: foreground = .palette(UInt8(code - 90 + 8))
        case 100...107: background = .palette(UInt8(code - 100 + 8))
        default: break
        }
    }
}

extension StyledString {
    /// Text with ANSI escape sequences as styled runs (``ANSIReader/read(_:)``).
    public init(ansi text: String) {
        self = ANSIReader.read(text)
    }
}
