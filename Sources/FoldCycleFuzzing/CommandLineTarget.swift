import FoldCycle
import FoldCycleCLI
import Foundation

/// The command line: any words (split at NUL bytes) parse to help, a parsed command or an error
/// with the documented exit code, whose message is data once written; a parsed render's frames
/// render (every number the parser accepts reaches the math): JSON frames parse as JSON (no NaN
/// or infinity), other frames hold no byte sequence but the encoder's own.
enum CommandLineTarget {
    /// Words that name a file: parsing `--file` reads it, so they are replaced.
    static let fileOptions = ["--file", "--record"]

    static func run(_ input: inout FuzzInput) {
        let prefix = input.pick([
            [], ["render"], ["deck"], ["render", "--format", "json"], ["render", "--fps", "240"],
        ])
        let text = String(decoding: input.remaining, as: UTF8.self)
        var arguments = prefix
        for word in text.split(separator: "\0", omittingEmptySubsequences: false).prefix(64) {
            let argument = String(word)
            arguments.append(fileOptions.contains { argument.hasPrefix($0) } ? "--width" : argument)
        }
        switch CLIFuzzing.commandLine(arguments) {
        case .help, .parsed:
            break
        case .error(let message, let code):
            FuzzCheck.require([64, 66, 1].contains(code), "exit code \(code)")
            FuzzCheck.require(
                message.hasPrefix("Error: ") && message.hasSuffix("\n"), "message \(message.debugDescription)")
            FuzzCheck.require(!FuzzCheck.hasControl(TextLayout.plainText(message)), "control in a written message")
        case .rendered(let bytes, let isJSON):
            if isJSON {
                // JSON has no NaN or infinity: every line parses (a non-finite number is null).
                for line in bytes.split(separator: 0x0A) {
                    FuzzCheck.require(
                        (try? JSONSerialization.jsonObject(with: Data(line))) != nil,
                        "a frame that is not JSON: \(String(decoding: line, as: UTF8.self))")
                }
            } else if let foreign = EncoderBytes.foreign(in: bytes) {
                FuzzCheck.require(false, "rendered output: \(foreign)")
            }
        }
    }
}
