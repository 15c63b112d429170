internal import FoldCyclePlatform

/// The process-wide table of hyperlink targets, so that a ``Cell`` can carry a run's link
/// (``StyledString/Style/link``) as a 15-bit id in its spare bits instead of a `String`.
///
/// Id 0 is "no link". A target is interned on first use and keeps its id for the life of the
/// process (a cell buffer may still hold it); at most ``Limits/internedLinks`` targets are
/// interned, and a target first seen after that gets 0 (its text is shown without the link), as
/// does an empty target or one longer than ``Limits/linkBytes`` once encoded.
///
/// The target is user data: it is stored as the bytes OSC 8 sends, percent-encoded
/// (``EscapeSequence/hyperlinkTarget(_:)``), so no control byte in it can reach a terminal.
///
/// Thread-safe: the tables are in a `LockedBox` (checked `Sendable`).
package final class LinkTable: Sendable {
    /// The shared table every ``Cell`` link id refers to.
    package static let shared = LinkTable()

    /// The largest id a cell can hold (15 bits: ``Cell``'s bits 48–62).
    package static let maximumID: UInt16 = 0x7FFF

    private let tables = LockedBox(Tables())

    private struct Tables {
        /// The OSC 8 opening sequence per id (index 0 unused).
        var openingByID: [[UInt8]] = [[]]
        var idByTarget: [String: UInt16] = [:]
    }

    /// Creates an empty table (tests use private tables; rendering uses ``shared``).
    package init() {}

    /// The id of `target` (nil or empty: 0), interning it on first use; 0 once
    /// ``Limits/internedLinks`` targets are interned, or when its encoded form is longer than
    /// ``Limits/linkBytes``.
    ///
    /// - Complexity: a dictionary lookup under the lock.
    package func id(for target: String?) -> UInt16 {
        guard let target, !target.isEmpty else { return 0 }
        return tables.withLock { tables in
            if let id = tables.idByTarget[target] { return id }
            guard tables.openingByID.count <= min(Limits.internedLinks, Int(Self.maximumID)) else { return 0 }
            let encoded = EscapeSequence.hyperlinkTarget(target)
            guard encoded.count <= Limits.linkBytes else { return 0 }
            let id = UInt16(tables.openingByID.count)
            tables.openingByID.append(EscapeSequence.openHyperlink(encodedTarget: encoded))
            tables.idByTarget[target] = id
            return id
        }
    }

    /// The bytes that open link `id` (OSC 8 with its target), or close any link for 0 (and for an
    /// id this table never gave).
    package func opening(_ id: UInt16) -> [UInt8] {
        tables.withLock { tables in
            guard id != 0, Int(id) < tables.openingByID.count else { return EscapeSequence.closeHyperlink }
            return tables.openingByID[Int(id)]
        }
    }
}
