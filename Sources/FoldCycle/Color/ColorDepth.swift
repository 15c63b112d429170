/// How many colours the output can show, and the downsampling from RGB to it.
///
/// Colour is downsampled at the output layer (the encoder), never in styles: cells keep RGB.
public enum ColorDepth: String, CaseIterable, Hashable, Sendable {
    /// 24-bit colour: SGR `38;2;r;g;b`.
    case truecolor
    /// The xterm 256-colour palette: SGR `38;5;n`.
    case ansi256
    /// The 16 standard colours: SGR 30–37 and 90–97 (backgrounds 40–47, 100–107).
    case ansi16
    /// No colour SGR at all (attributes such as bold still apply).
    case none

    /// The user's `--color` choice.
    package enum Choice: String, CaseIterable, Hashable, Sendable {
        /// Detect from the environment and whether output is a terminal.
        case auto
        /// Colour even when not a terminal or when `NO_COLOR` is set.
        case always
        /// No colour.
        case never
    }

    /// Detects the depth from the `--color` choice, the environment and whether output is a TTY.
    ///
    /// Rules, first match wins:
    /// 1. `never` → ``none``.
    /// 2. `auto` and not a TTY → ``none``.
    /// 3. `auto` and `NO_COLOR` set to a non-empty value → ``none`` (no-color.org: `NO_COLOR`
    ///    overrides defaults, not an explicit `--color always`).
    /// 4. `auto` and `TERM=dumb` → ``none``. (`always` ignores `TERM=dumb`: the user asked.)
    /// 5. `COLORTERM` is `truecolor` or `24bit` (case-insensitive) → ``truecolor``.
    /// 6. `TERM` ends with `-256color` (e.g. `xterm-256color`) → ``ansi256``.
    /// 7. otherwise: `auto` → ``ansi16``; `always` → ``ansi256`` when no hint says more (a
    ///    forced-colour run, typically piped to a file or a pager that renders 256 colours), but
    ///    ``ansi16`` when `TERM` is set to something else (the terminal named its own palette).
    ///
    /// - Parameters:
    ///   - choice: the `--color` value.
    ///   - environment: the process environment (e.g. `ProcessInfo.processInfo.environment`).
    ///   - isTTY: whether the output is a terminal (`isatty(1)`).
    package static func detect(choice: Choice, environment: [String: String], isTTY: Bool) -> ColorDepth {
        switch choice {
        case .never:
            return .none
        case .auto:
            if !isTTY { return .none }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
            if environment["TERM"] == "dumb" { return .none }
        case .always:
            break
        }
        let colorTerm = environment["COLORTERM"]?.lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        let term = environment["TERM"] ?? ""
        if term.hasSuffix("-256color") { return .ansi256 }
        if choice == .always && (term.isEmpty || term == "dumb") { return .ansi256 }
        return .ansi16
    }

    // MARK: - Downsampling

    /// The xterm colour cube's channel levels for indices 0...5.
    package static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The standard 16-colour palette (xterm defaults), index 0...15: black, red, green, yellow,
    /// blue, magenta, cyan, white, then the bright variants.
    package static let palette16: [RGBColor] = [
        RGBColor(red: 0, green: 0, blue: 0), RGBColor(red: 205, green: 0, blue: 0),
        RGBColor(red: 0, green: 205, blue: 0), RGBColor(red: 205, green: 205, blue: 0),
        RGBColor(red: 0, green: 0, blue: 238), RGBColor(red: 205, green: 0, blue: 205),
        RGBColor(red: 0, green: 205, blue: 205), RGBColor(red: 229, green: 229, blue: 229),
        RGBColor(red: 127, green: 127, blue: 127), RGBColor(red: 255, green: 0, blue: 0),
        RGBColor(red: 0, green: 255, blue: 0), RGBColor(red: 255, green: 255, blue: 0),
        RGBColor(red: 92, green: 92, blue: 255), RGBColor(red: 255, green: 0, blue: 255),
        RGBColor(red: 0, green: 255, blue: 255), RGBColor(red: 255, green: 255, blue: 255),
    ]

    /// The nearest xterm 256-colour index, 16...255: the nearest 6×6×6 cube colour
    /// (16 + 36r + 6g + b, levels 0, 95, 135, 175, 215, 255, each channel to its nearest level)
    /// or the nearest of the 24 greys 232...255 (level 8 + 10k), whichever is nearer in squared
    /// RGB distance (the cube wins a tie). Indices 0...15 are never chosen: terminals theme them.
    package static func ansi256Index(for color: RGBColor) -> UInt8 {
        func nearestLevel(_ value: UInt8) -> Int {
            let v = Int(value)
            if v < 48 { return 0 }
            if v < 115 { return 1 }
            return min((v - 35) / 40, 5)
        }
        let r = nearestLevel(color.red)
        let g = nearestLevel(color.green)
        let b = nearestLevel(color.blue)
        let cube = RGBColor(red: UInt8(cubeLevels[r]), green: UInt8(cubeLevels[g]), blue: UInt8(cubeLevels[b]))
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let greyStep = min(max((average - 3) / 10, 0), 23)
        let greyLevel = UInt8(8 + 10 * greyStep)
        let grey = RGBColor(red: greyLevel, green: greyLevel, blue: greyLevel)
        if distance(color, grey) < distance(color, cube) { return UInt8(232 + greyStep) }
        return UInt8(16 + 36 * r + 6 * g + b)
    }

    /// The nearest of ``palette16`` in squared RGB distance, index 0...15 (the lower index wins
    /// a tie).
    package static func ansi16Index(for color: RGBColor) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, entry) in palette16.enumerated() {
            let d = distance(color, entry)
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return UInt8(best)
    }

    /// The RGB colour of xterm 256-colour palette entry `index` (16...255: the 6×6×6 cube and the
    /// 24 greys; 0...15, which terminals theme, as ``palette16``).
    package static func ansi256Color(index: UInt8) -> RGBColor {
        switch index {
        case 0..<16:
            return palette16[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return RGBColor(
                red: UInt8(cubeLevels[cube / 36]), green: UInt8(cubeLevels[cube / 6 % 6]),
                blue: UInt8(cubeLevels[cube % 6]))
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return RGBColor(red: level, green: level, blue: level)
        }
    }

    /// The colour the output shows for `color` at this depth, as RGB: `color` itself at
    /// ``truecolor`` (and at ``none``, which sends no colour at all), otherwise the palette entry
    /// it is downsampled to (``ansi256Index(for:)``, ``ansi16Index(for:)``). Downsampling the
    /// result gives the same entry again, so a frame made of these colours differs from the
    /// previous one exactly where the output does.
    package func paletteColor(for color: RGBColor) -> RGBColor {
        switch self {
        case .truecolor, .none: return color
        case .ansi256: return Self.ansi256Color(index: Self.ansi256Index(for: color))
        case .ansi16: return Self.palette16[Int(Self.ansi16Index(for: color))]
        }
    }

    /// Squared Euclidean distance in RGB.
    static func distance(_ lhs: RGBColor, _ rhs: RGBColor) -> Int {
        let dr = Int(lhs.red) - Int(rhs.red)
        let dg = Int(lhs.green) - Int(rhs.green)
        let db = Int(lhs.blue) - Int(rhs.blue)
        return dr * dr + dg * dg + db * db
    }
}
