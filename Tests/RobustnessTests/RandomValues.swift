import Foundation

/// A value type of a random schema.
indirect enum RandomType {
    case scalar(String)
    case array(RandomType)
    case dictionary(RandomType)
    case enumeration(String, [String])

    var spelling: String {
        switch self {
        case .scalar(let name): return name
        case .array(let element): return "[\(element.spelling)]"
        case .dictionary(let value): return "[String: \(value.spelling)]"
        case .enumeration(let name, _): return name
        }
    }
}

private let scalarNames = ["Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
                           "Double", "Float", "String", "Data", "Date", "URL", "UUID", "CGPoint", "CGSize", "CGRect"]

// What the package's one rule for URL text takes (`isURLText`): a host, or a scheme that has none.
private let urls = ["https://example.com", "https://example.com/a/b?c=d&e=%20f#frag", "file:///tmp/some%20file",
                    "mailto:someone@example.com", "http://127.0.0.1:8080/path", "custom-scheme://opaque-part", "ftp://host/x;type=a",
                    "tel:+1-555-0100"]

extension Builder {
    mutating func randomType(depth: Int) -> RandomType {
        let roll = Int.random(in: 0..<10, using: &random)
        if depth < 2 && roll == 0 { return .array(randomType(depth: depth + 1)) }
        if depth < 2 && roll == 1 { return .dictionary(randomType(depth: depth + 1)) }
        if roll == 2, !enums.isEmpty {
            let declared = random.pick(enums)
            return .enumeration(declared.name, declared.raws)
        }
        return .scalar(random.pick(scalarNames))
    }

    /// A JSON default of `type` and its canonical runtime form.
    mutating func randomValue(_ type: RandomType) -> (JSONText, String) {
        switch type {
        case .array(let element):
            let values = (0..<Int.random(in: 0...3, using: &random)).map { _ in randomValue(element) }
            return (.array(values.map(\.0)), "[" + values.map(\.1).joined(separator: ",") + "]")
        case .dictionary(let valueType):
            var entries: [(String, JSONText, String)] = []
            for number in 0..<Int.random(in: 0...3, using: &random) {
                let (value, canonical) = randomValue(valueType)
                entries.append((random.oddString(maxPieces: 2) + "\(number)", value, canonical))
            }
            let sorted = entries.sorted { hex($0.0) < hex($1.0) }
            return (.object(entries.map { ($0.0, $0.1) }), "{" + sorted.map { "\(hex($0.0))=\($0.2)" }.joined(separator: ",") + "}")
        case .enumeration(_, let raws):
            let raw = random.pick(raws)
            return (.string(raw), "s:\(hex(raw))")
        case .scalar(let name):
            return randomScalar(name)
        }
    }

    private mutating func randomScalar(_ name: String) -> (JSONText, String) {
        switch name {
        case "Bool":
            let flag = random.chance(0.5)
            return (.literal("\(flag)"), "b:\(flag)")
        case "Int", "Int64": return integer(Int64.min, UInt64(Int64.max))
        case "Int8": return integer(Int64(Int8.min), UInt64(Int8.max))
        case "Int16": return integer(Int64(Int16.min), UInt64(Int16.max))
        case "Int32": return integer(Int64(Int32.min), UInt64(Int32.max))
        case "UInt", "UInt64": return integer(0, UInt64.max)
        case "UInt8": return integer(0, UInt64(UInt8.max))
        case "UInt16": return integer(0, UInt64(UInt16.max))
        case "UInt32": return integer(0, UInt64(UInt32.max))
        case "Double":
            let value = random.pick([0.1, -0.0, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123456.789, -2.5,
                                     Double(Int.random(in: -999_999...999_999, using: &random)) / 1000])
            return (.literal(value.description), "d:\(value)")
        case "Float":
            let value = random.pick([Float(0.1), .greatestFiniteMagnitude, .leastNonzeroMagnitude, -7.25, Float(Int.random(in: -99_999...99_999, using: &random)) / 100])
            return (.literal(value.description), "f:\(value)")
        case "String":
            let text = random.oddString()
            return (.string(text), "s:\(hex(text))")
        case "Data":
            let bytes = (0..<Int.random(in: 0...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            return (.string(Data(bytes).base64EncodedString()), "x:\(hex(bytes))")
        case "Date":
            let milliseconds = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &random)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return (.string(formatter.string(from: date)), "t:" + String(format: "%.3f", Double(milliseconds) / 1000))
        case "CGPoint", "CGSize", "CGRect":
            // Stored as NSStringFromPoint/Size/Rect write: whole numbers bare, others in their shortest exact form.
            let numbers: [Double] = (0..<(name == "CGRect" ? 4 : 2)).map { _ in random.pick([0, 1.5, -3, 0.1, 800, 1e300, -0.25, 1.0 / 3]) }
            let texts = numbers.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : "\($0)" }
            let stored = name == "CGRect" ? "{{\(texts[0]), \(texts[1])}, {\(texts[2]), \(texts[3])}}" : "{\(texts.joined(separator: ", "))}"
            return (.array(numbers.map { .literal($0.description) }), "s:\(hex(stored))")
        case "URL":
            let url = random.pick(urls)
            // A file URL is stored as its path (with `~` inside the home directory on Apple platforms), any other
            // URL archived (`u:`, the URL the archive holds: see `canonical` in the checker).
            if let file = URL(string: url), file.isFileURL { return (.string(url), "s:\(hex(file.path))") }
            return (.string(url), "u:\(hex(url))")
        default:  // UUID
            let uuid = UUID(uuid: (random.byte(), random.byte(), random.byte(), random.byte(), random.byte(), random.byte(),
                                   random.byte(), random.byte(), random.byte(), random.byte(), random.byte(), random.byte(),
                                   random.byte(), random.byte(), random.byte(), random.byte()))
            let text = random.chance(0.5) ? uuid.uuidString.lowercased() : uuid.uuidString
            return (.string(text), "s:\(hex(uuid.uuidString))")
        }
    }

    private mutating func integer(_ minimum: Int64, _ maximum: UInt64) -> (JSONText, String) {
        let text: String
        switch Int.random(in: 0..<4, using: &random) {
        case 0: text = "\(minimum)"
        case 1: text = "\(maximum)"
        case 2: text = "0"
        default:
            if minimum < 0, random.chance(0.5) {
                text = "\(Int64.random(in: minimum...0, using: &random))"
            } else {
                text = "\(UInt64.random(in: 0...maximum, using: &random))"
            }
        }
        return (.literal(text), "i:\(text)")
    }
}

extension Builder {
    /// `minimum` and/or `maximum` around `value` (a JSON number of the scalar type `name`), or none for other
    /// types: bounds drawn from negative numbers, zero, the type's extremes and (floating point) fractions and
    /// exponents, so ranges below zero, with a negative upper bound, or of one value all occur.
    mutating func randomRange(for name: String, around value: JSONText) -> [(String, JSONText)] {
        guard case .literal(let text) = value, random.chance(0.4) else { return [] }
        var low: String?
        var high: String?
        switch name {
        case "Int", "Int64", "Int8", "Int16", "Int32":
            guard let number = Int64(text) else { return [] }
            let (typeMin, typeMax): (Int64, Int64) = switch name {
            case "Int8": (Int64(Int8.min), Int64(Int8.max))
            case "Int16": (Int64(Int16.min), Int64(Int16.max))
            case "Int32": (Int64(Int32.min), Int64(Int32.max))
            default: (Int64.min, Int64.max)
            }
            low = "\(random.pick([number, typeMin, Int64.random(in: typeMin...number, using: &random), number == typeMin ? number : number - 1] + [-1, 0].filter { $0 <= number }))"
            high = "\(random.pick([number, typeMax, Int64.random(in: number...typeMax, using: &random), number == typeMax ? number : number + 1] + [-1, 0].filter { $0 >= number }))"
        case "UInt", "UInt64", "UInt8", "UInt16", "UInt32":
            guard let number = UInt64(text) else { return [] }
            let typeMax: UInt64 = switch name {
            case "UInt8": UInt64(UInt8.max)
            case "UInt16": UInt64(UInt16.max)
            case "UInt32": UInt64(UInt32.max)
            default: UInt64.max
            }
            low = "\(random.pick([number, 0, UInt64.random(in: 0...number, using: &random)]))"
            high = "\(random.pick([number, typeMax, UInt64.random(in: number...typeMax, using: &random)]))"
        case "Double":
            guard let number = Double(text) else { return [] }
            low = random.pick([number, number - 1, -.greatestFiniteMagnitude, -1e300, -0.5, -1e-3, number * 2 - 1, 0].filter { $0 <= number && $0.isFinite }).description
            high = random.pick([number, number + 1, .greatestFiniteMagnitude, 1e300, -0.25, -1e-3, -1e-300, 0].filter { $0 >= number && $0.isFinite }).description
        case "Float":
            guard let number = Float(text) else { return [] }
            low = random.pick([number, number - 1, -.greatestFiniteMagnitude, -1e30, -0.5, -1e-3, 0].filter { $0 <= number && $0.isFinite }).description
            high = random.pick([number, number + 1, .greatestFiniteMagnitude, 1e30, -0.25, -1e-3, 0].filter { $0 >= number && $0.isFinite }).description
        default:
            return []
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: high = nil
        case 1: low = nil
        default: break
        }
        return [low.map { ("minimum", JSONText.literal($0)) }, high.map { ("maximum", JSONText.literal($0)) }].compactMap { $0 }
    }
}

extension SeededRandom {
    mutating func byte() -> UInt8 { UInt8.random(in: 0...255, using: &self) }
}
