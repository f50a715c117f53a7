import Foundation

extension SchemaEvolutionTests {
    /// Settings files across releases: per round, the values N stored were also exported with N's keys and
    /// imported by N+1 into an install of their own. Each key of N+1 must read what it reads when N's stored values
    /// migrate (the import runs the same migrations), except where the export rightly differs: a key of N that does
    /// not travel (a `UUID`, a file URL) leaves N+1's key at its default, and a value outside a narrowed range takes
    /// the nearest bound on import where a read gives the default. The names N+1 no longer has are listed as
    /// unknown, and only they.
    static func importDisagreements(_ item: Case, _ actual: [Int: [String: String]]) -> [String] {
        let evolution = item.evolution
        let oracle = EvolutionOracle(old: evolution.old, new: evolution.new)
        var known: Set<String> = []
        for key in evolution.new.keys {
            known.insert(key.storedName)
            for migration in key.renamedFrom { known.insert(migration.name) }
        }
        var failures: [String] = []
        for round in 0..<RandomEvolution.roundCount {
            guard let lines = actual[round] else { continue }
            func names(_ prefix: String) -> Set<String> {
                Set(lines.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count).prefix { $0 != "\t" }) })
            }
            let leftOut = names("LEFTOUT:"), exported = names("EXPORTED:"), unknown = names("UNKNOWN:")
            if unknown != exported.subtracting(known) {
                failures.append("round \(round): the import listed \(unknown.sorted()) as unknown, N+1 does not know \(exported.subtracting(known).sorted())")
            }
            for key in evolution.new.keys {
                let place = "\(key.storedName)\t\(key.suite ?? "-")"
                guard let stored = lines[place], let imported = lines["IMPORT:" + place] else {
                    failures.append("round \(round): \(key.identifier) was not read on both paths")
                    continue
                }
                if stored == imported || sortedElements(stored) == sortedElements(imported) { continue }
                let fallback = oracle.canonical(oracle.storedDefault(of: key), of: key)
                if imported == fallback, oracle.sources(of: key).contains(where: { leftOut.contains($0.key.storedName) }) { continue }
                if key.minimum != nil || key.maximum != nil, stored == fallback { continue }
                // A value lands by key, the file's suite information only: a key of N of the same stored name in
                // another suite, moved with no migration, reaches N+1's key by import but not by a read.
                let movedWithoutMigration = evolution.old.keys.contains { old in
                    guard old.storedName == key.storedName, old.suite != key.suite, let written = evolution.rounds[round][old.identifier],
                          let kept = oracle.kept(written, from: EvolutionOracle.Source(key: old, migration: nil), in: key) else { return false }
                    let canonical = oracle.canonical(kept, of: key)
                    return canonical == imported || sortedElements(canonical) == sortedElements(imported)
                }
                if stored == fallback, movedWithoutMigration { continue }
                failures.append("round \(round): \(key.identifier) read \(stored) where N's values were stored, \(imported) where N's file was imported")
            }
        }
        return failures
    }
}
