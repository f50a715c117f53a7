import DefaultsSchema
import Foundation
import TestSupport
import Testing

/// No schema text can make the generator emit code the schema did not declare: in the output for random
/// schemas full of quotes, backslashes, `"""`, `#"`, comment markers, line breaks, NUL and bidi overrides, every
/// string literal closes on its own line, no comment hides code, and the code outside literals calls only what
/// the generator itself writes.
@Suite struct GeneratedCodeShapeTests {
    /// Calls the generator may write; anything else followed by `(` is code the schema smuggled in.
    static let allowedCalls: Set<String> = [
        "DefaultsKey", "Date", "URL", "Data", "UUID", "Double", "Float", "CGPoint", "CGSize", "CGRect", "NSPoint", "NSSize", "NSRect", "listAll", "add", "reserveCapacity", "available",
        // Record types: their initializers, field-by-field decoding; settings classes: a key's suite store.
        "init", "container", "decodeIfPresent", "decode", "storeFor", "store", "remove",
        // Keys' labels and enums' titles, translated through the module's bundle.
        "DefaultsKeyLabel", "Bundle", "localizedString",
        // Key families: the family, and the key of a member.
        "DefaultsKeyFamily", "key",
    ]

    /// Whether `name` is a record type the random schemas declare (`R<schema>x<number>`), whose initializer the
    /// generator writes for record defaults.
    static func isRandomRecordType(_ name: String) -> Bool {
        name.wholeMatch(of: /R[0-9]+x[0-9]+/) != nil || name.wholeMatch(of: /S[0-9]+Tag/) != nil
    }

    @Test func everyLineOfGeneratedCodeHasAKnownShape() {
        let count = isLongMode ? 5_000 : 500
        for index in 0..<count {
            let schema = RandomSchema(seed: 50_000 + UInt64(index), index: index, keyword: RandomSchema.keywordNames[index % RandomSchema.keywordNames.count])
            guard let source = DefaultsKeysGenerator(namespace: schema.namespace).generate(schema: Array(schema.json.utf8), sourceName: "defaults.json").source else {
                Issue.record("seed \(schema.seed): rejected")
                continue
            }
            for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let problem = Self.problem(in: String(line)) {
                    Issue.record("seed \(schema.seed), line \(number + 1): \(problem)\n  \(line)")
                    return
                }
            }
        }
    }

    @Test func theCheckerCatchesBreakouts() {
        #expect(Self.problem(in: #"    static let a = DefaultsKey<String>("a", default: "x"); print("pwned")"#) != nil)
        #expect(Self.problem(in: #"    static let a = DefaultsKey<String>("a", default: "unterminated)"#) != nil)
        #expect(Self.problem(in: "    /// doc */ print(1)") == nil)  // inside a line comment: inert
        #expect(Self.problem(in: #"    static let a = DefaultsKey<String>("a", default: "\(exit(1))")"#) != nil)
        #expect(Self.problem(in: ##"    static let a = DefaultsKey<String>("a", default: #"raw"#)"##) != nil)
        #expect(Self.problem(in: #"    static let a = DefaultsKey<String>("a\"b", default: "c\\")"#) == nil)
        #expect(Self.problem(in: "#if hasFeature(InternalImportsByDefault)") == nil)
        #expect(Self.problem(in: "    #if hasFeature(InternalImportsByDefault)") != nil)
        #expect(Self.problem(in: "#if os(Linux)") != nil)
        #expect(Self.problem(in: "    static func `default`(widgetID: String) -> DefaultsKey<Int> {") == nil)
        #expect(Self.problem(in: "    static let a = f(`default`(1))") != nil)
    }

    /// What is wrong with one generated line, or `nil`.
    static func problem(in line: String) -> String? {
        // A key family's function declares (not calls) its name: `static func name(widgetID: String) -> …`.
        let line = line.replacing(/^( *(?:(?:public|package) )?static func )`?[\p{L}\p{N}_]+`?\(/) { "\($0.output.1)F " }
        let trimmed = line.drop { $0 == " " }
        if trimmed.hasPrefix("//") { return nil }  // a line comment cannot end before the line does
        // The one conditional the generator writes, around a package import, whole lines at the top level.
        if ["#if hasFeature(InternalImportsByDefault)", "#else", "#endif"].contains(line) { return nil }
        // And the one around an @objc enum's attribute, whole lines wherever the enum is.
        if ["#if canImport(ObjectiveC)", "@objc", "#endif"].contains(String(trimmed)) { return nil }
        var code = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\"" else {
                code.unicodeScalars.append(scalar)
                continue
            }
            // Inside a literal: only escapes, never an interpolation, and it must close on this line.
            var closed = false
            while let inner = scalars.next() {
                if inner == "\"" { closed = true; break }
                if inner == "\\" {
                    guard let escaped = scalars.next() else { return "a backslash ends the line" }
                    if escaped == "(" { return "an interpolation inside a string literal" }
                    if escaped == "u" { while let hex = scalars.next(), hex != "}" {} }
                }
            }
            if !closed { return "a string literal does not close on its line" }
            code += "S"
        }
        for forbidden in [";", "#", "\\", "$", "/*", "*/", "//", "`("] where code.contains(forbidden) {
            return "'\(forbidden)' outside a string literal"
        }
        // Every call must be one the generator writes.
        let characters = Array(code)
        for (index, character) in characters.enumerated() where character == "(" && index > 0 {
            var start = index
            while start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber || characters[start - 1] == "_" { start -= 1 }
            let name = String(characters[start..<index])
            if !name.isEmpty, !allowedCalls.contains(name), !isRandomRecordType(name) { return "a call to '\(name)' the generator does not write" }
        }
        return nil
    }
}
