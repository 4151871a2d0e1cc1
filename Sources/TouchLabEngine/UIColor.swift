import Foundation

/// An RGBA colour, components 0…1.
public struct UIColor: Equatable, Sendable {
  public var red: Double, green: Double, blue: Double, alpha: Double
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
  }
  public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

  public static let clear = UIColor(white: 0, alpha: 0)
  public static let white = UIColor(white: 1)
  public static let black = UIColor(white: 0)
  public static let gray = UIColor(white: 0.5)
  public static let lightGray = UIColor(white: 2.0 / 3.0)
  public static let darkGray = UIColor(white: 1.0 / 3.0)
  public static let red = UIColor(red: 1, green: 0, blue: 0)
  public static let green = UIColor(red: 0, green: 1, blue: 0)
  public static let blue = UIColor(red: 0, green: 0, blue: 1)
  public static let yellow = UIColor(red: 1, green: 1, blue: 0)
  public static let orange = UIColor(red: 1, green: 0.5, blue: 0)
  public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5)
  public static let cyan = UIColor(red: 0, green: 1, blue: 1)
  public static let magenta = UIColor(red: 1, green: 0, blue: 1)
  public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2)
  /// iOS's `systemBlue` (light appearance), the tint of buttons and switches.
  public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1)
  /// iOS's `systemGreen`, the "on" colour of a switch.
  public static let systemGreen = UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255)
  /// iOS's `systemRed` (light appearance), a destructive swipe action's button.
  public static let systemRed = UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255)
  /// iOS's `systemGray` (light appearance), a normal swipe action's button.
  public static let systemGray = UIColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255)

  /// UIKit's named colours, by the names of their class properties.
  public static let named: [String: UIColor] = [
    "clear": .clear, "white": .white, "black": .black, "gray": .gray, "grey": .gray,
    "lightGray": .lightGray, "darkGray": .darkGray, "red": .red, "green": .green,
    "blue": .blue, "yellow": .yellow, "orange": .orange, "purple": .purple, "cyan": .cyan,
    "magenta": .magenta, "brown": .brown, "systemBlue": .systemBlue, "systemGreen": .systemGreen,
  ]
}
