import TypedDefaults

/// The suite the isolation tests' suite keys declare; never written by these tests outside a scope.
let isolationSuiteName = "typeddefaults.tests.isolation"

extension DefaultsKeys {
    static let isolationCount = DefaultsKey<Int>("typeddefaults.isolation.count", default: 0)
    static let isolationName = DefaultsKey<String?>("typeddefaults.isolation.name")
    static let isolationSuiteCount = DefaultsKey<Int>("typeddefaults.isolation.suiteCount", default: 0, suite: isolationSuiteName)
    static let isolationRanged = DefaultsKey<Int>("typeddefaults.isolation.ranged", default: 5, in: 0...10)
    static let isolationRenamed = DefaultsKey<Int>("typeddefaults.isolation.renamed", default: 0, formerNames: ["typeddefaults.isolation.old"])
}
