/// The live card's command line as keys edit it: the text, a cursor in it (a grapheme-cluster
/// index, 0 before the first), and the commands entered before, walked with ↑ and ↓ as in a
/// shell (issue 34, finding 10). What an arrow key does is the session's rule: with text on the
/// line the arrows edit it, on an empty line they steer the card.
struct CommandLineEditor: Equatable {
    /// The line's clusters.
    private(set) var characters: [Character] = []
    /// Where typing goes: 0 ... `characters.count`.
    private(set) var cursor = 0
    /// Commands entered, oldest first, at most ``historyLimit``; one is not kept twice in a row.
    private(set) var history: [String] = []
    /// The entry of `history` shown while walking it, or nil on the line being typed.
    private var recalled: Int?
    /// The line being typed when the walk started, given back by ↓ past the newest entry.
    private var draft: [Character] = []

    /// The most commands the history keeps.
    static let historyLimit = 100

    /// The line's text.
    var text: String { String(characters) }

    /// Whether the line holds nothing.
    var isEmpty: Bool { characters.isEmpty }

    /// Inserts `text` at the cursor and moves the cursor past it, as far as `byteLimit` UTF-8
    /// bytes for the whole line allow; returns whether all of it fitted.
    mutating func insert(_ text: String, byteLimit: Int) -> Bool {
        var bytes = characters.reduce(0) { $0 + $1.utf8.count }
        for character in text {
            guard bytes + character.utf8.count <= byteLimit else { return false }
            bytes += character.utf8.count
            characters.insert(character, at: cursor)
            cursor += 1
        }
        return true
    }

    /// Deletes the cluster before the cursor (nothing at the start).
    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Moves the cursor one cluster left (←), not past the start.
    mutating func moveLeft() { cursor = max(cursor - 1, 0) }

    /// Moves the cursor one cluster right (→), not past the end.
    mutating func moveRight() { cursor = min(cursor + 1, characters.count) }

    /// Shows the entry before the one shown (↑); the first ↑ keeps the typed line as the draft.
    /// Nothing when there is no older entry.
    mutating func recallPrevious() {
        let previous = (recalled ?? history.count) - 1
        guard previous >= 0 else { return }
        if recalled == nil { draft = characters }
        recalled = previous
        show(Array(history[previous]))
    }

    /// Shows the entry after the one shown (↓), or the draft past the newest. Nothing when not
    /// walking the history.
    mutating func recallNext() {
        guard let shown = recalled else { return }
        if shown + 1 < history.count {
            recalled = shown + 1
            show(Array(history[shown + 1]))
        } else {
            recalled = nil
            show(draft)
        }
    }

    /// Empties the line (Ctrl-U, Esc) and ends a walk of the history.
    mutating func clear() {
        show([])
        recalled = nil
    }

    /// The line as entered (Enter): kept in the history unless empty or the same as the newest
    /// entry; the line is emptied.
    mutating func submit() -> String {
        let line = text
        if !line.isEmpty, history.last != line {
            history.append(line)
            if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        }
        clear()
        return line
    }

    private mutating func show(_ line: [Character]) {
        characters = line
        cursor = line.count
    }
}
