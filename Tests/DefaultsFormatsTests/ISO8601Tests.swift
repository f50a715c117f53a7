import Foundation
import Testing
import DefaultsFormats
import TypedDefaults

@Suite struct ISO8601Tests {
    @Test func agreesWithFoundationOnManyDates() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var state: UInt64 = 12_345
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let milliseconds = Int64(bitPattern: state >> 1) % 8_000_000_000_000 - 2_000_000_000_000
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = formatter.string(from: date)
            let parsed = parseISO8601(text)
            #expect(parsed.map { abs($0 - date.timeIntervalSince1970) < 0.000_5 } == true, "\(text)")
        }
    }

    @Test(arguments: [
        ("2024-01-01T00:00:00Z", 1_704_067_200.0), ("1970-01-01T00:00:00Z", 0), ("1969-12-31T23:59:59Z", -1),
        ("2024-02-29T12:34:56.5Z", 1_709_210_096.5), ("2024-01-01T01:00:00+01:00", 1_704_067_200),
        ("2023-12-31T19:00:00-05:00", 1_704_067_200), ("2000-02-29t00:00:00z", 951_782_400),
    ])
    func parsesValidDates(text: String, seconds: Double) {
        #expect(parseISO8601(text) == seconds)
    }

    @Test(arguments: ["2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-04-31T00:00:00Z",
                      "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z", "2024-01-01T00:00:60Z", "2024-01-01", "2024-01-01T00:00:00",
                      "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00+0100", "24-01-01T00:00:00Z", "2024-01-01T00:00:00Zjunk", ""])
    func rejectsInvalidDates(text: String) {
        #expect(parseISO8601(text) == nil)
        #expect(Date.fromDefaultsObject(text) == nil)
    }

    /// The store reads Date strings (launch arguments) with the same grammar as the generator's defaults.
    @Test(arguments: ["2024-01-01T00:00:00Z", "2024-01-01t00:00:00z", "2024-01-01 00:00:00Z", "2024-02-29T12:34:56.789+01:00"])
    func storeReadsEveryFormTheSchemaAccepts(text: String) throws {
        let seconds = try #require(parseISO8601(text))
        #expect(Date.fromDefaultsObject(text) == Date(timeIntervalSince1970: seconds))
    }
}
