import DefaultsFormats

extension SchemaValidator {
    /// A key's `"managed"`: `true` when an administrator may set the key's value (MDM's managed app configuration,
    /// keyed by the stored name, or a forced preference), which then wins over the person's own value.
    ///
    /// What it goes with, and why: a `suite` (the configuration is read from the standard suite, where MDM puts it,
    /// whatever the key's suite); `iCloud` (what syncs is the person's own value, the administrator's stays on the
    /// device); `minimum`/`maximum` and enum `cases` (an administrator's value outside them is reported and not
    /// read); any type (the configuration holds property-list values, read as every stored value is; a type the
    /// AppConfig specfile cannot describe is left out of it, with a warning). Only the stored name of the
    /// configuration itself is refused (``checkManagedStoredName(_:diagnostics:)``).
    func readManaged(_ node: JSONNode, diagnostics: inout Diagnostics) -> (value: Bool, location: SchemaLocation)? {
        guard case .bool(let flag) = node.value else {
            diagnostics.error(node.location, Messages.Managed.notBool(kind: node.value.kindDescription))
            return nil
        }
        return (flag, node.location)
    }

    /// A managed key stored under the name of the managed configuration would read the whole dictionary as its own
    /// value, and shadow every other managed key: refused.
    func checkManagedStoredName(_ key: RawKey, diagnostics: inout Diagnostics) {
        guard key.managed?.value == true, key.storedName == Self.managedConfigurationName else { return }
        diagnostics.error(key.storedNameLocation, Messages.Managed.storedAsConfiguration(Self.managedConfigurationName))
    }

    /// Where MDM stores an app's managed configuration in its standard suite.
    static let managedConfigurationName = "com.apple.configuration.managed"
}
