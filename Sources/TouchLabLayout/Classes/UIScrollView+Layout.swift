import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIScrollView: its content, scrolling flags and deceleration; its delegate's moments
/// (`willBeginDragging:`…) print or send to the controller.
enum UIScrollViewDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UIScrollView.self, overridableMethods: [.touchesShouldBegin, .touchesShouldCancel]) {
      UIScrollView()
    }
    builtin.properties = [
      .custom("contentSize") { (value, scroll: UIScrollView) in
        let size = try value.size("contentSize", maximum: LayoutLimits.maximumContentExtent)
        return { scroll.contentSize = size }
      },
      .custom("contentOffset") { (value, scroll: UIScrollView) in
        // The two limits disagreed: the inner ±100,000 refused a 10,000-row table scrolled
        // to its middle, which the outer ±10,000,000 meant to allow.
        let p = try value.point(
          "contentOffset", limit: LayoutLimits.maximumContentExtent, limitName: "the limit on a scroll view's content")
        return { scroll.contentOffset = p }
      },
      .custom("contentInset") { (value, scroll: UIScrollView) in
        let n = try value.numbers("contentInset", count: 4)
        guard n.allSatisfy({ abs($0) <= LayoutLimits.maximumCoordinate }) else {
          throw value.error("contentInset values must be within ±100,000")
        }
        let insets = UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
        return { scroll.contentInset = insets }
      },
      .bool("isScrollEnabled", ["scrollEnabled"], UIScrollView.self) { $0.isScrollEnabled = $1 },
      .bool("bounces", [], UIScrollView.self) { $0.bounces = $1 },
      .bool("alwaysBounceVertical", [], UIScrollView.self) { $0.alwaysBounceVertical = $1 },
      .bool("alwaysBounceHorizontal", [], UIScrollView.self) { $0.alwaysBounceHorizontal = $1 },
      .bool("isPagingEnabled", ["pagingEnabled"], UIScrollView.self) { $0.isPagingEnabled = $1 },
      .bool("isDirectionalLockEnabled", ["directionalLockEnabled"], UIScrollView.self) {
        $0.isDirectionalLockEnabled = $1
      },
      .bool("delaysContentTouches", [], UIScrollView.self) { $0.delaysContentTouches = $1 },
      .bool("canCancelContentTouches", [], UIScrollView.self) { $0.canCancelContentTouches = $1 },
      .bool("showsVerticalScrollIndicator", [], UIScrollView.self) { $0.showsVerticalScrollIndicator = $1 },
      .bool("showsHorizontalScrollIndicator", [], UIScrollView.self) { $0.showsHorizontalScrollIndicator = $1 },
      .custom("decelerationRate") { (value, scroll: UIScrollView) in
        let rate: UIScrollView.DecelerationRate
        switch value.scalarText {
        case "normal": rate = .normal
        case "fast": rate = .fast
        default:
          guard let n = try? value.number("decelerationRate", in: 0.5...0.9999) else {
            throw value.error("decelerationRate must be normal, fast, or a number between 0.5 and 0.9999")
          }
          rate = UIScrollView.DecelerationRate(rawValue: CGFloat(n))
        }
        return { scroll.decelerationRate = rate }
      },
    ]
    builtin.delegateKeys = ActionScrollViewDelegate.Moment.allCases.map(\.rawValue)
    builtin.readDelegateKey = configureScrollDelegate
    builtin.setDelegateKey = setScrollDelegateKey
    // A scroll view's own pan, under `ID.panGestureRecognizer`, for the lists of recognizer
    // ids (`requireToFail`, a delegate's `shouldBeRequiredToFailBy`…): UIKit's
    // `scrollView.panGestureRecognizer.require(toFail: edgePan)` fix needs it.
    builtin.check = { builder, entry in
      guard let scroll = entry.view as? UIScrollView, let id = scroll.identifier else { return }
      builder.objects["\(id).panGestureRecognizer"] = scroll.panGestureRecognizer
    }
    return builtin
  }

  /// `willBeginDragging:`, `didEndDragging:`, `didEndDecelerating:`… on a scroll view.
  private static func configureScrollDelegate(
    _ builder: inout SceneBuilder, _ view: UIView, _ key: String, _ keyValue: YAMLValue, _ value: YAMLValue,
    controller: UIViewController
  ) throws {
    guard let scroll = view as? UIScrollView else {
      throw keyValue.error("'\(key)' is for a UIScrollView or UITableView, and \(view.className) is not one")
    }
    let delegate = builder.actionDelegate(
      scroll.scrollDelegate, make: { ActionScrollViewDelegate(target: controller) },
      install: { scroll.scrollDelegate = $0 })
    let moment = ActionScrollViewDelegate.Moment(rawValue: key)!
    let (message, target) = try parseScrollDelegateRule(builder, moment, value)
    delegate.messages[moment] = message
    if moment == .willEndDragging { delegate.targetContentOffset = target }
  }

  /// A scroll delegate key's value: an action, or for `willEndDragging`
  /// `{print: TEXT, targetContentOffset: [x, y] | current}`.
  static func parseScrollDelegateRule(
    _ builder: SceneBuilder, _ moment: ActionScrollViewDelegate.Moment, _ value: YAMLValue
  ) throws -> (ActionMessage?, ActionScrollViewDelegate.Target?) {
    guard moment == .willEndDragging, value.isMapping,
      try value.mapping(moment.rawValue).contains(where: { $0.key == "targetContentOffset" })
    else { return (try builder.parseAction(value), nil) }
    var message: ActionMessage?
    var target: ActionScrollViewDelegate.Target?
    for (k, kv, v) in try value.mapping(moment.rawValue) {
      switch k {
      case "print": message = .print(try v.lineText("print"))
      case "targetContentOffset":
        if v.scalarText == "current" {
          target = .current
        } else {
          target = .offset(
            try v.point(
              "targetContentOffset", limit: LayoutLimits.maximumContentExtent,
              limitName: "the limit on a scroll view's content"))
        }
      default: throw kv.error("unknown key '\(k)' in willEndDragging; expected print, targetContentOffset")
      }
    }
    return (message, target)
  }

  /// `set: {SCROLL.MOMENT: ACTION}`: replaces that callback, keeping the others.
  private static func setScrollDelegateKey(_ object: AnyObject, _ property: String, _ value: YAMLValue) throws
    -> PropertyTable.Setter?
  {
    if let scroll = object as? UIScrollView, let moment = ActionScrollViewDelegate.Moment(rawValue: property) {
      // A scroll delegate key at that moment: it replaces that callback, keeping the others.
      let (message, target) = try parseScrollDelegateRule(SceneBuilder(file: value.file), moment, value)
      let delegate = (scroll.scrollDelegate as? ActionScrollViewDelegate) ?? ActionScrollViewDelegate(target: nil)
      return {
        delegate.messages[moment] = message
        if moment == .willEndDragging { delegate.targetContentOffset = target }
        if scroll.scrollDelegate !== delegate { scroll.scrollDelegate = delegate }
        _ = delegate
      }
    }
    return nil
  }
}
