import TypedDefaults

// The shared checks (exercise.swift), compiled with this target's settings.
await exerciseEveryContext(allKeys: DefaultsKeys.Swift5Mode.all)
print(exerciseTitlesAndModels())
