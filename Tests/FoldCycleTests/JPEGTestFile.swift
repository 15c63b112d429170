/// Builds small JPEG files for the decoder's tests: DC-only blocks (each block one flat value),
/// quantization 1, the Annex K luminance DC table and an AC table holding only end-of-block, so a
/// block of value v decodes to exactly v everywhere (libjpeg's islow: (8·(v − 128) + 4) >> 3 + 128).
struct JPEGTestFile {
    /// Components as (identifier, horizontal, vertical sampling).
    var components: [(id: UInt8, h: Int, v: Int)] = [(1, 1, 1)]
    var width = 8
    var height = 8
    /// The SOF marker's second byte (0xC0 baseline, 0xC2 progressive, …) and sample precision.
    var frameMarker: UInt8 = 0xC0
    var precision: UInt8 = 8
    /// The Exif Orientation tag, or nil for no APP1.
    var orientation: Int?
    /// Each block's flat value, in the scan's order (MCU by MCU, a component's blocks row by row).
    var blocks: [Int] = [128]
    /// MCUs per restart interval (DRI), 0 for none.
    var restartInterval = 0

    /// The Annex K table K.3 (luminance DC): counts of codes of lengths 1...16, symbols 0...11.
    static let dcCounts: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]

    var bytes: [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        if let orientation { out += Self.exif(orientation) }
        out += Self.segment(0xDB, [0] + Array(repeating: 1, count: 64))
        out += Self.segment(0xC4, [0x00] + Self.dcCounts + Array(0...11))
        out += Self.segment(0xC4, [0x10, 1] + Array(repeating: 0, count: 15) + [0x00])
        var frame: [UInt8] = [
            precision, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255),
        ]
        frame.append(UInt8(components.count))
        for c in components { frame += [c.id, UInt8(c.h << 4 | c.v), 0] }
        out += Self.segment(frameMarker, frame)
        if restartInterval > 0 {
            out += Self.segment(0xDD, [UInt8(restartInterval >> 8), UInt8(restartInterval & 255)])
        }
        var scan: [UInt8] = [UInt8(components.count)]
        for c in components { scan += [c.id, 0x00] }
        out += Self.segment(0xDA, scan + [0, 63, 0])
        out += entropyCoded
        return out + [0xFF, 0xD9]
    }

    /// The scan's data: per block, the DC difference's code and bits, then end-of-block ("0").
    var entropyCoded: [UInt8] {
        var writer = BitWriter()
        let perMCU = components.count == 1 ? 1 : components.map { $0.h * $0.v }.reduce(0, +)
        var predictions = Array(repeating: 0, count: components.count)
        for (index, value) in blocks.enumerated() {
            let position = index % perMCU
            var component = 0
            var start = 0
            while components.count > 1, position >= start + components[component].h * components[component].v {
                start += components[component].h * components[component].v
                component += 1
            }
            let dc = 8 * (value - 128)
            let difference = dc - predictions[component]
            predictions[component] = dc
            let category = difference == 0 ? 0 : Int.bitWidth - abs(difference).leadingZeroBitCount
            let (code, length) = Self.dcCode(category)
            writer.write(code, length)
            writer.write(difference < 0 ? difference + (1 << category) - 1 : difference, category)
            writer.write(0, 1)
            if restartInterval > 0, (index + 1) % (perMCU * restartInterval) == 0, index + 1 < blocks.count {
                writer.restart(((index + 1) / (perMCU * restartInterval) - 1) % 8)
                predictions = Array(repeating: 0, count: components.count)
            }
        }
        return writer.finished()
    }

    /// The canonical code of DC category `category` in table K.3.
    static func dcCode(_ category: Int) -> (Int, Int) {
        var code = 0
        var symbol = 0
        for length in 1...16 {
            for _ in 0..<Int(dcCounts[length - 1]) {
                if symbol == category { return (code, length) }
                code += 1
                symbol += 1
            }
            code <<= 1
        }
        return (0, 0)
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 255)] + payload
    }

    /// An APP1 Exif segment (big-endian TIFF) holding only the Orientation tag.
    static func exif(_ orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1]
        return segment(0xE1, Array("Exif".utf8) + [0, 0] + tiff + [0, UInt8(orientation), 0, 0, 0, 0, 0, 0])
    }
}

/// Writes bits most significant first, stuffing a zero after each 0xFF byte.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var current = 0
    private var count = 0

    mutating func write(_ value: Int, _ length: Int) {
        for bit in stride(from: length - 1, through: 0, by: -1) {
            current = current << 1 | (value >> bit) & 1
            count += 1
            if count == 8 { flushByte() }
        }
    }

    private mutating func flushByte() {
        bytes.append(UInt8(current))
        if current == 0xFF { bytes.append(0) }
        (current, count) = (0, 0)
    }

    /// Pads the last byte with ones.
    private mutating func pad() {
        while count != 0 { write(1, 1) }
    }

    mutating func restart(_ index: Int) {
        pad()
        bytes += [0xFF, UInt8(0xD0 + index)]
    }

    mutating func finished() -> [UInt8] {
        pad()
        return bytes
    }
}
