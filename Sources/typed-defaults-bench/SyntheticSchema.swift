/// Synthetic schemas of any size, with keys of mixed types, and the same keys written by hand in Swift.
struct SyntheticSchema {
    let keyCount: Int
    /// Whether a quarter of the keys use schema 2's features: sets, record types, Int enums and suites.
    var newFeatures = false

    /// The schema's JSON.
    var json: String { json(settingsClass: nil) }

    /// The schema's JSON, naming a generated settings class when `settingsClass` is given.
    func json(settingsClass: String?) -> String {
        var members: [String] = []
        members.reserveCapacity(keyCount)
        for index in 0..<keyCount {
            let name = "key\(index)"
            let body: String
            switch (newFeatures, index % 12) {
            case (true, 2): body = #"{ "type": "Set<Int>", "default": [-1, -2, \#(index)] }"#
            case (true, 5): body = #"{ "type": "Frame\#(index / 60)", "default": { "width": \#(index) } }"#
            case (true, 9):
                body = index % 60 == 9
                    ? #"{ "type": "Level\#(index / 60)", "cases": { "low": 1, "high": 2 }, "default": 2, "suite": "group.bench" }"#
                    : #"{ "type": "Level\#(index / 60)", "default": 1, "suite": "group.bench" }"#
            default:
            switch index % 12 {
            case 0: body = #"{ "type": "Int", "default": \#(index), "description": "Setting number \#(index)." }"#
            case 1: body = #"{ "type": "Double", "default": \#(Double(index) / 8) }"#
            case 2: body = #"{ "type": "Bool", "default": true }"#
            case 3: body = #""value \#(index)""#
            case 4: body = #"{ "type": "[String]", "default": ["a", "b"] }"#
            case 5: body = #"{ "type": "[String: Double]", "default": { "x": 1.5 } }"#
            case 6:
                let enumName = "Choice\(index / 60)"
                body = index % 60 == 6
                    ? #"{ "type": "\#(enumName)", "cases": ["first", "second-one", "third"], "default": "third" }"#
                    : #"{ "type": "\#(enumName)", "default": "first" }"#
            case 7: body = #"{ "type": "Date", "default": "2024-01-01T00:00:00Z" }"#
            case 8: body = #"{ "type": "URL", "default": "https://example.com/\#(index)" }"#
            case 9: body = #"{ "type": "String?" }"#
            case 10: body = #"{ "type": "Int", "default": 0, "renamedFrom": ["old\#(index)"] }"#
            default: body = #"{ "type": "Date?", "deprecated": "Use key\#(index - 1)." }"#
            }
            }
            members.append(#"    "\#(name)": \#(body)"#)
        }
        let classMember = settingsClass.map { "  \"settingsClass\": \"\($0)\",\n" } ?? ""
        var typesMember = ""
        if newFeatures {
            let frames = stride(from: 0, to: keyCount, by: 60).map { start in
                #"    "Frame\#(start / 60)": { "fields": { "x": { "type": "Double", "default": 0 }, "width": { "type": "Double", "default": 800 }, "pinned": { "type": "Bool", "default": false } } }"#
            }
            typesMember = "  \"types\": {\n" + frames.joined(separator: ",\n") + "\n  },\n"
        }
        return "{\n" + classMember + typesMember + "  \"keys\": {\n" + members.joined(separator: ",\n") + "\n  }\n}\n"
    }

    /// The same keys declared the minimal way by hand: one `static let` each, enums without extras.
    var handWritten: String {
        var lines = ["import Foundation", "import TypedDefaults", "", "extension DefaultsKeys {"]
        var enums: [String] = []
        for index in 0..<keyCount {
            let name = "key\(index)"
            let declaration: String
            switch index % 12 {
            case 0: declaration = "DefaultsKey<Int>(\"\(name)\", default: \(index))"
            case 1: declaration = "DefaultsKey<Double>(\"\(name)\", default: \(Double(index) / 8))"
            case 2: declaration = "DefaultsKey<Bool>(\"\(name)\", default: true)"
            case 3: declaration = "DefaultsKey<String>(\"\(name)\", default: \"value \(index)\")"
            case 4: declaration = "DefaultsKey<[String]>(\"\(name)\", default: [\"a\", \"b\"])"
            case 5: declaration = "DefaultsKey<[String: Double]>(\"\(name)\", default: [\"x\": 1.5])"
            case 6:
                let enumName = "Choice\(index / 60)"
                if index % 60 == 6 {
                    enums.append("enum \(enumName): String, CaseIterable, Sendable, DefaultsSerializable { case first, secondOne = \"second-one\", third }")
                }
                declaration = "DefaultsKey<\(enumName)>(\"\(name)\", default: \(index % 60 == 6 ? ".third" : ".first"))"
            case 7: declaration = "DefaultsKey<Date>(\"\(name)\", default: Date(timeIntervalSince1970: 1704067200))"
            case 8: declaration = "DefaultsKey<URL>(\"\(name)\", default: URL(string: \"https://example.com/\(index)\")!)"
            case 9: declaration = "DefaultsKey<String?>(\"\(name)\")"
            case 10: declaration = "DefaultsKey<Int>(\"\(name)\", default: 0, formerNames: [\"old\(index)\"])"
            default: declaration = "DefaultsKey<Date?>(\"\(name)\")"
            }
            lines.append("    static let \(name) = \(declaration)")
        }
        lines.append("}")
        return (lines + enums).joined(separator: "\n") + "\n"
    }
}
