import TypedDefaults

/// What both the app and the widget use besides the keys: the key list's name is the schema's, not this target's.
public let sharedKeyCount = DefaultsKeys.AppSettings.all.count
