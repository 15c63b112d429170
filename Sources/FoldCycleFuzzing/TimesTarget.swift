import FoldCycleCLI

/// Times as `status --at` and `--epoch` read them (issue 34, point 7; the standard: every parser
/// of outside bytes has a fuzz target). Properties: any text names no time or a finite one, the
/// same each time it is read; a whole-second instant from 1970 to 9999, written in each form the
/// reader documents (ISO 8601 extended and basic, with `Z` or an offset; `@` seconds; its date,
/// extended and basic, for its midnight), reads back as itself.
enum TimesTarget {
    static func run(_ input: inout FuzzInput) {
        // Five bytes (`FuzzInput.int` takes two): any second from 1970-01-02 to 9999-12-30.
        let range = 86_400...253_402_300_799 - 86_400
        var raw = 0
        for _ in 0..<5 { raw = raw << 8 | Int(input.byte()) }
        let seconds = range.lowerBound + raw % (range.upperBound - range.lowerBound + 1)
        let offsetMinutes = input.int(in: -(23 * 60 + 59)...(23 * 60 + 59))
        instantForms(seconds: seconds, offsetMinutes: offsetMinutes)
        let text = String(decoding: input.remaining, as: UTF8.self)
        let read = CLIFuzzing.time(text)
        if let read { FuzzCheck.require(read.isFinite, "a time that is not finite: \(read)") }
        FuzzCheck.require(CLIFuzzing.time(text) == read, "the same text read twice differs")
    }

    /// Every documented form of the instant `seconds` reads back as it (its date as its midnight).
    private static func instantForms(seconds: Int, offsetMinutes: Int) {
        let utc = civil(seconds)
        let forms = [
            "\(utc.date)T\(utc.time)Z", "\(utc.basicDate)T\(utc.basicTime)Z", "@\(seconds)", " @\(seconds) ",
        ]
        for form in forms {
            FuzzCheck.require(CLIFuzzing.time(form) == Double(seconds), "'\(form)' is not \(seconds)")
        }
        let midnight = Double(seconds - seconds % 86_400)
        for form in [utc.date, utc.basicDate] {
            FuzzCheck.require(CLIFuzzing.time(form) == midnight, "'\(form)' is not the midnight \(midnight)")
        }
        // The same instant at a zone's offset: its local time, then the offset.
        let local = civil(seconds + offsetMinutes * 60)
        let sign = offsetMinutes < 0 ? "-" : "+"
        let hours = two(abs(offsetMinutes) / 60)
        let minutes = two(abs(offsetMinutes) % 60)
        for form in [
            "\(local.date)T\(local.time)\(sign)\(hours):\(minutes)",
            "\(local.basicDate)T\(local.basicTime)\(sign)\(hours)\(minutes)",
        ] {
            FuzzCheck.require(CLIFuzzing.time(form) == Double(seconds), "'\(form)' is not \(seconds)")
        }
    }

    /// The calendar date and time of `seconds` since 1970 in UTC (proleptic Gregorian; Howard
    /// Hinnant's days-to-civil), as ISO 8601 extended and basic text.
    private static func civil(_ seconds: Int) -> (date: String, basicDate: String, time: String, basicTime: String) {
        let days = seconds / 86_400
        let second = seconds % 86_400
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let (y, m, d) = (four(year), two(month), two(day))
        let (h, mi, s) = (two(second / 3600), two(second / 60 % 60), two(second % 60))
        return ("\(y)-\(m)-\(d)", "\(y)\(m)\(d)", "\(h):\(mi):\(s)", "\(h)\(mi)\(s)")
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func four(_ value: Int) -> String {
        String(repeating: "0", count: max(4 - "\(value)".count, 0)) + "\(value)"
    }
}
