/// A picture laid into an area of real pixels (terminal graphics at rest): `width` × `height`
/// opaque RGB pixels, the bitmap fitted (letterboxed) or filled (cropped), centred, area-averaged
/// when it is reduced and composited (straight alpha) over `background`, which also fills the
/// letterbox — the same placement ``PictureRaster`` makes at half-block resolution.
package enum PictureCanvas {
    /// The area's pixels, 3 bytes (R, G, B) each, row by row; empty when a side is not positive.
    package static func rgb(
        image: RGBAImage, gravity: CardPicture.Gravity, width: Int, height: Int, background: RGBColor
    ) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for pixel in 0..<width * height {
            out[3 * pixel] = background.red
            out[3 * pixel + 1] = background.green
            out[3 * pixel + 2] = background.blue
        }
        // Square pixels: a sub-pixel of a cell twice as tall as wide is a pixel here.
        let (shownWidth, shownHeight) = PictureRaster.shownSize(
            image: image, gravity: gravity, columns: width, subRows: height, cellAspect: 2)
        let left = (width - shownWidth) / 2
        let top = (height - shownHeight) / 2
        for y in max(top, 0)..<min(top + shownHeight, height) {
            let v = y - top
            let y0 = v * image.height / shownHeight
            let y1 = max((v + 1) * image.height / shownHeight, y0 + 1)
            for x in max(left, 0)..<min(left + shownWidth, width) {
                let u = x - left
                let x0 = u * image.width / shownWidth
                let x1 = max((u + 1) * image.width / shownWidth, x0 + 1)
                let pixel = image.averagePixel(x: x0..<x1, y: y0..<y1)
                let a = Int(pixel.alpha)
                let offset = 3 * (y * width + x)
                out[offset] = UInt8((Int(pixel.red) * a + Int(background.red) * (255 - a) + 127) / 255)
                out[offset + 1] = UInt8((Int(pixel.green) * a + Int(background.green) * (255 - a) + 127) / 255)
                out[offset + 2] = UInt8((Int(pixel.blue) * a + Int(background.blue) * (255 - a) + 127) / 255)
            }
        }
        return out
    }
}
