import TypedDefaults

print(DefaultsStore.inMemory()[.greeting])
