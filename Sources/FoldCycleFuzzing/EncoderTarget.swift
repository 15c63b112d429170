import FoldCycle
import FoldCycleTestSupport

/// The diffing encoder on random cell buffers: a terminal (the VT model) shown the full frame A
/// and then the diff to B shows exactly what one shown B in full shows, with no error (a scroll,
/// a wrap, an unknown sequence), and no byte sequence outside the encoder's own is written.
enum EncoderTarget {
    static let clusters: [Character] = [
        "a", "Z", " ", "你", "界", "e\u{301}", "\u{1F44D}\u{1F3FD}", "\u{2764}\u{FE0F}", "\u{1F1EF}\u{1F1F5}",
        "\u{2584}", "\u{2588}", "…", "\u{1F469}\u{200D}\u{1F4BB}",
    ]
    static let colours: [TerminalColor] = [
        .default, .rgb(RGBColor(red: 200, green: 0, blue: 0)), .rgb(RGBColor(red: 0, green: 0, blue: 128)),
        .rgb(RGBColor(red: 10, green: 200, blue: 30)),
    ]
    static let attributes: [CellAttributes] = [[], .bold, .dim, .underline, .reverse, [.bold, .italic]]

    static func run(_ input: inout FuzzInput) {
        let width = input.int(in: 1...24)
        let height = input.int(in: 1...6)
        let depth = input.pick(ColorDepth.allCases)
        let mode: ANSIEncoder.Mode = input.bool() ? .inline : .absolute(originRow: 0, originColumn: 0)
        let a = buffer(&input, width: width, height: height, from: nil)
        let b = buffer(&input, width: width, height: height, from: input.bool() ? a : nil)

        var encoder = ANSIEncoder(mode: mode, depth: depth)
        var bytes: [UInt8] = []
        encoder.encodeFull(a, into: &bytes)
        encoder.encodeDiff(previous: a, current: b, into: &bytes)
        var viaDiff = VTModel(width: width, height: height)
        viaDiff.apply(bytes)
        var fresh = ANSIEncoder(mode: mode, depth: depth)
        var fullBytes: [UInt8] = []
        fresh.encodeFull(b, into: &fullBytes)
        var viaFull = VTModel(width: width, height: height)
        viaFull.apply(fullBytes)
        FuzzCheck.require(viaDiff.errors.isEmpty, "diff stream: \(viaDiff.errors)")
        FuzzCheck.require(viaFull.errors.isEmpty, "full stream: \(viaFull.errors)")
        FuzzCheck.require(viaDiff.cells == viaFull.cells, "the diff applied to A is not B")
        for stream in [bytes, fullBytes] {
            if let foreign = EncoderBytes.foreign(in: stream) { FuzzCheck.require(false, "encoder output: \(foreign)") }
        }
    }

    /// A buffer of cells chosen by the input; from `base` (a few cells changed) when given.
    static func buffer(_ input: inout FuzzInput, width: Int, height: Int, from base: CellBuffer?) -> CellBuffer {
        var result = base ?? CellBuffer(width: width, height: height)
        let edits = base == nil ? width * height : input.int(in: 0...8)
        for index in 0..<edits {
            let x = base == nil ? index % width : input.int(in: 0...width - 1)
            let y = base == nil ? index / width : input.int(in: 0...height - 1)
            guard result[x, y].isContinuation == false || base != nil else { continue }
            let choice = input.byte()
            var cell: Cell
            if choice < 96 {
                cell = .blank
            } else {
                cell = Cell(
                    clusters[Int(choice) % clusters.count], foreground: input.pick(colours),
                    background: input.pick(colours), attributes: input.pick(attributes))
            }
            if cell.width == 2 && x + 1 >= width { cell = .space(background: input.pick(colours)) }
            result[x, y] = cell
            if cell.width == 2 { result[x + 1, y] = .continuation(of: cell) }
        }
        result.normalizeWideClusters()
        return result
    }
}
