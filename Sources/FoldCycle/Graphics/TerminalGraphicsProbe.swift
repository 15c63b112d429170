/// What a terminal says at launch about drawing pictures, and the choice made from it
/// (docs/decisions/0154-pictures-at-rest.md, 0235-png-encoder-and-iterm2-images.md): the kitty
/// graphics query answered `OK`, the name XTVERSION answered (iTerm2 and WezTerm take iTerm2
/// inline images), DA1's attributes (4: sixel), a cell's size in pixels (`CSI 16 t`'s answer,
/// else the terminal's `TIOCGWINSZ` pixels) and the largest sixel image (XTSMGRAPHICS). The
/// queries go out with the background query, before its DA1, which every terminal answers last
/// (``TerminalBackground/query``).
package struct TerminalGraphicsProbe: Hashable, Sendable {
    /// The attributes DA1 answered (`CSI ? 62 ; 4 ; 22 c` → [62, 4, 22]), nil when none came.
    package var deviceAttributes: [Int]?
    /// Whether the kitty graphics query was answered `OK`.
    package var kittyGraphics = false
    /// A cell's size in pixels (width, height), nil when unknown.
    package var cellPixels: (width: Int, height: Int)?
    /// The name and version XTVERSION answered (`iTerm2 3.5.0`), nil when none came.
    package var terminalName: String?
    /// The largest sixel image in pixels (XTSMGRAPHICS's answer), nil when none came.
    package var sixelGeometry: (width: Int, height: Int)?

    package init(
        deviceAttributes: [Int]? = nil, kittyGraphics: Bool = false, cellPixels: (width: Int, height: Int)? = nil,
        terminalName: String? = nil, sixelGeometry: (width: Int, height: Int)? = nil
    ) {
        self.deviceAttributes = deviceAttributes
        self.kittyGraphics = kittyGraphics
        self.cellPixels = cellPixels
        self.terminalName = terminalName
        self.sixelGeometry = sixelGeometry
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.deviceAttributes == rhs.deviceAttributes && lhs.kittyGraphics == rhs.kittyGraphics
            && lhs.cellPixels?.width == rhs.cellPixels?.width && lhs.cellPixels?.height == rhs.cellPixels?.height
            && lhs.terminalName == rhs.terminalName
            && lhs.sixelGeometry?.width == rhs.sixelGeometry?.width
            && lhs.sixelGeometry?.height == rhs.sixelGeometry?.height
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(deviceAttributes)
        hasher.combine(kittyGraphics)
        hasher.combine(terminalName)
        hasher.combine(cellPixels?.width)
        hasher.combine(cellPixels?.height)
        hasher.combine(sixelGeometry?.width)
        hasher.combine(sixelGeometry?.height)
    }

    /// The kitty graphics query (a 1 × 1 RGB image, `a=q`: checked, never stored, id 31), then
    /// `CSI 16 t` (report a cell's size in pixels), then XTVERSION (`CSI > q`, report the
    /// terminal's name), then XTSMGRAPHICS's read of the largest sixel image (`CSI ? 2 ; 1 ; 0 S`).
    /// Sent before the background query's DA1.
    package static let query: [UInt8] =
        Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8) + cellSizeQuery + Array("\u{1B}[>q".utf8)
        + sixelGeometryQuery

    /// `CSI 16 t`: report a cell's size in pixels (`CSI 6 ; height ; width t`). Asked at launch
    /// and again after each resize, which may come with another font (a font change resizes
    /// xterm's window) or another pixel size
    /// (docs/decisions/0248-the-cell-size-asked-after-each-resize.md).
    package static let cellSizeQuery: [UInt8] = Array("\u{1B}[16t".utf8)

    /// XTSMGRAPHICS's read of the largest sixel image the terminal takes now
    /// (`CSI ? 2 ; 1 ; 0 S`). xterm's is its window, capped at 1000 × 1000 pixels, so it is asked
    /// again after a resize (``TerminalSession/requestSixelGeometry(after:)``).
    package static let sixelGeometryQuery: [UInt8] = Array("\u{1B}[?2;1;0S".utf8)

    /// The most bytes of a terminal's name believed (a longer XTVERSION answer is taken as none).
    package static let maximumNameBytes = 64

    /// The names (XTVERSION's answer, up to the first space or `(`) of terminals that show
    /// iTerm2 inline images (`OSC 1337 ; File=`): iTerm2 and WezTerm. A terminal that does not
    /// answer XTVERSION, or answers another name, is not sent them.
    package static let inlineImageTerminals: Set<String> = ["iTerm2", "WezTerm"]

    /// XTVERSION's answer's text (after `ESC P`, before ST: `>|iTerm2 3.5.0`): the name and
    /// version, nil when it is not that answer, is empty, longer than ``maximumNameBytes`` or
    /// holds a byte outside printable ASCII.
    package static func terminalName<Bytes: Collection<UInt8>>(_ text: Bytes) -> String? {
        let bytes = Array(text)
        guard bytes.starts(with: Array(">|".utf8)) else { return nil }
        let name = bytes.dropFirst(2)
        guard !name.isEmpty, name.count <= maximumNameBytes, name.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            return nil
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Whether XTVERSION's answer `name` is a terminal that shows iTerm2 inline images: its
    /// first word (up to a space or `(`) is one of ``inlineImageTerminals``.
    package static func showsInlineImages(_ name: String) -> Bool {
        let word = name.prefix { $0 != " " && $0 != "(" }
        return inlineImageTerminals.contains(String(word))
    }

    /// The id the kitty query uses; its answer is `ESC _ G i=31 ; OK ESC \`.
    package static let kittyQueryID = 31

    /// The largest cell side in pixels believed (a larger answer is taken as none).
    package static let maximumCellPixels = 1000

    /// DA1's parameters after `?` (`62;4;22`): the attributes, each 1 to 5 digits, empty fields
    /// skipped (kitty answers `?62;`); nil when malformed.
    package static func deviceAttributes<Bytes: Collection<UInt8>>(_ parameters: Bytes) -> [Int]? {
        guard parameters.first == UInt8(ascii: "?") else { return nil }
        let fields = parameters.dropFirst().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true)
        var values: [Int] = []
        for field in fields {
            guard let value = number(field, digits: 5) else { return nil }
            values.append(value)
        }
        return values
    }

    /// Whether an APC string's text (after `ESC _`, before ST) is the kitty query's answer: nil
    /// when it is not an answer to id 31 at all, true for `Gi=31;OK`, false for its error
    /// (`Gi=31;ENOTSUPPORTED:…`).
    package static func kittyReply<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool? {
        let bytes = Array(text)
        let prefix = Array("Gi=\(kittyQueryID)".utf8)
        guard bytes.starts(with: prefix) else { return nil }
        // Keys may follow the id (`Gi=31,p=…;OK`); the message follows the first `;`.
        let rest = bytes.dropFirst(prefix.count)
        guard let first = rest.first, first == UInt8(ascii: ";") || first == UInt8(ascii: ",") else { return nil }
        guard let separator = rest.firstIndex(of: UInt8(ascii: ";")) else { return nil }
        return Array(rest[(separator + 1)...]) == Array("OK".utf8)
    }

    /// `CSI 16 t`'s answer's parameters (`6;height;width`): a cell's size in pixels, nil when
    /// malformed, zero or above ``maximumCellPixels``.
    package static func cellSize<Bytes: Collection<UInt8>>(_ parameters: Bytes) -> (width: Int, height: Int)? {
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 3, number(fields[0], digits: 1) == 6,
            let height = number(fields[1], digits: 4), let width = number(fields[2], digits: 4)
        else { return nil }
        return pixels(width: width, height: height)
    }

    /// XTSMGRAPHICS's answer's parameters for the sixel geometry (`?2;0;width;height`, status 0:
    /// success): the largest sixel image in pixels, nil when malformed, another item or status,
    /// or a side of 0 or above 5 digits.
    package static func sixelGeometry<Bytes: Collection<UInt8>>(_ parameters: Bytes) -> (width: Int, height: Int)? {
        guard parameters.first == UInt8(ascii: "?") else { return nil }
        let fields = parameters.dropFirst().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 4, number(fields[0], digits: 1) == 2, number(fields[1], digits: 1) == 0,
            let width = number(fields[2], digits: 5), let height = number(fields[3], digits: 5), width > 0, height > 0
        else { return nil }
        return (width, height)
    }

    /// A cell size from a window size in pixels and cells (`TIOCGWINSZ`'s `ws_xpixel`,
    /// `ws_ypixel`, `ws_col`, `ws_row`), nil when any is zero (many terminals leave the pixels 0).
    package static func cellSize(
        windowPixels: (width: Int, height: Int), cells: (columns: Int, rows: Int)
    ) -> (width: Int, height: Int)? {
        guard windowPixels.width > 0, windowPixels.height > 0, cells.columns > 0, cells.rows > 0 else { return nil }
        return pixels(width: windowPixels.width / cells.columns, height: windowPixels.height / cells.rows)
    }

    private static func pixels(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard (1...maximumCellPixels).contains(width), (1...maximumCellPixels).contains(height) else { return nil }
        return (width, height)
    }

    private static func number<Bytes: Collection<UInt8>>(_ field: Bytes, digits: Int) -> Int? {
        guard !field.isEmpty, field.count <= digits, field.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// How settled pictures are drawn on this terminal: kitty graphics when its query was
    /// answered `OK`, else iTerm2 inline images when XTVERSION named a terminal that shows them
    /// (``showsInlineImages(_:)``: full colour, where sixel has 256), else sixel when DA1 lists
    /// attribute 4, else cells; cells too when the cell size is unknown, inside tmux (`TMUX`
    /// set: passthrough is not known to work), or when `allowed` is false (`--pictures cells`).
    package func graphics(allowed: Bool, environment: [String: String]) -> PictureGraphics {
        guard allowed, environment["TMUX"] == nil, let cell = cellPixels else { return .cells }
        if kittyGraphics { return .kitty(cellWidth: cell.width, cellHeight: cell.height) }
        if let name = terminalName, Self.showsInlineImages(name) {
            return .iterm2(cellWidth: cell.width, cellHeight: cell.height)
        }
        if deviceAttributes?.contains(4) == true {
            return .sixel(
                cellWidth: cell.width, cellHeight: cell.height, maximumWidth: sixelGeometry?.width,
                maximumHeight: sixelGeometry?.height)
        }
        return .cells
    }
}

/// What a terminal answered to the launch query (``TerminalSession/queryTerminal(asksGraphics:timeout:completion:)``).
package struct TerminalAnswers: Hashable, Sendable {
    /// The background colour (OSC 11), nil when none came.
    package var background: RGBColor?
    /// The graphics answers.
    package var graphics = TerminalGraphicsProbe()

    package init(background: RGBColor? = nil, graphics: TerminalGraphicsProbe = TerminalGraphicsProbe()) {
        self.background = background
        self.graphics = graphics
    }
}
