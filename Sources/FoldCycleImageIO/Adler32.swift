/// Adler-32 (RFC 1950 section 8.2): zlib's checksum of the uncompressed data.
enum Adler32 {
    /// The checksum of `bytes` (1 for none).
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
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
        return b << 16 | a
    }
}
