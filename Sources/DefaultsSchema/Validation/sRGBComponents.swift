/// The red, green, blue and alpha of a colour default written as sRGB hex: `#RRGGBB` (opaque) or `#RRGGBBAA`, in
/// either case, each component a byte scaled to 0...1 (`#FF8000` → 1, 0.50196…, 0, 1); `nil` for any other text.
/// Hex, not the stored `[colorSpace, [components]]` form: it is how designers and asset catalogs write colours, and
/// a wrong one is easy to see.
func sRGBComponents(hex text: String) -> [Double]? {
    let digits = Array(text.utf8)
    guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
    var components: [Double] = []
    var index = 1
    while index < digits.count {
        guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
        components.append(Double(high * 16 + low) / 255)
        index += 2
    }
    if components.count == 3 { components.append(1) }
    return components
}

/// The value of one hex digit.
private func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
    default: return nil
    }
}
