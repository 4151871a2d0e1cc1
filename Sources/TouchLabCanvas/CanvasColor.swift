import TouchLabEngine

/// A straight (not premultiplied) RGBA colour, each component in 0...1.
public struct CanvasColor: Equatable, Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from 8-bit components, as colour pickers and CSS give them.
  public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
    self.init(
      red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255,
      alpha: Double(alpha8) / 255)
  }

  /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
  public init?(hex: String) {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.count == 6 || digits.count == 8,
      let value = UInt32(digits, radix: 16)
    else { return nil }
    let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
    self.init(
      red8: UInt8(truncatingIfNeeded: rgba >> 24), green8: UInt8(truncatingIfNeeded: rgba >> 16),
      blue8: UInt8(truncatingIfNeeded: rgba >> 8), alpha8: UInt8(truncatingIfNeeded: rgba))
  }

  /// `#RRGGBBAA`, the form `init(hex:)` reads and theme.json uses.
  public var hexString: String {
    let parts = [red, green, blue, alpha].map { component -> String in
      let byte = UInt8(Int(clamping: (component * 255).rounded(), within: 0...255))
      let text = String(byte, radix: 16, uppercase: true)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + parts.joined()
  }

  /// The same colour with its alpha replaced.
  public func withAlpha(_ alpha: Double) -> CanvasColor {
    CanvasColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  public static let black = CanvasColor(red: 0, green: 0, blue: 0)
  public static let white = CanvasColor(red: 1, green: 1, blue: 1)
  public static let clear = CanvasColor(red: 0, green: 0, blue: 0, alpha: 0)
}
