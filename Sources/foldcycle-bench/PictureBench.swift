import FoldCycle
import Foundation

/// Picture cards through transitions (issue 30, point 7): bytes per frame and compose + encode
/// time of two photo-like pictures folding, turning and pushing, at 80×24 and 160×48, truecolor
/// and 256 colours, measured as ``FrameBench`` measures text.
///
/// The pictures are made here, the same on every run: a sky gradient, a sun, a hill and ±12 of
/// seeded noise per channel (a photo's texture: no two neighbouring half blocks alike), at the
/// card's half-block size (columns × 2·rows pixels), as the CLI decodes a picture for its card.
enum PictureBench {
    /// The cases: (size, kind) at each of ``depths``.
    static let sizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 160, rows: 48)]
    static let kinds: [TransitionKind] = [.fold, .cube, .push]
    static let depths: [ColorDepth] = [.truecolor, .ansi256]

    /// Every case, `minimumFrames` frames each (rounded up to whole transitions), direction down.
    static func run(minimumFrames: Int, framesPerTransition: Int, usesMoves: Bool) -> [FrameResult] {
        var results: [FrameResult] = []
        for size in sizes {
            let pictures = (0..<2).map { picture($0, size: size) }
            for kind in kinds {
                for depth in depths {
                    results += FrameBench.run(
                        size: size, kind: kind, direction: .down, depth: depth, minimumFrames: minimumFrames,
                        framesPerTransition: framesPerTransition, measuresBounds: size == sizes.first,
                        usesMoves: usesMoves,
                        content: { pictures[$0 % 2] })
                }
            }
        }
        return results
    }

    /// Picture `index` (0 or 1: two palettes) for a card of `size`, as a picture item.
    static func picture(_ index: Int, size: TerminalSize) -> StyledString {
        let width = size.columns
        let height = 2 * size.rows
        var random = SeededGenerator(seed: UInt64(index + 1) * 0x9E37_79B9)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        let sun = (x: Double(width) * (index == 0 ? 0.3 : 0.7), y: Double(height) * 0.35, r: Double(height) * 0.18)
        for y in 0..<height {
            for x in 0..<width {
                let v = Double(y) / Double(height)
                var colour: (Double, Double, Double) =
                    index == 0 ? (60 + 120 * v, 110 + 60 * v, 220 - 120 * v) : (230 - 80 * v, 120 + 40 * v, 90 + 60 * v)
                let dx = Double(x) - sun.x
                let dy = Double(y) - sun.y
                if dx * dx + dy * dy < sun.r * sun.r { colour = (250, 210, 60) }
                if Double(y) > Double(height) * (0.75 - 0.1 * sin(Double(x) / Double(width) * 6)) {
                    colour = (40, 120 + 40 * v, 50)
                }
                for channel in [colour.0, colour.1, colour.2] {
                    let noise = Double(Int(random.next() % 25) - 12)
                    pixels.append(UInt8(max(0, min(255, channel + noise))))
                }
                pixels.append(255)
            }
        }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        return StyledString(
            picture: image.map { CardPicture(image: $0, caption: "photo-\(index).jpg") }
                ?? CardPicture(failure: "no pixels", caption: "photo-\(index).jpg", path: "photo-\(index).jpg"))
    }
}

extension BenchReport {
    /// The picture cases ("" when they did not run): the diff encoder's figures per case.
    func pictureTable() -> String {
        let results = pictureFrames.filter { $0.encoder == .diff }
        guard let sample = results.first else { return "" }
        let widths = [8, 6, 10, 9, 9, 9, 8, 7]
        var out = "\nPicture cards (two photo-like pictures, half blocks), diff encoder, \(sample.frames) frames "
        out += "per case, direction down; times in µs, bytes per frame\n"
        out += Self.row(["size", "kind", "depth", "median", "compose", "encode", "bytes", "ratio"], widths: widths)
        for result in results {
            out += Self.row(
                [
                    result.size, result.transition, BenchOptions.name(of: result.colorDepth),
                    String(format: "%.1f", result.composeEncodeMicros.median),
                    String(format: "%.1f", result.composeMicros.median),
                    String(format: "%.1f", result.encodeMicros.median), String(format: "%.0f", result.bytes.mean),
                    result.ratioToLowerBound.map { String(format: "%.2f", $0) } ?? "-",
                ], widths: widths)
        }
        return out + "  ratio: bytes over the cell-diff floor (at 80×24 only)\n"
    }
}
