/// Parses an ISO 8601 / RFC 3339 date-time, `2024-01-01T00:00:00Z` or `2024-02-29T12:34:56.789+01:00`, to
/// seconds since 1970. Our own: ICU's formatter took a quarter of a 10,000-key run, and this one checks the
/// calendar exactly (no 2023-02-29) the same way on every platform.
///
/// The one grammar of the package, in this tiny target that the generator and the runtime share (so the generator
/// does not depend on the runtime): the generator checks `Date` defaults with it and the store reads `Date`
/// launch arguments with it, so every default the schema accepts also works as `-key VALUE`. `T`, `t` or a
/// space between date and time; `Z`, `z` or `±hh:mm`; any number of fraction digits.
package func parseISO8601(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }
    func expect(_ characters: String) -> Bool {
        guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
        index += 1
        return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("Tt "),
        let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2)
    else { return nil }
    var fraction = 0.0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        var scale = 0.1
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
            scale /= 10
            index += 1
        }
        guard index > start else { return nil }
    }
    var offsetSeconds = 0
    if expect("Zz") {
        offsetSeconds = 0
    } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let offsetHours = number(2), expect(":"), let offsetMinutes = number(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
        offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    } else {
        return nil
    }
    guard index == bytes.count, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
        hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
}

private func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
private func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}
