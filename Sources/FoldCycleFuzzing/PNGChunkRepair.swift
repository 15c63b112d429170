import FoldCycle

/// PNG bytes with each chunk's CRC-32 rewritten to match its type and data, so the `png` fuzz
/// target's mutations reach the decoder behind the CRC check (libpng's fuzz builds skip the check
/// for the same reason).
enum PNGChunkRepair {
    /// `bytes` (a PNG signature, then chunks) with every whole chunk's CRC recomputed; a last,
    /// cut chunk is left as it is.
    static func repairingCRCs(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        var position = PictureFormat.png.magic.count
        while position + 12 <= bytes.count {
            let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - position - 12 else { break }
            let crc = CRC32.checksum(bytes[position + 4..<position + 8 + length])
            for index in 0..<4 {
                bytes[position + 8 + length + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index))
            }
            position += 12 + length
        }
        return bytes
    }
}
