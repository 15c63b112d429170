/// Adler-32 (RFC 1950 section 8.2), the checksum after a zlib stream, fed in pieces.
struct Adler32 {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// The checksum of the bytes fed so far (1 for none).
    var value: UInt32 { b << 16 | a }

    /// The checksum of `bytes` (1 for none).
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var adler = Adler32()
        bytes.withUnsafeBufferPointer { adler.update($0) }
        return adler.value
    }

    /// Feeds `bytes`.
    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        // 5552 is the most bytes whose sums cannot overflow 32 bits before the modulo.
        while start < bytes.count {
            let end = min(bytes.count, start + 5552)
            for index in start..<end {
                a &+= UInt32(bytes[index])
                b &+= a
            }
            a %= 65_521
            b %= 65_521
            start = end
        }
    }
}
