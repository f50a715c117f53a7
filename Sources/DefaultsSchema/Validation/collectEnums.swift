/// An enum declared by `cases`, with where it was declared.
struct EnumInfo {
    var declaration: EnumDeclaration
    var location: SchemaLocation
    var name: String { declaration.name }
}

extension SchemaValidator {
    /// Gathers the enums that keys declare with `cases`; one enum may be declared by several keys alike.
    func collectEnums(_ keys: [RawKey], diagnostics: inout Diagnostics) -> [EnumInfo] {
        var enums: [EnumInfo] = []
        for key in keys {
            if let titles = key.caseTitles, key.cases == nil {
                diagnostics.error(titles.location, "\"caseTitles\" names the cases declared by \"cases\" on the same key; add \"cases\" or remove it")
            }
            if let objc = key.objc, key.cases == nil {
                diagnostics.error(objc.location, "\"objc\" makes the enum declared by \"cases\" on the same key @objc; add \"cases\" or remove it")
            }
            guard let casesNode = key.cases else { continue }
            guard let typeText = key.typeText,
                case .success(let type) = TypeNameParser.parse(typeText, declared: { _ in nil })
            else { continue }  // The type's own error is reported when the key is resolved.
            let names = type.customNames
            guard names.count == 1, let name = names.first else {
                diagnostics.error(key.typeLocation, names.isEmpty
                    ? "\"cases\" declares an enum, so \"type\" must name it (such as \"Theme\"), not \(typeText)"
                    : "\"cases\" declares one enum, but the type \"\(typeText)\" names several; declare each enum on its own key")
                continue
            }
            guard checkTypeName(name, at: key.typeLocation, what: "an enum", example: "Theme", diagnostics: &diagnostics),
                var declaration = readCases(casesNode, enumName: name, diagnostics: &diagnostics)
            else { continue }
            if let objc = key.objc, objc.value {
                guard declaration.isIntBacked else {
                    diagnostics.error(objc.location, "an @objc enum has integer raw values; give \"cases\" integers, such as {\"small\": 1}, or remove \"objc\"")
                    continue
                }
                declaration.isObjC = true
            }
            if let titlesNode = key.caseTitles {
                guard let titles = readCaseTitles(titlesNode, count: declaration.cases.count, diagnostics: &diagnostics) else { continue }
                declaration.caseTitles = titles
            }
            if let existing = enums.first(where: { $0.name == name }) {
                if existing.declaration != declaration {
                    diagnostics.error(casesNode.location, "the enum \"\(name)\" is already declared with other cases at \(existing.location); declare its cases once and use \"type\": \"\(name)\" alone elsewhere")
                }
                continue
            }
            enums.append(EnumInfo(declaration: declaration, location: casesNode.location))
        }
        return enums
    }

    /// Reads `cases`: a non-empty array of distinct strings (a `String` enum) or integers (an `Int` enum), or an
    /// object of case names to raw values (`{"small": 1}`, `{"darkMode": "dark-mode"}`).
    private func readCases(_ node: JSONNode, enumName: String, diagnostics: inout Diagnostics) -> EnumDeclaration? {
        // (the case name's location if given explicitly, the name, the raw value node)
        var entries: [(nameLocation: SchemaLocation?, name: String?, value: JSONNode)] = []
        switch node.value {
        case .array(let elements):
            entries = elements.map { (nil, nil, $0) }
        case .object(let members):
            entries = members.map { ($0.nameLocation, $0.name, $0.node) }
        default:
            diagnostics.error(node.location, "\"cases\" must be an array of raw values, such as [\"light\", \"dark\"] or [1, 2], or an object of case names and raw values, such as {\"small\": 1}")
            return nil
        }
        guard !entries.isEmpty else {
            diagnostics.error(node.location, "the enum \"\(enumName)\" has no cases; list at least one in \"cases\"")
            return nil
        }
        let isIntBacked: Bool
        switch entries[0].value.value {
        case .string: isIntBacked = false
        case .number(let text) where isIntegerText(text): isIntBacked = true
        default:
            diagnostics.error(entries[0].value.location, "each case must be a string or an integer, not \(entries[0].value.value.kindDescription)")
            return nil
        }
        var cases: [(identifier: String, rawValue: String)] = []
        var rawLocations: [String: SchemaLocation] = [:]
        var identifierOwners: [String: (raw: String, location: SchemaLocation)] = [:]
        var valid = true
        for entry in entries {
            let element = entry.value
            let raw: String
            switch element.value {
            case .string(let text) where !isIntBacked:
                raw = text
            case .number(let text) where isIntBacked && isIntegerText(text):
                guard let number = Int64(text) else {
                    diagnostics.error(element.location, "\(text) is out of range for an Int raw value")
                    valid = false
                    continue
                }
                raw = String(number)
            default:
                diagnostics.error(element.location, isIntBacked
                    ? "each case of an Int enum must be an integer, not \(element.value.kindDescription)"
                    : "each case must be a string, not \(element.value.kindDescription)")
                valid = false
                continue
            }
            if let first = rawLocations[raw] {
                diagnostics.error(element.location, "duplicate case \"\(raw)\" (first at \(first)); remove one")
                valid = false
                continue
            }
            rawLocations[raw] = element.location
            let identifier: String
            let identifierLocation = entry.nameLocation ?? element.location
            if let name = entry.name {
                guard SwiftNames.isIdentifier(name), !SwiftNames.unusableNames.contains(name), !Self.reservedCaseNames.contains(name) else {
                    diagnostics.error(identifierLocation, "\"\(name)\" cannot name a case; use a Swift identifier that is not a reserved name")
                    valid = false
                    continue
                }
                identifier = name
            } else if let made = SwiftNames.caseIdentifier(fromRawValue: raw),
                !SwiftNames.unusableNames.contains(made), !Self.reservedCaseNames.contains(made) {
                identifier = made
            } else {
                diagnostics.error(element.location, "cannot make a Swift case name from \"\(raw)\"; use a value with letters or digits that is not a reserved name, or name the cases: {\"name\": \(isIntBacked ? raw : "\"\(raw)\"")}")
                valid = false
                continue
            }
            if let owner = identifierOwners[identifier] {
                diagnostics.error(identifierLocation, "the cases \"\(owner.raw)\" (at \(owner.location)) and \"\(raw)\" both become the Swift case '\(identifier)'; rename one")
                valid = false
                continue
            }
            identifierOwners[identifier] = (raw, identifierLocation)
            if !isIntBacked, raw != raw.trimmingWhitespace {
                diagnostics.warning(element.location, "the case \"\(raw)\" has leading or trailing spaces, which are stored too")
            }
            cases.append((identifier, raw))
        }
        return valid ? EnumDeclaration(name: enumName, cases: cases, isIntBacked: isIntBacked) : nil
    }

    /// Reads `caseTitles`: one non-empty string per case, in case order.
    private func readCaseTitles(_ node: JSONNode, count: Int, diagnostics: inout Diagnostics) -> [String]? {
        guard case .array(let elements) = node.value else {
            diagnostics.error(node.location, "\"caseTitles\" must be an array of display names, one per case, such as [\"Light\", \"Dark\"]")
            return nil
        }
        guard elements.count == count else {
            diagnostics.error(node.location, "\"caseTitles\" has \(elements.count) title\(elements.count == 1 ? "" : "s") for \(count) case\(count == 1 ? "" : "s"); give one per case, in the order of \"cases\"")
            return nil
        }
        var titles: [String] = []
        for element in elements {
            guard case .string(let title) = element.value, !title.trimmingWhitespace.isEmpty else {
                diagnostics.error(element.location, "each case title must be a non-empty string")
                return nil
            }
            titles.append(title)
        }
        return titles
    }

    /// Case names that clash with what a raw-value, `CaseIterable`, `Codable` enum already has.
    static let reservedCaseNames: Set<String> = ["rawValue", "allCases", "hashValue", "RawValue", "AllCases"]
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

extension SchemaType {
    /// The user-type names in this type (before enums are known, schema enums count as user types).
    var customNames: [String] {
        switch self {
        case .builtin: return []
        case .array(let inner), .dictionary(let inner), .optional(let inner), .set(let inner): return inner.customNames
        case .enumeration(let name), .custom(let name), .record(let name): return [name]
        }
    }

    /// Whether an optional appears inside an array or dictionary (property lists cannot hold nil).
    var hasNestedOptional: Bool {
        switch self {
        case .builtin, .enumeration, .custom, .record: return false
        case .optional(let inner): return inner.hasNestedOptional
        case .array(let inner), .dictionary(let inner), .set(let inner): return inner.isOptional || inner.hasNestedOptional
        }
    }
}
