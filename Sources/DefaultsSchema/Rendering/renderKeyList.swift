extension SwiftRenderer {
    /// `DefaultsKeys.<namespace>`: every key (`all`), the key families, the release recorded last, the strings
    /// bundle and suite, the retired names and the storage of deprecated keys.
    func renderKeyList(_ schema: Schema, access: String, into writer: inout CodeWriter) {
        writer.block("nonisolated extension DefaultsKeys") { body in
            body.docComment("Every key declared in \(sourceName), in schema order: to register, reset or list them all.")
            body.block("nonisolated \(access)enum \(namespace)") { list in
                list.docComment("The keys of \(sourceName).")
                list.line("\(access)static let all: [DefaultsKeys] = listAll()")
                list.line()
                list.docComment("The newest release recorded for \(sourceName) (`defaults.releases.json`), `nil` before the first: what a settings export says of the release that wrote it (`exportSettings(_:families:including:schemaRelease:)`).")
                list.line("\(access)static let latestRelease: String? = \(schema.latestRelease.map(SwiftNames.stringLiteral) ?? "nil")")
                list.line()
                list.docComment("The key families of \(sourceName) (deprecated ones left out): what a settings export carries of them, if they are portable.")
                let families = schema.families.filter { $0.key.deprecationMessage == nil }
                    .map { "DefaultsKeyFamilies.\(SwiftNames.escapedIdentifier($0.key.identifier))" }
                if families.isEmpty {
                    list.line("\(access)static let families: [DefaultsKeyFamilies] = []")
                } else {
                    list.block("\(access)static let families: [DefaultsKeyFamilies] = [", closer: "]") { array in
                        for family in families { array.line(family + ",") }
                    }
                }
                list.line()
                renderStringsBundle(into: &list)
                list.line()
                if let suite = schema.suite {
                    list.docComment("The suite the keys of \(sourceName) live in, unless a key names its own.")
                    list.line("\(access)static let suiteName = \(SwiftNames.stringLiteral(suite))")
                    list.line()
                } else if let expression = schema.swiftSuite {
                    list.docComment("The suite the keys of \(sourceName) live in, unless a key names its own: named at run time, when a key is first used.")
                    // `String?` as on a key (`nil`: the standard suite). A wrong expression is reported by the compiler
                    // at the schema line that writes it.
                    list.sourceLocation(of: schema.swiftSuiteLocation, in: sourcePath) { declaration in
                        declaration.line("\(access)static let suiteName: String? = \(expression)")
                    }
                    list.line()
                }
                list.line("// A few keys per statement, not one array literal: a literal of many `DefaultsKey<T>` types makes")
                list.line("// the type checker join all their types at once (10,000 keys: 24 GB and 98 s).")
                // Statements in a function, a few keys each: one array literal of many `DefaultsKey<T>` types makes
                // the type checker join them all at once (10,000 keys: 24 GB, 98 s), and so does a closure body;
                // `append` is overloaded, while a local variadic `add` is not (a third of the type-checking time).
                list.block("private static func listAll() -> [DefaultsKeys]") { function in
                    function.line("var keys: [DefaultsKeys] = []")
                    function.line("keys.reserveCapacity(\(schema.keys.count))")
                    function.line("func add(_ more: DefaultsKeys...) { keys += more }")
                    for group in Self.listStatements(schema.keys) { renderListStatement(group, into: &function) }
                    function.line("return keys")
                }
                if !schema.retired.isEmpty {
                    list.line()
                    renderRetired(schema, access: access, into: &list)
                }
                let deprecated = schema.keys.filter { $0.deprecationMessage != nil }
                if !deprecated.isEmpty {
                    list.line()
                    list.docComment("Storage of the deprecated keys, listed in `all` without a deprecation warning.")
                    list.block("nonisolated fileprivate enum Deprecated") { storage in
                        for key in deprecated {
                            let (type, arguments) = keyInitializer(key, schema: schema)
                            Self.onPlatformsOf(key, into: &storage) { declaration in
                                declaration.call("static let \(SwiftNames.escapedIdentifier(key.identifier)) = \(type)", arguments: arguments)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The `retired` names, and a function that removes their values.
    private func renderRetired(_ schema: Schema, access: String, into writer: inout CodeWriter) {
        writer.docComment("Stored names that earlier releases used and no key of \(sourceName) uses now (\"retired\").")
        writer.line("\(access)static let retired: [String] = [\(schema.retired.map(SwiftNames.stringLiteral).joined(separator: ", "))]")
        writer.line()
        writer.docComment("Removes the values stored under ``retired`` from the schema's suite of `store`, to free what users no longer need.")
        writer.block("\(access)static func removeRetiredValues(from store: DefaultsStore = .standard)") { body in
            if schema.suite != nil || schema.swiftSuite != nil {
                body.line("store.store(forSuiteNamed: suiteName).removeValues(named: retired)")
            } else {
                body.line("store.removeValues(named: retired)")
            }
        }
    }
}
