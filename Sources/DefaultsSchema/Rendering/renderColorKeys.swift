/// What the renderer writes for keys of Apple's colour types (`Color`, `CGColor`, `UIColor`): each is compiled
/// only where its framework exists (`#if canImport(SwiftUI)`), so the generated file compiles everywhere and a key
/// of a colour type does not exist on Linux (or, for `UIColor`, on macOS).
extension SwiftRenderer {
    /// The frameworks the schema's colour keys need, in the order the keys first name them.
    static func colorFrameworks(_ schema: Schema) -> [String] {
        var frameworks: [String] = []
        for key in schema.keys {
            for framework in key.type.colorFrameworks where !frameworks.contains(framework) { frameworks.append(framework) }
        }
        return frameworks
    }

    /// SwiftUI's import where the settings view or a `Color` key needs it, then the other frameworks of colour keys'
    /// types: each only where it exists (the settings view and those keys are compiled only there).
    func renderPlatformImports(_ schema: Schema, into writer: inout CodeWriter) {
        let colorFrameworks = Self.colorFrameworks(schema)
        let needsSwiftUI = schema.settingsView != nil || colorFrameworks.contains("SwiftUI")
        let frameworks = (needsSwiftUI ? ["SwiftUI"] : []) + colorFrameworks.filter { $0 != "SwiftUI" }
        for framework in frameworks + (schema.keys.contains { $0.intents != nil } ? ["AppIntents"] : []) {
            writer.line("#if canImport(\(framework))")
            renderImport(framework, access: schema.access, into: &writer)
            writer.line("#endif")
        }
        if schema.settingsView?.exportImport == true {
            // `UTType.json` in the export section's body only: imported as Foundation is when no public declaration
            // names it (a `public import` unused publicly would warn).
            writer.line("#if canImport(UniformTypeIdentifiers)")
            renderImport("UniformTypeIdentifiers", access: .internal, into: &writer)
            writer.line("#endif")
        }
    }

    /// One statement of the key list: its keys, one a line (long key names would otherwise make lines hundreds of
    /// characters long), or a colour key inside its `#if` (which cannot stand inside an argument list).
    func renderListStatement(_ group: ArraySlice<KeyDeclaration>, into function: inout CodeWriter) {
        if let condition = group.first.flatMap(Self.platformCondition) {
            function.line("#if \(condition)")
            function.line("add(\(listReference(group[group.startIndex])))")
            function.line("#endif")
            return
        }
        function.block("add(", closer: ")") { call in
            for (offset, key) in group.enumerated() {
                call.line(listReference(key) + (offset == group.count - 1 ? "" : ","))
            }
        }
    }

    /// The `#if` condition under which `key` compiles, or `nil` for a key that compiles everywhere.
    static func platformCondition(_ key: KeyDeclaration) -> String? {
        let frameworks = key.type.colorFrameworks
        return frameworks.isEmpty ? nil : canImportCondition(frameworks)
    }

    /// `body`'s declaration of `key`, inside `#if` where its type does not exist everywhere.
    static func onPlatformsOf(_ key: KeyDeclaration, into writer: inout CodeWriter, _ body: (inout CodeWriter) -> Void) {
        guard let condition = platformCondition(key) else { return body(&writer) }
        writer.line("#if \(condition)")
        body(&writer)
        writer.line("#endif")
    }

    /// The statements of the key list: up to ``keysPerListStatement`` keys that compile everywhere, or one colour
    /// key alone (written inside its `#if`), in schema order.
    static func listStatements(_ keys: [KeyDeclaration]) -> [ArraySlice<KeyDeclaration>] {
        // Slices of the key array: its declarations are shared, not copied.
        var statements: [ArraySlice<KeyDeclaration>] = []
        var start = keys.startIndex
        for index in keys.indices {
            if platformCondition(keys[index]) != nil {
                if start < index { statements.append(keys[start..<index]) }
                statements.append(keys[index...index])
                start = index + 1
                continue
            }
            if index + 1 - start == keysPerListStatement {
                statements.append(keys[start...index])
                start = index + 1
            }
        }
        if start < keys.endIndex { statements.append(keys[start...]) }
        return statements
    }

    /// A colour default, from its sRGB components: built with each type's own sRGB initializer (SwiftUI's
    /// `Color(.sRGB, red:green:blue:opacity:)`, `CGColor(srgbRed:green:blue:alpha:)` of iOS 13 and macOS 10.15,
    /// `UIColor(red:green:blue:alpha:)`, whose components are extended sRGB since iOS 10).
    func colorLiteral(_ type: BuiltinType, _ components: [Double]) -> String {
        let values = components.map { literal(.double($0)) }
        guard values.count == 4 else { return "\(type.swiftSpelling)()" }
        switch type {
        case .cgColor: return "CGColor(srgbRed: \(values[0]), green: \(values[1]), blue: \(values[2]), alpha: \(values[3]))"
        case .uiColor: return "UIColor(red: \(values[0]), green: \(values[1]), blue: \(values[2]), alpha: \(values[3]))"
        default: return "SwiftUI.Color(.sRGB, red: \(values[0]), green: \(values[1]), blue: \(values[2]), opacity: \(values[3]))"
        }
    }

    /// A colour's sRGB components as the schema writes them: `#FF8000`, or `#FF800080` when not opaque.
    func hexText(_ components: [Double]) -> String {
        let bytes = components.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
        let shown = bytes.count == 4 && bytes[3] == 255 ? bytes.dropLast() : bytes[...]
        return "#" + shown.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
}
