import TypedDefaults

// The shared checks (exercise.swift), compiled with this target's settings.
await exerciseEveryContext(allKeys: DefaultsKeys.StrictSafety.all)
print(exerciseTitlesAndModels())
