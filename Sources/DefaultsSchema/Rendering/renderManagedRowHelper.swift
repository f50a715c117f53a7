extension SwiftRenderer {
    /// The settings view's helper for the rows of managed keys (`"managed": true`), written only when a row shows
    /// one: the row disabled while an administrator sets the key, with a note under it, translated like the
    /// view's other texts. `store.isForced` is a tracked read, so the row enables itself again when management ends.
    func renderManagedRowHelper(_ view: SettingsViewDeclaration, keys: [String: KeyDeclaration], into writer: inout CodeWriter) {
        guard view.groups.flatMap(\.rows).contains(where: { keys[$0.key]?.managed == true }) else { return }
        writer.line()
        writer.docComment("A managed key's row: disabled, with a note, while an administrator sets the key's value.")
        writer.line("@ViewBuilder")
        writer.block("private func managed<Value: DefaultsSerializable, Row: View>(_ key: DefaultsKey<Value>, @ViewBuilder _ row: () -> Row) -> some View") { body in
            body.line("let forced = store.isForced(key)")
            body.line("row().disabled(forced)")
            body.block("if forced") { note in
                note.line("text(\"Managed by your organization\").font(.footnote).foregroundStyle(.secondary)")
            }
        }
    }
}
