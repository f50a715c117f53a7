import TypedDefaults

/// A Codable user type named in the schema.
public struct Account: Codable, Equatable, Sendable, DefaultsSerializable {
    public var email: String
    public var isAdmin: Bool

    public init(email: String, isAdmin: Bool) {
        self.email = email
        self.isAdmin = isAdmin
    }
}
