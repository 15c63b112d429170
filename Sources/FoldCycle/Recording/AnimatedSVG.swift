internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One self-contained animated SVG made from a sequence of cell buffers: no script, no embedded
/// or fetched font, looping for ever (docs/DESIGN.md#pictures).
///
/// - Every distinct frame is drawn once, side by side on a strip one frame wide per frame; a CSS
///   `@keyframes` animation moves the strip with `step-end` timing, so frame `i` is on screen from
///   its time to the next frame's, and the loop restarts after `duration` seconds. Identical
///   frames (a hold, a return to an earlier picture) share one drawing.
/// - Cells become shapes (merged as far as they go, so the size grows with what is drawn, not
///   with the cell count): backgrounds as rectangles, one path per colour; the block elements
///   (the compositor's eighths ▁…▇ ▏…▉, and █ ▀ ▔ ▐ ▕) as exact rectangles in their colour; text as
///   runs, one `<text>` per run of one style on a row. A run of narrow one-scalar clusters is
///   stretched to its cells (`textLength`); wide clusters (two cells) and clusters of several
///   scalars are each centred on their own cells. So text stays on the cell grid whatever
///   monospace font the viewer has.
/// - Bold, italic, underline, strikethrough and dim (half opacity) are CSS classes; reverse video swaps the
///   colours.
///
/// Source: the cell buffers are the compositor's own (the same frames the terminal shows), not
/// a replay of escape codes. The strip-and-keyframes animation is the technique svg-term uses.
package enum AnimatedSVG {
    /// A frame and the time it appears.
    package struct Frame: Hashable, Sendable {
        /// Seconds from the start of the loop (≥ 0, not before the previous frame's).
        package var time: TimeInterval
        /// What the frame shows.
        package var cells: CellBuffer

        /// Creates a frame.
        package init(time: TimeInterval, cells: CellBuffer) {
            self.time = time
            self.cells = cells
        }
    }

    /// The SVG document of `frames`, looping every `duration` seconds.
    ///
    /// - Parameters:
    ///   - frames: at least one frame, all the size of the first, in time order; the first is
    ///     shown from 0 whatever its time.
    ///   - duration: the loop's length in seconds (after the last frame's time; one frame may
    ///     give any positive duration).
    ///   - style: font, cell size and default colours.
    /// - Returns: the document, UTF-8 text, `width` × `height` pixels (the frame's cells times
    ///   the cell size).
    /// - Throws: ``AnimatedSVGError`` for no frames, mismatched sizes, times out of order, a
    ///   duration not after the last frame, or a cell size that is not positive.
    package static func document(frames: [Frame], duration: TimeInterval, style: AnimatedSVGStyle = .init())
        throws(AnimatedSVGError) -> String
    {
        guard let first = frames.first else { throw .noFrames }
        guard style.cellWidth.isFinite, style.cellHeight.isFinite, style.cellWidth > 0, style.cellHeight > 0 else {
            throw .invalidCellSize(width: style.cellWidth, height: style.cellHeight)
        }
        var previousTime = 0.0
        for (index, frame) in frames.enumerated() {
            guard frame.cells.width == first.cells.width, frame.cells.height == first.cells.height else {
                throw .frameSizeMismatch(index: index)
            }
            guard index == 0 || (frame.time.isFinite && frame.time >= previousTime) else {
                throw .timeOutOfOrder(index: index)
            }
            if index > 0 { previousTime = frame.time }
        }
        guard duration.isFinite, duration > previousTime, duration > 0 else { throw .invalidDuration(duration) }

        var builder = Builder(columns: first.cells.width, rows: first.cells.height, style: style)
        for frame in frames { builder.add(frame.cells, at: frame.time) }
        return builder.document(duration: duration)
    }

    /// An animated SVG built one frame at a time, for frames made one at a time (`render`): only
    /// the distinct pictures are kept (each drawn once, as ``document(frames:duration:style:)``
    /// draws them), so memory grows with what differs, not with the frame count. The same frames
    /// give the same bytes as ``document(frames:duration:style:)``, which validates them first.
    package struct Builder {
        private var writer: SVGDocumentWriter
        // Each distinct picture once; the timeline names the strip slot on screen from each time.
        private var slots: [CellBuffer: Int] = [:]
        private var timeline: [(time: TimeInterval, slot: Int)] = []
        private var frameCount = 0

        /// How many distinct pictures the builder keeps.
        package var pictureCount: Int { slots.count }

        /// A builder for frames of `columns` × `rows` cells drawn in `style` (whose cell size
        /// must be finite and positive).
        package init(columns: Int, rows: Int, style: AnimatedSVGStyle) {
            writer = SVGDocumentWriter(style: style, columns: columns, rows: rows)
        }

        /// Adds `cells` (the builder's size), on screen from `time` (not before the previous
        /// frame's; the first frame is shown from 0 whatever its time).
        package mutating func add(_ cells: CellBuffer, at time: TimeInterval) {
            let slot: Int
            if let existing = slots[cells] {
                slot = existing
            } else {
                slot = slots.count
                slots[cells] = slot
                writer.addFrame(cells, slot: slot)
            }
            if timeline.last?.slot != slot { timeline.append((frameCount == 0 ? 0 : time, slot)) }
            frameCount += 1
        }

        /// The document of the frames added, looping every `duration` seconds (after the last
        /// frame's time).
        package mutating func document(duration: TimeInterval) -> String {
            writer.document(timeline: timeline, duration: duration)
        }
    }
}

/// Builds the text of an ``AnimatedSVG``: shared CSS classes for colours and attributes, one
/// group per distinct frame, the keyframes.
struct SVGDocumentWriter {
    let style: AnimatedSVGStyle
    let columns: Int
    let rows: Int
    private var classes: [String: String] = [:]
    private var colorCount = 0
    private var classRules: [String] = []
    private var body = ""

    init(style: AnimatedSVGStyle, columns: Int, rows: Int) {
        self.style = style
        self.columns = columns
        self.rows = rows
    }

    var frameWidth: Double { Double(columns) * style.cellWidth }
    var frameHeight: Double { Double(rows) * style.cellHeight }

    /// Draws `cells` at strip slot `slot` (x = slot × the frame's width); `resting`, when given
    /// and inside the cells, as a PNG image over its area, whose cells are then drawn as its
    /// background only (docs/decisions/0236-svg-embeds-resting-pictures.md).
    mutating func addFrame(_ cells: CellBuffer, resting: RestingPicture? = nil, slot: Int) {
        var cells = cells
        var image = ""
        if let resting, let embedded = self.image(resting, in: &cells) { image = embedded }
        let shapes = SVGFrameShapes(cells, background: style.background, foreground: style.foreground)
        body += slot == 0 ? "<g>" : "<g transform=\"translate(\(Self.number(Double(slot) * frameWidth)))\">"
        for layer in [shapes.backgrounds, shapes.blocks] {
            var start = 0
            while start < layer.count {
                var end = start
                var path = ""
                while end < layer.count, layer[end].color == layer[start].color {
                    let rect = layer[end]
                    let x = Double(rect.x) * style.cellWidth / 8
                    let y = Double(rect.y) * style.cellHeight / 8
                    let width = Self.number(Double(rect.width) * style.cellWidth / 8)
                    path +=
                        "M\(Self.number(x)) \(Self.number(y))h\(width)v\(Self.number(Double(rect.height) * style.cellHeight / 8))h-\(width)z"
                    end += 1
                }
                body += "<path class=\"\(colorClass(layer[start].color))\" d=\"\(path)\"/>"
                start = end
            }
        }
        body += image
        for run in shapes.texts { body += text(run) }
        body += "</g>"
    }

    /// The `<image>` of `resting` at its area's pixel size (the area's cells × the style's cell
    /// size, rounded), its area in `cells` blanked to the picture's background (one rectangle
    /// under the image, no half blocks); nil, `cells` untouched, when the area is not inside
    /// `cells` or the picture has no pixels.
    private func image(_ resting: RestingPicture, in cells: inout CellBuffer) -> String? {
        let area = resting.origin
        guard area.column >= 0, area.row >= 0, resting.columns > 0, resting.rows > 0,
            area.column + resting.columns <= cells.width, area.row + resting.rows <= cells.height
        else { return nil }
        let width = Int((Double(resting.columns) * style.cellWidth).rounded())
        let height = Int((Double(resting.rows) * style.cellHeight).rounded())
        guard let png = resting.png(width: width, height: height) else { return nil }
        let blank = Cell.space(background: .rgb(resting.background))
        for row in area.row..<area.row + resting.rows {
            for column in area.column..<area.column + resting.columns { cells[column, row] = blank }
        }
        let x = Self.number(Double(area.column) * style.cellWidth)
        let y = Self.number(Double(area.row) * style.cellHeight)
        let base64 = String(decoding: KittyGraphicsEncoder.base64(png), as: UTF8.self)
        return "<image x=\"\(x)\" y=\"\(y)\" width=\"\(Self.number(Double(resting.columns) * style.cellWidth))\" "
            + "height=\"\(Self.number(Double(resting.rows) * style.cellHeight))\" preserveAspectRatio=\"none\" "
            + "href=\"data:image/png;base64,\(base64)\"/>"
    }

    /// One `<text>` for `run`.
    private mutating func text(_ run: SVGFrameShapes.TextRun) -> String {
        var names = [colorClass(run.color)]
        let attributeNames: [(CellAttributes, String, String)] = [
            (.bold, "B", "font-weight:bold"), (.italic, "I", "font-style:italic"),
            (.dim, "D", "opacity:.5"),
        ]
        for (attribute, name, rule) in attributeNames where run.attributes.contains(attribute) {
            names.append(className(name, rule: rule))
        }
        // One class for the decoration: two classes that each set text-decoration would not add.
        switch (run.attributes.contains(.underline), run.attributes.contains(.strikethrough)) {
        case (true, true): names.append(className("US", rule: "text-decoration:underline line-through"))
        case (true, false): names.append(className("U", rule: "text-decoration:underline"))
        case (false, true): names.append(className("S", rule: "text-decoration:line-through"))
        case (false, false): break
        }
        let y = Self.number((Double(run.row) + 0.5) * style.cellHeight)
        var content = ""
        for cluster in run.clusters { content += Self.escaped(cluster.text) }
        switch run.placement {
        case .stretched:
            let x = Self.number(Double(run.column) * style.cellWidth)
            let length = Self.number(Double(run.cellCount) * style.cellWidth)
            return "<text class=\"\(names.joined(separator: " "))\" x=\"\(x)\" y=\"\(y)\" textLength=\"\(length)\">"
                + content + "</text>"
        case .centred:
            names.append(className("M", rule: "text-anchor:middle"))
            // One x per UTF-16 code unit (SVG's addressable characters): a cluster's later units
            // repeat its centre, which SVG ignores inside a typographic character.
            var positions: [String] = []
            for cluster in run.clusters {
                let centre = Self.number((Double(cluster.column) + Double(cluster.width) / 2) * style.cellWidth)
                positions += Array(repeating: centre, count: cluster.text.utf16.count)
            }
            return
                "<text class=\"\(names.joined(separator: " "))\" x=\"\(positions.joined(separator: " "))\" y=\"\(y)\">"
                + content + "</text>"
        }
    }

    /// The class that fills with `color`, defined on first use: a, b, …, z, ba, bb, … (the
    /// attributes' classes are uppercase, so names never collide).
    private mutating func colorClass(_ color: RGBColor) -> String {
        let key = "#" + Self.hex(color)
        if let name = classes[key] { return name }
        var index = colorCount
        colorCount += 1
        var name = ""
        repeat {
            name = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index % 26))) + name
            index /= 26
        } while index > 0
        classes[key] = name
        classRules.append(".\(name){fill:\(key)}")
        return name
    }

    private mutating func className(_ name: String, rule: String) -> String {
        let key = "." + name
        if classes[key] == nil {
            classes[key] = name
            classRules.append(".\(name){\(rule)}")
        }
        return name
    }

    /// The whole document around the frames drawn so far.
    mutating func document(timeline: [(time: TimeInterval, slot: Int)], duration: TimeInterval) -> String {
        let width = Self.number(frameWidth)
        let height = Self.number(frameHeight)
        let page = colorClass(style.background)
        var css =
            "text{font-family:\(Self.escaped(style.fontFamily));font-size:\(Self.number(style.fontSize))px;"
            + "white-space:pre;dominant-baseline:central}"
        css += classRules.joined()
        if timeline.count > 1 {
            css += "#s{animation:p \(Self.number(duration, decimals: 6))s step-end infinite}@keyframes p{"
            for entry in timeline {
                let percent = Self.number(entry.time / duration * 100, decimals: 4)
                let offset = entry.slot == 0 ? "0" : "-" + Self.number(Double(entry.slot) * frameWidth) + "px"
                css += "\(percent)%{transform:translateX(\(offset))}"
            }
            css += "}"
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\"><style>\(css)</style>"
            + "<rect class=\"\(page)\" width=\"\(width)\" height=\"\(height)\"/><g id=\"s\">\(body)</g></svg>\n"
    }

    // MARK: - Text

    /// `value` rounded to `decimals` places, without trailing zeros (`12.5`, `400`, `-0` as `0`).
    static func number(_ value: Double, decimals: Int = 3) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale + 0.0
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        // printf's `%.Nf` (what `String(format:)` called), in the C locale the process runs in.
        var digits = [CChar](repeating: 0, count: 512)
        let count = withVaList([rounded]) { vsnprintf(&digits, digits.count, "%.\(decimals)f", $0) }
        var text = String(
            decoding: digits[0..<Int(max(min(count, 511), 0))].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `rrggbb`, or `rgb` when each channel's two hex digits are equal.
    static func hex(_ color: RGBColor) -> String {
        let full = String(color.description.dropFirst())
        let digits = Array(full)
        if digits[0] == digits[1], digits[2] == digits[3], digits[4] == digits[5] {
            return String([digits[0], digits[2], digits[4]])
        }
        return full
    }

    /// `text` with `&`, `<`, `>` and `"` as entities, and any character XML 1.0 does not allow
    /// (controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) as U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
