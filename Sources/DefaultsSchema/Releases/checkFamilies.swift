extension ReleaseChecker {
    /// Checks the key families of `release` as keys are checked: a family renamed (its name template changed) needs
    /// `"renamedFrom"` with the old template, and its members' type follows the same rules as a key's. A family
    /// dropped, unless its template is `"retired"`, loses every member's value: an error too.
    func checkFamilies(of release: Release, warn: Bool, diagnostics: inout Diagnostics) {
        guard !release.families.isEmpty else { return }
        let old = TypeTable(release: release)
        let version = release.version
        for recorded in release.families {
            let suiteOf = { (family: KeyFamilyDeclaration) in RecordedSuite(literal: family.key.suite, expression: family.key.swiftSuite) }
            // The family that reads the recorded members now: under the same template, or a former one.
            let reading = schema.families.first { $0.nameTemplate == recorded.nameTemplate && suiteOf($0) == recorded.suite }
                ?? schema.families.first { $0.key.formerNames.contains(recorded.nameTemplate) && suiteOf($0) == recorded.suite }
            if let family = reading {
                checkMembers(of: family, from: recorded, old: old, version: version, warn: warn, diagnostics: &diagnostics)
                continue
            }
            if schema.retired.contains(recorded.nameTemplate) { continue }
            if let family = schema.families.first(where: { $0.key.identifier == recorded.identifier }) {
                if family.nameTemplate == recorded.nameTemplate {
                    diagnostics.error(family.key.location, "the family \"\(family.key.identifier)\" moved from \(recorded.suite) to \(suiteOf(family)) since release \(version): users would lose every member's value; keep it in \(recorded.suite)")
                } else {
                    diagnostics.error(family.key.location, "the family \"\(family.key.identifier)\" stored its members as \"\(recorded.nameTemplate)\" in release \(version) and stores them as \"\(family.nameTemplate)\" now: users would lose every member's value; add \"renamedFrom\": [\"\(recorded.nameTemplate)\"]")
                }
                continue
            }
            diagnostics.error(schema.keysLocation, "release \(version) stored the family \"\(recorded.identifier)\" as \"\(recorded.nameTemplate)\", and no family reads it now: users would lose its members' values silently; restore the family, move it to a family with \"renamedFrom\", or list \"\(recorded.nameTemplate)\" in \"retired\"")
        }
    }

    /// The family that reads a recorded family's members: its parameter must read every stored name, its type every
    /// stored value.
    private func checkMembers(of family: KeyFamilyDeclaration, from recorded: RecordedFamily, old: TypeTable, version: String, warn: Bool,
                              diagnostics: inout Diagnostics) {
        if recorded.parameterType == KeyFamilyParameterType.string.rawValue, family.parameterType == .int {
            diagnostics.error(family.key.location, "release \(version) stored members of \"\(family.key.identifier)\" with a String parameter; an Int parameter would not read those whose names are not integers; keep \"type\": \"String\" for the parameter")
            return
        }
        guard let oldType = old.parse(recorded.type) else { return }
        switch compareStoredTypes(oldType, old, family.key.type, current) {
        case .incompatible(let reason):
            diagnostics.error(family.key.location, "release \(version) stored the members of \"\(family.key.identifier)\" as \(oldType); as \(family.key.type), users would lose them: \(reason). Keep the type, or declare a family under another name template and list \"\(recorded.nameTemplate)\" in \"retired\"")
        case .lossy(let reason):
            // As for a key: a build error, against the newest release, unless the family accepts the loss.
            if warn, family.key.acceptLostValuesSince == nil {
                diagnostics.error(family.key.location, "release \(version) stored the members of \"\(family.key.identifier)\" as \(oldType); as \(family.key.type), some users would lose their value: \(reason). Keep the type, or accept the loss with \"acceptLostValuesSince\": \"\(version)\" on the family")
            }
        case .compatible:
            break
        }
    }
}
