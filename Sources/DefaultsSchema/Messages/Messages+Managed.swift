extension Messages {
    /// Keys an administrator may set (`"managed"`).
    enum Managed {
        static func notBool(kind: String) -> String { "\"managed\" must be true or false, not \(kind)" }

        /// When a managed key is stored under the name of the managed configuration itself.
        static func storedAsConfiguration(_ configurationName: String) -> String { "\"\(configurationName)\" is where MDM stores the managed configuration, not a key of it; store the managed key under its own name with \"key\"" }
    }
}
