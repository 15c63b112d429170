/// Sequential (baseline and extended Huffman) scans: each block is decoded, dequantized and
/// inverse-transformed straight into its component's plane at the chosen scale, so a fitted
/// decode never holds full-size samples.
extension JPEGDecoder {
    /// The blocks of one MCU of `scan`, as (scan component, block x and y within the MCU, the
    /// component's sampling factors): block (x, y) of MCU (column, row) is block
    /// (column · h + x, row · v + y) of its component. A one-component scan's MCU is one block.
    static func layout(of scan: JPEGScan, frame: JPEGFrame) -> [(index: Int, x: Int, y: Int, h: Int, v: Int)] {
        if scan.components.count == 1 { return [(0, 0, 0, 1, 1)] }
        var result: [(index: Int, x: Int, y: Int, h: Int, v: Int)] = []
        for (index, component) in scan.components.enumerated() {
            let c = frame.components[component]
            for y in 0..<c.vertical {
                for x in 0..<c.horizontal { result.append((index, x, y, c.horizontal, c.vertical)) }
            }
        }
        return result
    }

    /// MCUs per row and MCU rows of `scan`: a one-component scan is not interleaved (T.81 A.2.2).
    static func extent(of scan: JPEGScan, frame: JPEGFrame) -> (columns: Int, rows: Int) {
        guard scan.components.count == 1 else { return (frame.mcusPerLine, frame.mcuRows) }
        let c = frame.components[scan.components[0]]
        return (c.usedBlocksPerLine, c.usedBlockRows)
    }

    mutating func decodeSequential(_ scan: JPEGScan) throws(PictureDecodingError) {
        guard let frame else { return }
        let tables = try tables(scan, dc: true, ac: true)
        let quantization = scan.components.map { frame.components[$0].quantization ?? [] }
        let (columns, rows) = Self.extent(of: scan, frame: frame)
        var reader = JPEGBitReader(bytes: bytes, position: position)
        var predictions = Array(repeating: 0, count: scan.components.count)
        var restarts = 0
        let block = scratch.block
        let layout = Self.layout(of: scan, frame: frame)
        let sizes = scan.components.map { frame.components[$0].blockSize }
        let targets = scan.components.map { planes[$0] }
        for row in 0..<rows {
            for column in 0..<columns {
                if restartInterval > 0, row * columns + column > 0, (row * columns + column) % restartInterval == 0 {
                    try reader.restart(index: restarts)
                    restarts += 1
                    for index in predictions.indices { predictions[index] = 0 }
                }
                for (index, dx, dy, h, v) in layout {
                    let (x, y) = (column * h + dx, row * v + dy)
                    try Self.decodeBlock(
                        &reader, tables[index], prediction: &predictions[index], quantization[index], into: block)
                    let (size, plane) = (sizes[index], targets[index])
                    JPEGIDCT.transform(
                        size: size, block, scratch.workspace, into: plane.block(x: x, y: y, size: size),
                        stride: plane.stride)
                }
                if reader.overran { throw Self.endedEarly(reader) }
            }
        }
        for component in scan.components { scanned[component] = true }
        position = reader.position
    }

    /// One block's coefficients (T.81 F.2.2), dequantized, in natural order.
    static func decodeBlock(
        _ reader: inout JPEGBitReader, _ tables: (dc: JPEGHuffmanTable, ac: JPEGHuffmanTable),
        prediction: inout Int, _ quantization: [Int], into block: UnsafeMutablePointer<Int>
    ) throws(PictureDecodingError) {
        block.update(repeating: 0, count: 64)
        let category = try reader.decode(tables.dc)
        guard category <= 15 else { throw .corrupt(.jpeg, reason: "a DC difference over 15 bits") }
        if category > 0 { prediction += reader.signed(category) }
        block[0] = Int(Int16(truncatingIfNeeded: prediction)) * quantization[0]
        var k = 1
        while k < 64 {
            let symbol = try reader.decode(tables.ac)
            let (run, size) = (symbol >> 4, symbol & 15)
            if size == 0 {
                if run != 15 { break }
                k += 16
                continue
            }
            k += run
            guard k < 64 else { throw .corrupt(.jpeg, reason: "a block with more than 64 coefficients") }
            let natural = JPEGMarkers.naturalOrder[k]
            block[natural] = reader.signed(size) * quantization[natural]
            k += 1
        }
    }
}
