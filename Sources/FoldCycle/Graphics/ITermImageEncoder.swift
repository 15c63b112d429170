/// iTerm2's inline image command (https://iterm2.com/documentation-images.html), which iTerm2
/// and WezTerm (and mlterm) show: `ESC ] 1337 ; File=` keys `:` a base64 file `ST`. The file is
/// a PNG FoldCycle encodes (``PNGEncoder``) of the picture already laid out at the area's pixel
/// size, shown over `width=` × `height=` cells at the cursor with its aspect not kept
/// (`preserveAspectRatio=0`: the pixels were made for those cells). Like a sixel image it is
/// part of the screen: text written over its cells replaces it, so nothing deletes it
/// (docs/decisions/0235-png-encoder-and-iterm2-images.md).
package enum ITermImageEncoder {
    /// The command that shows `width` × `height` RGB pixels (`rgb`, 3 bytes each, row by row)
    /// over `columns` × `rows` cells at the cursor; empty when the pixels do not make a picture.
    package static func inlineImage(rgb: [UInt8], width: Int, height: Int, columns: Int, rows: Int) -> [UInt8] {
        guard let png = PNGEncoder.encode(pixels: rgb, width: width, height: height, channels: 3) else { return [] }
        return inlineImage(png: png, columns: columns, rows: rows)
    }

    /// The command that shows the PNG file `png` over `columns` × `rows` cells at the cursor.
    package static func inlineImage(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let keys = "inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0"
        return Array("\u{1B}]1337;File=\(keys):".utf8) + KittyGraphicsEncoder.base64(png) + [0x1B, UInt8(ascii: "\\")]
    }
}
