/// Reads a fuzz input as a stream of choices: bytes, whole numbers in a range, doubles (raw
/// bits, so NaN, infinities and huge values come up), and runs of bytes. Past the end every
/// read gives zero, so any input is a complete program.
struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// The bytes not read yet.
    var remaining: [UInt8] { offset < bytes.count ? Array(bytes[offset...]) : [] }

    /// The next byte, or 0 past the end.
    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A whole number in `range`, from up to two bytes.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return range.lowerBound + raw % span
    }

    /// Whether the next byte is odd.
    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0...choices.count - 1)] }

    /// A double from eight bytes' bits: any value, NaN and infinities included.
    mutating func rawDouble() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bitPattern: bits)
    }

    /// A double: one of a few telling values, a fraction of `range`, or (one time in eight) any
    /// bits at all.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        switch byte() % 8 {
        case 0: return rawDouble()
        case 1: return pick([range.lowerBound, range.upperBound, 0, 1, -1, 0.5, 1e-300, -0.0])
        default:
            let fraction = Double(int(in: 0...65_535)) / 65_535
            return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
        }
    }

    /// The next `count` bytes (fewer at the end).
    mutating func bytes(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, offset + max(count, 0))
        defer { offset = max(offset, end) }
        return offset < end ? Array(bytes[offset..<end]) : []
    }
}
