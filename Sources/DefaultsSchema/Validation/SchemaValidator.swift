import DefaultsFormats

/// Turns a schema's JSON into a ``Schema``, reporting every problem with its location.
package struct SchemaValidator {
    /// The top-level fields of a schema.
    package static let topLevelFields = [
        "$schema", "access", "keyList", "keyPrefix", "suite", "swiftSuite", "namespaces", "settingsClass", "settingsBundle", "settingsView", "types", "keys",
        "retired", "iCloud", "appShortcuts", "portable",
    ]
    /// The fields of a key declaration.
    package static let keyFields = [
        "type", "default", "swiftDefault", "description", "deprecated", "key", "renamedFrom", "cases", "caseTitles", "objc",
        "suite", "swiftSuite", "title", "minimum", "maximum", "iCloud", "rawType", "module", "acceptLostValuesSince",
        "keepPreviousDefault", "managed", "parameter", "intents", "shortcut", "portable",
    ]
    /// The fields of a record type in `types`.
    package static let typeFields = ["description", "fields"]
    /// The fields of a record type's field.
    package static let fieldFields = ["type", "default", "description", "cases", "objc"]

    /// The name of the generated namespace that lists every key (`DefaultsKeys.<namespace>.all`).
    package var namespace: String
    /// Overrides the schema's `access` when set (the CLI's `--access`).
    package var accessOverride: AccessLevel?
    /// The names of the schema's key families, read first (``familyNames(in:)``); `nil` before.
    var familyNames: Set<String>? = nil

    /// A validator for a schema whose key list is generated under `DefaultsKeys.<namespace>`.
    package init(namespace: String, accessOverride: AccessLevel? = nil) {
        self.namespace = namespace
        self.accessOverride = accessOverride
    }

    /// Validates `root`; returns the model when there is no error. Warnings and errors go to `diagnostics`.
    ///
    /// A schema's `keyList` names the key list whatever the target is called, and wins over ``namespace`` (the
    /// name the plugins pass for the target): every check that concerns the key list's name uses it.
    package func validate(_ root: JSONNode, diagnostics: inout Diagnostics) -> Schema? {
        if familyNames == nil {
            var knowingFamilies = self
            knowingFamilies.familyNames = Self.familyNames(in: root)
            return knowingFamilies.validate(root, diagnostics: &diagnostics)
        }
        if case .object(let members) = root.value, let member = members.first(where: { $0.name == "keyList" }) {
            guard let keyList = readKeyList(member.node, diagnostics: &diagnostics) else {
                _ = validateWithKeyList(root, diagnostics: &diagnostics)
                return nil
            }
            var named = self
            named.namespace = keyList
            var schema = named.validateWithKeyList(root, diagnostics: &diagnostics)
            schema?.keyList = keyList
            return schema
        }
        return validateWithKeyList(root, diagnostics: &diagnostics)
    }

    /// `keyList`: a Swift type name for `DefaultsKeys.<keyList>`, not one of the library's or the standard
    /// library's types; `nil` after reporting.
    private func readKeyList(_ node: JSONNode, diagnostics: inout Diagnostics) -> String? {
        guard case .string(let name) = node.value else {
            diagnostics.error(node.location, Messages.Schema.keyListNotString())
            return nil
        }
        guard SwiftNames.isUsableIdentifier(name), name.first?.isLetter == true || name.first == "_" else {
            diagnostics.error(node.location, Messages.Schema.keyListNotTypeName(name))
            return nil
        }
        if let module = RuntimeNames.shadowedModule(of: name) {
            diagnostics.error(node.location, Messages.Schema.keyListShadows(name, module: module))
            return nil
        }
        return name
    }

    /// Validates `root` with ``namespace`` as the key list's name.
    private func validateWithKeyList(_ root: JSONNode, diagnostics: inout Diagnostics) -> Schema? {
        let errorsBefore = diagnostics.errors.count
        guard case .object(let members) = root.value else {
            diagnostics.error(root.location, Messages.Schema.schemaNotObject(kind: root.value.kindDescription))
            return nil
        }
        var access = AccessLevel.internal
        var keyPrefix = ""
        var keyPrefixLocation: SchemaLocation?
        var keysNode: JSONNode?
        var typesNode: JSONNode?
        var suite: String?
        var swiftSuite: (expression: String, location: SchemaLocation)?
        var namespacesNode: JSONNode?
        var retiredNode: JSONNode?
        var settingsClass: (name: String, location: SchemaLocation)?
        var settingsBundleNode: JSONNode?
        var settingsViewNode: JSONNode?
        var iCloud: (value: Bool, location: SchemaLocation)?
        var portable: Bool?
        var appShortcuts = AppShortcutChoice.defaultLimit
        for member in members {
            switch member.name {
            case "keyList": break  // read first: it names the key list for every check
            case "$schema":
                if case .string = member.node.value {} else {
                    diagnostics.error(member.node.location, Messages.Schema.schemaURLNotString())
                }
            case "access":
                if case .string(let text) = member.node.value, let level = AccessLevel(rawValue: text) {
                    access = level
                } else {
                    diagnostics.error(member.node.location, Messages.Schema.accessNotLevel())
                }
            case "keyPrefix":
                if case .string(let text) = member.node.value { (keyPrefix, keyPrefixLocation) = (text, member.node.location) } else {
                    let kind = member.node.value.kindDescription
                    diagnostics.error(member.node.location, Messages.Schema.keyPrefixNotString(kind: kind))
                }
            case "keys":
                keysNode = member.node
            case "types":
                typesNode = member.node
            case "suite":
                suite = readSuiteName(member.node, diagnostics: &diagnostics)
            case "swiftSuite":
                if let expression = readSwiftSuite(member.node, diagnostics: &diagnostics) { swiftSuite = (expression, member.node.location) }
            case "namespaces":
                namespacesNode = member.node
            case "retired":
                retiredNode = member.node
            case "settingsBundle":
                settingsBundleNode = member.node
            case "settingsView":
                settingsViewNode = member.node
            case "iCloud":
                if case .bool(let flag) = member.node.value { iCloud = (flag, member.node.location) } else {
                    let kind = member.node.value.kindDescription
                    diagnostics.error(member.node.location, Messages.ICloud.notBool(kind: kind))
                }
            case "portable":
                if case .bool(let flag) = member.node.value { portable = flag } else {
                    diagnostics.error(member.node.location, Messages.Keys.portableNotBool(kind: member.node.value.kindDescription))
                }
            case "appShortcuts":
                if case .number(let text) = member.node.value, let count = Int(text), (0...AppShortcutChoice.appleLimit).contains(count) {
                    appShortcuts = count
                } else {
                    diagnostics.error(member.node.location, Messages.Intents.appShortcutsNotCount(kind: member.node.value.kindDescription))
                }
            case "settingsClass":
                if let name = string(member.node, field: "settingsClass", diagnostics: &diagnostics) {
                    settingsClass = (name, member.node.location)
                }
            default:
                let message = Messages.Schema.unknownTopLevelField(member.name, allowed: Self.topLevelFields)
                diagnostics.error(member.nameLocation, message)
            }
        }
        guard let keysNode else {
            diagnostics.error(root.location, Messages.Schema.missingKeys())
            return nil
        }
        guard case .object(let keyMembers) = keysNode.value else {
            diagnostics.error(keysNode.location, Messages.Schema.keysNotObject(kind: keysNode.value.kindDescription))
            return nil
        }
        if suite != nil, let swiftSuite {
            diagnostics.error(swiftSuite.location, Messages.Keys.suiteAndSwiftSuite())
        }
        if namespaceIsInvalid { diagnostics.error(root.location, Messages.Schema.namespaceNotIdentifier(namespace)) }
        let rawRecords = typesNode.map { readRecordTypes($0, diagnostics: &diagnostics) } ?? []
        let keysAndFamilies = keyMembers.compactMap { readKeyDeclaration($0, keyPrefix: keyPrefix, diagnostics: &diagnostics) }
        // Shared, not copied, when no key is a family (the usual case).
        let rawKeys = keysAndFamilies.contains { $0.parameter != nil } ? keysAndFamilies.filter { $0.parameter == nil } : keysAndFamilies
        // Enums may be declared by keys (families too) and by fields alike.
        let enums = collectEnums(keysAndFamilies, rawRecords.flatMap(\.fields), diagnostics: &diagnostics)
        let enumsByName = Dictionary(enums.map { ($0.name, $0.declaration) }, uniquingKeysWith: { first, _ in first })
        let recordNames = checkRecordNames(rawRecords, enums: enumsByName, diagnostics: &diagnostics)
        let namespaces = namespacesNode.map { readNamespaces($0, typeNames: Set(enumsByName.keys).union(recordNames), diagnostics: &diagnostics) } ?? []
        let moduleOuterTypes = outerTypesOfTheModule(
            nested: enums.map { ($0.name, $0.location) } + rawRecords.filter { recordNames.contains($0.name) }.map { ($0.name, $0.location) },
            namespaces: namespaces, typeNames: Set(enumsByName.keys).union(recordNames), diagnostics: &diagnostics)
        let declared: (String) -> SchemaType? = { name in
            if enumsByName[name] != nil { return .enumeration(name) }
            return recordNames.contains(name) ? .record(name) : nil
        }
        let records = resolveRecords(rawRecords.filter { recordNames.contains($0.name) }, declared: declared, enums: enumsByName,
                                     diagnostics: &diagnostics)
        let checker = DefaultChecker(enums: enumsByName, records: Dictionary(
            records.map { ($0.name, $0.fields.map { RecordField(identifier: $0.identifier, type: $0.type, isRequired: $0.defaultValue == nil) }) }, uniquingKeysWith: { first, _ in first }))
        var keys: [KeyDeclaration] = []
        keys.reserveCapacity(rawKeys.count)
        for raw in rawKeys {
            if let key = resolveKey(raw, declared: declared, checker: checker, suite: suite, swiftSuite: swiftSuite?.expression,
                                    diagnostics: &diagnostics) { keys.append(key) }
        }
        checkStoredNameCollisions(rawKeys, diagnostics: &diagnostics)
        let families = resolveFamilies(keysAndFamilies.filter { $0.parameter != nil }, keys: rawKeys, declared: declared, checker: checker,
                                       suite: suite, swiftSuite: swiftSuite?.expression, diagnostics: &diagnostics)
        for key in rawKeys where RuntimeNames.reservedKeyNames.contains(key.identifier) {
            diagnostics.error(key.nameLocation, Messages.Keys.nameHidesKeyMember(key.identifier))
        }
        checkRawTypesAgree(keys, rawKeys: rawKeys, diagnostics: &diagnostics)
        markSyncedKeys(&keys, rawKeys: rawKeys, schemaICloud: iCloud, diagnostics: &diagnostics)
        markPortableKeys(&keys, rawKeys: rawKeys, schemaPortable: portable)
        markIntentKeys(&keys, rawKeys: rawKeys, enums: enumsByName, appShortcuts: appShortcuts, diagnostics: &diagnostics)
        warnOfUnobservableAppGroupNames(rawKeys, schemaSuite: suite, keyPrefix: (keyPrefix, keyPrefixLocation), diagnostics: &diagnostics)
        if let settingsClass {
            checkSettingsClass(settingsClass.name, at: settingsClass.location, keys: rawKeys,
                               typeNames: enums.map(\.name) + rawRecords.map(\.name) + namespaces.map(\.name), diagnostics: &diagnostics)
        }
        if keyMembers.isEmpty { diagnostics.warning(keysNode.location, Messages.Schema.keysEmpty()) }
        let retired = retiredNode.map { readRetired($0, keys: rawKeys, diagnostics: &diagnostics) } ?? []
        let settingsBundle = settingsBundleNode.map { readSettingsBundle($0, keys: keys, enums: enumsByName, schemaSuite: suite, diagnostics: &diagnostics) }
        let settingsView = settingsViewNode.flatMap {
            readSettingsView($0, keys: keys, typeNames: enums.map(\.name) + rawRecords.map(\.name) + namespaces.map(\.name),
                             settingsClass: settingsClass?.name, diagnostics: &diagnostics)
        }
        checkIntentNames(keys, rawKeys: rawKeys,
                         typeNames: enums.map(\.name) + rawRecords.map(\.name) + namespaces.map(\.name)
                            + [settingsClass?.name, settingsView?.name].compactMap { $0 },
                         diagnostics: &diagnostics)
        guard diagnostics.errors.count == errorsBefore else { return nil }
        var schema = Schema(access: accessOverride ?? access, keys: keys, enums: enums.map(\.declaration), records: records,
                            settingsClass: settingsClass?.name, suite: suite, swiftSuite: swiftSuite?.expression,
                            namespaces: namespaces.map(\.name), moduleOuterTypes: moduleOuterTypes, settingsBundle: settingsBundle ?? nil)
        schema.retired = retired
        schema.keyPrefix = keyPrefix
        schema.families = families
        schema.settingsView = settingsView
        schema.appShortcuts = appShortcuts
        schema.keysLocation = keysNode.location
        schema.swiftSuiteLocation = swiftSuite?.location
        return schema
    }

    /// The record names that may be used: no two types of one name, no record named like an enum.
    private func checkRecordNames(_ records: [RawRecord], enums: [String: EnumDeclaration], diagnostics: inout Diagnostics) -> Set<String> {
        var names = Set<String>()
        for record in records {
            if enums[record.name] != nil {
                diagnostics.error(record.location, Messages.TypeNames.recordAlsoEnum(record.name))
            } else if !names.insert(record.name).inserted {
                diagnostics.error(record.location, Messages.TypeNames.declaredTwice(record.name))
            }
        }
        return names
    }

    private var namespaceIsInvalid: Bool {
        !SwiftNames.isUsableIdentifier(namespace)
    }

    /// Reads `retired`: stored names, exactly (no key prefix), that no key uses any more.
    private func readRetired(_ node: JSONNode, keys: [RawKey], diagnostics: inout Diagnostics) -> [String] {
        guard case .array(let elements) = node.value else {
            diagnostics.error(node.location, Messages.Schema.retiredNotArray())
            return []
        }
        var names: [String] = []
        for element in elements {
            guard case .string(let text) = element.value, !text.isEmpty else {
                diagnostics.error(element.location, Messages.Schema.retiredEntryEmpty())
                continue
            }
            let name = text
            if let key = keys.first(where: { $0.storedName == name }) {
                diagnostics.error(element.location, Messages.Schema.retiredButStored(name, key: key.identifier))
            } else if let key = keys.first(where: { $0.formerNames.contains { $0.name == name && $0.suite == .sameAsKey } }) {
                diagnostics.error(element.location, Messages.Schema.retiredButMigrated(name, key: key.identifier))
            } else if names.contains(name) {
                diagnostics.error(element.location, Messages.Schema.retiredTwice(name))
            } else {
                names.append(name)
            }
        }
        return names
    }

    /// Reports two keys stored under the same string (key prefix and former names included).
    private func checkStoredNameCollisions(_ keys: [RawKey], diagnostics: inout Diagnostics) {
        var firstUse: [String: (key: String, location: SchemaLocation)] = [:]
        firstUse.reserveCapacity(keys.count)
        for key in keys {
            // Entries of another suite are no collision, nor a typed or converted one in place (the key's own name,
            // another stored form).
            var names = [(key.storedName, key.storedNameLocation)]
            for former in key.formerNames where former.suite == .sameAsKey
                && !(former.name == key.storedName && (former.typeText != nil || former.swiftConvert != nil)) {
                names.append((former.name, former.location))
            }
            for (name, location) in names {
                if let first = firstUse[name] {
                    if first.key == key.identifier {
                        diagnostics.error(location, Messages.Keys.storedNameTwice(key: key.identifier,
                                                                                  storedName: name))
                    } else {
                        let message = Messages.Keys.storedNameShared(name, firstKey: first.key,
                                                                     firstLocation: first.location)
                        diagnostics.error(location, message)
                    }
                } else {
                    firstUse[name] = (key.identifier, location)
                }
            }
        }
    }

    /// One conformance per type: every key with `rawType` on the same type of the module gives the same raw type.
    private func checkRawTypesAgree(_ keys: [KeyDeclaration], rawKeys: [RawKey], diagnostics: inout Diagnostics) {
        var first: [String: (rawType: BuiltinType, identifier: String)] = [:]
        for key in keys {
            guard let raw = key.rawRepresentable else { continue }
            if let earlier = first[raw.typeName] {
                if earlier.rawType != raw.rawType, let location = rawKeys.first(where: { $0.identifier == key.identifier })?.rawType?.location {
                    let message = Messages.Keys.rawTypesDisagree(typeName: raw.typeName,
                                                                 earlierRawType: earlier.rawType.rawValue,
                                                                 earlierKey: earlier.identifier)
                    diagnostics.error(location, message)
                }
            } else {
                first[raw.typeName] = (raw.rawType, key.identifier)
            }
        }
    }

}
