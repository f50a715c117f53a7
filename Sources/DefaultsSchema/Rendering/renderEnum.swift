import DefaultsFormats

extension SwiftRenderer {
    func renderEnum(_ declaration: EnumDeclaration, access: String, into writer: inout CodeWriter) {
        writer.docComment("Declared by \"cases\" in \(sourceName); stored as its raw value.")
        let rawType = declaration.isIntBacked ? "Int" : "String"
        if declaration.isObjC {
            // Only where the Objective-C runtime exists: the same enum elsewhere (Linux).
            writer.line("#if canImport(ObjectiveC)")
            writer.line("@objc")
            writer.line("#endif")
        }
        let name = NestedTypeName(declaration.name).inner
        writer.block("nonisolated \(access)enum \(name): \(rawType), CaseIterable, Identifiable, Sendable, Codable, DefaultsSerializable") { body in
            for (identifier, rawValue) in declaration.cases {
                let name = SwiftNames.escapedIdentifier(identifier)
                if declaration.isIntBacked {
                    body.line("case \(name) = \(rawValue)")
                } else {
                    body.line(identifier == rawValue ? "case \(name)" : "case \(name) = \(SwiftNames.stringLiteral(rawValue))")
                }
            }
            body.line()
            body.docComment("The case itself: `ForEach(\(name).allCases) { Text($0.title) }`.")
            body.line("\(access)var id: Self { self }")
            body.line()
            let titles = declaration.caseTitles ?? declaration.cases.map { SchemaValidator.words(fromIdentifier: $0.identifier) }
            body.docComment("The case's title, for pickers: \"caseTitles\" in \(sourceName), else its name in words; translated through the string catalog (`Localizable`) of the module that declares \(sourceName).")
            body.block("\(access)var title: String") { getter in
                // `text`, not `title`: a case may be named `title`.
                getter.line("let text: String")
                getter.line("switch self {")
                for ((identifier, _), title) in zip(declaration.cases, titles) {
                    getter.line("case .\(SwiftNames.escapedIdentifier(identifier)): text = \(SwiftNames.stringLiteral(title))")
                }
                getter.line("}")
                getter.line("return DefaultsKeys.\(namespace).stringsBundle.localizedString(forKey: text, value: text, table: nil)")
            }
        }
    }

    /// The key's label (its title and description, translated through the module's strings bundle), or `nil` where
    /// the runtime makes the same: no description, the title its stored name gives, and a module whose bundle is the
    /// main one as far as the generator knows (an app target: the runtime's own label translates through the main
    /// bundle). A package target with resources translates through `Bundle.module`: every key gets a label there.
    func labelLiteral(_ key: KeyDeclaration) -> String? {
        guard stringsBundle != .declaringModule || key.description != nil
            || key.title != readableTitle(forStoredName: key.storedName) else { return nil }
        var arguments = [SwiftNames.stringLiteral(key.title)]
        if let description = key.description { arguments.append("help: " + SwiftNames.stringLiteral(description)) }
        arguments.append("bundle: DefaultsKeys.\(namespace).stringsBundle")
        let oneLine = "DefaultsKeyLabel(\(arguments.joined(separator: ", ")))"
        // A long label one argument a line, as `CodeWriter.call` writes the key's own arguments.
        guard oneLine.count > 90 else { return oneLine }
        return "DefaultsKeyLabel(\n" + arguments.map { "    " + $0 }.joined(separator: ",\n") + "\n)"
    }

    /// The bundle the labels and enum titles are translated through, declared once in the key list.
    func renderStringsBundle(into writer: inout CodeWriter) {
        switch stringsBundle {
        case .packageResources(let bundleName):
            writer.docComment("Translates the titles of \(sourceName): the target's resource bundle, where its string catalog is.")
            // Found where SwiftPM's `Bundle.module` looks, without calling it: in a target with default MainActor
            // isolation, Swift 6.2's `Bundle.module` is isolated to the main actor (which this nonisolated property
            // cannot call), and it traps where the bundle is missing (an Xcode preview of another module).
            writer.line("// Where `Bundle.module` looks, without it: it is main-actor isolated in a target with default MainActor")
            writer.line("// isolation (Swift 6.2), and traps where the bundle is missing. The module's own bundle otherwise.")
            writer.block("fileprivate static let stringsBundle: Foundation.Bundle =", closer: "}()") { body in
                body.block("for place in [Foundation.Bundle.main.resourceURL, Foundation.Bundle(for: BundleToken.self).resourceURL, Foundation.Bundle.main.bundleURL]") { places in
                    places.block("for suffix in [\".bundle\", \".resources\"]") { suffixes in
                        let name = SwiftNames.stringLiteral(bundleName)
                        suffixes.line("if let place, let bundle = Foundation.Bundle(url: place.appendingPathComponent(\(name) + suffix)) { return bundle }")
                    }
                }
                body.line("return Foundation.Bundle(for: BundleToken.self)")
            }
            writer.line("fileprivate final class BundleToken {}")
        case .declaringModule:
            writer.docComment("Translates the titles of \(sourceName): the bundle of the module that declares it (an app's main bundle, a framework's own).")
            writer.line("fileprivate static let stringsBundle = Foundation.Bundle(for: BundleToken.self)")
            writer.line("fileprivate final class BundleToken {}")
        }
    }
}
