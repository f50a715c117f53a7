import Foundation
import TestSupport
import Testing
import TypedDefaults

/// In-memory stores for a whole process, in child processes that count their launches through `Defaults[...]`
/// and a suite's shared store: a control run persists its counts, the in-memory runs leave nothing behind.
@Suite(.serialized, .enabled(if: processesAvailable)) struct InMemoryProcessTests {
    let suite = "typeddefaults.tests.inmemory.\(UUID().uuidString)"

    func probe(_ arguments: String...) throws -> String {
        try runProbe(arguments)
    }

    @Test(arguments: [["-TypedDefaultsInMemory", "YES"], ["--use-in-memory"]])
    func anInMemoryProcessSavesNothing(mode: [String]) throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        _ = try probe("reset-defaults")
        // Control: without the switch, both counts persist across runs.
        #expect(try probe("count-defaults") == "1 1\n")
        #expect(try probe("count-defaults") == "2 2\n")
        _ = try probe("reset-defaults")
        // In memory: every run starts from the defaults, and leaves nothing on disk.
        #expect(try runProbe(["count-defaults"] + mode) == "1 1\n")
        #expect(try runProbe(["count-defaults"] + mode) == "1 1\n")
        #expect(try probe("count-defaults") == "1 1\n")
        _ = try probe("reset-defaults")
    }

    /// A process Xcode runs for a preview (`XCODE_RUNNING_FOR_PREVIEWS=1`) neither reads the real settings nor
    /// writes them, with no call of its own; `useRealStores()` (the opt-out) reaches them again.
    @Test func aPreviewProcessNeitherReadsNorWritesRealSettings() throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        _ = try probe("reset-defaults")
        #expect(try probe("count-defaults") == "1 1\n")
        #expect(try probe("count-defaults") == "2 2\n", "the real settings hold 2 now")
        var environment = ProcessInfo.processInfo.environment
        environment["XCODE_RUNNING_FOR_PREVIEWS"] = "1"
        // Reads the defaults, not the real 2; writes nothing the next real run sees.
        #expect(try runProbe(["count-defaults"], environment: environment) == "1 1\n")
        #expect(try runProbe(["count-defaults"], environment: environment) == "1 1\n")
        #expect(try probe("count-defaults") == "3 3\n")
        // The opt-out: the preview's own call makes the real stores reachable again.
        #expect(try runProbe(["count-defaults", "--use-real-stores"], environment: environment) == "4 4\n")
        // Any other value of the variable is not a preview.
        environment["XCODE_RUNNING_FOR_PREVIEWS"] = "0"
        #expect(try runProbe(["count-defaults"], environment: environment) == "5 5\n")
        _ = try probe("reset-defaults")
    }

    func runProbe(_ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let result = try runProcess(builtProduct("defaults-probe"), [suite] + arguments, environment: environment)
        #expect(result.status == 0, "\(result.output)")
        return result.output
    }
}
