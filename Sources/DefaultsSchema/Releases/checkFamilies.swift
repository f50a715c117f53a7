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
                    diagnostics.error(family.key.location, Messages.Families.movedSuite(
                        family: family.key.identifier, from: recorded.suite, to: suiteOf(family), version: version))
                } else {
                    diagnostics.error(family.key.location, Messages.Families.renamedWithoutMigration(
                        family: family.key.identifier, formerTemplate: recorded.nameTemplate,
                        template: family.nameTemplate, version: version))
                }
                continue
            }
            diagnostics.error(schema.keysLocation, Messages.Families.dropped(
                family: recorded.identifier, template: recorded.nameTemplate, version: version))
        }
    }

    /// The family that reads a recorded family's members: its parameter must read every stored name, its type every
    /// stored value.
    private func checkMembers(of family: KeyFamilyDeclaration, from recorded: RecordedFamily, old: TypeTable, version: String, warn: Bool,
                              diagnostics: inout Diagnostics) {
        if recorded.parameterType == KeyFamilyParameterType.string.rawValue, family.parameterType == .int {
            diagnostics.error(family.key.location, Messages.Families.parameterNarrowedToInt(
                family: family.key.identifier, version: version))
            return
        }
        guard let oldType = old.parse(recorded.type) else { return }
        switch compareStoredTypes(oldType, old, family.key.type, current) {
        case .incompatible(let reason):
            diagnostics.error(family.key.location, Messages.Families.incompatibleType(
                family: family.key.identifier, oldType: oldType, newType: family.key.type, reason: reason,
                template: recorded.nameTemplate, version: version))
        case .lossy(let reason):
            // As for a key: a build error, against the newest release, unless the family accepts the loss.
            if warn, family.key.acceptLostValuesSince == nil {
                diagnostics.error(family.key.location, Messages.Families.lossyType(
                    family: family.key.identifier, oldType: oldType, newType: family.key.type, reason: reason,
                    version: version))
            }
        case .compatible:
            break
        }
    }
}
