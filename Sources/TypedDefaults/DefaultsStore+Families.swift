import Foundation

extension DefaultsStore {
    /// The parameters of the members of `family` that hold a stored value (under their name or a former one), in
    /// order: the widgets, accounts or documents that have a setting of their own.
    ///
    /// Found by matching the names stored in the family's suite (reached as ``store(forSuiteNamed:)`` says) with
    /// its name templates: registered defaults, the global domain and launch arguments do not count. A stored name
    /// whose parameter text is not one the family writes (`selectedCalendars_042` for an `Int` parameter) is no
    /// member's. Reads the suite's whole list of names: call it when listing, not on every read.
    public func members<Parameter, Value>(of family: DefaultsKeyFamily<Parameter, Value>) -> [Parameter] {
        let home = store(forSuiteNamed: family.suiteName)
        var seen = Set<String>()
        var parameters: [Parameter] = []
        for name in home.suite.storedNames() {
            guard let parameter = family.parameter(ofStoredName: name), seen.insert(parameter.description).inserted else { continue }
            parameters.append(parameter)
        }
        return parameters.sorted()
    }

    /// Removes the stored value of every member of `family` (former names included), and nothing else: members then
    /// read the family's default. Observers of each member are told. To remove one member, remove its key:
    /// `store.remove(.selectedCalendars(widgetID: id))`.
    public func removeMembers<Parameter, Value>(of family: DefaultsKeyFamily<Parameter, Value>) {
        let keys = members(of: family).map(family.key)
        guard !keys.isEmpty else { return }
        remove(keys)
    }
}
