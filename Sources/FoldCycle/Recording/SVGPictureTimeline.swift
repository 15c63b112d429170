#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The frames of an animated SVG as they come, for `render --format svg` and
/// `--record FILE.svg` alike (docs/DESIGN.md#pictures): each distinct picture once, which one is
/// on screen from each time, and the cells they hold; the document is made at the end, every
/// picture as large as the largest (the footer comes and goes, a live terminal is resized),
/// padded with blank cells at its right and bottom. A frame's resting picture, when given, is
/// embedded as a PNG image over its area instead of the area's cells
/// (docs/decisions/0236-svg-embeds-resting-pictures.md).
package struct SVGPictureTimeline {
    /// One distinct picture: its cells and the picture resting on them.
    private struct Picture: Hashable {
        var cells: CellBuffer
        var resting: RestingPicture?
    }

    private var pictures: [Picture: Int] = [:]
    private var distinct: [Picture] = []
    private var timeline: [(time: TimeInterval, picture: Int)] = []

    /// The largest picture's size so far: every picture is built this large.
    private var width = 0
    private var height = 0

    /// The cells the document will build: every distinct picture padded to the largest
    /// (issue 34, finding 1: counting each picture at its own size let a resize build 50× more).
    package var builtCellCount: Int { Self.builtCells(pictures: distinct.count, width: width, height: height) }

    /// Whether no frame was added.
    package var isEmpty: Bool { timeline.isEmpty }

    /// An empty timeline.
    package init() {}

    /// The cells the document would build with `cells` added.
    package func builtCellCount(adding cells: CellBuffer) -> Int {
        guard pictures[Picture(cells: cells)] == nil else { return builtCellCount }
        return Self.builtCells(
            pictures: distinct.count + 1, width: max(width, cells.width), height: max(height, cells.height))
    }

    /// The cells built for `pictures` pictures of `width` × `height` (saturating at `Int.max`).
    private static func builtCells(pictures: Int, width: Int, height: Int) -> Int {
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (cells, overflow) = area.multipliedReportingOverflow(by: pictures)
        return areaOverflow || overflow ? Int.max : cells
    }

    /// Adds `cells`, on screen from `time` (not before the previous frame's; the first frame is
    /// shown from 0 whatever its time), with `resting` (placed in `cells`) drawn as an image over
    /// its area when given.
    package mutating func add(_ cells: CellBuffer, resting: RestingPicture? = nil, at time: TimeInterval) {
        let picture: Int
        let key = Picture(cells: cells, resting: resting)
        if let known = pictures[key] {
            picture = known
        } else {
            picture = distinct.count
            pictures[key] = picture
            distinct.append(key)
            (width, height) = (max(width, cells.width), max(height, cells.height))
        }
        if timeline.last?.picture != picture { timeline.append((timeline.isEmpty ? 0 : time, picture)) }
    }

    /// The document drawn in `style`, looping every `duration` seconds; one blank cell when no
    /// frame was added. Each distinct picture is padded to the largest one at a time and let go
    /// once drawn, so the padded cells and the text are never both held whole (issue 34,
    /// finding 1); the timeline is emptied.
    package mutating func document(style: AnimatedSVGStyle, duration: TimeInterval) -> String {
        let width = max(width, 1)
        let height = max(height, 1)
        var writer = SVGDocumentWriter(style: style, columns: width, rows: height)
        var slots = timeline.map { (time: $0.time, slot: $0.picture) }
        if slots.isEmpty {
            writer.addFrame(CellBuffer(width: width, height: height), slot: 0)
            slots = [(0, 0)]
        }
        pictures = [:]
        for slot in distinct.indices {
            writer.addFrame(
                Self.padded(distinct[slot].cells, width: width, height: height), resting: distinct[slot].resting,
                slot: slot)
            distinct[slot] = Picture(cells: CellBuffer(width: 0, height: 0))
        }
        distinct = []
        timeline = []
        return writer.document(timeline: slots, duration: duration)
    }

    /// `picture` in the top-left corner of `width` × `height` blank cells.
    private static func padded(_ picture: CellBuffer, width: Int, height: Int) -> CellBuffer {
        guard picture.width != width || picture.height != height else { return picture }
        var padded = CellBuffer(width: width, height: height)
        for y in 0..<picture.height {
            for x in 0..<picture.width { padded[x, y] = picture[x, y] }
        }
        return padded
    }
}
