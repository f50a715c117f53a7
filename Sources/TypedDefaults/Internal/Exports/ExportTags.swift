internal import DefaultsFormats
import Foundation

/// The tags of a settings file: one-member objects (JSON) or dictionaries (property list) that hold what the
/// encoding cannot say by itself. The same names as a schema's `DefaultsPropertyList` defaults.
enum ExportTags {
    static let formatName = "TypedDefaults settings"

    static let data = "$data"
    static let date = "$date"
    /// Beside ``date``: the date's seconds since 2001 to the bit, when its text (to the millisecond) is not exact.
    static let exact = "$exact"
    static let double = "$double"
    static let integer = "$integer"
    static let dictionary = "$dictionary"
    /// A property list's string that its XML would not give back (see ``ExportPropertyList``), as UTF-8 data.
    static let string = "$string"
    /// A property list's dictionary with such a key: `[key as UTF-8 data, value]` pairs.
    static let entries = "$entries"

    /// `2026-01-31T12:00:00.250Z`: UTC, to the millisecond, the text a person reads and edits.
    static func isoText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!))
    }

    /// The date's seconds since 2001 as a JSON number, when its ISO text (milliseconds) does not give it back.
    static func exactSeconds(of date: Date) -> String? {
        guard let seconds = parseISO8601(isoText(date)) else { return "\(date.timeIntervalSinceReferenceDate)" }
        let fromText = Date(timeIntervalSince1970: seconds)
        guard fromText.timeIntervalSinceReferenceDate.bitPattern != date.timeIntervalSinceReferenceDate.bitPattern else { return nil }
        let exact = "\(date.timeIntervalSinceReferenceDate)"
        return exact.contains(where: { $0 == "." || $0 == "e" }) ? exact : exact + ".0"
    }

    /// The date the text says; the exact seconds instead when the text is theirs (a person who edits the text
    /// changes the date, and the stale exact seconds then count for nothing).
    static func date(isoText text: String, exactSeconds: Double?) -> Date? {
        guard let seconds = parseISO8601(text) else { return nil }
        if let exactSeconds, exactSeconds.isFinite {
            let exact = Date(timeIntervalSinceReferenceDate: exactSeconds)
            if isoText(exact) == text { return exact }
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// A 64-bit integer's text (a JSON number, or an `$integer` tag): ``PortableValue/integer(_:)`` when `Int64`
    /// holds it, ``PortableValue/unsigned(_:)`` above; `nil` beyond both.
    static func integer(_ text: String) -> PortableValue? {
        if let integer = Int64(text) { return .integer(integer) }
        return UInt64(text).map(PortableValue.unsigned)
    }

    static func nonFiniteText(_ double: Double) -> String {
        double.isNaN ? "nan" : double < 0 ? "-inf" : "inf"
    }

    static func nonFinite(_ text: String) -> Double? {
        switch text {
        case "nan": return .nan
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        // A property list's `<real>` does not keep the sign of zero.
        case "-0", "-0.0": return -0.0
        default: return nil
        }
    }
}
