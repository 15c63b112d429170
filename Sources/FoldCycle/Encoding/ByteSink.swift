internal import FoldCyclePlatform

/// The frame's bytes (glyphs, cursor moves, SGRs), written through a pointer into a 1 KiB stack
/// block and appended to the caller's array a block at a time, so a byte costs no uniqueness or
/// capacity check. Whoever writes to the array directly flushes the sink first, keeping the order.
///
/// Also home of the project's one scalar → UTF-8 encoder, ``encodeUTF8(_:_:)``: the sink's
/// ``writeScalarUTF8(_:flushingTo:)`` (through ``writeUTF8(of:to:)``) and
/// ``GlyphTable/appendUTF8(of:to:)`` (through ``appendScalarUTF8(_:to:)``) both use it.
struct ByteSink {
    /// The block's size: bytes written between flushes.
    static let capacity = 1024

    let block: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    /// Calls `body` with an empty sink and `bytes`, then flushes the sink to `bytes`.
    static func withSink<Result>(
        flushingTo bytes: inout [UInt8],
        _ body: (inout ByteSink, inout [UInt8]) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { block in
            var sink = ByteSink(block: block)
            let result = body(&sink, &bytes)
            sink.flush(to: &bytes)
            return result
        }
    }

    /// Room for a cursor move and two SGRs (the reset and the incremental form, each under
    /// 100 bytes: 10 attribute parameters and two truecolor colours).
    static let escapeRoom = 256

    /// Flushes when fewer than `room` bytes are free.
    @inline(__always)
    mutating func reserve(_ room: Int, flushingTo bytes: inout [UInt8]) {
        if count > block.count - room { flush(to: &bytes) }
    }

    /// Writes an escape sequence (the caller has reserved ``EscapeSequence/maximumByteCount``).
    @inline(__always)
    mutating func write(_ sequence: EscapeSequence) {
        guard let base = block.baseAddress else { return }
        count += sequence.write(to: base + count)
    }

    /// Writes a sequence of the form `CSI n final` (``EscapeSequence/writeCount(_:final:to:)``:
    /// the bytes of ``EscapeSequence/cursorForward(_:)`` for final `C`, and so on) without forming
    /// the sequence (the caller has reserved ``EscapeSequence/maximumByteCount``).
    @inline(__always)
    mutating func writeCounted(_ n: Int, final: UInt8) {
        count &+= EscapeSequence.writeCount(n, final: final, to: block.baseAddress.unsafelyUnwrapped + count)
    }

    /// Writes one byte (a C0 control: CR, LF, BS); the caller has reserved room.
    @inline(__always)
    mutating func writeByte(_ byte: UInt8) {
        block.baseAddress.unsafelyUnwrapped[count] = byte
        count &+= 1
    }

    /// Writes `run` (bytes formed elsewhere): into the block when it fits (after a flush if
    /// need be), else straight to `bytes` after a flush.
    @inline(__always)
    mutating func write(_ run: UnsafeBufferPointer<UInt8>, flushingTo bytes: inout [UInt8]) {
        guard run.count <= Self.capacity - Self.escapeRoom else {
            flush(to: &bytes)
            bytes.append(contentsOf: run)
            return
        }
        reserve(run.count, flushingTo: &bytes)
        guard let from = run.baseAddress, let to = block.baseAddress else { return }
        (to + count).update(from: from, count: run.count)
        count &+= run.count
    }

    /// Appends the written bytes to `bytes` and empties the sink.
    @inline(__always)
    mutating func flush(to bytes: inout [UInt8]) {
        guard count > 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: block[..<count]))
        count = 0
    }

    /// Writes one scalar value as UTF-8 (``encodeUTF8(_:_:)``: surrogates and out-of-range
    /// values as U+FFFD), flushing first when fewer than 4 bytes are free.
    @inline(__always)
    mutating func writeScalarUTF8(_ scalar: UInt32, flushingTo bytes: inout [UInt8]) {
        if count > block.count - 4 { flush(to: &bytes) }
        // The block always has a base address (its capacity is not 0).
        count += Self.writeUTF8(of: scalar, to: block.baseAddress.unsafelyUnwrapped + count)
    }

    /// Writes one scalar value as UTF-8 (``writeUTF8Unchecked(of:to:)``) when `condition`
    /// holds; the caller has reserved 4 bytes. No branch on the scalar's length: the 4-byte
    /// store is unconditional and the count advances by the length (0 when not `condition`).
    @inline(__always)
    mutating func writeScalarUTF8Unchecked(_ scalar: UInt32, if condition: Bool) {
        // The block always has a base address (its capacity is not 0).
        let written = Self.writeUTF8Unchecked(of: scalar, to: block.baseAddress.unsafelyUnwrapped + count)
        count &+= condition ? written : 0
    }
}

// MARK: - UTF-8

extension ByteSink {
    /// Passes the UTF-8 bytes of one scalar value to `body`, in order (1 to 4 calls).
    /// Surrogates (U+D800…U+DFFF) and values from 0x110000 on, which are no Unicode scalar
    /// values, come out as U+FFFD (3 bytes). The project's only UTF-8 encoder of scalars: it is
    /// inlined with `body`, so writing through a pointer (``writeUTF8(of:to:)``) and appending to
    /// an array (``appendScalarUTF8(_:to:)``) cost no more than hand-written code for each.
    @inline(__always)
    static func encodeUTF8(_ scalar: UInt32, _ body: (UInt8) -> Void) {
        // ASCII first, and below 0x800 there is nothing to replace.
        if scalar < 0x80 {
            body(UInt8(truncatingIfNeeded: scalar))
            return
        }
        if scalar < 0x800 {
            body(UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6)))
            body(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
            return
        }
        let value = (0xD800..<0xE000).contains(scalar) || scalar >= 0x110000 ? 0xFFFD : scalar
        if value < 0x10000 {
            body(UInt8(truncatingIfNeeded: 0xE0 | (value >> 12)))
            body(UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F)))
            body(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
            return
        }
        body(UInt8(truncatingIfNeeded: 0xF0 | (value >> 18)))
        body(UInt8(truncatingIfNeeded: 0x80 | ((value >> 12) & 0x3F)))
        body(UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F)))
        body(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
    }

    /// Writes one scalar value as UTF-8 (``encodeUTF8(_:_:)``) at `pointer`, which must have
    /// room for 4 bytes, and returns how many it wrote (1 to 4).
    @inline(__always)
    static func writeUTF8(of scalar: UInt32, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        encodeUTF8(scalar) { byte in
            pointer[count] = byte
            count &+= 1
        }
        return count
    }

    /// ``writeUTF8(of:to:)`` as one (unaligned) 4-byte store at `pointer`, which must have room
    /// for 4 bytes; returns the length (1 to 4). Bytes past the length are scratch. ASCII takes
    /// one branch; a longer scalar's form is picked without another (all three are formed, the
    /// one of its length kept with selects). The same bytes as ``encodeUTF8(_:_:)``,
    /// replacements included.
    @inline(__always)
    static func writeUTF8Unchecked(of scalar: UInt32, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        if scalar < 0x80 {
            pointer.pointee = UInt8(truncatingIfNeeded: scalar)
            return 1
        }
        let invalid = scalar &- 0xD800 < 0x800 || scalar >= 0x110000
        let value: UInt32 = invalid ? 0xFFFD : scalar
        let continuation0 = 0x80 | value & 0x3F
        let continuation1 = 0x80 | value &>> 6 & 0x3F
        let two = (0xC0 | value &>> 6) | continuation0 &<< 8
        let three = (0xE0 | value &>> 12) | continuation1 &<< 8 | continuation0 &<< 16
        let four =
            (0xF0 | value &>> 18) | (0x80 | value &>> 12 & 0x3F) &<< 8 | continuation1 &<< 16 | continuation0 &<< 24
        let word = value < 0x800 ? two : value < 0x10000 ? three : four
        UnsafeMutableRawPointer(pointer).storeBytes(of: word.littleEndian, as: UInt32.self)
        return value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
    }

    /// The number of bytes ``writeUTF8(of:to:)`` writes for `scalar` (1 to 4; 3 for U+FFFD).
    @inline(__always)
    static func utf8Length(of scalar: UInt32) -> Int {
        // Surrogates are below 0x10000: 3 bytes, as U+FFFD is.
        scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 || scalar >= 0x110000 ? 3 : 4
    }

    /// Appends one scalar value as UTF-8 (``encodeUTF8(_:_:)``) to `bytes`, a byte at a time,
    /// allocating nothing beyond `bytes`' growth.
    static func appendScalarUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        encodeUTF8(scalar) { bytes.append($0) }
    }
}
