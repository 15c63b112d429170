/// What `--quiet` keeps of a command's output to show when it fails: the last
/// ``capacity`` bytes (4 MiB), from which the last lines are cut.
struct OutputTail {
    /// The most bytes kept (the output's end).
    static let capacity = 4 * 1024 * 1024

    private var bytes: [UInt8] = []
    private let capacity: Int

    init(capacity: Int = OutputTail.capacity) {
        self.capacity = capacity
    }

    /// Keeps `chunk` (dropping the oldest bytes past the capacity, in halves so that a flood
    /// moves bytes rarely).
    mutating func append(_ chunk: [UInt8]) {
        bytes += chunk
        if bytes.count > capacity * 2 || (chunk.count > capacity && bytes.count > capacity) {
            bytes.removeFirst(bytes.count - capacity)
        }
    }

    /// The bytes kept, at most ``capacity``; or, with `lines`, the last `lines` lines of them (a
    /// last line without a line feed counts).
    func last(lines: Int?) -> [UInt8] {
        let kept = bytes.count > capacity ? Array(bytes.suffix(capacity)) : bytes
        guard let lines else { return kept }
        guard lines > 0 else { return [] }
        var feeds = 0
        var index = kept.endIndex
        if kept.last == 0x0A { index -= 1 }
        while index > kept.startIndex {
            index -= 1
            if kept[index] == 0x0A {
                feeds += 1
                if feeds == lines { return Array(kept[(index + 1)...]) }
            }
        }
        return kept
    }
}
