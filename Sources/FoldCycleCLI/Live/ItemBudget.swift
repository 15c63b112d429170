import FoldCycle

/// Why an item change was refused: the run already holds as much as ``Limits`` lets it.
enum ItemLimitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The run holds ``Limits/items`` items already.
    case tooManyItems(limit: Int)
    /// The change would take the items' text past ``Limits/itemBytes`` bytes in all.
    case tooManyBytes(limit: Int)

    /// A sentence naming the limit and what is allowed.
    var description: String {
        switch self {
        case .tooManyItems(let limit):
            return "the run holds \(limit) items, the most it takes; remove some first"
        case .tooManyBytes(let limit):
            return "the items would be more than \(limit >> 20) MiB of text in all, the most a run takes; "
                + "remove some first"
        }
    }
}

/// The items' count and bytes of UTF-8 text, kept as they change, so each change is checked
/// against ``Limits/items`` and ``Limits/itemBytes`` in O(1) (memory stays bounded however many
/// `add`s arrive). Used on the session's queue only.
struct ItemBudget {
    private(set) var count: Int
    private(set) var bytes: Int

    /// The budget of `items` as they are now (those from the command line and `--file` are
    /// within the limits by theirs; they count all the same).
    init(_ items: [String]) {
        count = items.count
        bytes = items.reduce(0) { $0 + $1.utf8.count }
    }

    /// Checks that `added` can join (replacing `removed`, if any) and counts it.
    ///
    /// - Throws: ``ItemLimitError`` when the count or the bytes would pass their limit.
    mutating func admit(_ added: String, replacing removed: String? = nil) throws(ItemLimitError) {
        let newCount = removed == nil ? count + 1 : count
        let newBytes = bytes + added.utf8.count - (removed?.utf8.count ?? 0)
        guard newCount <= Limits.items else { throw .tooManyItems(limit: Limits.items) }
        guard newBytes <= Limits.itemBytes else { throw .tooManyBytes(limit: Limits.itemBytes) }
        count = newCount
        bytes = newBytes
    }

    /// Counts `removed` as gone.
    mutating func release(_ removed: String) {
        count -= 1
        bytes -= removed.utf8.count
    }

    /// Takes back an ``admit(_:replacing:)`` whose change did not happen.
    mutating func undo(_ added: String, replacing removed: String? = nil) {
        if removed == nil { count -= 1 }
        bytes -= added.utf8.count - (removed?.utf8.count ?? 0)
    }
}
