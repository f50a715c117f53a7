import Foundation

// Points, sizes and rectangles are stored as the strings Foundation's `NSStringFromPoint`, `NSStringFromSize` and
// `NSStringFromRect` (UIKit: `NSStringFromCGPoint`, …) write, `{x, y}`, `{w, h}` and `{{x, y}, {w, h}}`, because
// that is how apps' own code stores them, so a key declared in a schema reads what the app stored before and the
// app's old code reads what the key stores. The numbers are written in their shortest exact form (`{0.1, 20}`;
// Foundation writes 17 digits, `{0.10000000000000001, 20}`), which both forms' readers parse back to the same
// value. Reading also accepts the Codable forms (`[x, y]`, `[w, h]`, `[[x, y], [w, h]]`, as JSONEncoder writes
// them, or a flat `[x, y, w, h]`), so values another library stored that way read too, as a property-list array
// or as the JSON text or data it encoded (sindresorhus/Defaults stores a `CGSize` as the string `"[450,800]"`).

extension CGPoint: DefaultsSerializable {
    /// Stored as `NSStringFromPoint` writes it: `{x, y}`.
    public func defaultsObject() throws -> Any? {
        try GeometryText.write([x, y], nested: false, type: "CGPoint")
    }

    /// Reads `{x, y}`, or the Codable forms `[x, y]`.
    public static func fromDefaultsObject(_ object: Any) -> CGPoint? {
        GeometryText.numbers(in: object, count: 2).map { CGPoint(x: $0[0], y: $0[1]) }
    }
}

extension CGSize: DefaultsSerializable {
    /// Stored as `NSStringFromSize` writes it: `{width, height}`.
    public func defaultsObject() throws -> Any? {
        try GeometryText.write([width, height], nested: false, type: "CGSize")
    }

    /// Reads `{width, height}`, or the Codable form `[width, height]`.
    public static func fromDefaultsObject(_ object: Any) -> CGSize? {
        GeometryText.numbers(in: object, count: 2).map { CGSize(width: $0[0], height: $0[1]) }
    }
}

extension CGRect: DefaultsSerializable {
    /// Stored as `NSStringFromRect` writes it: `{{x, y}, {width, height}}`.
    public func defaultsObject() throws -> Any? {
        try GeometryText.write([origin.x, origin.y, size.width, size.height], nested: true, type: "CGRect")
    }

    /// Reads `{{x, y}, {width, height}}`, or the Codable forms `[[x, y], [width, height]]` and `[x, y, width, height]`.
    public static func fromDefaultsObject(_ object: Any) -> CGRect? {
        // The C structs' own initializers: `CGRect(x:y:width:height:)` is CoreGraphics' Swift overlay's.
        GeometryText.numbers(in: object, count: 4).map { CGRect(origin: CGPoint(x: $0[0], y: $0[1]), size: CGSize(width: $0[2], height: $0[3])) }
    }
}

/// The string form of points, sizes and rectangles.
enum GeometryText {
    /// `{a, b}`, or `{{a, b}, {c, d}}` when `nested`; throws for a value that is not finite (Foundation would write
    /// `nan`, which no reader takes back).
    static func write(_ numbers: [CGFloat], nested: Bool, type: String) throws -> String {
        guard numbers.allSatisfy(\.isFinite) else { throw DefaultsError.notRepresentable("a \(type) with a value that is not finite") }
        let texts = numbers.map { number -> String in
            let value = Double(number)
            // Whole numbers as Foundation writes them (`20`, not `20.0`); others in their shortest exact form.
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return "\(value)"
        }
        guard nested else { return "{\(texts.joined(separator: ", "))}" }
        return "{{\(texts[0]), \(texts[1])}, {\(texts[2]), \(texts[3])}}"
    }

    /// The `count` numbers of a stored point, size or rectangle: a string in Foundation's form (braces, commas and
    /// spaces around the numbers, exactly `count` of them), or an array (flat or of pairs) of numbers.
    static func numbers(in object: Any, count: Int) -> [CGFloat]? {
        if object is String || object is Data, let array = parsedForeignJSON(object, opening: "[") as? [Any] {
            return numbers(in: array, count: count)
        }
        if let text = object as? String { return numbers(inText: text, count: count) }
        guard let items = storedArrayElements(object) else { return nil }
        var result: [CGFloat] = []
        for item in items {
            guard let item = item.flatMap(unwrapStored) else { return nil }
            if let pair = storedArrayElements(item) {
                for member in pair {
                    guard let number = member.flatMap(unwrapStored).flatMap(StoredNumber.init)?.exactly(Double.self) else { return nil }
                    result.append(CGFloat(number))
                }
            } else {
                guard let number = StoredNumber(item)?.exactly(Double.self) else { return nil }
                result.append(CGFloat(number))
            }
        }
        return result.count == count && result.allSatisfy(\.isFinite) ? result : nil
    }

    private static func numbers(inText text: String, count: Int) -> [CGFloat]? {
        let expectedBraces = count == 4 ? 3 : 1
        guard text.filter({ $0 == "{" }).count == expectedBraces, text.filter({ $0 == "}" }).count == expectedBraces,
            text.trimmingCharacters(in: .whitespaces).hasPrefix("{")
        else { return nil }
        let parts = text.split(whereSeparator: { "{}, ".contains($0) })
        guard parts.count == count else { return nil }
        var result: [CGFloat] = []
        for part in parts {
            guard let number = Double(part), number.isFinite else { return nil }
            result.append(CGFloat(number))
        }
        return result
    }
}
