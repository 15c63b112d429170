/// PNG's filter method 0 reversed (ISO/IEC 15948 section 9): each row's filter-type byte (0 None,
/// 1 Sub, 2 Up, 3 Average, 4 Paeth) says how its bytes were predicted from the byte
/// `bytesPerPixel` to the left (a), the byte above (b) and the one above that (c); rows are
/// reconstructed in place.
enum PNGUnfilter {
    /// Reconstructs `rows` rows of `1 + rowBytes` bytes starting at `start` in `data` (one
    /// interlace pass, or the whole image), in place; the first row's "above" is zeros. Returns
    /// the first unknown filter type met (the rows from there on are left as they were), or nil.
    /// The caller guarantees `start + rows × (1 + rowBytes) ≤ data.count`.
    static func unfilter(
        _ data: UnsafeMutableBufferPointer<UInt8>, start: Int, rows: Int, rowBytes: Int, bytesPerPixel: Int
    ) -> UInt8? {
        guard let base = data.baseAddress, rows > 0, rowBytes > 0 else { return nil }
        var previous: UnsafeMutablePointer<UInt8>? = nil
        for row in 0..<rows {
            let filterType = base[start + row * (1 + rowBytes)]
            let line = base + start + row * (1 + rowBytes) + 1
            guard unfilter(line, filterType: filterType, above: previous, count: rowBytes, bytesPerPixel: bytesPerPixel)
            else { return filterType }
            previous = line
        }
        return nil
    }

    /// Reconstructs one row of `count` bytes at `line`, filtered with `filterType`, in place;
    /// `above` is the reconstructed row above (nil for a pass's first row: zeros). False for an
    /// unknown filter type (the row is left as it was).
    static func unfilter(
        _ line: UnsafeMutablePointer<UInt8>, filterType: UInt8, above: UnsafeMutablePointer<UInt8>?, count: Int,
        bytesPerPixel: Int
    ) -> Bool {
        switch (filterType, above) {
        case (0, _), (2, nil): break
        case (1, _): sub(line, count: count, bytesPerPixel: bytesPerPixel)
        case (2, let above?): for index in 0..<count { line[index] &+= above[index] }
        case (3, _): average(line, above: above, count: count, bytesPerPixel: bytesPerPixel)
        case (4, let above?): paeth(line, above: above, count: count, bytesPerPixel: bytesPerPixel)
        // Paeth with no row above predicts from the left byte: Sub.
        case (4, nil): sub(line, count: count, bytesPerPixel: bytesPerPixel)
        default: return false
        }
        return true
    }

    private static func sub(_ line: UnsafeMutablePointer<UInt8>, count: Int, bytesPerPixel: Int) {
        guard count > bytesPerPixel else { return }
        for index in bytesPerPixel..<count { line[index] &+= line[index - bytesPerPixel] }
    }

    private static func average(
        _ line: UnsafeMutablePointer<UInt8>, above: UnsafeMutablePointer<UInt8>?, count: Int, bytesPerPixel: Int
    ) {
        for index in 0..<count {
            let left = index >= bytesPerPixel ? Int(line[index - bytesPerPixel]) : 0
            let up = above.map { Int($0[index]) } ?? 0
            line[index] &+= UInt8(truncatingIfNeeded: (left + up) >> 1)
        }
    }

    private static func paeth(
        _ line: UnsafeMutablePointer<UInt8>, above: UnsafeMutablePointer<UInt8>, count: Int, bytesPerPixel: Int
    ) {
        for index in 0..<min(bytesPerPixel, count) { line[index] &+= above[index] }
        guard count > bytesPerPixel else { return }
        for index in bytesPerPixel..<count {
            let a = Int(line[index - bytesPerPixel])
            let b = Int(above[index])
            let c = Int(above[index - bytesPerPixel])
            let pa = abs(b - c)
            let pb = abs(a - c)
            let pc = abs(a + b - 2 * c)
            let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            line[index] &+= UInt8(truncatingIfNeeded: predictor)
        }
    }
}
