/// The captions of a deck's pictures told apart: a picture whose file name another picture of
/// the deck shares is captioned with as many of its path's last components as make it unique
/// among them ("dup1/IMG_0001.png", "dup2/IMG_0001.png"), or its path as given when no suffix
/// does ("./a.png" and "a.png"); the size note stays after it ("dup1/IMG_0001.png · 4000×3000").
/// The card cuts a caption too wide from the left, so the file's name stays
/// (docs/decisions/0196-picture-cards-sized-to-the-terminal.md).
package enum PictureCaptions {
    /// The label of each of `paths`: its file name when no other path has it, else its shortest
    /// path suffix (whole components) that no other path with that name ends with, else the path.
    package static func labels(for paths: [String]) -> [String] {
        let components = paths.map { $0.split(separator: "/", omittingEmptySubsequences: true).map(String.init) }
        var byName: [String: [Int]] = [:]
        for (index, parts) in components.enumerated() { byName[parts.last ?? paths[index], default: []].append(index) }
        return paths.indices.map { index in
            let parts = components[index]
            let name = parts.last ?? paths[index]
            let others = (byName[name] ?? []).filter { components[$0] != parts || paths[$0] != paths[index] }
            guard !others.isEmpty else { return CardPicture.fileName(of: paths[index]) }
            for count in 2..<max(parts.count + 1, 2) {
                let suffix = parts.suffix(count)
                if others.allSatisfy({ Array(components[$0].suffix(count)) != Array(suffix) }) {
                    return count == parts.count ? paths[index] : suffix.joined(separator: "/")
                }
            }
            return paths[index]
        }
    }

    /// `items` with every picture read from a file captioned by ``labels(for:)`` over the
    /// pictures among them (text items are unchanged; the same path twice is one picture twice).
    package static func disambiguated(_ items: [StyledString]) -> [StyledString] {
        disambiguated(items, among: items.compactMap { $0.picture?.path })
    }

    /// `items` with every picture read from a file captioned by ``labels(for:)`` over `paths`
    /// (every picture's path in a list some of whose items are still to come: those in `items`
    /// among them).
    package static func disambiguated(_ items: [StyledString], among paths: [String]) -> [StyledString] {
        let pictures = items.indices.compactMap { index -> (Int, CardPicture, String)? in
            guard let picture = items[index].picture, let path = picture.path else { return nil }
            return (index, picture, path)
        }
        var labelOf: [String: String] = [:]
        for (path, label) in zip(paths, labels(for: paths)) { labelOf[path] = label }
        var result = items
        for (index, picture, path) in pictures {
            let label = labelOf[path] ?? CardPicture.fileName(of: path)
            var relabeled = picture
            relabeled.caption = CardPicture.caption(label: label, sizeNote: picture.sizeNote)
            if relabeled != picture { result[index] = StyledString(picture: relabeled) }
        }
        return result
    }
}
