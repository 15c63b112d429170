/// zlib (RFC 1950) around DEFLATE (RFC 1951) decompression, bounded by the size the caller
/// expects: PNG's image data. Stored, fixed-Huffman and dynamic-Huffman blocks, decoded through
/// one-level lookup tables (``InflateHuffmanTable``); the Adler-32 trailer is checked.
///
/// Output never exceeds `outputCount` bytes: a stream that would produce more (a zlib bomb under
/// a small header) stops there with ``Failure/corrupt(_:)``; output is grown as the stream
/// delivers it, so a short file that declares a large image allocates little. Streamed into an
/// ``InflateSink``, the output is handed on in pieces and only DEFLATE's 32 KiB window (and a
/// piece) is held, whatever the image's size. Every malformed stream throws; nothing traps on
/// input data.
enum Inflate {
    /// Why a zlib stream did not inflate.
    enum Failure: Error, Equatable {
        /// The input ends before the stream does.
        case truncated
        /// The stream breaks RFC 1950/1951, its checksum differs, or its size is not the expected
        /// one; the text says which.
        case corrupt(String)
    }

    /// Inflates the zlib stream `input` into exactly `outputCount` bytes.
    static func zlib(_ input: [UInt8], outputCount: Int) throws(Failure) -> [UInt8] {
        var state = try start(input, outputCount: outputCount, sink: WholeOutput())
        try state.inflateBlocks()
        let checksum = try state.readTrailer()
        guard state.outputCount == outputCount else {
            throw .corrupt("image data holds \(state.outputCount) bytes, \(outputCount) expected")
        }
        let output = state.finishedOutput()
        guard Adler32.checksum(output) == checksum else { throw .corrupt("zlib Adler-32 checksum") }
        return output
    }

    /// Inflates the zlib stream `input`, which must hold exactly `outputCount` bytes, handing the
    /// output to `sink` in order, in pieces; returns the sink after the last piece. A failure
    /// may come after some pieces were handed on.
    static func zlib<Sink: InflateSink>(_ input: [UInt8], outputCount: Int, into sink: Sink) throws(Failure) -> Sink {
        var state = try start(input, outputCount: outputCount, sink: sink)
        try state.inflateBlocks()
        let checksum = try state.readTrailer()
        let (sink, adler) = try state.finishStream()
        guard adler == checksum else { throw .corrupt("zlib Adler-32 checksum") }
        guard state.outputCount == outputCount else {
            throw .corrupt("image data holds \(state.outputCount) bytes, \(outputCount) expected")
        }
        return sink
    }

    /// The state after the zlib header (RFC 1950 section 2.2), checked.
    private static func start<Sink: InflateSink>(_ input: [UInt8], outputCount: Int, sink: Sink) throws(Failure)
        -> InflateState<Sink>
    {
        guard input.count >= 2 else { throw .truncated }
        let cmf = Int(input[0])
        let flg = Int(input[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7 else {
            throw .corrupt("zlib method \(cmf & 0x0F) window \(cmf >> 4) (only deflate, at most 32 KB)")
        }
        guard (cmf << 8 | flg) % 31 == 0 else { throw .corrupt("zlib header check bits") }
        guard flg & 0x20 == 0 else { throw .corrupt("zlib preset dictionary (not allowed in PNG)") }
        return InflateState(input: input, start: 2, outputCount: outputCount, sink: sink)
    }
}

/// Where streamed inflate output goes: each piece in order, once.
protocol InflateSink {
    /// Whether output is handed on as it comes (false: it is all kept, and read at the end).
    static var streams: Bool { get }
    /// Takes the next piece of output.
    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>)
}

/// Keeps the whole output (``Inflate/zlib(_:outputCount:)``).
struct WholeOutput: InflateSink {
    static var streams: Bool { false }
    func consume(_ bytes: UnsafeBufferPointer<UInt8>) {}
}

/// The decoder's working state: the bit reader over the input and the output written so far (when
/// the sink streams, the output not yet handed on and the 32 KiB window before it).
struct InflateState<Sink: InflateSink> {
    private let input: [UInt8]
    /// The next input byte to load into `bits`.
    private var position: Int
    /// Bits not yet consumed, least significant first (DEFLATE's bit order).
    private var bits: UInt64 = 0
    /// How many of `bits` are loaded.
    private var bitCount = 0
    /// Zero bytes loaded past the input's end (so a refill never branches on the end); consuming
    /// any of them means the input was truncated.
    private var padding = 0
    /// The output buffer (its count is the allocated room, grown on demand up to `limit`; when
    /// streaming, a fixed ``streamRoom`` at most).
    private var output: [UInt8] = []
    /// Bytes of `output` written.
    private var end = 0
    /// Bytes handed to the sink (streaming only): `output` starts after them.
    private var handedOn = 0
    /// The checksum of the bytes handed on.
    private var adler = Adler32()
    private var sink: Sink
    /// The most output the stream may produce.
    private let limit: Int

    /// DEFLATE's window: the most a match reaches back, kept when output is handed on.
    private static var window: Int { 32_768 }
    /// The streaming buffer's room: the window, a stored block's most (65,535 bytes) and more.
    private static var streamRoom: Int { 262_144 }

    /// Bytes produced so far.
    var outputCount: Int { handedOn + end }

    init(input: [UInt8], start: Int, outputCount: Int, sink: Sink) {
        self.input = input
        self.position = start
        self.limit = outputCount
        self.sink = sink
        // Start small: a short file declaring a large picture does not allocate its size.
        let room = Sink.streams ? Self.streamRoom : max(65_536, input.count * 4)
        output = [UInt8](repeating: 0, count: min(outputCount, room))
    }

    /// Decodes blocks up to and including the one marked final.
    mutating func inflateBlocks() throws(Inflate.Failure) {
        var final = false
        while !final {
            refill()
            final = take(1) == 1
            switch take(2) {
            case 0: try storedBlock()
            case 1: try huffmanBlock(literals: InflateHuffmanTable.fixedLiterals, distances: .fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try huffmanBlock(literals: literals, distances: distances)
            default: throw failure("deflate block type 3")
            }
            try checkInput()
        }
    }

    /// The big-endian Adler-32 after the last block, from the next byte boundary.
    mutating func readTrailer() throws(Inflate.Failure) -> UInt32 {
        try alignToByte()
        guard position + 4 <= input.count else { throw .truncated }
        let value = input[position..<position + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        position += 4
        return value
    }

    /// The output, cut to what was written.
    consuming func finishedOutput() -> [UInt8] {
        output.removeSubrange(end...)
        return output
    }

    /// Hands the rest of the output on; the sink and the checksum of all the output.
    mutating func finishStream() throws(Inflate.Failure) -> (Sink, UInt32) {
        try handOn(keeping: 0)
        return (sink, adler.value)
    }

    /// Hands all but the last `kept` bytes written to the sink and moves those to the front.
    private mutating func handOn(keeping kept: Int) throws(Inflate.Failure) {
        let count = end - kept
        guard count > 0 else { return }
        guard handedOn + end <= limit else {
            throw .corrupt("image data is longer than the \(limit) bytes the header declares")
        }
        output.withUnsafeMutableBufferPointer { buffer in
            let piece = UnsafeBufferPointer(rebasing: buffer[..<count])
            adler.update(piece)
            sink.consume(piece)
            guard let base = buffer.baseAddress, kept > 0 else { return }
            base.update(from: base + count, count: kept)
        }
        handedOn += count
        end = kept
    }

    // MARK: Bits

    /// Loads bytes until at least 57 bits are loaded (enough for any one length-distance pair).
    private mutating func refill() {
        while bitCount <= 56 {
            if position < input.count {
                bits |= UInt64(input[position]) << UInt64(bitCount)
                position += 1
            } else {
                padding += 1
            }
            bitCount += 8
        }
    }

    /// Consumes `count` (≤ 32) loaded bits.
    private mutating func take(_ count: Int) -> Int {
        let value = Int(truncatingIfNeeded: bits & ((1 << UInt64(count)) - 1))
        bits >>= UInt64(count)
        bitCount -= count
        return value
    }

    /// `corrupt(reason)`, or `truncated` when the bits read so far (and `peeked` more) reach past
    /// the input's end: a cut stream's padding may decode to nonsense first.
    private func failure(_ reason: String, peeked: Int = 0) -> Inflate.Failure {
        bitCount - peeked < padding * 8 ? .truncated : .corrupt(reason)
    }

    /// Throws when bits past the input's end were consumed.
    private func checkInput() throws(Inflate.Failure) {
        if bitCount < padding * 8 { throw .truncated }
    }

    /// Drops the bits to the next byte boundary and hands back the whole bytes still loaded.
    private mutating func alignToByte() throws(Inflate.Failure) {
        try checkInput()
        _ = take(bitCount % 8)
        let loaded = bitCount / 8 - padding
        position -= loaded
        bits = 0
        bitCount = 0
        padding = 0
    }

    // MARK: Blocks

    /// A stored block: LEN, NLEN, then LEN bytes copied.
    private mutating func storedBlock() throws(Inflate.Failure) {
        try alignToByte()
        guard position + 4 <= input.count else { throw .truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length ^ 0xFFFF == complement else { throw .corrupt("deflate stored block length check") }
        position += 4
        guard position + length <= input.count else { throw .truncated }
        try reserve(length)
        output.replaceSubrange(end..<end + length, with: input[position..<position + length])
        end += length
        position += length
    }

    /// Makes room for `count` (at most 65,535) more output bytes; throws past the limit. When
    /// streaming, the room is made by handing output on, keeping the window.
    private mutating func reserve(_ count: Int) throws(Inflate.Failure) {
        let needed = end + count
        guard needed > output.count else { return }
        guard handedOn + needed <= limit else {
            throw .corrupt("image data is longer than the \(limit) bytes the header declares")
        }
        if Sink.streams, end > Self.window {
            try handOn(keeping: Self.window)
            if end + count <= output.count { return }
        }
        let grown = min(limit - handedOn, max(end + count, output.count * 2))
        output.append(contentsOf: repeatElement(0, count: grown - output.count))
    }

    /// Decodes one symbol with `table` (bits must be loaded).
    private mutating func decode(_ table: InflateHuffmanTable) throws(Inflate.Failure) -> Int {
        let entry = Int(table.entries[Int(truncatingIfNeeded: bits) & table.mask])
        let length = entry & 15
        guard length != 0 else {
            throw failure("deflate code not in the block's Huffman table", peeked: table.mask.nonzeroBitCount)
        }
        bits >>= UInt64(length)
        bitCount -= length
        return entry >> 4
    }

    /// A Huffman-coded block: literals and length-distance pairs up to the end-of-block symbol.
    private mutating func huffmanBlock(literals: InflateHuffmanTable, distances: InflateHuffmanTable)
        throws(Inflate.Failure)
    {
        while true {
            refill()
            let symbol = try decode(literals)
            if symbol < 256 {
                try checkInput()
                if end >= output.count { try reserve(1) }
                output[end] = UInt8(truncatingIfNeeded: symbol)
                end += 1
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < 29 else { throw failure("deflate length symbol \(symbol)") }
            let length =
                InflateHuffmanTable.lengthBase[lengthIndex] + take(InflateHuffmanTable.lengthExtra[lengthIndex])
            let distanceSymbol = try decode(distances)
            guard distanceSymbol < 30 else { throw failure("deflate distance symbol \(distanceSymbol)") }
            let distance =
                InflateHuffmanTable.distanceBase[distanceSymbol]
                + take(InflateHuffmanTable.distanceExtra[distanceSymbol])
            try checkInput()
            try copyMatch(length: length, distance: distance)
        }
    }

    /// Copies `length` bytes from `distance` bytes back (overlapping copies repeat).
    private mutating func copyMatch(length: Int, distance: Int) throws(Inflate.Failure) {
        guard distance <= outputCount else { throw failure("deflate distance \(distance) before the output's start") }
        try reserve(length)
        // Within the buffer: after a hand-on, the window (DEFLATE's farthest distance) is kept.
        let start = end
        output.withUnsafeMutableBufferPointer { buffer in
            // In bounds: start + length ≤ buffer.count (reserve) and distance ≤ start.
            guard let base = buffer.baseAddress else { return }
            var to = base + start
            var from = to - distance
            for _ in 0..<length {
                to.pointee = from.pointee
                to += 1
                from += 1
            }
        }
        end += length
    }

    /// A dynamic block's header: the code-length code, then the literal/length and distance codes.
    private mutating func dynamicTables() throws(Inflate.Failure) -> (InflateHuffmanTable, InflateHuffmanTable) {
        refill()
        let literalCount = take(5) + 257
        let distanceCount = take(5) + 1
        let codeLengthCount = take(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw failure("deflate dynamic block with \(literalCount) literal and \(distanceCount) distance codes")
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            refill()
            codeLengthLengths[InflateHuffmanTable.codeLengthOrder[index]] = UInt8(take(3))
        }
        try checkInput()
        let codeLengthTable = try InflateHuffmanTable(lengths: codeLengthLengths[...])
        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            refill()
            let symbol = try decode(codeLengthTable)
            let (value, repeats) = try codeLengthRun(symbol, previous: index > 0 ? lengths[index - 1] : nil)
            guard index + repeats <= lengths.count else { throw failure("deflate code lengths overrun") }
            for offset in index..<index + repeats { lengths[offset] = value }
            index += repeats
        }
        try checkInput()
        guard lengths[256] != 0 else { throw failure("deflate block without an end-of-block code") }
        return (
            try InflateHuffmanTable(lengths: lengths[..<literalCount]),
            try InflateHuffmanTable(lengths: lengths[literalCount...])
        )
    }

    /// One code-length symbol as a (length, repeat count) run.
    private mutating func codeLengthRun(_ symbol: Int, previous: UInt8?) throws(Inflate.Failure) -> (UInt8, Int) {
        switch symbol {
        case 0..<16: return (UInt8(symbol), 1)
        case 16:
            guard let previous else { throw failure("deflate repeat code with no previous length") }
            return (previous, 3 + take(2))
        case 17: return (0, 3 + take(3))
        default: return (0, 11 + take(7))
        }
    }
}
