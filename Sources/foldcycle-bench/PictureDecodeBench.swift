import FoldCycle
internal import FoldCyclePlatform
import Foundation

/// The figures of one picture decode case.
struct DecodeResult: Codable, Sendable {
    /// The file's name.
    var file: String
    /// The file's own size in pixels, `WIDTHxHEIGHT`.
    var size: String
    /// Megapixels of the file's own size.
    var megapixels: Double
    /// What was asked for: `full`, or the half-block pixels of a card, `WIDTHxHEIGHT`.
    var fitting: String
    /// The decoded picture's size, `WIDTHxHEIGHT`.
    var decoded: String
    /// Milliseconds per decode.
    var milliseconds: Summary
    /// Peak RSS growth of one decode, in KiB (the decoded picture held until measured); nil where
    /// the platform cannot reset the peak (`/proc/self/clear_refs`).
    var peakGrowthKiB: Int?
}

/// Decode time and peak memory of pictures (issue 30, point 7), per file: at full size and fitted
/// to the half-block pixels of an 80×24 and a 160×48 card, as the CLI decodes a picture for its
/// card (`PictureDecoder.decode(_:fitting:)`). The files are given (`--picture-files`): a decoder's
/// cost depends on the file's size, format and encoding, which the bench cannot make without an
/// encoder.
///
/// Peak memory: the memory `free` kept is given back and the process's peak RSS (`VmHWM`) reset to
/// the current RSS before each measured decode (``Platform/resetPeakMemory()``), so the growth is
/// that decode's alone.
enum PictureDecodeBench {
    /// The cards' half-block pixels: 80×24 and 160×48 cells.
    static let fittings: [(width: Int, height: Int)] = [(80, 48), (160, 96)]

    /// Every file at full size and at each of ``fittings``, `runs` timed decodes each. A file
    /// that cannot be read or decoded is left out (a line on stderr says why).
    static func run(files: [String], runs: Int) -> [DecodeResult] {
        var results: [DecodeResult] = []
        for path in files {
            let name = (path as NSString).lastPathComponent
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("pictures: cannot read '\(path)'\n".utf8))
                continue
            }
            let bytes = [UInt8](data)
            let full: RGBAImage
            do {
                full = try PictureDecoder.decode(bytes)
            } catch {
                FileHandle.standardError.write(Data("pictures: '\(path)': \(error)\n".utf8))
                continue
            }
            let size = "\(full.width)x\(full.height)"
            let megapixels = Double(full.width * full.height) / 1e6
            for fitting in [nil] + fittings.map(Optional.some) {
                var times: [Double] = []
                var decoded = ""
                for _ in 0..<max(runs, 1) {
                    let start = Probe.nanoseconds()
                    let image = try? PictureDecoder.decode(bytes, fitting: fitting)
                    times.append(Double(Probe.nanoseconds() - start) / 1e6)
                    decoded = image.map { "\($0.width)x\($0.height)" } ?? "failed"
                }
                results.append(
                    DecodeResult(
                        file: name, size: size, megapixels: megapixels,
                        fitting: fitting.map { "\($0.width)x\($0.height)" } ?? "full", decoded: decoded,
                        milliseconds: Summary(times),
                        peakGrowthKiB: peakGrowth { _ = try? PictureDecoder.decode(bytes, fitting: fitting) }))
            }
        }
        return results
    }

    /// The peak RSS growth of `body`, in KiB, or nil where the peak cannot be reset.
    private static func peakGrowth(_ body: () -> Void) -> Int? {
        guard Platform.resetPeakMemory() else { return nil }
        let before = Probe.memory()
        body()
        let after = Probe.memory()
        guard before.currentKiB > 0, after.peakKiB > 0 else { return nil }
        return max(after.peakKiB - before.currentKiB, 0)
    }
}

extension BenchReport {
    /// The decode cases ("" when none ran).
    func pictureDecodeTable() -> String {
        guard !pictureDecodes.isEmpty else { return "" }
        let widths = [28, 10, 6, 9, 10, 8, 8, 9, 7]
        var out = "\nPicture decoding (PictureDecoder), median of \(pictureDecodes[0].milliseconds.count) decodes; "
        out += "peak: RSS growth of one decode\n"
        out += Self.row(
            ["file", "size", "MP", "fitting", "decoded", "ms", "ms/MP", "peak MiB", "MiB/MP"], widths: widths)
        for result in pictureDecodes {
            let peak = result.peakGrowthKiB.map { Double($0) / 1024 }
            out += Self.row(
                [
                    result.file, result.size, String(format: "%.1f", result.megapixels), result.fitting, result.decoded,
                    String(format: "%.1f", result.milliseconds.median),
                    String(format: "%.1f", result.milliseconds.median / result.megapixels),
                    peak.map { String(format: "%.1f", $0) } ?? "-",
                    peak.map { String(format: "%.2f", $0 / result.megapixels) } ?? "-",
                ], widths: widths)
        }
        return out
    }
}
