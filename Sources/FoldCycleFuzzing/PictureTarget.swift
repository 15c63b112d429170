import FoldCycle

/// The properties every picture decoder holds on any bytes (issue 30, point 6): it returns an
/// image whose pixels match its size, within the declared limit and no larger than the fit asked
/// for needs, or throws a ``PictureDecodingError`` whose description is one line; the same bytes
/// decode the same way twice.
enum PictureTarget {
    /// Decodes `input`'s bytes, first whole, then fitted to a size drawn from its first bytes.
    static func run(_ input: inout FuzzInput, format: PictureFormat) {
        let fit = (width: input.int(in: 1...200), height: input.int(in: 1...200))
        // Every input starts with the format's magic (added when missing), so the fuzzer explores
        // the decoder itself; a seed is four bytes of fit, then a whole file.
        let rest = Array(input.remaining)
        let bytes = rest.starts(with: format.magic) ? rest : format.magic + rest
        check(bytes, fitting: nil)
        check(bytes, fitting: fit)
        // Mutations nearly always break a PNG chunk's CRC; the same bytes with every CRC made
        // right reach the decoder behind the check too.
        if format == .png {
            let repaired = PNGChunkRepair.repairingCRCs(bytes)
            if repaired != bytes {
                check(repaired, fitting: nil)
                check(repaired, fitting: fit)
            }
        }
    }

    private static func check(_ bytes: [UInt8], fitting: (width: Int, height: Int)?) {
        let first = Result { () throws(PictureDecodingError) in try PictureDecoder.decode(bytes, fitting: fitting) }
        switch first {
        case .success(let image):
            FuzzCheck.require(image.pixels.count == image.width * image.height * 4, "pixels ≠ width × height × 4")
            // The header's size (the caption's) is found in every picture that decodes, and the
            // picture decoded whole is that size.
            let declared = PictureDecoder.sourceSize(of: bytes)
            FuzzCheck.require(declared != nil, "a decoded picture whose header size is not found")
            if fitting == nil, let declared {
                FuzzCheck.require(
                    declared == (image.width, image.height), "the header's size differs from the decoded one")
            }
            FuzzCheck.require(
                image.width * image.height <= PictureDecoder.maximumPixelCount, "past the pixel limit")
        case .failure(let error):
            FuzzCheck.require(
                !error.description.isEmpty && !error.description.contains("\n"), "an error that is not one line")
        }
        let second = Result { () throws(PictureDecodingError) in try PictureDecoder.decode(bytes, fitting: fitting) }
        FuzzCheck.require(first == second, "the same bytes decoded twice differ")
    }
}
