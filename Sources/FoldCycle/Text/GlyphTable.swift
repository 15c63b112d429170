internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The process-wide table of multi-scalar grapheme clusters, so that a ``Cell`` can store any
/// cluster as a `UInt32` glyph id instead of a `String`.
///
/// A glyph id below 0x110000 is the cluster's single Unicode scalar value. Clusters of two or
/// more scalars (e.g. "e\u{301}", ZWJ emoji, flags) are interned here and get ids from
/// ``firstInternedID`` (0x110000) upward, in order of first use; clusters whose width terminals
/// disagree on (``DisplayWidth/isDisputed(_:)``, a single regional indicator included) get ids
/// from ``firstDisputedID`` upward instead, so the encoder tells them apart by their id alone
/// (``isDisputed(_:)``), with no lookup. An id is never reused or freed (a cell buffer may still
/// hold it), so the table is bounded instead: it interns at most ``Limits/internedClusters``
/// clusters of each kind, and a cluster first seen after that is given ``replacementID(for:)``,
/// a replacement glyph of its width, so text laid out over a long run (a status line, a million
/// items) costs a bounded amount of memory.
///
/// Thread-safe: every access takes a `Lock`.
package final class GlyphTable: @unchecked Sendable {
    // @unchecked: lock-guarded tables on the encoder's hot path, which takes the `Lock` directly (no
    // closure per glyph, as a `LockedBox` would cost).
    /// The shared table every ``Cell`` glyph id refers to.
    package static let shared = GlyphTable()

    /// The first id given to an interned multi-scalar cluster (one past the last scalar value).
    package static let firstInternedID: UInt32 = 0x110000

    /// The first id given to an interned cluster of disputed width (bit 31 set: far above any
    /// count of ordinary interned clusters).
    package static let firstDisputedID: UInt32 = 0x8000_0000

    private let lock = Lock()
    private var utf8ByID: [[UInt8]] = []
    private var disputedUTF8ByID: [[UInt8]] = []
    /// Per disputed id, the most cells a terminal may advance for it.
    private var disputedAdvanceByID: [Int] = []
    private var idByCluster: [String: UInt32] = [:]

    /// Creates an empty table (tests use private tables; rendering uses ``shared``).
    package init() {}

    /// The glyph id of `cluster`: its scalar value when it is one scalar of undisputed width,
    /// otherwise its interned id (≥ ``firstInternedID``; ≥ ``firstDisputedID`` when its width
    /// is disputed), interning it on first use; once ``Limits/internedClusters`` clusters of its
    /// kind are interned, a new one gets ``replacementID(for:)``.
    ///
    /// - Complexity: O(1) for one scalar; a dictionary lookup under the lock otherwise.
    package func id(for cluster: Character) -> UInt32 {
        let scalars = cluster.unicodeScalars
        if scalars.count == 1, let only = scalars.first, !(0x1F1E6...0x1F1FF).contains(only.value) {
            return only.value
        }
        let key = String(cluster)
        lock.lock()
        defer { lock.unlock() }
        if let existing = idByCluster[key] { return existing }
        let id: UInt32
        let disputed = DisplayWidth.isDisputed(cluster)
        guard (disputed ? disputedUTF8ByID.count : utf8ByID.count) < Self.capacity else {
            return Self.replacementID(for: cluster)
        }
        if disputed {
            id = Self.firstDisputedID + UInt32(disputedUTF8ByID.count)
            disputedUTF8ByID.append(Array(key.utf8))
            // A terminal that adds up the scalars' widths advances furthest (a ZWJ family of
            // three: 6 cells); one that draws each as 2 cells (a wide flag half) may too.
            let sum = scalars.reduce(0) { $0 + DisplayWidth.terminalScalarWidth($1.value) }
            disputedAdvanceByID.append(
                max(sum, 2 * scalars.count(where: { DisplayWidth.terminalScalarWidth($0.value) > 0 }), 2))
        } else {
            id = Self.firstInternedID + UInt32(utf8ByID.count)
            utf8ByID.append(Array(key.utf8))
        }
        idByCluster[key] = id
        return id
    }

    /// How many clusters of each kind the table interns: ``Limits/internedClusters``.
    package static var capacity: Int { Limits.internedClusters }

    /// The glyph drawn for a cluster the full table cannot intern: 〓 (U+3013, the geta mark
    /// that Japanese typesetting puts where a character is missing) for a cluster two cells wide,
    /// else U+FFFD, so the row keeps its widths.
    package static func replacementID(for cluster: Character) -> UInt32 {
        DisplayWidth.of(cluster) >= 2 ? 0x3013 : 0xFFFD
    }

    /// Whether glyph `id` is a cluster of disputed width (``DisplayWidth/isDisputed(_:)``).
    @inline(__always)
    package static func isDisputed(_ id: UInt32) -> Bool { id >= firstDisputedID }

    /// The most cells a terminal may advance the cursor for glyph `id`: for a disputed cluster,
    /// twice the number of its scalars that have a width, or the sum of their widths when more
    /// (at least 2); otherwise 2 (a wide cluster).
    package func widestAdvance(of id: UInt32) -> Int {
        guard id >= Self.firstDisputedID else { return 2 }
        lock.lock()
        defer { lock.unlock() }
        let index = Int(id - Self.firstDisputedID)
        return index < disputedAdvanceByID.count ? disputedAdvanceByID[index] : 2
    }

    /// Appends the UTF-8 bytes of glyph `id` to `bytes`. An unknown interned id appends U+FFFD.
    ///
    /// - Complexity: O(bytes) with no allocation beyond `bytes`' growth; interned ids take the lock.
    package func appendUTF8(of id: UInt32, to bytes: inout [UInt8]) {
        if id < Self.firstInternedID {
            ByteSink.appendScalarUTF8(id, to: &bytes)
            return
        }
        lock.lock()
        defer { lock.unlock() }
        let table = id >= Self.firstDisputedID ? disputedUTF8ByID : utf8ByID
        let index = Int(id - (id >= Self.firstDisputedID ? Self.firstDisputedID : Self.firstInternedID))
        if index < table.count {
            bytes.append(contentsOf: table[index])
        } else {
            ByteSink.appendScalarUTF8(0xFFFD, to: &bytes)
        }
    }

    /// The cluster of glyph `id` (U+FFFD for an unknown id or a surrogate value).
    package func character(for id: UInt32) -> Character {
        var bytes: [UInt8] = []
        appendUTF8(of: id, to: &bytes)
        return String(decoding: bytes, as: UTF8.self).first ?? "\u{FFFD}"
    }
}
