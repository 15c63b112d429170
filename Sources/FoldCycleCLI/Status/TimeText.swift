import FoldCycle

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Wall-clock times as `status` reads them (`--epoch`, `--at`): an ISO 8601 time with a zone,
/// extended or basic (`2026-12-01T08:30:00Z`, `2026-12-01T09:30:00.25+01:00`, `20261201T083000Z`,
/// `20261201T093000+0100`), a date, extended or basic (`2026-12-01`, `20261201`: its midnight in
/// UTC), or Unix seconds after `@` (`@1764547200.5`). Bare digits are a date only as `YYYYMMDD`:
/// `20261201` read as seconds would be 1970-08-23 (issue 34), so seconds take the `@`.
enum TimeText {
    /// What errors say is allowed.
    static let allowed =
        "an ISO 8601 time such as 2026-12-01T08:30:00Z or 20261201T083000Z, a date such as 2026-12-01 or "
        + "20261201, or Unix seconds after @ such as @1796083200"

    /// The time `text` names, or nil when it names none.
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("@") { return unixSeconds(String(trimmed.dropFirst())) }
        let bytes = Array(trimmed.utf8)
        if let time = internetTime(bytes) ?? internetTime(extended(basicTime: bytes)) { return time }
        return (date(bytes) ?? date(extended(basicDate: bytes))).map { Date(timeIntervalSince1970: $0) }
    }

    /// Whether `text` is a number without the `@` Unix seconds take (`1796083200`, `-86400`):
    /// errors then say how seconds are written.
    static func isBareSeconds(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace()
        return !trimmed.hasPrefix("@") && unixSeconds(trimmed) != nil
    }

    /// A decimal number of seconds since 1970 (sign, digits and a point only; less than 10^12
    /// either way).
    private static func unixSeconds(_ number: String) -> Date? {
        guard let seconds = Double(number), seconds.isFinite, abs(seconds) < 1e12,
            number.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" })
        else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// A basic date `YYYYMMDD` (8 digits) written extended, `YYYY-MM-DD`; anything else as it is.
    private static func extended(basicDate bytes: [UInt8]) -> [UInt8] {
        guard bytes.count == 8, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return bytes }
        return Array(bytes[0..<4]) + [UInt8(ascii: "-")] + bytes[4..<6] + [UInt8(ascii: "-")] + bytes[6..<8]
    }

    /// A basic time `YYYYMMDDTHHMMSS`, optional `.` and digits, then `Z` or `±HHMM`, written
    /// extended (`YYYY-MM-DDTHH:MM:SS`, `±HH:MM`); anything else as it is.
    private static func extended(basicTime bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 16, bytes[8] == UInt8(ascii: "T") else { return bytes }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard bytes[0..<8].allSatisfy(digits.contains), bytes[9..<15].allSatisfy(digits.contains) else { return bytes }
        var result = extended(basicDate: Array(bytes[0..<8])) + [UInt8(ascii: "T")]
        result += Array(bytes[9..<11]) + [UInt8(ascii: ":")] + bytes[11..<13] + [UInt8(ascii: ":")] + bytes[13..<15]
        var rest = Array(bytes[15...])
        // A zone ±HHMM at the end becomes ±HH:MM.
        if rest.count >= 5, rest[rest.count - 5] == UInt8(ascii: "+") || rest[rest.count - 5] == UInt8(ascii: "-"),
            rest[(rest.count - 4)...].allSatisfy(digits.contains)
        {
            rest.insert(UInt8(ascii: ":"), at: rest.count - 2)
        }
        return result + rest
    }

    /// An RFC 3339 time (ISO 8601's internet profile, what `ISO8601DateFormatter` read with
    /// `.withInternetDateTime`, with or without fractional seconds): `YYYY-MM-DDTHH:MM:SS`, an
    /// optional `.` and digits, then `Z` or `+HH:MM` / `-HH:MM`.
    private static func internetTime(_ bytes: [UInt8]) -> Date? {
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"), let day = date(Array(bytes[0..<10])),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            let start = index + 1
            index = start
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > start, let digits = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
            else { return nil }
            fraction = digits
        }
        let zone = Array(bytes[index...])
        var offset = 0
        if zone != [UInt8(ascii: "Z")] {
            guard zone.count == 6, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"),
                zone[3] == UInt8(ascii: ":"), let hours = number(zone[1..<3]), let minutes = number(zone[4..<6]),
                hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (zone[0] == UInt8(ascii: "-") ? -1 : 1)
        }
        let seconds = day + Double(hour * 3600 + minute * 60 + second - offset)
        return Date(timeIntervalSince1970: seconds + fraction)
    }

    /// `YYYY-MM-DD`, a valid day of the proleptic Gregorian calendar, as the Unix seconds of its
    /// midnight in UTC.
    private static func date(_ bytes: [UInt8]) -> Double? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
            (1...12).contains(month), day >= 1
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        // Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return Double(era * 146_097 + dayOfEra - 719_468) * 86_400
    }

    /// The value of ASCII decimal digits (all of them digits), or nil.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// The start of the UTC day `date` is in.
    static func startOfDayUTC(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
    }
}
