/// Progressive scans (T.81 G.1.2): DC first and refinement, AC first and refinement with end-of-band
/// runs, into ``JPEGCoefficients``; at EOI every block is inverse-transformed into its plane.
extension JPEGDecoder {
    mutating func decodeProgressive(_ scan: JPEGScan) throws(PictureDecodingError) {
        guard let frame else { return }
        let first = scan.high == 0
        let dcScan = scan.start == 0
        if !dcScan, !scanned[scan.components[0]] {
            throw .corrupt(.jpeg, reason: "an AC scan before the component's DC scan")
        }
        let tables = try tables(scan, dc: dcScan && first, ac: !dcScan)
        let (columns, rows) = Self.extent(of: scan, frame: frame)
        var state = ProgressiveState(
            reader: JPEGBitReader(bytes: bytes, position: position), scan: scan,
            predictions: Array(repeating: 0, count: scan.components.count))
        var restarts = 0
        let layout = Self.layout(of: scan, frame: frame)
        let stores = scan.components.compactMap { coefficients[$0] }
        let lines = scan.components.map { frame.components[$0].blocksPerLine }
        guard stores.count == scan.components.count else { return }
        for row in 0..<rows {
            for column in 0..<columns {
                if restartInterval > 0, row * columns + column > 0, (row * columns + column) % restartInterval == 0 {
                    try state.reader.restart(index: restarts)
                    restarts += 1
                    state.endOfBandRun = 0
                    for index in state.predictions.indices { state.predictions[index] = 0 }
                }
                for (index, dx, dy, h, v) in layout {
                    let (x, y) = (column * h + dx, row * v + dy)
                    let store = stores[index]
                    let block = y * lines[index] + x
                    switch (dcScan, first) {
                    case (true, true): try state.dcFirst(store, block, tables[index].dc, index)
                    case (true, false): state.dcRefine(store, block)
                    case (false, true): try state.acFirst(store, block, tables[index].ac)
                    case (false, false): try state.acRefine(store, block, tables[index].ac)
                    }
                }
                if state.reader.overran { throw Self.endedEarly(state.reader) }
            }
        }
        if dcScan { for component in scan.components { scanned[component] = true } }
        position = state.reader.position
    }

    /// Every block's kept coefficients, dequantized and inverse-transformed into a new plane; the
    /// coefficients are freed component by component.
    mutating func finishProgressive() {
        guard let frame else { return }
        let block = scratch.block
        for (index, component) in frame.components.enumerated() {
            let plane = JPEGPlane(component: component)
            guard let store = coefficients[index] else { continue }
            let quantization = component.quantization ?? Array(repeating: 0, count: 64)
            for y in 0..<component.usedBlockRows {
                for x in 0..<component.usedBlocksPerLine {
                    let base = (y * component.blocksPerLine + x) * store.kept
                    for n in 0..<64 {
                        let slot = store.slots[n]
                        block[n] = slot < 0 ? 0 : Int(store.values[base + slot]) * quantization[n]
                    }
                    JPEGIDCT.transform(
                        size: component.blockSize, block, scratch.workspace,
                        into: plane.block(x: x, y: y, size: component.blockSize), stride: plane.stride)
                }
            }
            planes.append(plane)
            coefficients[index] = nil
        }
    }
}

/// The bit reader and running state of one progressive scan.
struct ProgressiveState {
    var reader: JPEGBitReader
    let scan: JPEGScan
    var predictions: [Int]
    /// Blocks left in the current end-of-band run (T.81 G.1.2.2).
    var endOfBandRun = 0

    init(reader: JPEGBitReader, scan: JPEGScan, predictions: [Int]) {
        self.reader = reader
        self.scan = scan
        self.predictions = predictions
    }

    mutating func dcFirst(
        _ store: JPEGCoefficients, _ block: Int, _ table: JPEGHuffmanTable, _ index: Int
    ) throws(PictureDecodingError) {
        let category = try reader.decode(table)
        guard category <= 15 else { throw .corrupt(.jpeg, reason: "a DC difference over 15 bits") }
        if category > 0 { predictions[index] += reader.signed(category) }
        store.values[block * store.kept] = Int16(truncatingIfNeeded: predictions[index] << scan.low)
    }

    mutating func dcRefine(_ store: JPEGCoefficients, _ block: Int) {
        if reader.bit() == 1 { store.values[block * store.kept] |= Int16(truncatingIfNeeded: 1 << scan.low) }
    }

    mutating func acFirst(
        _ store: JPEGCoefficients, _ block: Int, _ table: JPEGHuffmanTable
    ) throws(PictureDecodingError) {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        var k = scan.start
        while k <= scan.end {
            let symbol = try reader.decode(table)
            let (run, size) = (symbol >> 4, symbol & 15)
            if size == 0 {
                if run < 15 {
                    endOfBandRun = (1 << run) - 1 + reader.bits(run)
                    return
                }
                k += 16
                continue
            }
            k += run
            guard k <= scan.end else { throw .corrupt(.jpeg, reason: "a coefficient past its scan's band") }
            Self.set(store, block, k, reader.signed(size) << scan.low)
            k += 1
        }
    }

    /// Sets coefficient `k` (zigzag) of `block` to the nonzero `value`.
    static func set(_ store: JPEGCoefficients, _ block: Int, _ k: Int, _ value: Int) {
        store.nonzero[block] |= 1 << UInt64(k)
        let slot = store.slots[JPEGMarkers.naturalOrder[k]]
        if slot >= 0 { store.values[block * store.kept + slot] = Int16(truncatingIfNeeded: value) }
    }

    /// Reads a correction bit for the nonzero coefficient `k` and applies it (T.81 G.1.2.3).
    mutating func correct(_ store: JPEGCoefficients, _ block: Int, _ k: Int) {
        guard reader.bit() == 1 else { return }
        let slot = store.slots[JPEGMarkers.naturalOrder[k]]
        guard slot >= 0 else { return }
        let at = block * store.kept + slot
        let value = Int(store.values[at])
        let bit = 1 << scan.low
        if value & bit == 0 { store.values[at] = Int16(truncatingIfNeeded: value >= 0 ? value + bit : value - bit) }
    }

    mutating func acRefine(
        _ store: JPEGCoefficients, _ block: Int, _ table: JPEGHuffmanTable
    ) throws(PictureDecodingError) {
        var k = scan.start
        if endOfBandRun == 0 {
            while k <= scan.end {
                let symbol = try reader.decode(table)
                let size = symbol & 15
                var zeros = symbol >> 4
                var value = 0
                if size != 0 {
                    guard size == 1 else { throw .corrupt(.jpeg, reason: "a refinement coefficient over 1 bit") }
                    value = reader.bit() == 1 ? 1 << scan.low : -1 << scan.low
                } else if zeros != 15 {
                    endOfBandRun = (1 << zeros) + reader.bits(zeros)
                    break
                }
                while k <= scan.end {
                    if store.nonzero[block] & (1 << UInt64(k)) != 0 {
                        correct(store, block, k)
                    } else {
                        if zeros == 0 { break }
                        zeros -= 1
                    }
                    k += 1
                }
                if value != 0, k <= scan.end { Self.set(store, block, k, value) }
                k += 1
            }
        }
        if endOfBandRun > 0 {
            while k <= scan.end {
                if store.nonzero[block] & (1 << UInt64(k)) != 0 { correct(store, block, k) }
                k += 1
            }
            endOfBandRun -= 1
        }
    }
}
