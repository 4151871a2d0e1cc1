import Foundation
import TouchLabEngine

/// The values a layout's logged lines and printed actions can show (docs/layouts.md): each
/// `%name` in the text is replaced by the value at the moment the line is printed, as an
/// `NSLog` with that argument would print it. A value that does not apply to the object
/// (`%translation` on a tap) prints `(null)`, as `NSLog` prints a nil object.
public enum LinePlaceholder: String, CaseIterable, Sendable {
  /// The recognizer's state, as UIKit's enum value (0 possible … 5 failed).
  case state
  /// The touch's `tapCount`.
  case tapCount
  /// The touch's location in the logging view (a recognizer's: its centroid in its view).
  case location
  /// A pan's `translation(in:)` and `velocity(in:)` in its view.
  case translation, velocity
  /// A pinch's `scale`; a rotation's `rotation` in radians.
  case scale, rotation
  /// A control's (or a cell's) `isHighlighted`, `isSelected`: YES or NO.
  case highlighted, selected
  /// A switch's `isOn`: YES or NO.
  case on
  /// A slider's or stepper's `value`, a segmented control's `selectedSegmentIndex`, a page
  /// control's `currentPage`, a progress view's `progress`.
  case value
  /// The content offset of the scroll view the object is (or is in), as `(x, y)`.
  case offset
  /// What a logged `hitTest` (the view's id or class, or nil) or `pointInside`,
  /// `beginTracking`, `continueTracking`, `gestureRecognizerShouldBegin`,
  /// `touchesShouldBegin`, `touchesShouldCancel` (YES or NO) returned.
  case result
  /// The selected row and section (a table's `didSelectRow:`), or a cell's own.
  case row, section
  /// A scroll delegate's `decelerate` argument (`scrollViewDidEndDragging:willDecelerate:`).
  case willDecelerate
  /// The scroll view's (the object's, or the one it is in) `isTracking`, `isDragging`,
  /// `isDecelerating`: YES or NO.
  case isTracking, isDragging, isDecelerating
  /// The target content offset `scrollViewWillEndDragging` is given (after a change).
  case targetContentOffset
  /// The other recognizer a gesture delegate is asked about (`shouldRecognizeSimultaneously`,
  /// `shouldRequireFailureOf`, `shouldBeRequiredToFailBy`): its id, else its class.
  case other
  /// The other recognizer's class (`NSStringFromClass([other class])`), and its state as
  /// `%state` prints one (issue 44).
  case otherClass, otherState
  /// The class of the object logging, or of the action's sender (a recognizer's class when it
  /// has an id).
  case `class`
  /// The controller a navigation controller's delegate is told about (`willShow:`,
  /// `didShow:`): its id, else its class.
  case viewController
  /// A view controller's appearance callback's `animated` argument: YES or NO.
  case animated

  /// One piece of a line's text, as every reader of placeholders splits it: the one scanner
  /// behind `names(in:)`, `expand` and the layout loader's longest expansion, so that what the
  /// loader checks and measures is what is printed.
  public enum TextPiece: Equatable, Sendable {
    /// A character printed as written (a `%` with no letter after it among them).
    case character(Character)
    /// `%%`, which prints one `%`.
    case percent
    /// `%` and the ASCII letters after it, known or not (`%s` among them), at the `%`'s
    /// offset in characters.
    case placeholder(name: String, offset: Int)
  }

  /// Calls `body` with each piece of `text`, in order.
  public static func scan(_ text: String, _ body: (TextPiece) -> Void) {
    let chars = Array(text)
    var i = 0
    while i < chars.count {
      guard chars[i] == "%", i + 1 < chars.count else {
        body(.character(chars[i]))
        i += 1
        continue
      }
      if chars[i + 1] == "%" {
        body(.percent)
        i += 2
        continue
      }
      var j = i + 1
      while j < chars.count, chars[j].isLetter, chars[j].isASCII { j += 1 }
      if j == i + 1 {
        body(.character(chars[i]))
        i += 1
        continue
      }
      body(.placeholder(name: String(chars[(i + 1)..<j]), offset: i))
      i = j
    }
  }

  /// The placeholder names in `text` (`%s` and `%%` aside), with their offsets in characters,
  /// known or not: the layout loader refuses unknown ones.
  public static func names(in text: String) -> [(name: String, offset: Int)] {
    var found: [(name: String, offset: Int)] = []
    scan(text) { piece in
      if case .placeholder(let name, let offset) = piece, name != "s" { found.append((name, offset)) }
    }
    return found
  }

  /// The text with every known placeholder replaced (`%s` by the context's function, `%%` by
  /// `%`); unknown words are left as written.
  static func expand(_ text: String, _ context: LineContext) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var out = ""
    scan(text) { piece in
      switch piece {
      case .character(let character):
        out.append(character)
      case .percent:
        out.append("%")
      case .placeholder(let name, _):
        if name == "s", let function = context.function {
          out += function
        } else if let placeholder = LinePlaceholder(rawValue: name) {
          out += placeholder.value(in: context)
        } else {
          out += "%" + name
        }
      }
    }
    return out
  }

  private func value(in context: LineContext) -> String {
    let subject = context.subject
    let recognizer = subject as? UIGestureRecognizer
    let view = (subject as? UIView) ?? recognizer?.view
    let null = "(null)"
    switch self {
    case .state:
      return recognizer.map { String($0.state.rawValue) } ?? null
    case .tapCount:
      let touch = context.touches.first ?? recognizer?.sequenceTouches.last
      return String(touch?.tapCount ?? 0)
    case .location:
      if let recognizer, !recognizer.sequenceTouches.isEmpty {
        return Self.format(recognizer.location(in: recognizer.view))
      }
      guard let touch = context.touches.first else { return null }
      return Self.format(touch.location(in: view))
    case .velocity where context.scroll?.velocity != nil:
      // In `scrollViewWillEndDragging`: its velocity argument, points per millisecond.
      return context.scroll?.velocity.map { Self.format($0) } ?? null
    case .on, .value, .translation, .velocity, .scale, .rotation:
      return (subject as? LinePlaceholderSubject)?.placeholderValue(self) ?? null
    case .highlighted:
      if let control = subject as? UIControl { return Self.format(control.isHighlighted) }
      if let cell = Self.collectionCell(context) { return Self.format(cell.isHighlighted) }
      return Self.cell(context).map { Self.format($0.isHighlighted) } ?? null
    case .selected:
      if let control = subject as? UIControl { return Self.format(control.isSelected) }
      if let cell = Self.collectionCell(context) { return Self.format(cell.isSelected) }
      return Self.cell(context).map { Self.format($0.isSelected) } ?? null
    case .offset:
      return Self.scrollView(view ?? context.touches.first?.view).map { Self.format($0.contentOffset) } ?? null
    case .isTracking:
      return Self.scrollView(view ?? context.touches.first?.view).map { Self.format($0.isTracking) } ?? null
    case .isDragging:
      return Self.scrollView(view ?? context.touches.first?.view).map { Self.format($0.isDragging) } ?? null
    case .isDecelerating:
      return Self.scrollView(view ?? context.touches.first?.view).map { Self.format($0.isDecelerating) } ?? null
    case .animated:
      return context.animated.map { Self.format($0) } ?? null
    case .willDecelerate:
      return context.scroll?.willDecelerate.map { Self.format($0) } ?? null
    case .targetContentOffset:
      return context.scroll?.target.map { Self.format($0) } ?? null
    case .result:
      return context.result ?? null
    case .row, .section:
      let indexPath = context.indexPath ?? (subject as? UITableViewCell)?.indexPath
      guard let indexPath else { return null }
      return String(self == .row ? indexPath.row : indexPath.section)
    case .other:
      return context.other.map { $0.identifier ?? $0.className } ?? null
    case .otherClass:
      return context.other?.className ?? null
    case .otherState:
      return context.other.map { String($0.state.rawValue) } ?? null
    case .class:
      return (subject as? any Overridable)?.className ?? null
    case .viewController:
      return context.viewController.map { $0.identifier ?? $0.className } ?? null
    }
  }

  /// The cell a line speaks of: the logging cell, or in a table's delegate line the cell of
  /// the row asked about (nil when that row has no cell on screen).
  private static func cell(_ context: LineContext) -> UITableViewCell? {
    if let cell = context.subject as? UITableViewCell { return cell }
    guard let table = context.subject as? UITableView, let indexPath = context.indexPath else { return nil }
    return table.cellForRow(at: indexPath)
  }

  /// The scroll view `view` is, or is in.
  private static func scrollView(_ view: UIView?) -> UIScrollView? {
    var candidate = view
    while let v = candidate, !(v is UIScrollView) { candidate = v.superview }
    return candidate as? UIScrollView
  }

  /// In a collection view's delegate line, the cell of the item asked about.
  private static func collectionCell(_ context: LineContext) -> UICollectionViewCell? {
    guard let view = context.subject as? UICollectionView, let indexPath = context.indexPath else { return nil }
    return view.cellForItem(at: indexPath)
  }

  /// A number as a person writes it: `412.5`, `0`, `-30.25` (to two decimals).
  public static func format(_ value: CGFloat) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(format: "%g", Double(rounded))
  }

  public static func format(_ point: CGPoint) -> String { "(\(format(point.x)), \(format(point.y)))" }

  public static func format(_ flag: Bool) -> String { flag ? "YES" : "NO" }

  /// A method's answer as `%result` prints it: YES/NO, a view's id or class, or nil.
  static func describe<R>(_ result: R) -> String? {
    if let flag = result as? Bool { return format(flag) }
    if let view = result as? UIView { return view.identifier ?? view.className }
    if R.self == UIView?.self { return "nil" }
    return nil
  }
}

/// A class whose objects print a value of their own for some placeholders (`%on`, `%value`,
/// `%translation`, `%velocity`, `%scale`, `%rotation`):
/// each built-in class that has one says so next to its layout description
/// (TouchLabLayout's `Classes/NAME+Layout.swift`), so the placeholders name no class.
public protocol LinePlaceholderSubject: AnyObject {
  /// What `placeholder` prints for this object; nil: `(null)`, as for any other object.
  func placeholderValue(_ placeholder: LinePlaceholder) -> String?
}

/// What a line's placeholders are read from: the object logging (or the action's sender), the
/// logged method, the touches of the call or event, a logged method's answer, a selection's index path.
struct LineContext {
  var subject: AnyObject?
  /// What `%s` stands for in a logged line: `-[Class selector]`.
  var function: String?
  var touches: [UITouch] = []
  var result: String?
  var indexPath: IndexPath?
  var other: UIGestureRecognizer?
  var viewController: UIViewController?
  var scroll: ScrollFacts?
  /// A view controller's appearance callback's `animated` argument.
  var animated: Bool?
}

extension UIApplication {
  /// Prints a delegate's `{print: TEXT}` line, its placeholders read from `context`.
  func printLine(_ format: String, _ context: LineContext, from sender: AnyObject?) {
    guard recorder?.isListening ?? false else { return }
    recordPrint(LinePlaceholder.expand(format, context), from: sender)
  }
}
