/// PNG (ISO/IEC 15948) to RGBA: every colour type (grey, RGB, palette, grey+alpha, RGBA) at every
/// bit depth PNG allows, filters 0–4, Adam7 interlacing, and tRNS for palette, grey and RGB.
///
/// The chunks are read and CRC-checked (``PNGChunks``), the IDAT stream is inflated into exactly
/// the bytes the header implies (``Inflate``: a stream that would give more is corrupt, one that
/// ends early is truncated), each pass is unfiltered in place (``PNGUnfilter``) and its pixels
/// are written into the RGBA picture (``PNGPixelExpander``: sample rules there). Colour-space
/// chunks (gAMA, cHRM, iCCP, sRGB) are ignored: samples are taken as sRGB. Memory is the
/// file, its image data and the RGBA result: a non-interlaced picture is unfiltered row by row
/// as its data inflates (``PNGRowStream``), and asked for a smaller size it is box-downsampled as
/// the rows come, so only the small RGBA is held. An interlaced one is inflated whole first (its
/// passes cover the picture repeatedly): the inflated data (the image's bytes plus one per row)
/// is held as well.
enum PNGDecoder {
    /// Decodes a whole PNG file, box-downsampled by the largest integer factor that keeps it at
    /// least `fitting` in both dimensions (``PNGBoxDownsampler``), or at full size for nil.
    static func decode(_ bytes: [UInt8], fitting: (width: Int, height: Int)? = nil) throws(PictureDecodingError)
        -> RGBAImage
    {
        let chunks = try PNGChunks(bytes)
        let header = chunks.header
        let passes = PNGInterlacePass.passes(for: header)
        let expander = PNGPixelExpander(chunks)
        let factor = PNGBoxDownsampler.factor(width: header.width, height: header.height, fitting: fitting)
        var downsampler = PNGBoxDownsampler(sourceWidth: header.width, sourceHeight: header.height, factor: factor)
        if !header.interlaced {
            // Row by row as the data inflates: neither the inflated data nor (for a smaller size)
            // the full-size RGBA is ever held.
            // The full-size picture is made by the stream itself, at its first row (``PNGRowStream/Target``).
            let count = rawCount(header, passes: passes)
            let rows = try inflating { () throws(Inflate.Failure) in
                try Inflate.zlib(
                    chunks.imageData, outputCount: count,
                    into: PNGRowStream(
                        header: header, expander: expander, target: factor > 1 ? .reduced(downsampler) : .whole([])))
            }
            if let failure = rows.failure { throw failure }
            switch rows.target {
            case .whole(let pixels): return try image(width: header.width, height: header.height, pixels: pixels)
            case .reduced(var downsampler):
                return try image(width: downsampler.width, height: downsampler.height, pixels: downsampler.finish())
            }
        }
        let count = rawCount(header, passes: passes)
        var raw = try inflating { () throws(Inflate.Failure) in try Inflate.zlib(chunks.imageData, outputCount: count) }
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        let failure = raw.withUnsafeMutableBufferPointer { raw in
            pixels.withUnsafeMutableBufferPointer { pixels in
                reconstruct(raw, into: pixels, passes: passes, expander: expander, header: header)
            }
        }
        if let failure { throw failure }
        guard factor > 1 else { return try image(width: header.width, height: header.height, pixels: pixels) }
        pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for y in 0..<header.height { downsampler.add(base + y * header.width * 4) }
        }
        return try image(width: downsampler.width, height: downsampler.height, pixels: downsampler.finish())
    }

    /// The bytes the IDAT stream inflates to: each pass's rows, each a filter-type byte and its
    /// samples.
    private static func rawCount(_ header: PNGHeader, passes: [PNGInterlacePass]) -> Int {
        passes.reduce(0) { $0 + $1.height * (1 + header.rowBytes(width: $1.width)) }
    }

    /// `body`'s result, its inflate failure said as the PNG's.
    private static func inflating<T>(_ body: () throws(Inflate.Failure) -> T) throws(PictureDecodingError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .truncated: throw .truncated(.png)
            case .corrupt(let reason): throw .corrupt(.png, reason: "IDAT: \(reason)")
            }
        }
    }

    private static func image(width: Int, height: Int, pixels: [UInt8]) throws(PictureDecodingError) -> RGBAImage {
        guard let image = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw .corrupt(.png, reason: "size \(width)×\(height)")
        }
        return image
    }

    private static func paletteError(_ index: Int) -> PictureDecodingError {
        .corrupt(.png, reason: "palette index \(index) past the PLTE's last entry")
    }

    /// Unfilters each pass of `raw` and writes its pixels into `pixels`; the first failure, or nil.
    private static func reconstruct(
        _ raw: UnsafeMutableBufferPointer<UInt8>, into pixels: UnsafeMutableBufferPointer<UInt8>,
        passes: [PNGInterlacePass], expander: PNGPixelExpander, header: PNGHeader
    ) -> PictureDecodingError? {
        guard let source = raw.baseAddress, let target = pixels.baseAddress else { return nil }
        var offset = 0
        for pass in passes {
            let rowBytes = header.rowBytes(width: pass.width)
            let bytesPerPixel = max(1, header.bitsPerPixel / 8)
            if let filter = PNGUnfilter.unfilter(
                raw, start: offset, rows: pass.height, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel)
            {
                return .corrupt(.png, reason: "IDAT: filter type \(filter) (allowed: 0 to 4)")
            }
            for row in 0..<pass.height {
                let y = pass.y + row * pass.dy
                let line = source + offset + row * (1 + rowBytes) + 1
                let first = target + (y * header.width + pass.x) * 4
                if let index = expander.expand(line, count: pass.width, into: first, step: pass.dx * 4) {
                    return paletteError(index)
                }
            }
            offset += pass.height * (1 + rowBytes)
        }
        return nil
    }
}

/// One Adam7 pass (ISO/IEC 15948 section 8.2), or the whole picture when not interlaced: the
/// pixels at columns `x + i × dx` and rows `y + j × dy`.
struct PNGInterlacePass: Equatable, Sendable {
    let x: Int
    let y: Int
    let dx: Int
    let dy: Int
    /// Pixels per row in this pass.
    let width: Int
    /// Rows in this pass.
    let height: Int

    /// The passes of `header`'s picture that hold pixels (an empty pass has no rows in the data).
    static func passes(for header: PNGHeader) -> [PNGInterlacePass] {
        let layout =
            header.interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        return layout.compactMap { x, y, dx, dy in
            let width = header.width > x ? (header.width - x + dx - 1) / dx : 0
            let height = header.height > y ? (header.height - y + dy - 1) / dy : 0
            guard width > 0, height > 0 else { return nil }
            return PNGInterlacePass(x: x, y: y, dx: dx, dy: dy, width: width, height: height)
        }
    }
}
