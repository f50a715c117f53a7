import TypedDefaults

/// The module's own type that the schema nests its enum in ("Committed.Mode").
enum Committed {}

precondition(DefaultsStore.inMemory()[.mode] == .plain)
print(DefaultsStore.inMemory()[.greeting])
