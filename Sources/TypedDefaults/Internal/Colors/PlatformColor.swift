// The platform's colour class, whose keyed archives other libraries store: AppKit's on macOS, UIKit's elsewhere (and
// on Mac Catalyst, where both import but apps' colours are UIKit's, as in sindresorhus/Defaults' `ColorBridge`).
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

typealias PlatformColor = NSColor
#elseif canImport(UIKit)
import UIKit

typealias PlatformColor = UIColor
#endif
