/// CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected): the checksum on every PNG chunk (type and
/// data), as PNG's section 5.5 and zlib's `crc32` compute it.
package enum CRC32 {
    /// The checksum of `bytes` (0 for none).
    package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The CRC of each byte value.
    private static let table: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }
}
