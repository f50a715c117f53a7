import DefaultsFormats

extension ReleaseChecker {
    /// The default a key had in one release, read as the key's current type (`nil` when there is none to compare:
    /// no default, a release recorded before defaults were, or one the key's type no longer reads, which the type
    /// checks report).
    private func recordedDefault(of key: KeyDeclaration, in release: Release) -> (value: DefaultValue, text: String)? {
        guard let recorded = release.keys.first(where: { $0.storedName == key.storedName && $0.identifier == key.identifier }) else { return nil }
        if let expression = recorded.swiftDefault { return (.swiftExpression(expression), expression) }
        return recorded.defaultJSON.flatMap { json in readDefault(json, as: key).map { ($0, json) } }
    }

    private func currentDefault(of key: KeyDeclaration) -> (value: DefaultValue, text: String)? {
        if case .swiftExpression(let expression)? = key.defaultValue { return (.swiftExpression(expression), expression) }
        return key.defaultJSON.flatMap { json in readDefault(json, as: key).map { ($0, json) } }
    }

    /// `json` checked as the key's type (an optional key's default is a value of the wrapped type; a `rawType`
    /// key's, its raw value); `nil` when it is not one.
    private func readDefault(_ json: String, as key: KeyDeclaration) -> DefaultValue? {
        var scratch = Diagnostics()
        guard let node = JSONReader.read(Array(json.utf8), diagnostics: &scratch) else { return nil }
        if node.value == .null { return .null }
        let type = key.rawRepresentable.map { SchemaType.builtin($0.rawType) } ?? key.type.unwrappingOptional
        guard let value = currentDefaults.check(node, as: type, diagnostics: &scratch), !scratch.hasErrors else { return nil }
        return key.rawRepresentable.map { .rawRepresentable($0.typeName, value) } ?? value
    }

    /// A default changed since the newest release: a warning that says who is affected, unless the key keeps the
    /// previous default for earlier installs (`keepPreviousDefault`), which needs a release with another default.
    func checkChangedDefaults(against record: ReleaseRecord, diagnostics: inout Diagnostics) {
        guard let newest = record.releases.last else { return }
        for key in schema.keys {
            guard let now = currentDefault(of: key) else { continue }
            if let keep = key.keepPreviousDefault {
                if previousDefaults(of: key, in: record).isEmpty {
                    diagnostics.warning(keep, Messages.Releases.keepPreviousDefaultUnused(key: key.identifier))
                }
                continue
            }
            guard let then = recordedDefault(of: key, in: newest), then.value != now.value else { continue }
            diagnostics.warning(key.location, Messages.Releases.defaultChanged(
                key: key.identifier, from: then.text, to: now.text, version: newest.version))
        }
    }

    /// The earlier defaults of a key with `keepPreviousDefault`, oldest first: each with the newest release that had
    /// it, where the next release (or the schema now) has another. An install reads the first whose release is at
    /// or after the version it first ran.
    package func previousDefaults(of key: KeyDeclaration, in record: ReleaseRecord) -> [PreviousDefault] {
        guard key.keepPreviousDefault != nil, let now = currentDefault(of: key) else { return [] }
        var steps: [PreviousDefault] = []
        var following = now.value
        for release in record.releases.reversed() {
            // A release without a comparable default (another type, another name) ends the chain.
            guard let then = recordedDefault(of: key, in: release) else { break }
            if then.value != following {
                steps.insert(PreviousDefault(value: then.value, lastRelease: release.version), at: 0)
            }
            following = then.value
        }
        return steps
    }
}
