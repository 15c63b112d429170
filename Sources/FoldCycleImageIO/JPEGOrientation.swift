/// The Exif Orientation tag (TIFF tag 0x0112 in IFD0 of an APP1 "Exif" segment): how the stored
/// pixels turn to show the picture upright. 1 is as stored; 2 mirrored; 3 turned 180°; 4 flipped;
/// 5 transposed; 6 turned 90° clockwise; 7 transversed; 8 turned 90° counter-clockwise.
struct JPEGOrientation: Equatable {
    /// 1...8.
    let value: Int

    static let upright = JPEGOrientation(value: 1)

    /// Whether the picture's axes swap (5...8): the width shown is the stored height.
    var swapsAxes: Bool { value >= 5 }

    /// The orientation an APP1 segment's payload gives, or nil when it is no Exif segment or
    /// holds no valid Orientation tag (then the picture is shown as stored).
    init?(exif s: ArraySlice<UInt8>) {
        let b = Array(s)
        let tiff = 6
        guard b.count >= tiff + 8, b.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let little: Bool
        switch (b[tiff], b[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ at: Int, _ size: Int) -> Int? {
            guard at >= 0, at + size <= b.count else { return nil }
            var value = 0
            for index in 0..<size { value |= Int(b[at + (little ? index : size - 1 - index)]) << (8 * index) }
            return value
        }
        guard let ifd = read(tiff + 4, 4), let entries = read(tiff + ifd, 2) else { return nil }
        for entry in 0..<entries {
            let at = tiff + ifd + 2 + 12 * entry
            guard let tag = read(at, 2) else { return nil }
            guard tag == 0x0112 else { continue }
            guard read(at + 2, 2) == 3, let value = read(at + 8, 2), (1...8).contains(value) else { return nil }
            self.value = value
            return
        }
        return nil
    }

    private init(value: Int) { self.value = value }

    /// Where the stored pixel (x, y) of a `width` × `height` picture lands in the shown one, as
    /// an affine map of byte offsets (4 bytes a pixel): `base + x·xStep + y·yStep`.
    func placement(width: Int, height: Int) -> (base: Int, xStep: Int, yStep: Int) {
        let (w, h) = (width, height)
        switch value {
        case 2: return ((w - 1) * 4, -4, 4 * w)
        case 3: return (((h - 1) * w + w - 1) * 4, -4, -4 * w)
        case 4: return ((h - 1) * w * 4, 4, -4 * w)
        case 5: return (0, 4 * h, 4)
        case 6: return ((h - 1) * 4, 4 * h, -4)
        case 7: return (((w - 1) * h + h - 1) * 4, -4 * h, -4)
        case 8: return ((w - 1) * h * 4, -4 * h, 4)
        default: return (0, 4, 4 * w)
        }
    }
}
