extension String {
    /// The string that `bytes` encode, or `nil` when they are not valid UTF-8 (an overlong form, a surrogate, a
    /// truncated or stray continuation byte).
    ///
    /// `String(validating:as:)` does the same, but only from macOS 15 / iOS 18, above the package's deployment
    /// target; and the generator also runs on the Mac that builds the app, whatever it targets.
    package init?(validatingUTF8Bytes bytes: some Collection<UInt8>) {
        guard Self.isValidUTF8(bytes) else { return nil }
        self.init(decoding: bytes, as: UTF8.self)
    }

    private static func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        // All ASCII (most schema strings): valid as it is.
        if !bytes.contains(where: { $0 >= 0x80 }) { return true }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
