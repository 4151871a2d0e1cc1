import Foundation
import TouchLabEngine

/// A scenario made from the command line's gestures (`--tap X,Y`, `--press X,Y,SECONDS`,
/// `--drag X1,Y1,X2,Y2[,SECONDS]`), played on any scene or dump instead of one of its
/// scenarios: "what happens when I tap here" in one command (docs/import.md).
public enum GestureScenario {
  /// One gesture as given: its option's name without dashes and its value.
  public typealias Gesture = (kind: String, value: String)

  /// The option names, without their dashes.
  public static let kinds = ["tap", "press", "drag"]
  /// Gestures one command may give.
  public static let maximumGestures = 1_000
  /// Between one gesture's end and the next one's start: past a double tap's interval
  /// and a scroll view's deceleration's start, so each gesture is one of its own.
  public static let pause: TimeInterval = 1
  /// A tap's duration (as a layout's `tap` step).
  public static let tapDuration: TimeInterval = 0.05
  /// A drag's duration when none is given, and its moves (as a layout's `drag` step).
  public static let dragDuration: TimeInterval = 0.3
  public static let dragSteps = 10
  /// The scenario's name (in transcripts' headers and pictures' captions).
  public static let name = "command line"

  /// The gestures, in command-line order, as a scenario; nil when there are none. A value
  /// that is not a gesture, or too many gestures, is an error of one line.
  public static func make(_ gestures: [Gesture]) throws -> Scenario? {
    guard !gestures.isEmpty else { return nil }
    guard gestures.count <= maximumGestures else {
      throw GestureScenarioError(
        "\(gestures.count) gestures (--tap, --press, --drag) given; at most \(maximumGestures) may be")
    }
    var steps: [ScenarioStep] = []
    for (index, gesture) in gestures.enumerated() {
      if index > 0 { steps.append(.wait(pause)) }
      steps.append(try step(gesture))
    }
    return Scenario(name: name, steps: steps, line: 1, column: 1)
  }

  /// The gesture options among `arguments` (a command line without the program's name),
  /// in order: `--tap V` and `--tap=V` alike; nothing after `--`.
  public static func gestures(in arguments: [String]) -> [Gesture] {
    var found: [Gesture] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" { break }
      for kind in kinds {
        if argument == "--" + kind, index + 1 < arguments.count {
          found.append((kind, arguments[index + 1]))
          index += 1
        } else if argument.hasPrefix("--\(kind)=") {
          found.append((kind, String(argument.dropFirst(kind.count + 3))))
        }
      }
      index += 1
    }
    return found
  }

  static func step(_ gesture: Gesture) throws -> ScenarioStep {
    let usage: String
    let counts: ClosedRange<Int>
    switch gesture.kind {
    case "tap": (usage, counts) = ("X,Y, such as 120,300", 2...2)
    case "press": (usage, counts) = ("X,Y,SECONDS, such as 120,300,0.8", 3...3)
    case "drag": (usage, counts) = ("X1,Y1,X2,Y2 or X1,Y1,X2,Y2,SECONDS, such as 200,600,200,200,0.4", 4...5)
    default: throw GestureScenarioError("--\(gesture.kind) is no gesture; give --tap, --press or --drag")
    }
    func refused() -> GestureScenarioError {
      GestureScenarioError("--\(gesture.kind) must be \(usage), not '\(gesture.value)'")
    }
    let numbers = gesture.value.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard counts.contains(numbers.count) else { throw refused() }
    var values: [Double] = []
    for number in numbers {
      guard let number, number.isFinite else { throw refused() }
      values.append(number)
    }
    let limit = LayoutLimits.maximumCoordinate
    let coordinates = gesture.kind == "drag" ? 4 : 2
    guard values.prefix(coordinates).allSatisfy({ abs($0) <= limit }) else {
      throw GestureScenarioError(
        "--\(gesture.kind) '\(gesture.value)': a coordinate is farther than \(Int(limit)) points from the window's "
          + "corner")
    }
    func seconds(_ value: Double) throws -> TimeInterval {
      guard (0...600).contains(value), gesture.kind != "press" || value > 0 else {
        throw GestureScenarioError(
          "--\(gesture.kind) '\(gesture.value)': the duration must be from \(gesture.kind == "press" ? "above 0" : "0") "
            + "to 600 seconds")
      }
      return value
    }
    let start = FingerTarget.point(CGPoint(x: values[0], y: values[1]))
    switch gesture.kind {
    case "tap":
      return .tap(start, duration: tapDuration, fingers: 1)
    case "press":
      return .press(start, duration: try seconds(values[2]), fingers: 1)
    default:
      let end = FingerTarget.point(CGPoint(x: values[2], y: values[3]))
      let duration = values.count == 5 ? try seconds(values[4]) : dragDuration
      return .drag(start, to: .target(end), duration: duration, steps: dragSteps, fingers: 1)
    }
  }
}

/// A gesture option that is refused: one line.
public struct GestureScenarioError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
