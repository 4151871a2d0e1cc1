import Foundation

extension Scene {
  /// The properties whose layout names are not the UIKit property they set (`color` is
  /// `backgroundColor`, a `frame` is a `CGRect`…): a `--set` of one of them has no one-line
  /// Swift spelling here, and is shown as the `--set` it is.
  static let propertiesWithoutSwiftLine: Set<String> = ["color", "frame", "bounds", "transform", "image", "textColor"]

  /// The UIKit line (Swift) that does what `--set ID.PROPERTY=VALUE` does, as the fix would
  /// be written in an app: `backTap.cancelsTouchesInView=false` is
  /// `backTap.cancelsTouchesInView = false`, an alias its UIKit name (`hidden` is `isHidden`),
  /// `requireToFail` a `require(toFail:)` call per recognizer. Nil when there is no such one
  /// line (a delegate's rules, a colour, a frame): show the `--set` itself then. The
  /// assignment is not checked against a scene here (`set(_:)` does that).
  public static func swiftLine(for assignment: String) -> String? {
    guard let equals = assignment.firstIndex(of: "=") else { return nil }
    let path = String(assignment[..<equals]).trimmingCharacters(in: .whitespaces)
    let value = String(assignment[assignment.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
    guard var dot = path.firstIndex(of: "."), dot != path.startIndex else { return nil }
    // A scroll view's or navigation controller's own recognizer is part of the receiver.
    for sub in [".panGestureRecognizer.", ".interactivePopGestureRecognizer."] {
      if let range = path.range(of: sub) { dot = path.index(before: range.upperBound) }
    }
    let id = String(path[..<dot])
    let property = String(path[path.index(after: dot)...])
    if property == "requireToFail" {
      let others = value.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).split(separator: ",")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard !others.isEmpty else { return nil }
      return others.map { "\(id).require(toFail: \($0))" }.joined(separator: "; ")
    }
    guard !property.contains("."), let entry = PropertyTable.entriesNamed[property]?.first,
      !propertiesWithoutSwiftLine.contains(entry.name)
    else { return nil }
    let name = entry.name
    let swiftValue: String
    switch value.lowercased() {
    case "true", "yes", "on": swiftValue = "true"
    case "false", "no", "off": swiftValue = "false"
    default:
      if entry.isText {
        let unquoted =
          value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
          ? String(value.dropFirst().dropLast()) : value
        // A Swift string literal: JSON's escapes are Swift's, but for other control characters.
        swiftValue = unquoted.doubleQuoted { "\\u{" + String($0, radix: 16, uppercase: true) + "}" }
      } else if Double(value) != nil {
        swiftValue = value
      } else {
        return nil
      }
    }
    return "\(id).\(name) = \(swiftValue)"
  }

  /// The Swift line for `assignment`, or the `--set` it is when it has none.
  public static func fixText(for assignment: String) -> String {
    swiftLine(for: assignment) ?? "--set \(assignment)"
  }
}
