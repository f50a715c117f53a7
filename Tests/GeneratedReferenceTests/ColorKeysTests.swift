import Foundation
import Testing
import TypedDefaults
#if canImport(SwiftUI)
import SwiftUI
#endif

/// The committed output for colors.json (Reference/ColorsDefaultsKeys.swift): its keys of Apple's colour types
/// exist only where their frameworks do. Here (Linux) only the others are declared and listed; on Apple platforms
/// every key is, with its sRGB default.
@Suite struct ColorKeysTests {
    let store = DefaultsStore.inMemory()

    @Test func theKeyListHasTheKeysThisPlatformCompiles() {
        var expected = ["showSwatches"]
        #if canImport(SwiftUI)
        expected.append("brandColor")
        #endif
        #if canImport(CoreGraphics)
        expected.append("borderColor")
        #endif
        #if canImport(UIKit)
        expected.append("tintColor")
        #endif
        #if canImport(SwiftUI)
        expected += ["palette", "highlightColor", "legacyAccent"]
        #endif
        #if canImport(CoreGraphics)
        expected.append("shadowColor")
        #endif
        expected.append("swatchSize")
        #expect(DefaultsKeys.Colors.all.map(\.name) == expected)
        #expect(store[.showSwatches] == true)
        #expect(store[.swatchSize] == 24)
        let settings = ColorSettings(store: store)
        settings.swatchSize = 32
        #expect(store[.swatchSize] == 32)
    }

    #if canImport(SwiftUI)
    @Test func colorDefaultsAreTheSchemasSRGBValues() {
        let brand = store[.brandColor].resolve(in: EnvironmentValues())
        #expect(abs(brand.red - 1) < 0.001 && abs(brand.green - 128.0 / 255) < 0.001 && brand.blue < 0.001 && brand.opacity == 1)
        #expect(store[.borderColor].alpha == 128.0 / 255)
        #expect(store[.palette].count == 2)
        #expect(store[.highlightColor] != nil)
    }
    #endif
}
