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
                previews; in-memory stores inside `withIsolatedDefaults`). Over the standard store (or a suite's
                shared store), each key is read in its own suite; over a store made explicitly, every key is read there.
                """)
            body.block("\(access)init(store: DefaultsStore = .standard)") { initializer in
                initializer.line("self.store = store")
            }
            for key in schema.keys {
                body.line()
                Self.onPlatformsOf(key, into: &body) { body in renderProperty(of: key, access: access, into: &body) }
            }
            body.line()
            body.docComment("Removes the stored value of every key of \(sourceName) (former names included): every property reads its default again.")
            body.block("\(access)func reset()") { function in
                function.line("store.remove(DefaultsKeys.\(namespace).all)")
            }
        }
    }

    /// The property of one key: read and written through the store.
    private func renderProperty(of key: KeyDeclaration, access: String, into body: inout CodeWriter) {
        renderDocComment(for: key, into: &body)
        if let message = key.deprecationMessage {
            body.line("@available(*, deprecated, message: \(SwiftNames.stringLiteral(message)))")
        }
        // The store sends a key declared with a suite (literal or run-time) to that suite's store of its
        // family, so one line serves every key; a store made explicitly reads keys as given.
        let reference = listReference(key)
        body.block("\(access)var \(SwiftNames.escapedIdentifier(key.identifier)): \(key.type.code)") { property in
            property.line("get { store[\(reference)] }")
            property.line("set { store[\(reference)] = newValue }")
        }
    }
}
