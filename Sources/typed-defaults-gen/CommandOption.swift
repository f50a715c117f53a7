/// One option of the command line, declared once: parsing finds it here by its spellings, an unknown option is
/// compared with the long names here, and the usage text lists these (swift-argument-parser's way, without it).
struct CommandOption: Sendable {
    enum Name: Sendable, CaseIterable {
        case output, access, namespace, resourceBundle, settingsBundle, reference, appConfig, bundleID, check, recordRelease
        case help, version
    }

    let name: Name
    /// The spellings, the short one first: `["-o", "--output"]`.
    let spellings: [String]
    /// What the value is called in the usage (`FILE`), or `nil` for an option that takes none.
    let value: String?
    /// The help, a line each as the usage wraps it.
    let help: [String]

    /// Every option, in the order the usage lists them.
    static let all: [CommandOption] = [
        CommandOption(name: .output, spellings: ["-o", "--output"], value: "FILE", help: [
            "Where to write the Swift file. Written atomically, and only when its content",
            "changes, so an unchanged schema causes no recompilation.",
        ]),
        CommandOption(name: .access, spellings: ["--access"], value: "LEVEL", help: [
            "internal, public or package; overrides the schema's \"access\".",
        ]),
        CommandOption(name: .namespace, spellings: ["--namespace"], value: "NAME", help: [
            "The key list's name: DefaultsKeys.NAME.all. A target name such as my-app",
            "becomes MyApp (default: the name of the schema's folder). The schema's",
            "\"keyList\" wins over it.",
        ]),
        CommandOption(name: .resourceBundle, spellings: ["--resource-bundle"], value: "NAME", help: [
            "Translate titles through the package target's resource bundle, which SwiftPM",
            "names PACKAGE_TARGET when the target has resources, such as a string catalog",
            "(default: the bundle of the module compiling the file, found with Bundle(for:)).",
        ]),
        CommandOption(name: .settingsBundle, spellings: ["--settings-bundle"], value: "DIR", help: [
            "Write the iOS Settings bundle of the schema's \"settingsBundle\": DIR/Root.plist,",
            "a DIR/<suite>.plist for the keys of each other suite (a screen of its own),",
            "and DIR/en.lproj/Root.strings (DIR is usually Settings.bundle).",
        ]),
        CommandOption(name: .reference, spellings: ["--reference"], value: "FILE", help: [
            "Write a Markdown reference of every setting, with defaults write commands.",
        ]),
        CommandOption(name: .appConfig, spellings: ["--appconfig"], value: "FILE", help: [
            "Write the AppConfig specfile (appconfig.org XML) of the schema's managed keys,",
            "for EMM consoles; needs --bundle-id.",
        ]),
        CommandOption(name: .bundleID, spellings: ["--bundle-id"], value: "ID", help: [
            "The app's bundle identifier, which the AppConfig specfile names.",
        ]),
        CommandOption(name: .check, spellings: ["--check"], value: nil, help: ["Validate only; write nothing."]),
        CommandOption(name: .recordRelease, spellings: ["--record-release"], value: "VERSION", help: [
            "Record what this schema stores as release VERSION in defaults.releases.json",
            "beside the schema (replacing a release of the same version). Commit that file:",
            "every later build checks the schema against each recorded release.",
        ]),
        CommandOption(name: .help, spellings: ["-h", "--help"], value: nil, help: ["Show this help."]),
        CommandOption(name: .version, spellings: ["--version"], value: nil, help: ["Show the version."]),
    ]

    /// The option spelled `argument`, if any.
    static func named(_ argument: String) -> CommandOption? {
        all.first { $0.spellings.contains(argument) }
    }

    /// Each option's long spelling: what an unknown option is compared with.
    static var longNames: [String] { all.compactMap(\.spellings.last) }

    /// The usage's OPTIONS lines: the spellings and value, then the help from the 25th column (on a line of its own
    /// after a label too long for the column).
    static var usageLines: String {
        let column = 22
        var lines: [String] = []
        for option in all {
            let label = option.spellings.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
            var help = option.help[...]
            if label.count < column {
                lines.append("  " + label.padding(toLength: column, withPad: " ", startingAt: 0) + (help.popFirst() ?? ""))
            } else {
                lines.append("  " + label)
            }
            lines += help.map { String(repeating: " ", count: column + 2) + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
