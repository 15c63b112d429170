/// The kitty graphics protocol's commands (https://sw.kovidgoyal.net/kitty/graphics-protocol/):
/// an RGBA bitmap transmitted and placed at the cursor in one command (`a=T`, `f=32`, base64,
/// chunked at 4096 bytes with `m=1` on every chunk but the last), sized to `c` × `r` cells, the
/// cursor left where it was (`C=1`), replies suppressed (`q=2`: nothing is typed into our
/// input); and its deletion by image id (`a=d,d=I`), which frees the data too.
package enum KittyGraphicsEncoder {
    /// The image id FoldCycle's resting picture uses (one picture rests at a time).
    package static let imageID = 7_373

    /// The most base64 bytes one chunk carries.
    package static let chunkBytes = 4096

    /// Transmits and places `width` × `height` RGBA pixels (`rgba`, 4 bytes each) over
    /// `columns` × `rows` cells at the cursor as image `id`.
    package static func transmit(
        rgba: [UInt8], width: Int, height: Int, columns: Int, rows: Int, id: Int = imageID
    ) -> [UInt8] {
        let payload = base64(rgba)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + payload.count / chunkBytes * 16 + 64)
        var start = 0
        var first = true
        repeat {
            let end = min(start + chunkBytes, payload.count)
            let more = end < payload.count
            bytes += [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
            if first {
                bytes += Array("a=T,f=32,s=\(width),v=\(height),c=\(columns),r=\(rows),i=\(id),C=1,q=2,".utf8)
                first = false
            }
            bytes += Array("m=\(more ? 1 : 0);".utf8)
            bytes += payload[start..<end]
            bytes += [0x1B, UInt8(ascii: "\\")]
            start = end
        } while start < payload.count
        return bytes
    }

    /// Deletes image `id` and its placements.
    package static func delete(id: Int = imageID) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// Standard base64 (RFC 4648, `+/`, padded).
    package static func base64(_ data: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((data.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= data.count {
            let value = Int(data[index]) << 16 | Int(data[index + 1]) << 8 | Int(data[index + 2])
            out += [
                alphabet[value >> 18 & 63], alphabet[value >> 12 & 63], alphabet[value >> 6 & 63], alphabet[value & 63],
            ]
            index += 3
        }
        let rest = data.count - index
        if rest == 1 {
            let value = Int(data[index]) << 16
            out += [alphabet[value >> 18 & 63], alphabet[value >> 12 & 63], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let value = Int(data[index]) << 16 | Int(data[index + 1]) << 8
            out += [
                alphabet[value >> 18 & 63], alphabet[value >> 12 & 63], alphabet[value >> 6 & 63], UInt8(ascii: "="),
            ]
        }
        return out
    }
}
