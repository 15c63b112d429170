/// Splits a byte stream into lines at LF, holding at most ``ProtocolLimits/maximumLineBytes`` of
/// a partial line: the bytes of a longer line are counted and dropped as they come, and the line
/// is reported as too long once its LF arrives. A pure value; socket clients each have one.
package struct LineFramer: Sendable {
    /// What a chunk of input completed.
    package enum Line: Equatable, Sendable {
        /// A whole line's bytes, without its LF.
        case line([UInt8])
        /// A line of `byteCount` bytes (without its LF) over the limit, dropped.
        case tooLong(byteCount: Int)
    }

    private var partial: [UInt8] = []
    /// Bytes of the current line dropped so far, or nil while it is within the limit.
    private var dropped: Int?
    private let limit: Int

    /// A framer holding at most `limit` bytes of a line.
    package init(limit: Int = ProtocolLimits.maximumLineBytes) {
        self.limit = limit
    }

    /// Feeds `bytes`; returns the lines they complete, in order.
    package mutating func append<Bytes: Sequence>(_ bytes: Bytes) -> [Line] where Bytes.Element == UInt8 {
        var lines: [Line] = []
        for byte in bytes {
            if byte == 0x0A {
                if let count = dropped {
                    lines.append(.tooLong(byteCount: count))
                } else {
                    lines.append(.line(partial))
                }
                partial.removeAll(keepingCapacity: partial.count <= 4096)
                dropped = nil
            } else if let count = dropped {
                dropped = count + 1
            } else if partial.count == limit {
                // One byte over the limit: count it and drop the rest of the line as it comes.
                dropped = limit + 1
                partial.removeAll()
            } else {
                partial.append(byte)
            }
        }
        return lines
    }

    /// The unfinished last line when the input ends: its bytes (a line without LF), too long,
    /// or nil when nothing is pending.
    package mutating func finish() -> Line? {
        defer {
            partial.removeAll()
            dropped = nil
        }
        if let count = dropped { return .tooLong(byteCount: count) }
        return partial.isEmpty ? nil : .line(partial)
    }
}
