/// Encodes an RGB image as a sixel image (DEC's VT340 graphics, as xterm, mlterm, foot and
/// WezTerm draw them): `DCS 0 ; 1 ; 0 q`, raster attributes `" 1 ; 1 ; width ; height`
/// (square pixels, the size declared), the palette (`# i ; 2 ; r ; g ; b`, each channel 0...100
/// percent), then bands of six pixel rows: per colour present in the band `# i` and one sixel
/// character (`?` + the six bits, top row in bit 0) per column up to the last one it paints,
/// runs of four or more written `! n c`, colours separated by `$` and bands by `-`; `ST` ends
/// it. Pixels a band leaves unpainted (below the image's last row) stay as the screen has them
/// (P2 = 1). The palette is a ``MedianCutQuantizer``'s (docs/decisions/0154-pictures-at-rest.md).
package enum SixelEncoder {
    /// The sixel bytes of `width` × `height` pixels of `rgb` (3 bytes a pixel, row by row) with
    /// at most `maximumColours` colours; empty when the size is not positive or `rgb` is short.
    package static func encode(
        rgb: [UInt8], width: Int, height: Int, maximumColours: Int = MedianCutQuantizer.maximumColours
    ) -> [UInt8] {
        guard width > 0, height > 0, rgb.count >= 3 * width * height else { return [] }
        let quantized = MedianCutQuantizer(rgb: rgb, width: width, height: height, maximumColours: maximumColours)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + quantized.palette.count * 16 + width * height / 2)
        bytes += Array("\u{1B}P0;1;0q\"1;1;".utf8)
        appendNumber(width, to: &bytes)
        bytes.append(UInt8(ascii: ";"))
        appendNumber(height, to: &bytes)
        for (index, colour) in quantized.palette.enumerated() {
            bytes.append(UInt8(ascii: "#"))
            appendNumber(index, to: &bytes)
            bytes += Array(";2;".utf8)
            for shift in [16, 8, 0] {
                let value = Int(colour >> UInt32(shift) & 0xFF)
                appendNumber((value * 100 + 127) / 255, to: &bytes)
                if shift > 0 { bytes.append(UInt8(ascii: ";")) }
            }
        }
        let colours = quantized.palette.count
        // Per colour, the band's six bits per column; which colours the band uses, in order.
        var bits = [UInt8](repeating: 0, count: colours * width)
        var used: [Int] = []
        var isUsed = [Bool](repeating: false, count: colours)
        var band = 0
        while band < height {
            for row in 0..<min(6, height - band) {
                let base = (band + row) * width
                for x in 0..<width {
                    let colour = Int(quantized.indices[base + x])
                    if !isUsed[colour] {
                        isUsed[colour] = true
                        used.append(colour)
                    }
                    bits[colour * width + x] |= UInt8(1 << row)
                }
            }
            for (position, colour) in used.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: "$")) }
                bytes.append(UInt8(ascii: "#"))
                appendNumber(colour, to: &bytes)
                let row = colour * width
                var last = width - 1
                while last > 0, bits[row + last] == 0 { last -= 1 }
                var x = 0
                while x <= last {
                    let value = bits[row + x]
                    var run = 1
                    while x + run <= last, bits[row + x + run] == value { run += 1 }
                    let character = 0x3F + value
                    if run >= 4 {
                        bytes.append(UInt8(ascii: "!"))
                        appendNumber(run, to: &bytes)
                        bytes.append(character)
                    } else {
                        for _ in 0..<run { bytes.append(character) }
                    }
                    x += run
                }
                for x in 0..<width { bits[row + x] = 0 }
                isUsed[colour] = false
            }
            used.removeAll(keepingCapacity: true)
            band += 6
            if band < height { bytes.append(UInt8(ascii: "-")) }
        }
        bytes += [0x1B, UInt8(ascii: "\\")]
        return bytes
    }

    /// Appends `value` (≥ 0) in decimal.
    private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendNumber(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
