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

    func runProbe(_ arguments: [String]) throws -> String {
        let result = try runProcess(builtProduct("defaults-probe"), [suite] + arguments)
        #expect(result.status == 0, "\(result.output)")
        return result.output
    }
}
