import FoldCycle
import FoldCycleFuzzing
import Foundation

// `foldcycle-fuzz`: the fuzz targets (FoldCycleFuzzing) as one executable. The target is named by
// FOLDCYCLE_FUZZ_TARGET (an environment variable, so libFuzzer's own child processes inherit it).
//
// Built by `scripts/fuzz` with `-sanitize=fuzzer,address -DFUZZING`, it runs libFuzzer through
// LLVMFuzzerRunDriver: SwiftPM links every executable with `--defsym main=<module>_main`, so an
// executable without a `main` of its own (libFuzzer's) does not link; this one keeps `@main` and
// hands libFuzzer the command line. Built normally, it replays the inputs (files, or directories of
// them) given as arguments and prints how many ran: the corpora as a regression check. Built either
// way, `foldcycle-fuzz --targets` prints the targets' names, one a line (scripts/fuzz reads them),
// and `foldcycle-fuzz --decode FILE [WIDTH HEIGHT]` decodes a picture (`PictureDecoder`, fitted to
// WIDTH × HEIGHT when given) and writes `W H` and a line feed, then the RGBA bytes, to stdout; an
// error's one line goes to stderr, exit 1 (the Pillow comparisons in Tests/e2e read it).

/// The input function libFuzzer calls (its own main, linked in with `-sanitize=fuzzer`, refers to it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzMain.target.run(bytes)
    return 0
}

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif

@main
enum FuzzMain {
    /// The target FOLDCYCLE_FUZZ_TARGET names.
    static let target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["FOLDCYCLE_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            TerminalDevice.standardError.writeIgnoringFailure(
                "foldcycle-fuzz: set FOLDCYCLE_FUZZ_TARGET to one of: \(names)\n")
            exit(64)
        }
        return target
    }()

    static func main() {
        if CommandLine.arguments.dropFirst().first == "--targets" {
            print(FuzzTarget.allCases.map(\.rawValue).joined(separator: "\n"))
            exit(0)
        }
        if CommandLine.arguments.dropFirst().first == "--decode" { decode(Array(CommandLine.arguments.dropFirst(2))) }
        _ = target
        #if FUZZING
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv) { data, count in fuzzOneInput(data, count) })
        #else
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                let files =
                    isDirectory.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map {
                        path + "/" + $0
                    } : [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    target.run(Array(data))
                    count += 1
                }
            }
            print("foldcycle-fuzz \(target.rawValue): \(count) inputs ran")
        #endif
    }

    /// `--decode FILE [WIDTH HEIGHT]`: see the file's head.
    static func decode(_ arguments: [String]) -> Never {
        guard arguments.count == 1 || arguments.count == 3,
            let data = FileManager.default.contents(atPath: arguments[0])
        else {
            TerminalDevice.standardError.writeIgnoringFailure("usage: foldcycle-fuzz --decode FILE [WIDTH HEIGHT]\n")
            exit(64)
        }
        let fit =
            arguments.count == 3
            ? Int(arguments[1]).flatMap { w in Int(arguments[2]).map { (width: w, height: $0) } } : nil
        do {
            let image = try PictureDecoder.decode(Array(data), fitting: fit)
            // The header, then the pixels straight from the image's buffer: no copy of them, so
            // the process's peak RSS measures the decoder.
            FileHandle.standardOutput.write(Data("\(image.width) \(image.height)\n".utf8))
            image.pixels.withUnsafeBytes {
                FileHandle.standardOutput.write(
                    Data(
                        bytesNoCopy: UnsafeMutableRawPointer(mutating: $0.baseAddress!), count: $0.count,
                        deallocator: .none))
            }
            exit(0)
        } catch {
            TerminalDevice.standardError.writeIgnoringFailure("\(error)\n")
            exit(1)
        }
    }
}
