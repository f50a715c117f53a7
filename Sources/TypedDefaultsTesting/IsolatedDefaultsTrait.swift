import Testing
import TypedDefaults
// Re-exported: a test target that imports this module gets the test doubles (InMemoryCloudAccount) too.
@_exported import TypedDefaultsTestDoubles

/// A Swift Testing trait that runs each test, and each case of a parameterized test, inside
/// `withIsolatedDefaults(_:)`: `Defaults[...]`, `@Default`, suite keys,
/// `DefaultsStore.standard` and generated settings classes use fresh in-memory stores of its own, so parallel
/// tests never see each other's values and never touch the real settings.
///
/// ```swift
/// @Test(.isolatedDefaults) func counts() { Defaults[.launchCount] += 1; #expect(Defaults[.launchCount] == 1) }
/// @Suite(.isolatedDefaults) struct SettingsTests { … }     // every test of the suite gets stores of its own
/// @Test(.isolatedDefaults(managed: ["serverURL": "https://mdm.example.com"])) func followsTheAdministrator() { … }
/// ```
public struct IsolatedDefaultsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The administrator's values each scope starts with (see `withIsolatedDefaults(managed:_:)`).
    public let managed: [String: any Sendable]

    /// Not public: tests write ``Testing/Trait/isolatedDefaults`` or ``Testing/Trait/isolatedDefaults(managed:)``,
    /// one spelling each.
    init(managed: [String: any Sendable] = [:]) {
        self.managed = managed
    }

    /// On a suite, the trait applies to every test in it (and in its nested suites), each on its own.
    public var isRecursive: Bool { true }

    /// A scope for each test case (a test that is not parameterized has one), none around a whole suite or a
    /// whole parameterized test: no two cases share stores.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs `function` inside a fresh isolation scope.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withIsolatedDefaults(managed: managed) {
            try await function()
        }
    }
}

extension Trait where Self == IsolatedDefaultsTrait {
    /// Runs each test (each case of a parameterized test, each test of a suite) with in-memory stores of its own.
    public static var isolatedDefaults: Self { Self() }

    /// As ``isolatedDefaults``, each scope starting with `managed` as an administrator's values: the managed app
    /// configuration MDM would set, by stored name (or a Mac's forced preferences, which the app sees the same way).
    public static func isolatedDefaults(managed: [String: any Sendable]) -> Self { Self(managed: managed) }
}
