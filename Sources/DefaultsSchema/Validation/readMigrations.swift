import DefaultsFormats

/// One `renamedFrom` entry as written: a string (a plain rename), or an object with the old name, suite, type and
/// value mapping, checked against the key once its type is known.
struct RawMigration {
    var name: String
    var location: SchemaLocation
    var suite: MigrationDeclaration.Suite = .sameAsKey
    var typeText: (text: String, location: SchemaLocation)?
    var values: JSONNode?
    /// `swiftConvert`: a one-line Swift expression of type `(Any) -> NewValue?`, and where.
    var swiftConvert: (expression: String, location: SchemaLocation)?
    /// Where `"keepFormer": true` is: the old entry stays in place (older versions of the app still read it).
    var keepFormer: SchemaLocation?
    /// Where `"retry": true` is: an old value that does not convert stays, to be tried again at the next launch.
    var retry: SchemaLocation?
}

extension SchemaValidator {
    /// The fields of a `renamedFrom` object.
    package static let migrationFields = ["name", "suite", "type", "values", "swiftConvert", "keepFormer", "retry"]

    /// Reads `renamedFrom`: an array of former stored names, or of objects that also say where and how the
    /// old value was stored: `{"name": "hideSearch", "type": "Bool", "values": {"true": false}, "suite": "standard"}`.
    func readMigrations(_ node: JSONNode, diagnostics: inout Diagnostics) -> [RawMigration] {
        guard case .array(let elements) = node.value else {
            diagnostics.error(node.location, Messages.Migrations.renamedFromNotArray())
            return []
        }
        var migrations: [RawMigration] = []
        for element in elements {
            switch element.value {
            case .string(let name) where !name.isEmpty:
                migrations.append(RawMigration(name: name, location: element.location))
            case .object(let fields):
                if let migration = readMigrationObject(fields, at: element.location, diagnostics: &diagnostics) {
                    migrations.append(migration)
                }
            default:
                diagnostics.error(element.location, Messages.Migrations.invalidEntry())
            }
        }
        return migrations
    }

    private func readMigrationObject(_ fields: [JSONMember], at location: SchemaLocation, diagnostics: inout Diagnostics) -> RawMigration? {
        var migration = RawMigration(name: "", location: location)
        var hasName = false
        var valid = true
        for field in fields {
            switch field.name {
            case "name":
                guard case .string(let name) = field.node.value, !name.isEmpty else {
                    diagnostics.error(field.node.location, Messages.Migrations.nameNotString())
                    valid = false
                    continue
                }
                (migration.name, migration.location, hasName) = (name, field.node.location, true)
            case "suite":
                guard case .string(let suite) = field.node.value, !suite.isEmpty else {
                    diagnostics.error(field.node.location, Messages.Migrations.suiteNotString())
                    valid = false
                    continue
                }
                migration.suite = suite == "standard" ? .standard : .named(suite)
            case "type":
                guard let text = string(field.node, field: "type", diagnostics: &diagnostics) else { valid = false; continue }
                migration.typeText = (text, field.node.location)
            case "values":
                migration.values = field.node
            case "swiftConvert":
                let example = Messages.Migrations.swiftConvertExpression()
                guard let expression = oneLineExpression(field.node, field: "swiftConvert", example: example,
                                                         diagnostics: &diagnostics) else {
                    valid = false
                    continue
                }
                migration.swiftConvert = (expression, field.node.location)
            case "keepFormer", "retry":
                switch field.node.value {
                case .bool(true):
                    if field.name == "keepFormer" { migration.keepFormer = field.node.location } else { migration.retry = field.node.location }
                case .bool(false): break
                default:
                    diagnostics.error(field.node.location, Messages.Migrations.flagNotBool(
                        field.name, kind: field.node.value.kindDescription))
                    valid = false
                }
            default:
                diagnostics.error(field.nameLocation, unknownFieldMessage(field.name, in: "a \"renamedFrom\" entry", allowed: Self.migrationFields))
                valid = false
            }
        }
        if !hasName {
            diagnostics.error(location, Messages.Migrations.entryWithoutName())
            return nil
        }
        if let convert = migration.swiftConvert, migration.typeText != nil || migration.values != nil {
            diagnostics.error(convert.location, Messages.Migrations.swiftConvertWithTypeOrValues())
            return nil
        }
        if let retry = migration.retry, migration.typeText == nil, migration.swiftConvert == nil {
            diagnostics.error(retry, Messages.Migrations.retryWithoutConversion())
            return nil
        }
        if migration.values != nil, migration.typeText == nil {
            diagnostics.error(migration.values!.location, Messages.Migrations.valuesWithoutType())
            return nil
        }
        return valid ? migration : nil
    }
}
