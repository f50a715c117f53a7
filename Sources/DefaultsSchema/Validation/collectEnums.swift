import DefaultsFormats

/// An enum declared by `cases`, with where it was declared.
struct EnumInfo {
    var declaration: EnumDeclaration
    var location: SchemaLocation
    var name: String { declaration.name }
}

extension SchemaValidator {
    /// Gathers the enums that keys declare with `cases`; one enum may be declared by several keys alike.
    /// `keys` then `fields`, read where they are (a raw key is large: joining the two arrays copied every one).
    func collectEnums(_ keys: [RawKey], _ fields: [RawKey], diagnostics: inout Diagnostics) -> [EnumInfo] {
        var enums: [EnumInfo] = []
        for index in 0..<(keys.count + fields.count) {
            let key = index < keys.count ? keys[index] : fields[index - keys.count]
            if let titles = key.caseTitles, key.cases == nil {
                diagnostics.error(titles.location, Messages.Enums.caseTitlesWithoutCases())
            }
            if let objc = key.objc, key.cases == nil {
                diagnostics.error(objc.location, Messages.Enums.objcWithoutCases())
            }
            guard let casesNode = key.cases else { continue }
            guard let typeText = key.typeText,
                case .success(let type) = TypeNameParser.parse(typeText, declared: { _ in nil })
            else { continue }  // The type's own error is reported when the key is resolved.
            let names = type.customNames
            guard names.count == 1, let name = names.first else {
                diagnostics.error(key.typeLocation, names.isEmpty
                    ? Messages.Enums.typeNamesNoEnum(typeText)
                    : Messages.Enums.typeNamesSeveralEnums(typeText))
                continue
            }
            guard checkTypeName(name, at: key.typeLocation, what: "an enum", example: "Theme", diagnostics: &diagnostics),
                var declaration = readCases(casesNode, enumName: name, diagnostics: &diagnostics)
            else { continue }
            if let objc = key.objc, objc.value {
                guard declaration.isIntBacked else {
                    diagnostics.error(objc.location, Messages.Enums.objcNeedsIntegers())
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
                    diagnostics.error(casesNode.location,
                                      Messages.Enums.declaredDifferently(name, first: existing.location))
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
            diagnostics.error(node.location, Messages.Enums.casesNotArrayOrObject())
            return nil
        }
        guard !entries.isEmpty else {
            diagnostics.error(node.location, Messages.Enums.noCases(enumName))
            return nil
        }
        let isIntBacked: Bool
        switch entries[0].value.value {
        case .string: isIntBacked = false
        case .number(let text) where isIntegerText(text): isIntBacked = true
        default:
            diagnostics.error(entries[0].value.location,
                              Messages.Enums.firstCaseNotStringOrInteger(entries[0].value.value.kindDescription))
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
                    diagnostics.error(element.location, Messages.Enums.rawValueOutOfRange(text))
                    valid = false
                    continue
                }
                raw = String(number)
            default:
                diagnostics.error(element.location, isIntBacked
                    ? Messages.Enums.caseNotInteger(element.value.kindDescription)
                    : Messages.Enums.caseNotString(element.value.kindDescription))
                valid = false
                continue
            }
            if let first = rawLocations[raw] {
                diagnostics.error(element.location, Messages.Enums.duplicateCase(raw, first: first))
                valid = false
                continue
            }
            rawLocations[raw] = element.location
            let identifier: String
            let identifierLocation = entry.nameLocation ?? element.location
            if let name = entry.name {
                guard SwiftNames.isIdentifier(name), !SwiftNames.unusableNames.contains(name), !Self.reservedCaseNames.contains(name) else {
                    diagnostics.error(identifierLocation, Messages.Enums.unusableCaseName(name))
                    valid = false
                    continue
                }
                identifier = name
            } else if let made = SwiftNames.caseIdentifier(fromRawValue: raw),
                !SwiftNames.unusableNames.contains(made), !Self.reservedCaseNames.contains(made) {
                identifier = made
            } else {
                diagnostics.error(element.location,
                                  Messages.Enums.noCaseNameFromRawValue(raw, isIntBacked: isIntBacked))
                valid = false
                continue
            }
            if let owner = identifierOwners[identifier] {
                diagnostics.error(identifierLocation, Messages.Enums.sameCaseName(
                    owner.raw, at: owner.location, raw, identifier: identifier))
                valid = false
                continue
            }
            identifierOwners[identifier] = (raw, identifierLocation)
            if !isIntBacked, raw != raw.trimmingWhitespace {
                diagnostics.warning(element.location, Messages.Enums.caseHasOuterSpaces(raw))
            }
            cases.append((identifier, raw))
        }
        return valid ? EnumDeclaration(name: enumName, cases: cases, isIntBacked: isIntBacked) : nil
    }

    /// Reads `caseTitles`: one non-empty string per case, in case order.
    private func readCaseTitles(_ node: JSONNode, count: Int, diagnostics: inout Diagnostics) -> [String]? {
        guard case .array(let elements) = node.value else {
            diagnostics.error(node.location, Messages.Enums.caseTitlesNotArray())
            return nil
        }
        guard elements.count == count else {
            diagnostics.error(node.location, Messages.Enums.caseTitlesCount(elements.count, cases: count))
            return nil
        }
        var titles: [String] = []
        for element in elements {
            guard case .string(let title) = element.value, !title.trimmingWhitespace.isEmpty else {
                diagnostics.error(element.location, Messages.Enums.emptyCaseTitle())
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
