import Dispatch
import FoldCycle
import FoldCycleOptions
internal import FoldCyclePlatform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `foldcycle send [OPTIONS] <PATH> [REQUEST ...]`: the client of a run's `--listen PATH`
/// socket (docs/DESIGN.md#control-socket). Sends each request (a JSON object; with none given,
/// stdin's lines), prints every line the run sends back, and exits once each request has its
/// reply; after a `subscribe`, it goes on printing events until the run ends or it is
/// interrupted.
struct SendCommand {
    enum Options {
        static let timeout = NumberOption(
            "timeout", value: "seconds",
            summary: "Give up when the replies take longer than this in all (events after a subscribe have no bound).",
            range: .init(0.01...86_400, unit: "seconds"), default: 5)
    }

    static let specs: [OptionSpec] = [Options.timeout.spec, SharedOptions.help.spec]

    /// The positional arguments as help and the manual list them: `(<NAME>, description)`.
    static let arguments: [(String, String)] = [
        ("<PATH>", "The socket's path, as given to --listen."),
        (
            "<REQUEST>",
            "One JSON object, e.g. '{\"cmd\":\"next\"}', or a command in words: 'next', 'direction up', "
                + "'add some text' (the rest of the words is its \"value\"). With none, stdin's lines are sent."
        ),
    ]

    /// The one sentence help and the manual open with.
    static let overview =
        "Send JSON-line requests to a foldcycle run listening on a Unix socket (--listen PATH)."

    /// The sections after OPTIONS, as help and the manual show them.
    static let sections: [HelpText.Section] = [
        .init(
            title: "OUTPUT",
            lines: [
                "Every line the run sends: one JSON reply per request, and after {\"cmd\":\"subscribe\"}",
                "its events, until the run ends or Ctrl-C (no time bound, by design). Exit 0 when every",
                "reply is ok, 1 when one is an error, the socket cannot be reached or the replies do not",
                "all come within --timeout (counted from the send, however the bytes trickle in).",
            ]),
        .init(
            title: "EXAMPLES",
            lines: [
                "foldcycle --listen /tmp/fc.sock A B C         (in one terminal or tmux pane)",
                "foldcycle send /tmp/fc.sock '{\"cmd\":\"add\",\"value\":\"D\"}' '{\"cmd\":\"goto\",\"index\":3}'",
                "foldcycle send /tmp/fc.sock '{\"cmd\":\"subscribe\"}'      (events until the run ends)",
                "foldcycle send /tmp/fc.sock next 'direction up' pause",
            ]),
    ]

    static let help = HelpText.make(
        overview: overview, usage: [.send], arguments: arguments, options: specs, sections: sections)

    let path: String
    /// The requests given as arguments; nil to read stdin's lines.
    let requests: [String]?
    let timeout: TimeInterval

    /// Parses `send`'s arguments (without the word `send`); nil when help was asked for.
    ///
    /// - Throws: ``CLIError/usage(_:_:)`` without a path, or for a request that is empty or
    ///   spans several lines (one request is one line).
    static func parse(_ arguments: [String]) throws(CLIError) -> SendCommand? {
        let parsed = try ParsedArguments(arguments, specs: specs, command: .send)
        let values = OptionValues(parsed: parsed, command: .send)
        if values.flag(SharedOptions.help) { return nil }
        guard let path = parsed.positionals.first else {
            throw .usage("no socket path: give the PATH a run was started with ('--listen PATH')", .send)
        }
        let requests = Array(parsed.positionals.dropFirst())
        for request in requests {
            if request.trimmingWhitespace().isEmpty {
                throw .usage("an empty request (a request is one JSON object, e.g. '{\"cmd\":\"next\"}')", .send)
            }
            if request.contains("\n") {
                throw .usage("a request spans several lines; write each as one line of JSON", .send)
            }
        }
        return SendCommand(
            path: path, requests: requests.isEmpty ? nil : requests.map(Self.request(_:)),
            timeout: try values.value(Options.timeout))
    }

    /// A request as sent: JSON as given (it starts with `{`); a command in words as its JSON
    /// object: the first word is `cmd`, the rest (if any) `value`, a number for a command whose
    /// value is seconds (`interval 3`), else text (`direction up`, `add two words`). Commands that
    /// take an index (`goto`, `remove`, …) are JSON: the word protocol counts items from 1, the
    /// JSON one from 0, and a word request would have to pick one.
    static func request(_ argument: String) -> String {
        let trimmed = argument.trimmingWhitespace()
        guard !trimmed.hasPrefix("{") else { return argument }
        let verb = trimmed.prefix { $0 != " " && $0 != "\t" }
        let rest = trimmed.dropFirst(verb.count).trimmingWhitespace()
        var members: [(String, JSONValue)] = [("cmd", .string(String(verb)))]
        if !rest.isEmpty {
            let takesSeconds = LiveRequests.specs.contains { spec in
                spec.name == verb.lowercased()
                    && spec.fields.contains { field in
                        guard case .seconds = field.kind else { return false }
                        return field.name == "value"
                    }
            }
            let number = takesSeconds ? Double(rest).flatMap { $0.isFinite ? $0 : nil } : nil
            members.append(("value", number.map(JSONValue.double) ?? .string(rest)))
        }
        return JSONValue.object(members).serialized
    }

    /// Connects, sends, prints and returns the exit status (0 all replies ok; 1 an error reply, no
    /// connection, a timeout, or the run closing the connection before every reply came).
    func run() throws(CLIError) -> Int32 {
        let lines: [String]
        if let requests { lines = requests } else { lines = try Self.standardInputLines() }
        // The timeout bounds the whole exchange, not each silence: connecting (a stopped run
        // whose queue of connections is full), sending (one that reads nothing) and the replies
        // (anything at the path that dribbles a byte at a time) all come within it.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        let descriptor = try ControlSocket.connect(to: path, deadline: deadline)
        return try exchange(lines, over: descriptor, deadline: deadline)
    }

    /// Sends `lines` and prints what comes back; returns the exit status.
    private func exchange(_ lines: [String], over descriptor: Int32, deadline: UInt64) throws(CLIError) -> Int32 {
        try send(Array(lines.map { $0 + "\n" }.joined().utf8), over: descriptor, deadline: deadline)
        var framer = LineFramer(limit: Limits.inputFileBytes)
        var replies = Replies(awaited: lines.count, showsRawLines: !TerminalDevice.standardOutput.isTerminal)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while replies.awaited > 0 || replies.subscribed {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            var wait: Int32 = -1
            if replies.awaited > 0 {
                let now = DispatchTime.now().uptimeNanoseconds
                let left = deadline > now ? deadline - now : 0
                guard left > 0 else {
                    throw .runtime(
                        "no reply from '\(path)' within \(shortestText(timeout)) s (\(replies.awaited) still awaited)")
                }
                wait = Int32((left + 999_999) / 1_000_000)
            }
            let waited = poll(&ready, 1, wait)
            if waited < 0 && errno == EINTR { continue }
            if waited == 0 { continue }  // The deadline is checked above.
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
            guard count > 0 else {
                if replies.awaited > 0 {
                    throw .runtime(
                        "'\(path)' closed the connection with \(replies.awaited) of \(lines.count) replies still awaited"
                    )
                }
                break
            }
            for framed in framer.append(buffer[0..<count]) {
                guard replies.take(framed, from: path) else { return 0 }  // The reader is gone (| head -1): done.
            }
        }
        return replies.failed ? 1 : 0
    }

    /// Writes all of `payload` to the (non-blocking) socket by `deadline`.
    private func send(_ payload: [UInt8], over descriptor: Int32, deadline: UInt64) throws(CLIError) {
        var sent = 0
        while sent < payload.count {
            let written = payload.withUnsafeBytes {
                Platform.sendWithoutSignal(descriptor, $0.baseAddress! + sent, payload.count - sent)
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                guard ControlSocket.waitUntilWritable(descriptor, deadline: deadline) else {
                    throw .runtime("cannot send to '\(path)': it took nothing within \(shortestText(timeout)) s")
                }
                continue
            }
            guard written > 0 else {
                throw .runtime("cannot send to '\(path)': \(ControlSocket.reason(errno))")
            }
            sent += written
        }
    }

    /// The replies still awaited and what came: each line is printed; until every reply came,
    /// each is a reply (its `ok`, a subscription); after, lines are events, printed, never parsed.
    private struct Replies {
        var awaited: Int
        let showsRawLines: Bool
        var failed = false
        var subscribed = false

        /// Prints `framed` and counts it; false when standard output's reader is gone.
        mutating func take(_ framed: LineFramer.Line, from path: String) -> Bool {
            guard case .line(let line) = framed else {
                // A reply over the limit: counted as a failed reply, not held.
                StandardError.write("Error: a reply from '\(path)' was over \(Limits.inputFileBytes) bytes\n")
                awaited -= 1
                failed = true
                return true
            }
            do {
                // Our runs' lines are JSON with every control escaped; whatever else listens at
                // the path is shown as data on a terminal (controls as pictures), never raw.
                let shown =
                    showsRawLines ? line : Array(TextLayout.plainText(String(decoding: line, as: UTF8.self)).utf8)
                try TerminalDevice.standardOutput.write(shown + [0x0A])
            } catch {
                return false
            }
            guard awaited > 0, let value = SendCommand.json(line), let ok = value["ok"] else { return true }
            awaited -= 1
            if ok != .bool(true) { failed = true }
            if let subscription = value["result"]?["subscribed"], case .bool(let on) = subscription {
                subscribed = on
            }
            return true
        }
    }

    /// A line as JSON, or nil when it is not.
    fileprivate static func json(_ line: [UInt8]) -> JSONValue? {
        try? JSONParser.parse(line)
    }

    /// Standard input's non-blank lines.
    ///
    /// - Throws: ``CLIError/unreadableInput(_:)`` when stdin cannot be read (its cause), is over
    ///   ``Limits/inputFileBytes`` or is not UTF-8 (``InputFile/text(of:)``).
    private static func standardInputLines() throws(CLIError) -> [String] {
        try requestLines(InputFile.text(of: "-"))
    }

    /// The non-blank lines of `text`, split at line feeds only (a CR before one is dropped):
    /// U+2028, U+2029, U+0085 and a lone CR are text inside a request, as JSON allows them raw in
    /// a string (RFC 8259), never line ends.
    static func requestLines(_ text: String) -> [String] {
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: true).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        .filter { !$0.trimmingWhitespace().isEmpty }
    }
}
