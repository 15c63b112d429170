import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `deck --print kept|discarded|decisions`: the items chosen, as plain lines for the shell
/// (`ls | foldcycle deck --print kept | xargs rm`), written once the deck is gone, as fzf writes
/// its selection, instead of a JSON line per decision (docs/DESIGN.md#deck-input-and-output).
enum DeckPrint: String, CaseIterable, Sendable {
    /// The items kept (decided right), in input order.
    case kept
    /// The items discarded (decided left), in input order.
    case discarded
    /// Every item decided or skipped, in input order, as `kept<TAB>item`, `discarded<TAB>item`
    /// or `skipped<TAB>item`.
    case decisions

    /// The records to write: one per chosen item, without a terminator (`--print0` ends each
    /// with NUL, else with a newline).
    func records(_ tally: DeckTally, text: (Int) -> String) -> [String] {
        tally.outcomes.compactMap { outcome -> String? in
            switch self {
            case .kept: return outcome.side == .right ? text(outcome.index) : nil
            case .discarded: return outcome.side == .left ? text(outcome.index) : nil
            case .decisions: return "\(Self.word(outcome.side))\t\(text(outcome.index))"
            }
        }
    }

    /// `kept`, `discarded` or `skipped` (nil).
    static func word(_ side: SwipeSide?) -> String {
        switch side {
        case .right: return "kept"
        case .left: return "discarded"
        case nil: return "skipped"
        }
    }

    /// The bytes of `records`, each ended by NUL (`nulTerminated`) or a newline.
    static func output(_ records: [String], nulTerminated: Bool) -> String {
        let terminator = nulTerminated ? "\u{0}" : "\n"
        return records.map { $0 + terminator }.joined()
    }
}
