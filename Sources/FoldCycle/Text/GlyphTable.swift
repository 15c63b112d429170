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
/// Thread-safe: the tables are in a `LockedBox` (checked `Sendable`). A glyph of one scalar, the
/// encoder's common case, takes no lock.
package final class GlyphTable: Sendable {
    /// The shared table every ``Cell`` glyph id refers to.
    package static let shared = GlyphTable()

    /// The first id given to an interned multi-scalar cluster (one past the last scalar value).
    package static let firstInternedID: UInt32 = 0x110000

    /// The first id given to an interned cluster of disputed width (bit 31 set: far above any
    /// count of ordinary interned clusters).
    package static let firstDisputedID: UInt32 = 0x8000_0000

    private let tables = LockedBox(Tables())

    private struct Tables {
        var utf8ByID: [[UInt8]] = []
        var disputedUTF8ByID: [[UInt8]] = []
        /// Per disputed id, the most cells a terminal may advance for it.
        var disputedAdvanceByID: [Int] = []
        var idByCluster: [String: UInt32] = [:]
    }

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
        return tables.withLock { tables in
            if let existing = tables.idByCluster[key] { return existing }
            let id: UInt32
            let disputed = DisplayWidth.isDisputed(cluster)
            guard (disputed ? tables.disputedUTF8ByID.count : tables.utf8ByID.count) < Self.capacity else {
                return Self.replacementID(for: cluster)
            }
            if disputed {
                id = Self.firstDisputedID + UInt32(tables.disputedUTF8ByID.count)
                tables.disputedUTF8ByID.append(Array(key.utf8))
                // A terminal that adds up the scalars' widths advances furthest (a ZWJ family of
                // three: 6 cells); one that draws each as 2 cells (a wide flag half) may too.
                let sum = scalars.reduce(0) { $0 + DisplayWidth.terminalScalarWidth($1.value) }
                tables.disputedAdvanceByID.append(
                    max(sum, 2 * scalars.count(where: { DisplayWidth.terminalScalarWidth($0.value) > 0 }), 2))
            } else {
                id = Self.firstInternedID + UInt32(tables.utf8ByID.count)
                tables.utf8ByID.append(Array(key.utf8))
            }
            tables.idByCluster[key] = id
            return id
        }
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
        let index = Int(id - Self.firstDisputedID)
        return tables.withLock { index < $0.disputedAdvanceByID.count ? $0.disputedAdvanceByID[index] : 2 }
    }

    /// Appends the UTF-8 bytes of glyph `id` to `bytes`. An unknown interned id appends U+FFFD.
    ///
    /// - Complexity: O(bytes) with no allocation beyond `bytes`' growth; interned ids take the lock.
    package func appendUTF8(of id: UInt32, to bytes: inout [UInt8]) {
        if id < Self.firstInternedID {
            ByteSink.appendScalarUTF8(id, to: &bytes)
            return
        }
        let index = Int(id - (id >= Self.firstDisputedID ? Self.firstDisputedID : Self.firstInternedID))
        let utf8 = tables.withLock { tables -> [UInt8]? in
            let table = id >= Self.firstDisputedID ? tables.disputedUTF8ByID : tables.utf8ByID
            return index < table.count ? table[index] : nil
        }
        if let utf8 {
            bytes.append(contentsOf: utf8)
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
