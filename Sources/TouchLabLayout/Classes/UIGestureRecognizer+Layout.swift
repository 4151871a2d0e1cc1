import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIGestureRecognizer: what every recognizer has (its targets, `requireToFail:` and
/// delegate are structure, read by the scene builder).
enum UIGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(
      UIGestureRecognizer.self, family: .recognizer, overridableMethods: BuiltinClass.touchMethods
    ) {
      UIGestureRecognizer()
    }
    builtin.properties = [
      .bool("cancelsTouchesInView", [], UIGestureRecognizer.self) { $0.cancelsTouchesInView = $1 },
      .bool("delaysTouchesBegan", [], UIGestureRecognizer.self) { $0.delaysTouchesBegan = $1 },
      .bool("delaysTouchesEnded", [], UIGestureRecognizer.self) { $0.delaysTouchesEnded = $1 },
      .custom("isEnabled", ["enabled"]) { (value, recognizer: UIGestureRecognizer) in
        let enabled = try value.bool("isEnabled")
        return { recognizer.isEnabled = enabled }
      },
      .string("name", UIGestureRecognizer.self) { $0.name = $1 },
    ]
    return builtin
  }
}

/// Reads a layout's gesture recognizers: a view's `gestures:` entries (for `SceneBuilder`),
/// `requireToFail:` and a recognizer's delegate rules (for them, for a navigation
/// controller's pop recognizer, and for a `set:` step's `ID.delegate=`).
enum GestureEntryReader {
  /// A `gestures:` entry: a recognizer of a built-in or declared class, its keys, targets,
  /// failure requirements and delegate.
  static func buildRecognizer(_ builder: inout SceneBuilder, _ node: YAMLValue, controller: UIViewController) throws
    -> UIGestureRecognizer
  {
    let entries = try node.mapping("a gesture recognizer")
    guard let classEntry = entries.first(where: { $0.key == "class" }) else {
      throw node.error("a gesture recognizer needs a class (UITapGestureRecognizer, UIPanGestureRecognizer…)")
    }
    builder.recognizerCount += 1
    guard builder.recognizerCount <= LayoutLimits.maximumRecognizers else {
      throw node.error(
        "more than \(LayoutLimits.maximumRecognizers) gesture recognizers, the limit on recognizers in a layout")
    }
    let recognizer =
      try builder.instantiate(classEntry.value, family: .recognizer, what: "a gesture") as! UIGestureRecognizer
    var actions: [(YAMLValue?, Bool, ActionMessage)] = []
    var targetValue: YAMLValue?
    var hasTargetKey = false
    var actionValue: YAMLValue?
    for (key, keyValue, value) in entries {
      switch key {
      case "class": break
      case "id": try builder.register(value, recognizer)
      case "address", "dumpLine", "dumpFile": try builder.noteOrigin(key, value, of: recognizer)
      case "action": actionValue = value
      case "target":
        hasTargetKey = true
        targetValue = value
      case "targets":
        for item in try value.list("targets") {
          var t: YAMLValue?
          var has = false
          var a: ActionMessage?
          for (k, kv, v) in try item.mapping("a target") {
            switch k {
            case "target":
              t = v
              has = true
            case "action": a = try builder.parseAction(v, forRecognizer: true)
            default: throw kv.error("unknown key '\(k)' in a recognizer target; expected target, action")
            }
          }
          guard let a else { throw item.error("a target needs an action") }
          actions.append((t, has, a))
        }
      case "requireToFail": try requireToFail(&builder, value, for: recognizer)
      case "delegate":
        let delegate = try buildDelegate(&builder, value)
        delegate.className = controller.className
        recognizer.delegate = delegate
      default:
        guard let setter = try PropertyTable.setter(key, value, for: recognizer) else {
          let names =
            PropertyTable.names(for: recognizer) + [
              "id", "class", "action", "target", "targets", "requireToFail", "delegate", "address", "dumpLine",
              "dumpFile",
            ]
          throw keyValue.error("unknown key '\(key)' for \(recognizer.className)\(suggestion(for: key, in: names))")
        }
        setter()
      }
    }
    if let actionValue {
      actions.insert((targetValue, hasTargetKey, try builder.parseAction(actionValue, forRecognizer: true)), at: 0)
    }
    for (target, has, action) in actions {
      try builder.linkTarget(target, hasTargetKey: has, controller: controller) {
        recognizer.addTarget($0, action: action)
      }
    }
    return recognizer
  }

  /// A recognizer's `requireToFail: [ID…]`: it waits for each of them to fail, once every
  /// recognizer of the file is made (an unknown id is an error at the list).
  static func requireToFail(_ builder: inout SceneBuilder, _ value: YAMLValue, for recognizer: UIGestureRecognizer)
    throws
  {
    let ids = try value.stringList("requireToFail")
    builder.fixups.append { objects in
      for id in ids {
        guard let other = objects[id] as? UIGestureRecognizer else {
          throw value.error("unknown gesture id '\(id)' in requireToFail")
        }
        recognizer.require(toFail: other)
      }
    }
  }

  static func buildDelegate(_ builder: inout SceneBuilder, _ node: YAMLValue) throws -> RuleGestureDelegate {
    let delegate = RuleGestureDelegate()
    builder.retained.append(delegate)
    try applyDelegateRules(&builder, node, to: delegate)
    return delegate
  }

  /// Sets the rules `node` gives on `delegate` (ids are resolved by the builder.fixups).
  static func applyDelegateRules(_ builder: inout SceneBuilder, _ node: YAMLValue, to delegate: RuleGestureDelegate)
    throws
  {
    func views(_ value: YAMLValue, _ what: String, _ assign: @escaping ([UIView]) -> Void) throws {
      let ids = try value.stringList(what)
      builder.fixups.append { objects in
        assign(
          try ids.map { id in
            guard let view = objects[id] as? UIView else { throw value.error("unknown view id '\(id)' in \(what)") }
            return view
          })
      }
    }
    func recognizers(_ value: YAMLValue, _ what: String, _ assign: @escaping ([UIGestureRecognizer]) -> Void) throws {
      let ids = try value.stringList(what)
      builder.fixups.append { objects in
        assign(
          try ids.map { id in
            guard let r = objects[id] as? UIGestureRecognizer else {
              throw value.error("unknown gesture id '\(id)' in \(what)")
            }
            return r
          })
      }
    }
    for (key, keyValue, value) in try node.mapping("delegate") {
      switch key {
      case "shouldReceiveTouch":
        if value.scalarText != nil && !value.isNull {
          delegate.acceptsTouches = try value.bool("shouldReceiveTouch")
          continue
        }
        if try value.mapping("shouldReceiveTouch").contains(where: { $0.key == "returns" }) {
          let answer = try builder.parseAnswer(value, "shouldReceiveTouch")
          delegate.acceptsTouches = answer.value
          delegate.acceptsTouchesCondition = answer.condition
          continue
        }
        for (k, kv, v) in try value.mapping("shouldReceiveTouch") {
          switch k {
          case "notInside": try views(v, "notInside") { delegate.refuseTouchesInside = $0 }
          case "inside": try views(v, "inside") { delegate.acceptOnlyTouchesInside = $0 }
          default:
            throw kv.error(
              "unknown key '\(k)' in shouldReceiveTouch; expected notInside, inside, true/false"
                + " or {returns: BOOL, when: CONDITION}")
          }
        }
      case "shouldReceiveEvent":
        delegate.acceptsEvents = try value.bool("shouldReceiveEvent")
      case "shouldRecognizeSimultaneously":
        if value.scalarText == "all" {
          delegate.simultaneousWithAll = true
        } else if let text = value.scalarText, ["true", "false"].contains(text) {
          delegate.simultaneousWithAll = try value.bool("shouldRecognizeSimultaneously")
        } else {
          try recognizers(value, "shouldRecognizeSimultaneously") { delegate.simultaneousWith = $0 }
        }
      case "shouldBegin":
        let answer = try builder.parseAnswer(value, "shouldBegin")
        delegate.shouldBegin = answer.value
        delegate.shouldBeginCondition = answer.condition
      case "shouldRequireFailureOf":
        try recognizers(value, "shouldRequireFailureOf") { delegate.requiresFailureOf = $0 }
      case "shouldBeRequiredToFailBy":
        try recognizers(value, "shouldBeRequiredToFailBy") { delegate.requiredToFailBy = $0 }
      case "log":
        // The questions whose calls print a line (docs/BEHAVIOUR.md §20).
        for (k, kv, v) in try value.mapping("log") {
          guard let question = RuleGestureDelegate.Question(rawValue: k) else {
            let names = RuleGestureDelegate.Question.allCases.map(\.rawValue)
            throw kv.error("unknown delegate method '\(k)' in log\(suggestion(for: k, in: names))")
          }
          delegate.logs[question] = try v.lineText("a delegate's log line")
        }
      default:
        let known = [
          "shouldReceiveTouch", "shouldReceiveEvent", "shouldRecognizeSimultaneously", "shouldBegin",
          "shouldRequireFailureOf", "shouldBeRequiredToFailBy", "log",
        ]
        throw keyValue.error("unknown delegate rule '\(key)'\(suggestion(for: key, in: known))")
      }
    }
  }
}
