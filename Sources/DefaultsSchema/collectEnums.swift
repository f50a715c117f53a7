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
            guard let casesNode = key.cases else { continue }
            guard let typeText = key.typeText,
                case .success(let type) = TypeNameParser.parse(typeText, isEnum: { _ in false })
            else { continue }  // The type's own error is reported when the key is resolved.
            let names = type.customNames
            guard names.count == 1, let name = names.first else {
                diagnostics.error(key.typeLocation, names.isEmpty
                    ? "\"cases\" declares an enum, so \"type\" must name it (such as \"Theme\"), not \(typeText)"
                    : "\"cases\" declares one enum, but the type \"\(typeText)\" names several; declare each enum on its own key")
                continue
            }
            guard checkEnumName(name, at: key.typeLocation, diagnostics: &diagnostics),
                let declaration = readCases(casesNode, enumName: name, diagnostics: &diagnostics)
            else { continue }
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

    private func checkEnumName(_ name: String, at location: SchemaLocation, diagnostics: inout Diagnostics) -> Bool {
        if name.contains(".") {
            diagnostics.error(location, "the enum name \"\(name)\" cannot contain '.'; the enum is generated in this module")
        } else if !SwiftNames.isIdentifier(name) || SwiftNames.keywords.contains(name) || SwiftNames.unusableNames.contains(name) {
            diagnostics.error(location, "\"\(name)\" cannot name an enum; use a Swift type name such as \"Theme\"")
        } else if name == namespace || name == "DefaultsKeys" || name == "DefaultsKey" || name == "Defaults" {
            diagnostics.error(location, "the enum name \"\(name)\" collides with a generated or library type; choose another name")
        } else {
            return true
        }
        return false
    }

    /// Reads `cases`: a non-empty array of distinct strings whose case identifiers are distinct too.
    private func readCases(_ node: JSONNode, enumName: String, diagnostics: inout Diagnostics) -> EnumDeclaration? {
        guard case .array(let elements) = node.value else {
            diagnostics.error(node.location, "\"cases\" must be an array of strings, such as [\"light\", \"dark\"]")
            return nil
        }
        guard !elements.isEmpty else {
            diagnostics.error(node.location, "the enum \"\(enumName)\" has no cases; list at least one in \"cases\"")
            return nil
        }
        var cases: [(identifier: String, rawValue: String)] = []
        var rawLocations: [String: SchemaLocation] = [:]
        var identifierOwners: [String: (raw: String, location: SchemaLocation)] = [:]
        var valid = true
        for element in elements {
            guard case .string(let raw) = element.value else {
                diagnostics.error(element.location, "each case must be a string, not \(element.value.kindDescription)")
                valid = false
                continue
            }
            if let first = rawLocations[raw] {
                diagnostics.error(element.location, "duplicate case \"\(raw)\" (first at \(first)); remove one")
                valid = false
                continue
            }
            rawLocations[raw] = element.location
            guard let identifier = SwiftNames.caseIdentifier(fromRawValue: raw),
                !SwiftNames.unusableNames.contains(identifier), !Self.reservedCaseNames.contains(identifier)
            else {
                diagnostics.error(element.location, "cannot make a Swift case name from \"\(raw)\"; use a value with letters or digits that is not a reserved name")
                valid = false
                continue
            }
            if let owner = identifierOwners[identifier] {
                diagnostics.error(element.location, "the cases \"\(owner.raw)\" (at \(owner.location)) and \"\(raw)\" both become the Swift case '\(identifier)'; rename one")
                valid = false
                continue
            }
            identifierOwners[identifier] = (raw, element.location)
            if raw != raw.trimmingWhitespace {
                diagnostics.warning(element.location, "the case \"\(raw)\" has leading or trailing spaces, which are stored too")
            }
            cases.append((identifier, raw))
        }
        return valid ? EnumDeclaration(name: enumName, cases: cases) : nil
    }

    /// Case names that clash with what a `String`, `CaseIterable` enum already has.
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
        case .array(let inner), .dictionary(let inner), .optional(let inner): return inner.customNames
        case .enumeration(let name), .custom(let name): return [name]
        }
    }

    /// Whether an optional appears inside an array or dictionary (property lists cannot hold nil).
    var hasNestedOptional: Bool {
        switch self {
        case .builtin, .enumeration, .custom: return false
        case .optional(let inner): return inner.hasNestedOptional
        case .array(let inner), .dictionary(let inner): return inner.isOptional || inner.hasNestedOptional
        }
    }
}
