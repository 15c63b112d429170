import Foundation

/// Wall-clock times as `status` reads them (`--epoch`, `--at`): an ISO 8601 time with a zone
/// (`2026-12-01T08:30:00Z`, `2026-12-01T09:30:00.25+01:00`), a date (`2026-12-01`: its midnight
/// in UTC), or Unix seconds (`1764547200`, `@1764547200.5`).
enum TimeText {
    /// What errors say is allowed.
    static let allowed = "an ISO 8601 time such as 2026-12-01T08:30:00Z, a date such as 2026-12-01, or Unix seconds"

    /// The time `text` names, or nil when it names none.
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.hasPrefix("@") ? String(trimmed.dropFirst()) : trimmed
        if let seconds = Double(number), seconds.isFinite, abs(seconds) < 1e12,
            number.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" })
        {
            return Date(timeIntervalSince1970: seconds)
        }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let dateOnly = ISO8601DateFormatter()
        dateOnly.formatOptions = [.withFullDate]
        dateOnly.timeZone = TimeZone(identifier: "UTC")
        if let date = plain.date(from: trimmed) ?? withFraction.date(from: trimmed) { return date }
        // A date alone is exactly YYYY-MM-DD (the formatter would also take a time without a zone).
        let isDate =
            trimmed.count == 10
            && trimmed.enumerated().allSatisfy { offset, character in
                offset == 4 || offset == 7 ? character == "-" : character.isASCII && character.isNumber
            }
        return isDate ? dateOnly.date(from: trimmed) : nil
    }

    /// The start of the UTC day `date` is in.
    static func startOfDayUTC(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
    }
}
