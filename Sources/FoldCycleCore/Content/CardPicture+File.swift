package import FoldCycleImageIO
internal import FoldCyclePlatform

extension CardPicture {
    /// The most bytes read from a picture file: 256 MiB. A larger file is not read
    /// ("larger than 256 MiB").
    public static let maximumFileBytes = 256 << 20

    /// The picture in the file at `path`, its caption the file's name and, for a bitmap, the
    /// size the file declares ("IMG_0001.png · 4000×3000", before fitting). Never throws and never
    /// blocks: the file's type is checked before it is opened, so a directory or a FIFO is
    /// never read; what cannot be shown becomes a failure whose reason names it ("is a
    /// directory", "is a named pipe (FIFO)", "permission denied", "is empty (0 bytes)", "larger
    /// than 256 MiB", ``PictureDecodingError``'s line).
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - fitting: the smallest size in pixels (width, height) the card needs, or nil for the
    ///     file's size: a larger bitmap is reduced by area averaging, aspect kept, to the
    ///     smallest size that still covers `fitting` (so memory stays at what cards use).
    ///   - gravity: fit (default) or fill.
    public init(
        contentsOfFile path: String, fitting: (width: Int, height: Int)? = nil, gravity: Gravity = .resizeAspect
    ) {
        let name = Self.fileName(of: path)
        switch PictureFile.read(path, limit: Self.maximumFileBytes) {
        case .failure(let reason):
            self.init(failure: reason.description, caption: name, path: path)
        case .success(let bytes) where bytes.isEmpty:
            self.init(failure: Self.emptyFileReason, caption: name, path: path)
        case .success(let bytes):
            do {
                var image = try PictureDecoder.decode(bytes, fitting: fitting)
                let source = PictureDecoder.sourceSize(of: bytes) ?? (image.width, image.height)
                if let fitting { image = image.reduced(covering: fitting) }
                self.init(image: image, caption: name, gravity: gravity)
                self.path = path
                sizeNote = "\(source.width)×\(source.height)"
                caption = Self.caption(label: name, sizeNote: sizeNote)
            } catch {
                self.init(failure: error.description, caption: name, path: path)
            }
        }
    }

    /// The reason a card gives for a picture file of no bytes (a file being written, or
    /// `touch`ed): said plainly rather than as bytes of no picture format.
    package static let emptyFileReason = "is empty (0 bytes)"

    /// A caption of `label` (a file's name, or as much of its path as tells it apart) and the
    /// picture's `sizeNote`: "IMG_0001.png · 4000×3000", or the label alone when the note is empty.
    package static func caption(label: String, sizeNote: String) -> String {
        sizeNote.isEmpty ? label : "\(label) · \(sizeNote)"
    }

    /// The last component of `path` (the whole path when it ends in "/").
    package static func fileName(of path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        return name.isEmpty ? path : name
    }

    /// What `path` is, without opening it: a picture to read, or a failure, or text.
    package enum Kind: Hashable, Sendable {
        /// A regular file whose first bytes are a picture format's magic.
        case picture
        /// A file a card should say is wrong: a directory, a FIFO, an unreadable file, a
        /// picture name (.png, .jpg, .jpeg) on bytes of no picture, or a picture path that does
        /// not exist (``namesMissingPicture(_:)``).
        case failure
        /// Not a picture: shown as text.
        case text
    }

    /// Whether the item `text` names a picture (`--pictures auto`): an existing regular file
    /// whose magic bytes are PNG's or JPEG's is ``Kind/picture``; a path with a picture
    /// extension that exists but is not a readable picture (a directory, a FIFO, an unreadable
    /// file, other bytes), or that does not exist and reads as a path (``namesMissingPicture(_:)``:
    /// `photos/IMG_0001.png` mistyped), is ``Kind/failure``; anything else is ``Kind/text``.
    /// Reads at most the magic's bytes, and only from a regular file
    /// (docs/decisions/0230-a-missing-picture-path-is-a-failure-card.md).
    package static func kind(ofItem text: String) -> Kind {
        guard !text.isEmpty, text.utf8.count < 4096, !text.contains("\n"), !text.utf8.contains(0) else {
            return .text
        }
        let named = hasPictureExtension(text)
        switch PictureFile.type(of: text) {
        case .missing: return named && namesMissingPicture(text) ? .failure : .text
        case .regular:
            guard let head = PictureFile.head(text, count: PictureFormat.magicLength) else {
                return named ? .failure : .text
            }
            if PictureFormat(magic: head) != nil { return .picture }
            return named ? .failure : .text
        case .directory, .fifo, .other:
            return named ? .failure : .text
        }
    }

    /// Whether `text`, which names no file and ends in a picture extension, reads as a path
    /// rather than words: a single word (no white space: `a.png`, `photos/IMG_0001.jpg`), or a
    /// path whose folder exists (`photos/My Photo.png` with `photos/` there). "see diagram.png"
    /// and "see docs/a.png" stay words (text cards).
    package static func namesMissingPicture(_ text: String) -> Bool {
        let name = fileName(of: text)
        // A name before the extension (".png" alone is a word).
        guard hasPictureExtension(text), let dot = name.lastIndex(of: "."), dot > name.startIndex else {
            return false
        }
        guard text.contains(where: \.isWhitespace) else { return true }
        guard let slash = text.lastIndex(of: "/") else { return false }
        let folder = slash == text.startIndex ? "/" : String(text[..<slash])
        return PictureFile.type(of: folder) == .directory
    }

    /// The size in pixels the picture file at `path` declares (PNG's IHDR, JPEG's frame header
    /// in its first 64 KiB), nil when it is no readable picture or says none. Reads the head
    /// alone, and only from a regular file.
    package static func declaredSize(ofFile path: String) -> (width: Int, height: Int)? {
        PictureFile.head(path, count: 1 << 16).flatMap(PictureDecoder.sourceSize(of:))
    }

    /// Whether `path` ends in .png, .jpg or .jpeg (any case).
    package static func hasPictureExtension(_ path: String) -> Bool {
        let name = path.lowercased()
        return [".png", ".jpg", ".jpeg"].contains { name.hasSuffix($0) }
    }
}

extension RGBAImage {
    /// The image reduced by area averaging (straight alpha, weighted by alpha) to the smallest
    /// size, aspect kept, that still covers `size` in both dimensions; itself when it is not
    /// larger than that.
    package func reduced(covering size: (width: Int, height: Int)) -> RGBAImage {
        guard size.width >= 1, size.height >= 1 else { return self }
        let factor = min(Double(width) / Double(size.width), Double(height) / Double(size.height))
        guard factor >= 2 else { return self }
        let newWidth = max(Int((Double(width) / factor).rounded(.up)), 1)
        let newHeight = max(Int((Double(height) / factor).rounded(.up)), 1)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for row in 0..<newHeight {
            let y0 = row * height / newHeight
            let y1 = max((row + 1) * height / newHeight, y0 + 1)
            for column in 0..<newWidth {
                let x0 = column * width / newWidth
                let x1 = max((column + 1) * width / newWidth, x0 + 1)
                let average = averagePixel(x: x0..<x1, y: y0..<y1)
                let offset = (row * newWidth + column) * 4
                out[offset] = average.red
                out[offset + 1] = average.green
                out[offset + 2] = average.blue
                out[offset + 3] = average.alpha
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: out) ?? self
    }

    /// The alpha-weighted average of the pixels in `x` × `y` (straight alpha: colours are
    /// averaged premultiplied, then divided by the mean alpha).
    package func averagePixel(x: Range<Int>, y: Range<Int>) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        var red = 0
        var green = 0
        var blue = 0
        var alpha = 0
        pixels.withUnsafeBufferPointer { bytes in
            for row in y {
                var offset = (row * width + x.lowerBound) * 4
                for _ in x {
                    let a = Int(bytes[offset + 3])
                    red += Int(bytes[offset]) * a
                    green += Int(bytes[offset + 1]) * a
                    blue += Int(bytes[offset + 2]) * a
                    alpha += a
                    offset += 4
                }
            }
        }
        let count = x.count * y.count
        guard alpha > 0 else { return (0, 0, 0, 0) }
        return (
            UInt8((red + alpha / 2) / alpha), UInt8((green + alpha / 2) / alpha), UInt8((blue + alpha / 2) / alpha),
            UInt8((alpha + count / 2) / count)
        )
    }
}
