import Foundation
#if canImport(UIKit) && !os(watchOS)
import UIKit
#endif

/// The platform's way of finding out whether protected data can be read (``ProtectedData``).
func platformProtectedDataSource() -> any ProtectedData.Source {
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    return ProtectedDataProbe()
    #else
    return AlwaysAvailableProtectedData()
    #endif
}

#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
/// Finds out whether files of the protection class `UserDefaults` uses can be read, by reading one of its own.
///
/// Apple-only; written against Apple's documented API, compiled for iOS by `.ci/apple`. Not
/// `UIApplication.isProtectedDataAvailable`: it is main-actor isolated, unavailable in app extensions (a widget
/// reads settings too), and false whenever the device locks, while the preferences files stay readable from the
/// first unlock on (`FileProtectionType.completeUntilFirstUserAuthentication`: "the file is stored in an encrypted
/// format on disk and cannot be accessed until after the device has booted"; the class of app files that ask for no
/// other). A small file of that class in the caches reads exactly when the preferences do (it cannot be made before
/// the first unlock either). `UIApplication.protectedDataDidBecomeAvailableNotification` (not posted in extensions)
/// makes the check happen at once rather than at the next ask.
struct ProtectedDataProbe: ProtectedData.Source {
    func checkAvailability() -> Bool {
        guard let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first else { return true }
        let probe = caches.appendingPathComponent("TypedDefaults.protected-data-probe")
        if FileManager.default.fileExists(atPath: probe.path) {
            guard let handle = try? FileHandle(forReadingFrom: probe) else { return false }
            try? handle.close()
            return true
        }
        do {
            try FileManager.default.createDirectory(at: caches, withIntermediateDirectories: true)
            try Data("1".utf8).write(to: probe, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
            return true
        } catch {
            return false
        }
    }

    func observeChanges(_ onChange: @escaping @Sendable () -> Void) {
        #if canImport(UIKit) && !os(watchOS)
        // Lives with the process, as the shared instance does. `queue: nil`: on the posting thread; the handler
        // takes one leaf lock and reads a file.
        _ = NotificationCenter.default.addObserver(
            forName: UIApplication.protectedDataDidBecomeAvailableNotification, object: nil, queue: nil
        ) { _ in onChange() }
        #endif
    }
}
#endif
