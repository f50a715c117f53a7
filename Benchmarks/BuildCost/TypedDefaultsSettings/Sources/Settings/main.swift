import TypedDefaults

// Every setting read once through the generated settings class (an in-memory store: nothing is written anywhere).
let settings = AppSettings(store: .inMemory())
settings.launchCount += 1
print(settings.launchCount, settings.fontSize, settings.maxRecentCount, settings.showTips, settings.playSounds,
      settings.isFirstLaunch, settings.title, settings.accentColorName, settings.signature, settings.volume,
      settings.zoom, settings.autosaveInterval, settings.recentFiles, settings.tags, settings.searchScopes,
      settings.theme, settings.sortOrder, settings.mainWindow, settings.username ?? "nil",
      settings.lastExportPath ?? "nil")
