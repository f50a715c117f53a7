extension Messages {
    /// The release record (`defaults.releases.json`) and the checks of the schema against the releases it records.
    enum Releases {
        // MARK: Reading the record

        static func recordNotObject() -> String {
            recordedByHand("\(ReleaseRecord.fileName) must be an object with \"releases\": an array")
        }

        static func releaseMalformed() -> String {
            recordedByHand("each release must be an object with \"version\" (a string) and \"keys\" (an array)")
        }

        static func recordedKeyMalformed() -> String {
            recordedByHand("each recorded key needs \"swiftName\", \"name\" and \"type\" strings")
        }

        /// When a release's `"types"` is not an object.
        static func typesNotObject() -> String {
            recordedByHand("\"types\" must be an object")
        }

        static func recordedTypeMalformed() -> String {
            recordedByHand("a recorded type needs \"cases\" or \"fields\"")
        }

        /// When a release's `"families"` is not an array.
        static func familiesNotArray() -> String {
            recordedByHand("\"families\" must be an array")
        }

        static func recordedFamilyMalformed() -> String {
            recordedByHand("each recorded family needs \"swiftName\", \"name\", \"parameter\" and \"type\" strings")
        }

        /// A problem of the file's text, with the advice every such problem ends with.
        private static func recordedByHand(_ problem: String) -> String {
            problem + "; record releases with typed-defaults-gen --record-release VERSION rather than by hand"
        }

        // MARK: Accepting lost values

        /// When `"acceptLostValuesSince"` names a release the record does not have.
        static func acceptanceOfUnrecordedRelease(_ version: String, newest: String) -> String {
            "\"acceptLostValuesSince\" names release \"\(version)\", which \(ReleaseRecord.fileName) does not record; name the newest recorded release, \"\(newest)\""
        }

        /// When `"acceptLostValuesSince"` covers no loss of the key.
        static func acceptanceUnused(key: String, since version: String) -> String {
            "\"\(key)\" loses no stored value since release \(version), so \"acceptLostValuesSince\" accepts nothing; remove it"
        }

        /// How a key accepts a loss: ends the messages about lossy changes.
        private static func acceptLoss(since newest: String) -> String {
            "accept the loss with \"acceptLostValuesSince\": \"\(newest)\" on the key"
        }

        // MARK: Stored names

        /// When a recorded stored name now belongs to another key, while the key that held it still exists.
        static func storedNameTaken(_ name: String, formerKey: String, key: String, formerKeyStoredName: String,
                                    version: String) -> String {
            "the stored name \"\(name)\" held \"\(formerKey)\" in release \(version) and now belongs to \"\(key)\" (\"\(formerKey)\" is stored as \"\(formerKeyStoredName)\"): users' old value of \"\(formerKey)\" would be read as \"\(key)\"; store \"\(key)\" under another name with \"key\", and move \"\(formerKey)\" with \"renamedFrom\": [\"\(name)\"]"
        }

        /// When a key keeps its stored name but moved to another suite since a release.
        static func movedSuite(key: String, from old: RecordedSuite, to new: RecordedSuite, name: String,
                               version: String) -> String {
            "\"\(key)\" moved from \(old) to \(new) since release \(version): users would lose their value; move it with \"renamedFrom\": [{\"name\": \"\(name)\", \"suite\": \"\(old.literal ?? "standard")\"}]"
        }

        /// When a release recorded the key's name with the key prefix, from before `"key"` was the stored name exactly.
        static func storedWithKeyPrefix(key: String, name: String, storedName: String, version: String) -> String {
            "\"\(key)\" was stored as \"\(name)\" in release \(version), when \"key\" took the key prefix; \"key\" is the stored name exactly now, so it is stored as \"\(storedName)\" and users would lose their value; write \"key\": \"\(name)\" to keep it where it is, or add \"renamedFrom\": [\"\(name)\"] to move it"
        }

        /// When a key's stored name changed since a release without `"renamedFrom"`.
        static func renamedWithoutMigration(key: String, name: String, storedName: String, version: String) -> String {
            "\"\(key)\" was stored as \"\(name)\" in release \(version) and is stored as \"\(storedName)\" now: users would lose their value; add \"renamedFrom\": [\"\(name)\"]"
        }

        /// When no key reads a recorded stored name, and it is not retired.
        static func dropped(key: String, name: String, version: String) -> String {
            "release \(version) stored \"\(key)\" as \"\(name)\", and no key reads it now: users would lose the value silently; restore the key, move it to a key with \"renamedFrom\", or list \"\(name)\" in \"retired\""
        }

        // MARK: Types and ranges

        /// When the key's new type cannot read what a release stored (`fix`: how to keep the values).
        static func incompatibleType(storedName: String, oldType: SchemaType, newType: SchemaType, reason: String,
                                     fix: String, version: String) -> String {
            "release \(version) stored \"\(storedName)\" as \(oldType); as \(newType), users would lose it: \(reason). \(fix)"
        }

        /// When the key's new type reads only some of what a release stored (`fix`: how to keep the values).
        static func lossyType(storedName: String, oldType: SchemaType, newType: SchemaType, reason: String, fix: String,
                              version: String, acceptSince newest: String) -> String {
            "release \(version) stored \"\(storedName)\" as \(oldType); as \(newType), some users would lose their value: \(reason). \(fix), or \(acceptLoss(since: newest))"
        }

        /// How to keep the values of a key whose enum changed.
        static func keepCasesOrMapRawValues(name: String, rawType: String) -> String {
            "Keep the cases, or map the old raw values: \"renamedFrom\": [{\"name\": \"\(name)\", \"type\": \"\(rawType)\", \"values\": {…}}]"
        }

        /// How to keep the values of a key whose scalar type changed.
        static func keepTypeOrMapValues(name: String, type: String) -> String {
            "Keep the type, or map the old values: \"renamedFrom\": [{\"name\": \"\(name)\", \"type\": \"\(type)\", \"values\": {…}}]"
        }

        /// How to keep the values of a key whose record's field changed type.
        static func keepFieldType() -> String {
            "Keep the field's type, or give the new field another name (stored values keep their other fields)"
        }

        /// How to keep the values of a key whose other type changed.
        static func keepTypeOrRetire(name: String) -> String {
            "Keep the type, or store the new form under another name with \"key\" and list \"\(name)\" in \"retired\""
        }

        /// When a key's range is narrower than a release's.
        static func rangeNarrowed(key: String, minimum: String?, maximum: String?, version: String,
                                  acceptSince newest: String) -> String {
            "the range of \"\(key)\" is narrower than in release \(version) (\(minimum ?? "")…\(maximum ?? "")): stored values outside it would read the default; keep the range, or \(acceptLoss(since: newest))"
        }

        /// When a key became optional without a default since the newest release.
        static func madeOptional(key: String, version: String) -> String {
            "\"\(key)\" is optional since release \(version): users who never changed it read nil instead of the old default"
        }

        // MARK: Migrations from recorded names

        /// When a plain rename's key cannot read what a release stored under the old name.
        static func migrationCannotRead(storedName: String, oldType: SchemaType, key: String, type: SchemaType,
                                        reason: String, version: String) -> String {
            "release \(version) stored \"\(storedName)\" as \(oldType), which \"\(key)\" (\(type)) cannot read: \(reason); give the old \"type\" and \"values\" to map them"
        }

        /// When a plain rename's key reads only some of what a release stored under the old name.
        static func migrationReadsInPart(storedName: String, oldType: SchemaType, key: String, type: SchemaType,
                                         reason: String, version: String, acceptSince newest: String) -> String {
            "release \(version) stored \"\(storedName)\" as \(oldType), which \"\(key)\" (\(type)) reads only in part: \(reason); give the old \"type\" and \"values\" to map them, or \(acceptLoss(since: newest))"
        }

        /// When a migration's old `"type"` is not what a release stored.
        static func migrationOldTypeWrong(storedName: String, oldType: SchemaType, declaredType: SchemaType,
                                          version: String) -> String {
            "release \(version) stored \"\(storedName)\" as \(oldType), not \(declaredType); give the type it was stored as"
        }

        /// When `"values"` leaves stored cases unmapped and `"retry"` keeps them for a later release.
        static func unmappedCasesRetried(storedName: String, cases lost: [String], isIntBacked: Bool,
                                         version: String) -> String {
            "release \(version) stored \"\(storedName)\" with the case\(lost.count == 1 ? "" : "s") \(caseList(lost, isIntBacked: isIntBacked)) that \"values\" does not map: users who chose \(lost.count == 1 ? "it" : "them") read the default until a release maps \(lost.count == 1 ? "it" : "them") (\"retry\" keeps the old value)"
        }

        /// When `"values"` leaves stored cases unmapped that the new type cannot read.
        static func unmappedCasesLost(storedName: String, cases lost: [String], isIntBacked: Bool, type: SchemaType,
                                      version: String) -> String {
            "release \(version) stored \"\(storedName)\" with the case\(lost.count == 1 ? "" : "s") \(caseList(lost, isIntBacked: isIntBacked)) that \"values\" does not map and \(type) cannot read: users who chose \(lost.count == 1 ? "it" : "them") would lose it; map \(lost.count == 1 ? "it" : "each") in \"values\""
        }

        /// Raw values as written in JSON: integers bare, strings quoted.
        private static func caseList(_ rawValues: [String], isIntBacked: Bool) -> String {
            rawValues.map { isIntBacked ? $0 : "\"\($0)\"" }.joined(separator: ", ")
        }

        /// When a migration's old type cannot be read as the key's type, and no `"values"` maps it.
        static func oldValuesUnreadable(oldType: SchemaType, newType: SchemaType, reason: String) -> String {
            "an old \(oldType) value is not readable as \(newType) (\(reason)); map the old values with \"values\""
        }

        /// When a migration's old type reads only in part as the key's type, and no `"values"` maps it.
        static func oldValuesMayNotRead(oldType: SchemaType, newType: SchemaType, reason: String,
                                        acceptSince newest: String) -> String {
            "an old \(oldType) value may not read as \(newType) (\(reason)); map the old values with \"values\", or \(acceptLoss(since: newest))"
        }

        // MARK: Defaults

        /// When `"keepPreviousDefault"` has no earlier default to keep.
        static func keepPreviousDefaultUnused(key: String) -> String {
            "no recorded release gave \"\(key)\" another default, so \"keepPreviousDefault\" keeps nothing; remove it"
        }

        /// When a key's default changed since the newest release.
        static func defaultChanged(key: String, from old: String, to new: String, version: String) -> String {
            "the default of \"\(key)\" changed from \(old) to \(new) since release \(version): everyone who never set it reads \(new) after updating; to keep \(old) for installs that ran release \(version) or earlier, add \"keepPreviousDefault\": true"
        }
    }
}
