import DefaultsFormats
import Foundation

/// A key as written: fields read and checked one by one, before types and defaults are resolved.
///
/// A class: the checks pass each key through many lists and closures, and a struct of this size was copied at every
/// step (BENCHMARKS.md, session 17). It is written only while its key is read.
final class RawKey {
    var identifier: String
    var nameLocation: SchemaLocation
    var typeText: String?
    var typeLocation: SchemaLocation
    /// The type inferred from a bare literal (`"showTips": true`).
    var inferredType: SchemaType?
    var defaultNode: JSONNode?
    var swiftDefault: (text: String, location: SchemaLocation)?
    /// `rawType`: the key's type is the module's own `RawRepresentable` type with this raw value type.
    var rawType: (type: BuiltinType, location: SchemaLocation)?
    /// `module`: the module that declares the `rawType` key's type, when it is not this one.
    var module: (name: String, location: SchemaLocation)?
    var description: String?
    var deprecated: (message: String, location: SchemaLocation)?
    var storedName: String
    var storedNameLocation: SchemaLocation
    /// Whether `"key"` gave the stored name (exactly, without `keyPrefix`).
    var isStoredNameExplicit = false
    /// `renamedFrom`, as written.
    var formerNames: [RawMigration] = []
    var cases: JSONNode?
    /// The suite given on the key (the schema's `suite` applies otherwise).
    var suite: String?
    /// The Swift expression naming the key's suite at run time (`swiftSuite`).
    var swiftSuite: String?
    /// Where `suite` or `swiftSuite` is given on the key.
    var suiteLocation: SchemaLocation?
    /// `"objc": true` on the key that declares an enum with `cases`, and where.
    var objc: (value: Bool, location: SchemaLocation)?
    var title: String?
    var minimum: JSONNode?
    var maximum: JSONNode?
    var caseTitles: JSONNode?
    /// `"iCloud"` on the key, and where.
    var iCloud: (value: Bool, location: SchemaLocation)?
    /// `"portable"` on the key: whether a settings export carries its value, and where.
    var portable: Bool?
    /// `"acceptLostValuesSince"`: the release whose users may lose values to this key's change, accepted.
    var acceptLostValuesSince: LossAcceptance?
    /// Where `"keepPreviousDefault": true` is.
    var keepPreviousDefault: SchemaLocation?
    /// `"managed"` on the key, and where.
    var managed: (value: Bool, location: SchemaLocation)?
    /// `"parameter"`: the key is a family, one value per parameter value.
    var parameter: RawFamilyParameter?
    /// `"intents"` on the key (`nil` for `false`), and where.
    var intents: (access: IntentAccess, location: SchemaLocation)?
    /// `"shortcut"` on the key, and where.
    var shortcut: (value: Bool, location: SchemaLocation)?

    init(identifier: String, nameLocation: SchemaLocation, typeLocation: SchemaLocation, storedName: String,
         storedNameLocation: SchemaLocation) {
        self.identifier = identifier
        self.nameLocation = nameLocation
        self.typeLocation = typeLocation
        self.storedName = storedName
        self.storedNameLocation = storedNameLocation
    }
}

extension SchemaValidator {
    /// Reads one member of `keys`; `nil` when its name is unusable (reported).
    func readKeyDeclaration(_ member: JSONMember, keyPrefix: String, diagnostics: inout Diagnostics) -> RawKey? {
        let name = member.name
        guard checkKeyName(name, at: member.nameLocation, diagnostics: &diagnostics) else { return nil }
        let key = RawKey(identifier: name, nameLocation: member.nameLocation, typeLocation: member.node.location,
                         storedName: keyPrefix + name, storedNameLocation: member.nameLocation)
        guard case .object(let fields) = member.node.value else {
            key.inferredType = inferType(of: member.node, keyName: name, diagnostics: &diagnostics)
            key.defaultNode = member.node
            return key.inferredType == nil ? nil : key
        }
        for field in fields {
            let node = field.node
            switch field.name {
            case "type":
                key.typeLocation = node.location
                if let text = string(node, field: "type", diagnostics: &diagnostics) { key.typeText = text }
            case "default":
                key.defaultNode = node
            case "swiftDefault":
                let example = Messages.Keys.swiftDefaultExpected()
                if let text = oneLineExpression(node, field: "swiftDefault", example: example,
                                                diagnostics: &diagnostics) {
                    key.swiftDefault = (text, node.location)
                }
            case "rawType":
                guard let text = string(node, field: "rawType", diagnostics: &diagnostics) else { break }
                if let builtin = BuiltinType(rawValue: text), Self.storedScalarTypes.contains(builtin) {
                    key.rawType = (builtin, node.location)
                } else {
                    diagnostics.error(node.location, Messages.Keys.rawTypeNotScalar(text))
                }
            case "module":
                guard let text = string(node, field: "module", diagnostics: &diagnostics) else { break }
                if SwiftNames.isUsableIdentifier(text), text.first?.isLetter == true || text.first == "_" {
                    key.module = (text, node.location)
                } else {
                    diagnostics.error(node.location, Messages.Keys.moduleNotIdentifier(text))
                }
            case "description":
                key.description = string(node, field: "description", diagnostics: &diagnostics)
                if key.description?.isEmpty == true {
                    diagnostics.warning(node.location, Messages.Keys.emptyDescription())
                }
            case "deprecated":
                if let message = string(node, field: "deprecated", diagnostics: &diagnostics) {
                    if message.isEmpty { diagnostics.warning(node.location, Messages.Keys.emptyDeprecated()) }
                    key.deprecated = (message, node.location)
                }
            case "key":
                if let stored = string(node, field: "key", diagnostics: &diagnostics) {
                    if stored.isEmpty {
                        diagnostics.error(node.location, Messages.Keys.emptyStoredName())
                    } else if stored == name, keyPrefix.isEmpty, !Self.systemKeyPrefixes.contains(where: stored.hasPrefix) {
                        // Repeating a system setting's name is how a schema says that it is one (no prefix warning);
                        // with a key prefix, repeating the name stores it without the prefix.
                        diagnostics.warning(node.location, Messages.Keys.storedNameRepeatsName())
                    }
                    // The stored name exactly: a name written out is never prefixed (a system setting, another
                    // library's name); `keyPrefix` applies only to names made from the key's identifier.
                    key.storedName = stored
                    key.storedNameLocation = node.location
                    key.isStoredNameExplicit = true
                }
            case "renamedFrom":
                key.formerNames = readMigrations(node, diagnostics: &diagnostics)
            case "cases":
                key.cases = node
            case "suite":
                key.suite = readSuiteName(node, diagnostics: &diagnostics)
                key.suiteLocation = node.location
            case "swiftSuite":
                key.swiftSuite = readSwiftSuite(node, diagnostics: &diagnostics)
                key.suiteLocation = node.location
            case "objc":
                if case .bool(let flag) = node.value { key.objc = (flag, node.location) } else {
                    diagnostics.error(node.location, Messages.Keys.objcNotBool(kind: node.value.kindDescription))
                }
            case "title":
                key.title = string(node, field: "title", diagnostics: &diagnostics)
                if key.title?.trimmingWhitespace.isEmpty == true {
                    diagnostics.error(node.location, Messages.Keys.emptyTitle())
                }
            case "minimum": key.minimum = node
            case "maximum": key.maximum = node
            case "caseTitles": key.caseTitles = node
            case "iCloud":
                if case .bool(let flag) = node.value { key.iCloud = (flag, node.location) } else {
                    diagnostics.error(node.location, Messages.ICloud.notBool(kind: node.value.kindDescription))
                }
            case "portable":
                if case .bool(let flag) = node.value { key.portable = flag } else {
                    diagnostics.error(node.location, Messages.Keys.portableNotBool(kind: node.value.kindDescription))
                }
            case "acceptLostValuesSince":
                if case .string(let version) = node.value, !version.trimmingWhitespace.isEmpty {
                    key.acceptLostValuesSince = LossAcceptance(version: version, location: node.location)
                } else {
                    diagnostics.error(node.location, Messages.Keys.acceptLostValuesSinceNotRelease())
                }
            case "keepPreviousDefault":
                switch node.value {
                case .bool(true): key.keepPreviousDefault = node.location
                case .bool(false): break
                default:
                    let kind = node.value.kindDescription
                    diagnostics.error(node.location, Messages.Keys.keepPreviousDefaultNotBool(kind: kind))
                }
            case "managed":
                key.managed = readManaged(node, diagnostics: &diagnostics)
            case "parameter":
                guard let parameter = readFamilyParameter(node, diagnostics: &diagnostics) else { return nil }
                key.parameter = parameter
            case "intents":
                switch node.value {
                case .bool(true): key.intents = (.readWrite, node.location)
                case .bool(false): break
                case .string("read"): key.intents = (.read, node.location)
                default: diagnostics.error(node.location, Messages.Intents.notAccess(name, kind: node.value.kindDescription))
                }
            case "shortcut":
                if case .bool(let flag) = node.value { key.shortcut = (flag, node.location) } else {
                    diagnostics.error(node.location, Messages.Intents.shortcutNotBool(name, kind: node.value.kindDescription))
                }
            default:
                diagnostics.error(field.nameLocation,
                                  Messages.Keys.unknownField(field.name, key: name, allowed: Self.keyFields))
            }
        }
        checkManagedStoredName(key, diagnostics: &diagnostics)
        if let intents = key.intents, key.parameter != nil {
            diagnostics.error(intents.location, Messages.Intents.family(name))
        } else if let shortcut = key.shortcut, key.parameter != nil {
            diagnostics.error(shortcut.location, Messages.Intents.shortcutOfFamily(name))
        }
        if key.suite != nil, key.swiftSuite != nil {
            diagnostics.error(key.suiteLocation ?? member.node.location, Messages.Keys.suiteAndSwiftSuite())
        }
        if key.typeText == nil, !fields.contains(where: { $0.name == "type" }) {
            diagnostics.error(member.node.location, Messages.Keys.missingType(key: name))
            return nil
        }
        finishFamily(key, fields: fields, keyPrefix: keyPrefix, diagnostics: &diagnostics)
        // A stored name given explicitly with "key" is deliberate (a system setting such as NSQuitAlwaysKeepsWindows).
        let explicitlyStored = fields.contains { $0.name == "key" }
        for prefix in Self.systemKeyPrefixes where key.storedName.hasPrefix(prefix) && !explicitlyStored {
            diagnostics.warning(key.storedNameLocation,
                                Messages.Keys.systemPrefix(storedName: key.storedName, prefix: prefix))
        }
        return key
    }

    /// Checks a key's name: a Swift identifier that collides with nothing the generated code declares or names as a
    /// static member of `DefaultsKeys` (the key list, the library's types). Instance members of the key classes do
    /// not count: a static and an instance member may share a name, so keys named `name` or `migrations` work.
    private func checkKeyName(_ name: String, at location: SchemaLocation, diagnostics: inout Diagnostics) -> Bool {
        if name.isEmpty {
            diagnostics.error(location, Messages.Keys.emptyName())
        } else if !SwiftNames.isIdentifier(name) {
            diagnostics.error(location, Messages.Keys.nameNotIdentifier(name))
        } else if SwiftNames.unusableNames.contains(name) {
            diagnostics.error(location, Messages.Keys.nameUnusable(name))
        } else if name == namespace {
            diagnostics.error(location, Messages.Keys.nameIsKeyList(name, keyList: namespace))
        } else if RuntimeNames.libraryTypes.contains(name) || RuntimeNames.appleOnlyLibraryTypes.contains(name) {
            diagnostics.error(location, Messages.Keys.nameHidesLibraryType(name))
        } else {
            return true
        }
        return false
    }

    /// Infers the type of a bare literal: `true` → Bool, `3` → Int, `0.5` → Double, `"x"` → String, arrays of those.
    func inferType(of node: JSONNode, keyName: String, diagnostics: inout Diagnostics) -> SchemaType? {
        switch node.value {
        case .bool: return .builtin(.bool)
        case .number(let text): return .builtin(isIntegerText(text) ? .int : .double)
        case .string: return .builtin(.string)
        case .array(let elements):
            guard let first = elements.first else {
                diagnostics.error(node.location, Messages.Keys.cannotInferFromEmptyArray(key: keyName))
                return nil
            }
            var kinds = Set<String>()
            for element in elements {
                switch element.value {
                case .bool: kinds.insert("Bool")
                case .number(let text): kinds.insert(isIntegerText(text) ? "Int" : "Double")
                case .string: kinds.insert("String")
                default: kinds.insert("other")
                }
            }
            if kinds == ["Int", "Double"] { kinds = ["Double"] }
            guard kinds.count == 1, let kind = kinds.first, let builtin = BuiltinType(rawValue: kind) else {
                diagnostics.error(first.location, Messages.Keys.cannotInferElementType(key: keyName))
                return nil
            }
            return .array(.builtin(builtin))
        case .null:
            diagnostics.error(node.location, Messages.Keys.cannotInferFromNull(key: keyName))
            return nil
        case .object:
            return nil
        }
    }

    /// How the names of system settings (`NSQuitAlwaysKeepsWindows`, `AppleLanguages`) start.
    static let systemKeyPrefixes = ["NS", "Apple", "com.apple."]

    /// A `swiftSuite`: a one-line Swift expression of type `String?` (`nil`: the standard suite), evaluated when a key is first used.
    func readSwiftSuite(_ node: JSONNode, diagnostics: inout Diagnostics) -> String? {
        oneLineExpression(node, field: "swiftSuite", example: Messages.Keys.swiftSuiteExpected(),
                          diagnostics: &diagnostics)
    }

    /// A Swift expression copied into the generated file: a string, not blank, on one line (a line break could
    /// end the declaration it is part of). `what` completes "\"field\" must be …".
    func oneLineExpression(_ node: JSONNode, field: String, example what: String, diagnostics: inout Diagnostics) -> String? {
        guard let text = string(node, field: field, diagnostics: &diagnostics) else { return nil }
        if text.trimmingWhitespace.isEmpty || text.contains(where: \.isNewline) {
            diagnostics.error(node.location, Messages.Keys.notOneLineExpression(field, expected: what))
            return nil
        }
        return text
    }

    /// A suite name: a non-empty string.
    func readSuiteName(_ node: JSONNode, diagnostics: inout Diagnostics) -> String? {
        guard let name = string(node, field: "suite", diagnostics: &diagnostics) else { return nil }
        if name.isEmpty {
            diagnostics.error(node.location, Messages.Keys.emptySuite())
            return nil
        }
        return name
    }

    /// The string value of `field`, or `nil` after reporting that it is not a string.
    func string(_ node: JSONNode, field: String, diagnostics: inout Diagnostics) -> String? {
        if case .string(let text) = node.value { return text }
        diagnostics.error(node.location, Messages.Schema.fieldNotString(field, kind: node.value.kindDescription))
        return nil
    }
}
