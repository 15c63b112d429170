#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The frames of an animated SVG as they come, for `render --format svg` and
/// `--record FILE.svg` alike (docs/DESIGN.md#pictures): each distinct picture once, which one is
/// on screen from each time, and the cells they hold; the document is made at the end, every
/// picture as large as the largest (the footer comes and goes, a live terminal is resized),
/// padded with blank cells at its right and bottom.
package struct SVGPictureTimeline {
    private var pictures: [CellBuffer: Int] = [:]
    private var distinct: [CellBuffer] = []
    private var timeline: [(time: TimeInterval, picture: Int)] = []

    /// The cells of the distinct pictures kept so far.
    package private(set) var cellCount = 0

    /// Whether no frame was added.
    package var isEmpty: Bool { timeline.isEmpty }

    /// An empty timeline.
    package init() {}

    /// Adds `cells`, on screen from `time` (not before the previous frame's; the first frame is
    /// shown from 0 whatever its time).
    package mutating func add(_ cells: CellBuffer, at time: TimeInterval) {
        let picture: Int
        if let known = pictures[cells] {
            picture = known
        } else {
            picture = distinct.count
            pictures[cells] = picture
            distinct.append(cells)
            cellCount += cells.width * cells.height
        }
        if timeline.last?.picture != picture { timeline.append((timeline.isEmpty ? 0 : time, picture)) }
    }

    /// The document drawn in `style`, looping every `duration` seconds; one blank cell when no
    /// frame was added.
    package func document(style: AnimatedSVGStyle, duration: TimeInterval) -> String {
        let width = max(distinct.map(\.width).max() ?? 1, 1)
        let height = max(distinct.map(\.height).max() ?? 1, 1)
        var builder = AnimatedSVG.Builder(columns: width, rows: height, style: style)
        if timeline.isEmpty { builder.add(CellBuffer(width: width, height: height), at: 0) }
        for (time, picture) in timeline {
            builder.add(Self.padded(distinct[picture], width: width, height: height), at: time)
        }
        return builder.document(duration: duration)
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
