#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why a ``DeckScript`` cannot be read or run. Positions count the script's actions from 1.
package enum DeckScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text holds no action.
    case noActions
    /// More than ``DeckScript/maximumActionCount`` actions.
    case tooManyActions(count: Int)
    /// `text`, at `position`, is not an action.
    case unknownAction(position: Int, text: String)
    /// `text`, at `position`, is a `drag` or `wait` with numbers it does not take, for `reason`.
    case invalidArguments(position: Int, text: String, reason: String)
    /// The action at `position` would do nothing to the deck when its turn comes, for `reason`
    /// (a swipe with no card left, an undo with nothing to take back, a flip of a card with no
    /// back side, a page past an end).
    case noEffect(position: Int, action: DeckAction, reason: String)
    /// The run would draw more than `limit` frames.
    case tooManyFrames(limit: Int)

    /// One sentence: `action 2, 'rigth', is not an action (actions: left, right, …)`.
    package var description: String {
        switch self {
        case .noActions:
            return "no actions (actions: \(DeckAction.syntaxList))"
        case .tooManyActions(let count):
            return "\(count) actions are more than the \(DeckScript.maximumActionCount) a script may hold"
        case .unknownAction(let position, let text):
            return "action \(position), '\(text)', is not an action (actions: \(DeckAction.syntaxList))"
        case .invalidArguments(let position, let text, let reason):
            return "action \(position), '\(text)': \(reason)"
        case .noEffect(let position, let action, let reason):
            return "action \(position), '\(action)', would do nothing: \(reason)"
        case .tooManyFrames(let limit):
            return "the script would draw more than \(limit) frames (fewer actions, shorter waits or a lower rate)"
        }
    }
}
