import Foundation

/// The process-wide table of multi-scalar grapheme clusters, so that a ``Cell`` can store any
/// cluster as a `UInt32` glyph id instead of a `String`.
///
/// A glyph id below 0x110000 is the cluster's single Unicode scalar value. Clusters of two or
/// more scalars (e.g. "e\u{301}", ZWJ emoji, flags) are interned here and get ids from
/// ``firstInternedID`` (0x110000) upward, in order of first use; an id is never reused or freed,
/// so the table grows with the number of distinct multi-scalar clusters ever laid out.
///
/// Thread-safe: every access takes an `NSLock`.
public final class GlyphTable: @unchecked Sendable {
    /// The shared table every ``Cell`` glyph id refers to.
    public static let shared = GlyphTable()

    /// The first id given to an interned multi-scalar cluster (one past the last scalar value).
    public static let firstInternedID: UInt32 = 0x110000

    private let lock = NSLock()
    private var utf8ByID: [[UInt8]] = []
    private var idByCluster: [String: UInt32] = [:]

    /// Creates an empty table (tests use private tables; rendering uses ``shared``).
    public init() {}

    /// The glyph id of `cluster`: its scalar value when it is one scalar, otherwise its interned
    /// id (≥ ``firstInternedID``), interning it on first use.
    ///
    /// - Complexity: O(1) for one scalar; a dictionary lookup under the lock otherwise.
    public func id(for cluster: Character) -> UInt32 {
        let scalars = cluster.unicodeScalars
        if scalars.count == 1, let only = scalars.first { return only.value }
        let key = String(cluster)
        lock.lock()
        defer { lock.unlock() }
        if let existing = idByCluster[key] { return existing }
        let id = Self.firstInternedID + UInt32(utf8ByID.count)
        utf8ByID.append(Array(key.utf8))
        idByCluster[key] = id
        return id
    }

    /// Appends the UTF-8 bytes of glyph `id` to `bytes`. An unknown interned id appends U+FFFD.
    ///
    /// - Complexity: O(bytes) with no allocation beyond `bytes`' growth; interned ids take the lock.
    public func appendUTF8(of id: UInt32, to bytes: inout [UInt8]) {
        if id < Self.firstInternedID {
            ByteSink.appendScalarUTF8(id, to: &bytes)
            return
        }
        lock.lock()
        defer { lock.unlock() }
        let index = Int(id - Self.firstInternedID)
        if index < utf8ByID.count {
            bytes.append(contentsOf: utf8ByID[index])
        } else {
            ByteSink.appendScalarUTF8(0xFFFD, to: &bytes)
        }
    }

    /// The cluster of glyph `id` (U+FFFD for an unknown id or a surrogate value).
    public func character(for id: UInt32) -> Character {
        var bytes: [UInt8] = []
        appendUTF8(of: id, to: &bytes)
        return String(decoding: bytes, as: UTF8.self).first ?? "\u{FFFD}"
    }
}
