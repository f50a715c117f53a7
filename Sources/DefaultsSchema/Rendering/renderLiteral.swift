extension SwiftRenderer {
    /// The same renderer, writing literals for people to read (`Date(…)`).
    var forReading: SwiftRenderer {
        var copy = self
        copy.qualifiesFoundationTypes = false
        return copy
    }

    /// `Foundation.` where literals name Foundation's types by their module.
    private var foundation: String { qualifiesFoundationTypes ? "Foundation." : "" }

    /// A Swift expression for a checked default value.
    func literal(_ value: DefaultValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let text): return text
        // Subnormals by bit pattern: their shortest decimal form (5e-324) makes the compiler warn of underflow.
        case .double(let number) where number.isSubnormal: return "Double(bitPattern: 0x\(String(number.bitPattern, radix: 16)))"
        case .double(let number): return number.description
        case .float(let number) where number.isSubnormal: return "Float(bitPattern: 0x\(String(number.bitPattern, radix: 16)))"
        case .float(let number): return number.description
        case .string(let text): return SwiftNames.stringLiteral(text)
        // Foundation's types by their module, which a module's own `Data` or `Date` would otherwise shadow.
        case .data(let bytes): return bytes.isEmpty ? "\(foundation)Data()" : "\(foundation)Data([\(bytes.map(String.init).joined(separator: ", "))])"
        case .date(let seconds): return "\(foundation)Date(timeIntervalSince1970: \(seconds.description))"
        case .url(let text): return "\(foundation)URL(string: \(SwiftNames.stringLiteral(text)))!"
        // The canonical string, checked by the validator: a short line that shows the value as users write it.
        case .uuid(let bytes): return "\(foundation)UUID(uuidString: \"\(uuidString(bytes))\")!"
        case .rawRepresentable(let type, let raw):
            // `as T?` then `!`: compiles whether the type's `init(rawValue:)` is failable (an enum) or not (a struct).
            return "(\(type)(rawValue: \(literal(raw))) as \(type)?)!"
        case .geometry(let type, let numbers):
            // A rectangle by the C struct's own initializer (`CGRect(x:y:width:height:)` is an overlay's, not every SDK's).
            let texts = numbers.map { literal(.double($0)) }
            if texts.count == 4 {
                return "\(type)(origin: CGPoint(x: \(texts[0]), y: \(texts[1])), size: CGSize(width: \(texts[2]), height: \(texts[3])))"
            }
            let labels = BuiltinType(rawValue: type)?.geometryLabels ?? []
            return "\(type)(" + zip(labels, texts).map { "\($0): \($1)" }.joined(separator: ", ") + ")"
        case .color(let type, let components): return colorLiteral(type, components)
        case .array(let elements): return "[\(elements.map(literal).joined(separator: ", "))]"
        case .dictionary(let entries):
            if entries.isEmpty { return "[:]" }
            return "[\(entries.map { "\(SwiftNames.stringLiteral($0.key)): \(literal($0.value))" }.joined(separator: ", "))]"
        case .enumCase(let identifier): return ".\(SwiftNames.escapedIdentifier(identifier))"
        case .record(let name, let entries):
            let arguments = entries.map { "\(SwiftNames.escapedIdentifier($0.key)): \(literal($0.value))" }
            return "\(name)(\(arguments.joined(separator: ", ")))"
        case .null: return "nil"
        case .swiftExpression(let expression): return expression
        // Its type is always the context's (a key's, a field's, an element's): the case alone, as an enum's.
        case .propertyList(let content): return propertyListLiteral(content)
        }
    }

    /// A `DefaultsPropertyList` value as its cases (`.dictionary(["limit": .integer(20)])`): every kind spelled
    /// out, so that no literal is read as another kind.
    private func propertyListLiteral(_ content: DefaultValue) -> String {
        switch content {
        case .bool(let flag): return ".bool(\(flag))"
        case .integer(let text): return ".integer(\(text))"
        case .double(let number) where number.isNaN: return ".double(.nan)"
        case .double(let number) where number.isInfinite: return number < 0 ? ".double(-.infinity)" : ".double(.infinity)"
        case .double(let number): return ".double(\(literal(.double(number))))"
        case .string(let text): return ".string(\(SwiftNames.stringLiteral(text)))"
        case .data: return ".data(\(literal(content)))"
        case .date: return ".date(\(literal(content)))"
        case .array(let elements): return ".array([\(elements.map(propertyListLiteral).joined(separator: ", "))])"
        case .dictionary(let entries):
            if entries.isEmpty { return ".dictionary([:])" }
            return ".dictionary([\(entries.map { "\(SwiftNames.stringLiteral($0.key)): \(propertyListLiteral($0.value))" }.joined(separator: ", "))])"
        default: return literal(content)
        }
    }

    /// The canonical text of a UUID's 16 bytes: `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    func uuidString(_ bytes: [UInt8]) -> String {
        var text = ""
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text += "-" }
            text += (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return text
    }
}
