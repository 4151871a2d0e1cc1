import Foundation
import TouchLabEngine
import TouchLabTranscript

extension SceneBuilder {
  // MARK: Controllers

  mutating func buildController(_ node: YAMLValue, frame: CGRect?, depth: Int) throws -> UIViewController {
    var classValue: YAMLValue?
    var viewNode: YAMLValue?
    var idValue: YAMLValue?
    var deferredEdges: UIRectEdge = []
    for (key, keyValue, value) in try node.mapping("controller") {
      switch key {
      case "class": classValue = value
      case "view": viewNode = value
      case "id": idValue = value
      case "preferredScreenEdgesDeferringSystemGestures":
        deferredEdges = try value.edges("preferredScreenEdgesDeferringSystemGestures")
      default:
        let known = ["class", "id", "view", "preferredScreenEdgesDeferringSystemGestures"]
        throw keyValue.error(
          "unknown key '\(key)' in controller\(suggestion(for: key, in: known)); expected "
            + known.joined(separator: ", "))
      }
    }
    guard let viewNode else { throw node.error("a controller needs a 'view'") }
    let controller =
      try classValue.map { try instantiate($0, family: .controller, what: "a controller") as! UIViewController }
      ?? UIViewController()
    if let idValue { try register(idValue, controller) }
    controller.preferredScreenEdgesDeferringSystemGestures = deferredEdges
    // The controller's own view object replaces the placeholder it was made with.
    controller.view = try buildView(viewNode, controller: controller, defaultFrame: frame, depth: depth + 1)
    retained.append(controller)
    return controller
  }

  // MARK: Views

  mutating func buildView(
    _ node: YAMLValue, controller: UIViewController, defaultFrame: CGRect?, depth: Int
  ) throws -> UIView {
    guard depth <= LayoutLimits.maximumDepth else {
      throw node.error("views nest deeper than \(LayoutLimits.maximumDepth) levels")
    }
    viewCount += 1
    guard viewCount <= LayoutLimits.maximumViews else {
      throw node.error("more than \(LayoutLimits.maximumViews) views")
    }
    let entries = try node.mapping("a view")
    let view: UIView
    if let classEntry = entries.first(where: { $0.key == "class" }) {
      view = try instantiate(classEntry.value, family: .view, what: "a view") as! UIView
    } else {
      view = UIView()
    }
    if let frame = defaultFrame { view.frame = frame }
    var hasFrame = defaultFrame != nil || BuiltinClass.all.contains { $0.hasStandardSize && $0.matches(view) }
    var subviewsNode: YAMLValue?
    var gesturesNode: YAMLValue?
    var targetsNode: YAMLValue?
    // Each class's structural keys (`BuiltinClass.viewKeys`), by its index in `BuiltinClass.all`.
    var classKeys: [Int: [(String, YAMLValue, YAMLValue)]] = [:]
    var valueSetters: [(key: String, value: YAMLValue, set: () -> Void)] = []
    for (key, keyValue, value) in entries {
      switch key {
      case "class": break
      case "id": try register(value, view)
      case "address", "dumpLine", "unlistedGestures": try noteOrigin(key, value, of: view)
      case "subviews": subviewsNode = value
      case "gestures": gesturesNode = value
      case "targets": targetsNode = value
      default:
        if let owner = BuiltinClass.viewKeyOwners[key] {
          if owner.readsAtOnce {
            try BuiltinClass.all[owner.index].readDelegateKey!(&self, view, key, keyValue, value, controller)
          } else {
            classKeys[owner.index, default: []].append((key, keyValue, value))
          }
          continue
        }
        if key == "frame" { hasFrame = true }
        guard let setter = try PropertyTable.setter(key, value, for: view) else {
          let names = PropertyTable.names(for: view) + BuiltinClass.viewStructuralKeys
          throw keyValue.error("unknown key '\(key)' for \(view.className)\(suggestion(for: key, in: names))")
        }
        if BuiltinClass.rangeCheckedKeys.contains(key) { valueSetters.append((key, value, setter)) } else { setter() }
      }
    }
    for (key, value, set) in valueSetters {
      set()
      for builtin in BuiltinClass.all where builtin.matches(view) { try builtin.rangeChecks[key]?(value, view) }
    }
    guard hasFrame else { throw node.error("\(view.className) needs a frame: [x, y, width, height]") }
    for (index, builtin) in BuiltinClass.all.enumerated() {
      guard let configure = builtin.configure else { continue }
      let entry = BuiltinClass.ViewEntry(
        view: view, node: node, keys: classKeys[index] ?? [], controller: controller, depth: depth)
      try configure(&self, entry)
    }
    for builtin in BuiltinClass.all {
      guard let check = builtin.check else { continue }
      try check(&self, BuiltinClass.ViewEntry(view: view, node: node, keys: [], controller: controller, depth: depth))
    }
    if let subviewsNode {
      for item in try subviewsNode.list("subviews") {
        try addSubviewNode(item, to: view, controller: controller, depth: depth)
      }
    }
    if let gesturesNode {
      for item in try gesturesNode.list("gestures") {
        view.addGestureRecognizer(try buildRecognizer(item, controller: controller))
      }
    }
    if let targetsNode {
      guard let control = view as? UIControl else {
        throw targetsNode.error("targets are for controls (UIControl, UIButton, UISwitch and their subclasses)")
      }
      try addTargets(targetsNode, to: control, controller: controller)
    }
    return view
  }

  /// A subview entry: a view, or `{controller: {…}}` for a child controller.
  mutating func addSubviewNode(_ item: YAMLValue, to parent: UIView, controller: UIViewController, depth: Int) throws {
    let entries = try item.mapping("a subview")
    if let childEntry = entries.first(where: { $0.key == "controller" }) {
      guard entries.count == 1 else { throw item.error("a child controller entry has only the key 'controller'") }
      let child = try buildController(childEntry.value, frame: nil, depth: depth + 1)
      controller.addChild(child)
      parent.addSubview(child.view)
      return
    }
    parent.addSubview(try buildView(item, controller: controller, defaultFrame: nil, depth: depth + 1))
  }

  // MARK: Targets

  mutating func addTargets(_ node: YAMLValue, to control: UIControl, controller: UIViewController) throws {
    for item in try node.list("targets") {
      var events: UIControl.Event = []
      var targetValue: YAMLValue?
      var hasTargetKey = false
      var action: ActionMessage?
      for (key, keyValue, value) in try item.mapping("a target") {
        switch key {
        case "event", "events":
          for name in try value.stringList("event") {
            guard let event = UIControl.Event.named.first(where: { $0.0 == name })?.1 else {
              let names = UIControl.Event.named.map(\.0)
              throw value.error("unknown control event '\(name)'\(suggestion(for: name, in: names))")
            }
            events.formUnion(event)
          }
        case "target":
          hasTargetKey = true
          targetValue = value
        case "action": action = try parseAction(value)
        default: throw keyValue.error("unknown key '\(key)' in a target; expected event, target, action")
        }
      }
      guard !events.isEmpty else { throw item.error("a target needs an event (touchUpInside, valueChanged…)") }
      guard let action else { throw item.error("a target needs an action: a method name or {print: TEXT}") }
      try linkTarget(targetValue, hasTargetKey: hasTargetKey, controller: controller) { target in
        control.addTarget(target, action: action, for: events)
      }
    }
  }

  /// `target:` absent → the controller; `nil`/null → nil (the responder-chain search); an id → that object.
  mutating func linkTarget(
    _ value: YAMLValue?, hasTargetKey: Bool, controller: UIViewController, _ link: @escaping (AnyObject?) -> Void
  ) throws {
    guard hasTargetKey, let value else {
      link(controller)
      return
    }
    if value.isNull || value.scalarText == "nil" {
      link(nil)
      return
    }
    let id = try value.string("target")
    if id == "controller" && objects[id] == nil {
      link(controller)
      return
    }
    fixups.append { objects in
      guard let object = objects[id] else {
        throw value.error("unknown target id '\(id)'\(suggestion(for: id, in: Array(objects.keys)))")
      }
      link(object)
    }
  }

  func parseAction(_ value: YAMLValue) throws -> ActionMessage {
    if let name = value.scalarText, !value.isNull {
      guard !name.isEmpty, !name.contains(" ") else {
        throw value.error("an action is a method name (no spaces) or {print: TEXT}")
      }
      return .selector(name)
    }
    let entries = try value.mapping("action")
    guard entries.count == 1, entries[0].key == "print" else {
      throw value.error("an action is a method name or {print: TEXT}")
    }
    return .print(try lineText(entries[0].value, "print"))
  }

  /// A logged line or a printed text: every `%name` in it must be a known placeholder
  /// (`LinePlaceholder`; docs/layouts.md), `%s` (the logged method) or `%%`.
  func lineText(_ value: YAMLValue, _ what: String) throws -> String {
    let text = try value.string(what)
    // (No '%', no placeholder: most texts.)
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    for (name, _) in LinePlaceholder.names(in: text) where LinePlaceholder(rawValue: name) == nil {
      let known = ["%s"] + LinePlaceholder.allCases.map { "%" + $0.rawValue }
      throw value.error(
        "unknown placeholder '%\(name)' in \(what)\(suggestion(for: "%" + name, in: known)); known: "
          + known.joined(separator: ", ") + " (%% prints %)")
    }
    let longest = Self.longestExpansion(of: text)
    guard longest <= LayoutLimits.maximumLineLength else {
      throw value.error(
        "this \(what) can be \(longest) characters long once its placeholders are filled (%s up to "
          + "\(Self.longestMethodName), %result \(LayoutLimits.maximumNameLength), other values "
          + "\(Self.longestValue)): more than \(LayoutLimits.maximumLineLength), the limit on a line's length")
    }
    return text
  }

  /// The longest `%s` can be: `-[CLASS SELECTOR]`, a class name at its limit and any
  /// selector the engine logs (the longest, a delegate's, is under 100 characters).
  static let longestMethodName = LayoutLimits.maximumNameLength + 104
  /// The longest any other value is: a point of two numbers printed as `%g` (`(x, y)`).
  static let longestValue = 64

  /// The most characters `text` prints, every placeholder at its longest: what a line can
  /// make, checked before any of it is printed (issue 25: `%s` 5,000 times, 1 MB a line).
  static func longestExpansion(of text: String) -> Int {
    var length = 0
    let chars = Array(text)
    var i = 0
    while i < chars.count {
      guard chars[i] == "%", i + 1 < chars.count else {
        length += 1
        i += 1
        continue
      }
      var j = i + 1
      while j < chars.count, chars[j].isLetter, chars[j].isASCII { j += 1 }
      let word = String(chars[(i + 1)..<j])
      switch word {
      case "s": length += longestMethodName
      case "result": length += LayoutLimits.maximumNameLength
      case "": length += 1  // `%%` prints one `%`; a lone `%` itself
      default: length += LinePlaceholder(rawValue: word) != nil ? longestValue : word.count + 1
      }
      i = max(j, i + (chars[i + 1] == "%" ? 2 : 1))
    }
    return length
  }

  // MARK: Gesture recognizers

  mutating func buildRecognizer(_ node: YAMLValue, controller: UIViewController) throws -> UIGestureRecognizer {
    let entries = try node.mapping("a gesture recognizer")
    guard let classEntry = entries.first(where: { $0.key == "class" }) else {
      throw node.error("a gesture recognizer needs a class (UITapGestureRecognizer, UIPanGestureRecognizer…)")
    }
    recognizerCount += 1
    guard recognizerCount <= LayoutLimits.maximumRecognizers else {
      throw node.error(
        "more than \(LayoutLimits.maximumRecognizers) gesture recognizers, the limit on recognizers in a layout")
    }
    let recognizer = try instantiate(classEntry.value, family: .recognizer, what: "a gesture") as! UIGestureRecognizer
    var actions: [(YAMLValue?, Bool, ActionMessage)] = []
    var targetValue: YAMLValue?
    var hasTargetKey = false
    var actionValue: YAMLValue?
    for (key, keyValue, value) in entries {
      switch key {
      case "class": break
      case "id": try register(value, recognizer)
      case "address", "dumpLine": try noteOrigin(key, value, of: recognizer)
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
            case "action": a = try parseAction(v)
            default: throw kv.error("unknown key '\(k)' in a recognizer target; expected target, action")
            }
          }
          guard let a else { throw item.error("a target needs an action") }
          actions.append((t, has, a))
        }
      case "requireToFail":
        let ids = try value.stringList("requireToFail")
        fixups.append { objects in
          for id in ids {
            guard let other = objects[id] as? UIGestureRecognizer else {
              throw value.error("unknown gesture id '\(id)' in requireToFail")
            }
            recognizer.require(toFail: other)
          }
        }
      case "delegate":
        let delegate = try buildDelegate(value)
        delegate.className = controller.className
        recognizer.delegate = delegate
      default:
        guard let setter = try PropertyTable.setter(key, value, for: recognizer) else {
          let names =
            PropertyTable.names(for: recognizer) + [
              "id", "class", "action", "target", "targets", "requireToFail", "delegate", "address", "dumpLine",
            ]
          throw keyValue.error("unknown key '\(key)' for \(recognizer.className)\(suggestion(for: key, in: names))")
        }
        setter()
      }
    }
    if let actionValue { actions.insert((targetValue, hasTargetKey, try parseAction(actionValue)), at: 0) }
    for (target, has, action) in actions {
      try linkTarget(target, hasTargetKey: has, controller: controller) { recognizer.addTarget($0, action: action) }
    }
    return recognizer
  }

  mutating func buildDelegate(_ node: YAMLValue) throws -> RuleGestureDelegate {
    let delegate = RuleGestureDelegate()
    retained.append(delegate)
    try applyDelegateRules(node, to: delegate)
    return delegate
  }

  /// Sets the rules `node` gives on `delegate` (ids are resolved by the fixups).
  mutating func applyDelegateRules(_ node: YAMLValue, to delegate: RuleGestureDelegate) throws {
    func views(_ value: YAMLValue, _ what: String, _ assign: @escaping ([UIView]) -> Void) throws {
      let ids = try value.stringList(what)
      fixups.append { objects in
        assign(
          try ids.map { id in
            guard let view = objects[id] as? UIView else { throw value.error("unknown view id '\(id)' in \(what)") }
            return view
          })
      }
    }
    func recognizers(_ value: YAMLValue, _ what: String, _ assign: @escaping ([UIGestureRecognizer]) -> Void) throws {
      let ids = try value.stringList(what)
      fixups.append { objects in
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
          let answer = try parseAnswer(value, "shouldReceiveTouch")
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
        let answer = try parseAnswer(value, "shouldBegin")
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
          delegate.logs[question] = try lineText(v, "a delegate's log line")
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
