/// "Did you mean …?": the known name nearest to a mistyped one, by Damerau–Levenshtein distance.
package enum Suggestion {
    /// The largest distance at which a name is suggested.
    package static let maximumDistance = 2

    /// The largest distance at which a word counts as a mistyped `name`: ``maximumDistance``, but
    /// at most a third of the name's length (at least 1), so that a short name such as `up` does
    /// not claim unrelated words.
    package static func maximumDistance(for name: String) -> Int {
        min(maximumDistance, max(1, name.count / 3))
    }

    /// The name in `names` a mistyped `word` most likely meant, compared case-insensitively: the
    /// nearest within ``maximumDistance(for:)`` edits of it (the first on a tie), or nil.
    package static func nearestName(to word: String, among names: [String]) -> String? {
        let typed = Array(word.lowercased())
        return names.map { (name: $0, distance: distance(typed, Array($0.lowercased()))) }
            .filter { $0.distance <= maximumDistance(for: $0.name) }
            .min { $0.distance < $1.distance }?.name
    }

    /// `did you mean 'cube'? ` for a `word` near one of `names` (``nearestName(to:among:)``),
    /// else the empty string: the words an error puts before the list of what is allowed.
    package static func didYouMean(_ word: String, among names: [String]) -> String {
        nearestName(to: word, among: names).map { "did you mean '\($0)'? " } ?? ""
    }

    /// The name in `candidates` nearest to `word`, compared case-insensitively (so `Render` is
    /// 0 edits from `render`), if it is within `maximumDistance` edits; the first such name on a
    /// tie. Callers pass a word that matched no candidate exactly.
    ///
    /// - Complexity: O(`word.count` × the candidates' total length).
    package static func nearest(to word: String, among candidates: [String], maximumDistance: Int = maximumDistance)
        -> String?
    {
        let typed = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = Self.distance(typed, Array(candidate.lowercased()))
            guard distance <= maximumDistance else { continue }
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The Damerau–Levenshtein distance between `a` and `b`: the fewest insertions, deletions,
    /// substitutions and transpositions of two adjacent characters that turn one into the other
    /// (the unrestricted distance, so `ca` → `abc` is 2; Lowrance and Wagner's algorithm).
    ///
    /// - Complexity: O(`a.count` × `b.count`).
    package static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let infinity = a.count + b.count
        let columns = b.count + 2
        // d[(i + 1) * columns + (j + 1)]: the distance between a's first i and b's first j
        // characters; row and column 0 hold `infinity` as the sentinel the algorithm needs.
        var d = [Int](repeating: 0, count: (a.count + 2) * columns)
        d[0] = infinity
        for i in 0...a.count {
            d[(i + 1) * columns] = infinity
            d[(i + 1) * columns + 1] = i
        }
        for j in 0...b.count {
            d[j + 1] = infinity
            d[columns + j + 1] = j
        }
        // The last row of `a` in which each character occurs.
        var lastRow: [Character: Int] = [:]
        for i in 1...a.count {
            var lastMatchingColumn = 0
            for j in 1...b.count {
                let k = lastRow[b[j - 1]] ?? 0
                let l = lastMatchingColumn
                let cost: Int
                if a[i - 1] == b[j - 1] {
                    cost = 0
                    lastMatchingColumn = j
                } else {
                    cost = 1
                }
                d[(i + 1) * columns + j + 1] = min(
                    d[i * columns + j] + cost,  // substitution (or match)
                    d[(i + 1) * columns + j] + 1,  // insertion
                    d[i * columns + j + 1] + 1,  // deletion
                    d[k * columns + l] + (i - k - 1) + 1 + (j - l - 1))  // transposition
            }
            lastRow[a[i - 1]] = i
        }
        return d[(a.count + 1) * columns + b.count + 1]
    }
}
