extension SwiftRenderer {
    /// Renders the `Observable` settings class that `settingsClass` names: one property per key, read and
    /// written through a store, so SwiftUI and `withObservationTracking` follow each property by itself.
    func renderSettingsClass(_ name: String, schema: Schema, access: String, into writer: inout CodeWriter) {
        writer.docComment("""
            The settings of \(sourceName), one property per key.

            Observable key by key: a SwiftUI view or an `@Observable` model that reads a property follows its
            changes, whichever store over the suite writes them. Bind with `@Bindable var settings` and
            `$settings.property`.
            """)
        writer.block("nonisolated \(access)final class \(name): Observable, Sendable") { body in
            body.docComment("The store the properties read and write.")
            body.line("\(access)let store: DefaultsStore")
            body.line()
            body.docComment("""
                Settings over `store`: the standard store unless given (`DefaultsStore.inMemory()` for tests and
                previews; in-memory stores inside `withIsolatedDefaults`). Over the standard store, keys declared
                with a suite use that suite's shared store.
                """)
            body.block("\(access)init(store: DefaultsStore = .standard)") { initializer in
                initializer.line("self.store = store")
            }
            for key in schema.keys {
                body.line()
                renderDocComment(for: key, into: &body)
                if let message = key.deprecationMessage {
                    body.line("@available(*, deprecated, message: \(SwiftNames.stringLiteral(message)))")
                }
                let reference = listReference(key)
                // A key of its own suite uses that suite's store (through the subscript below), unless the class
                // was given a store of its own.
                let keyStore = key.suite == nil ? "store" : "self"
                body.block("\(access)var \(SwiftNames.escapedIdentifier(key.identifier)): \(key.type)") { property in
                    property.line("get { \(keyStore)[\(reference)] }")
                    property.line("set { \(keyStore)[\(reference)] = newValue }")
                }
            }
            body.line()
            body.docComment("Removes the stored value of every key of \(sourceName) (former names included): every property reads its default again.")
            if schema.keys.contains(where: { $0.suite != nil }) {
                body.block("\(access)func reset()") { function in
                    function.line("for key in DefaultsKeys.\(namespace).all { storeFor(key).remove(key) }")
                }
                body.line()
                body.docComment("The value of `key` in its suite's shared store when this class uses a standard store, else in `store`.")
                body.block("private subscript<Value>(key: DefaultsKey<Value>) -> Value") { accessors in
                    accessors.line("get { storeFor(key)[key] }")
                    accessors.line("set { storeFor(key)[key] = newValue }")
                }
                body.line()
                body.docComment("The store of `key`: its suite's shared store when this class uses a standard store, else `store`.")
                body.block("private func storeFor(_ key: DefaultsKeys) -> DefaultsStore") { function in
                    function.line("store.store(for: key)")
                }
            } else {
                body.block("\(access)func reset()") { function in
                    function.line("store.remove(DefaultsKeys.\(namespace).all)")
                }
            }
        }
    }
}
