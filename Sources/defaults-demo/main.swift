// defaults-demo: a small command-line app whose settings come from its own defaults.json, through the
// TypedDefaultsPlugin build plugin. Run it twice: the launch count goes up, proving persistence.
import Foundation
import Observation
import TypedDefaults

let store = DefaultsStore.standard
let settings = DefaultsKeys.DefaultsDemo.all

/// The short name of a setting: its stored name without the schema's key prefix.
func shortName(_ key: DefaultsKeys) -> String { String(key.name.dropFirst("demo.".count)) }

/// A value for display: optionals unwrapped (or "nil"), strings and lists as Swift prints them.
func printSetting(_ key: DefaultsKeys) {
    let marker = store.has(key) ? "" : "  (default)"
    print("\(shortName(key).padding(toLength: 22, withPad: " ", startingAt: 0)) \(store.debugValue(for: key).map { String(describing: $0) } ?? "nil")\(marker)")
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("defaults-demo: \(message)\n".utf8))
    exit(2)
}

func setting(named name: String) -> DefaultsKeys {
    guard let key = settings.first(where: { shortName($0) == name }) else {
        fail("unknown setting '\(name)'; the settings are: \(settings.map(shortName).joined(separator: ", "))")
    }
    return key
}

let usage = """
    USAGE: defaults-demo                 print every setting and count this launch
           defaults-demo get KEY         print one setting
           defaults-demo set KEY VALUE   change a setting (lists as JSON: '["a", "b"]')
           defaults-demo reset [KEY]     restore one setting, or all, to the default
           defaults-demo export [FILE]   write the settings you changed to FILE (JSON; a property list when FILE
                                         ends in .plist), or print them; the launch count stays on this machine
           defaults-demo import FILE     apply a file that export wrote, checked first: a bad file changes nothing
           defaults-demo --help
    """

var arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil:
    // The generated settings class, observed the way a SwiftUI view observes it.
    let demoSettings = DemoSettings(store: store)
    withObservationTracking { _ = demoSettings.launchCount } onChange: { print("(observed: launchCount changed)") }
    store.update(.launchCount) { $0 += 1 }
    print("TypedDefaults demo: launch number \(demoSettings.launchCount)\n")
    settings.forEach(printSetting)
case "--help", "-h", "help":
    print(usage)
case "get":
    guard arguments.count == 2 else { fail("get takes one KEY\n\(usage)") }
    printSetting(setting(named: arguments[1]))
case "set":
    guard arguments.count == 3 else { fail("set takes a KEY and a VALUE\n\(usage)") }
    let key = setting(named: arguments[1])
    var object: Any = arguments[2]
    if arguments[2].hasPrefix("[") || arguments[2].hasPrefix("{"), let json = try? JSONSerialization.jsonObject(with: Data(arguments[2].utf8)) {
        object = json
    }
    guard store.setValue(fromObject: object, for: key) else {
        fail("'\(arguments[2])' is not a valid \(key.valueType) for \(arguments[1]), or is outside its range; nothing was changed")
    }
    printSetting(key)
case "reset":
    guard arguments.count <= 2 else { fail("reset takes at most one KEY\n\(usage)") }
    let keys = arguments.count == 2 ? [setting(named: arguments[1])] : settings
    store.remove(keys)
    keys.forEach(printSetting)
case "export":
    guard arguments.count <= 2 else { fail("export takes at most one FILE\n\(usage)") }
    let export = store.exportSettings(settings)
    guard arguments.count == 2 else {
        FileHandle.standardOutput.write(export.data(as: .json))
        break
    }
    let path = arguments[1]
    do {
        try export.data(as: path.hasSuffix(".plist") ? .propertyList : .json).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        fail("cannot write \(path): \(error.localizedDescription)")
    }
    print("\(export.settings.count) setting\(export.settings.count == 1 ? "" : "s") written to \(path)")
case "import":
    guard arguments.count == 2 else { fail("import takes one FILE\n\(usage)") }
    let path = arguments[1]
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    do {
        print(try store.importSettings(from: data, keys: settings))
    } catch let error as DefaultsImportError {
        // `path:line:column: error: message`, as compilers write it, so editors can jump to it.
        FileHandle.standardError.write(Data("\(path):\(error.line == nil ? " " : "")\(error)\n".utf8))
        exit(2)
    }
default:
    fail("unknown command '\(arguments[0])'\n\(usage)")
}
