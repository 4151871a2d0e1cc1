import Foundation
import TouchLabEngine
import TouchLabScripting

extension SceneBuilder {
  // MARK: Controllers

  mutating func buildController(_ node: YAMLValue, frame: CGRect?, depth: Int) throws -> UIViewController {
    var classValue: YAMLValue?
    var viewNode: YAMLValue?
    var idValue: YAMLValue?
    var title: String?
    var deferredEdges: UIRectEdge = []
    var navigationKeys: [(String, YAMLValue, YAMLValue)] = []
    var originKeys: [(String, YAMLValue)] = []
    for (key, keyValue, value) in try node.mapping("controller") {
      switch key {
      case "class": classValue = value
      case "address", "dumpLine": originKeys.append((key, value))
      case "view": viewNode = value
      case "id": idValue = value
      case "title": title = try value.string("title")
      case "preferredScreenEdgesDeferringSystemGestures":
        deferredEdges = try value.edges("preferredScreenEdgesDeferringSystemGestures")
      case _
      where NavigationControllerEntryReader.keys.contains(key) || TabBarControllerEntryReader.keys.contains(key):
        navigationKeys.append((key, keyValue, value))
      default:
        let known =
          ["class", "id", "title", "view", "preferredScreenEdgesDeferringSystemGestures", "address", "dumpLine"]
          + NavigationControllerEntryReader.keys + TabBarControllerEntryReader.keys
        throw keyValue.error(
          "unknown key '\(key)' in controller\(suggestion(for: key, in: known)); expected "
            + known.joined(separator: ", "))
      }
    }
    let controller =
      try classValue.map { try instantiate($0, family: .controller, what: "a controller") as! UIViewController }
      ?? UIViewController()
    if let idValue { try register(idValue, controller) }
    for (key, value) in originKeys { try noteOrigin(key, value, of: controller) }
    controller.title = title
    controller.preferredScreenEdgesDeferringSystemGestures = deferredEdges
    if let navigation = controller as? UINavigationController {
      // A navigation controller makes its own view: its stack is `viewControllers:`.
      if let viewNode {
        throw viewNode.error("a UINavigationController makes its own view; give its 'viewControllers'")
      }
      try NavigationControllerEntryReader.configure(
        &self, navigation, node: node, keys: navigationKeys, frame: frame, depth: depth)
      retained.append(controller)
      return controller
    }
    if let tabs = controller as? UITabBarController {
      // A tab bar controller makes its own view: its tabs are `viewControllers:`.
      if let viewNode {
        throw viewNode.error("a UITabBarController makes its own view; give its 'viewControllers'")
      }
      try TabBarControllerEntryReader.configure(
        &self, tabs, node: node, keys: navigationKeys, frame: frame, depth: depth)
      retained.append(controller)
      return controller
    }
    if let (key, keyValue, _) = navigationKeys.first {
      let owner = TabBarControllerEntryReader.keys.contains(key) ? "UITabBarController" : "UINavigationController"
      throw keyValue.error("'\(key)' is for a \(owner), and \(controller.className) is not one")
    }
    guard let viewNode else { throw node.error("a controller needs a 'view'") }
    // The controller's own view object replaces the placeholder it was made with.
    controller.view = try buildView(viewNode, controller: controller, defaultFrame: frame, depth: depth + 1)
    retained.append(controller)
    return controller
  }

  /// A container controller's `viewControllers:` (a navigation stack, a tab bar
  /// controller's tabs): each built at the container's size, one level deeper, and none of
  /// the container's own class (`refused`, with `message` at its entry).
  mutating func buildChildControllers<Container: UIViewController>(
    _ items: [YAMLValue], size: CGSize, depth: Int, refusing refused: Container.Type, _ message: String
  ) throws -> [UIViewController] {
    var children: [UIViewController] = []
    for item in items {
      let child = try buildController(item, frame: CGRect(origin: .zero, size: size), depth: depth + 1)
      if child is Container { throw item.error(message) }
      children.append(child)
    }
    return children
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
    let description = BuiltinClass.descriptionIndex(of: view)
    var hasFrame = defaultFrame != nil || description.map { BuiltinClass.all[$0].hasStandardSize } == true
    var subviewsNode: YAMLValue?
    var gesturesNode: YAMLValue?
    var targetsNode: YAMLValue?
    // Each class's structural keys (`BuiltinClass.viewKeys`), by its index in `BuiltinClass.all`.
    var classKeys: [Int: [(String, YAMLValue, YAMLValue)]] = [:]
    var valueSetters: [(key: String, value: YAMLValue, set: () -> Void)] = []
    for (key, keyValue, value) in entries {
      switch viewKeyMeaning(key, keyValue, of: view, description: description) {
      case .class: break
      case .id: try register(value, view)
      case .origin: try noteOrigin(key, value, of: view)
      case .subviews: subviewsNode = value
      case .gestures: gesturesNode = value
      case .targets: targetsNode = value
      case .classKey(let index, let readsAtOnce):
        if readsAtOnce {
          try BuiltinClass.all[index].readDelegateKey!(&self, view, key, keyValue, value, controller)
        } else {
          classKeys[index, default: []].append((key, keyValue, value))
        }
      case .property(let entry, let isFrame, let isRangeChecked):
        if isFrame { hasFrame = true }
        let setter = try entry.parse(value, view)
        if isRangeChecked { valueSetters.append((key, value, setter)) } else { setter() }
      case .unknown:
        let names = PropertyTable.names(for: view) + BuiltinClass.viewStructuralKeys
        throw keyValue.error("unknown key '\(key)' for \(view.className)\(suggestion(for: key, in: names))")
      }
    }
    for (key, value, set) in valueSetters {
      set()
      try description.flatMap { BuiltinClass.all[$0].rangeChecks[key] }?(value, view)
    }
    guard hasFrame else { throw node.error("\(view.className) needs a frame: [x, y, width, height]") }
    for (index, configure) in BuiltinClass.configurations {
      let entry = BuiltinClass.ViewEntry(
        view: view, node: node, keys: classKeys[index] ?? [], controller: controller, depth: depth)
      try configure(&self, entry)
    }
    for check in BuiltinClass.checks {
      try check(&self, BuiltinClass.ViewEntry(view: view, node: node, keys: [], controller: controller, depth: depth))
    }
    if let subviewsNode {
      for item in try subviewsNode.list("subviews") {
        try addSubviewNode(item, to: view, controller: controller, depth: depth)
      }
    }
    if let gesturesNode {
      for item in try gesturesNode.list("gestures") {
        view.addGestureRecognizer(try GestureEntryReader.buildRecognizer(&self, item, controller: controller))
      }
    }
    if let targetsNode {
      guard let control = view as? UIControl else {
        throw targetsNode.error("targets are for controls (UIControl, UIButton, UISwitch and their subclasses)")
      }
      try ControlTargetsReader.add(&self, targetsNode, to: control, controller: controller)
    }
    return view
  }

  /// What `key` of a view's entry means for a view of `description`'s class, worked out once
  /// per class and key and remembered (`viewKeyMeanings`; for a key whose text the reader
  /// shares, by its number, `sharedKeyMeanings`): a view's keys are then one lookup each
  /// rather than a comparison with each structural key, the class keys' table, the property
  /// table and the range-checked keys in turn. A view of no described class (none is made
  /// today) is worked out every time.
  mutating func viewKeyMeaning(_ key: String, _ keyValue: YAMLValue, of view: UIView, description: Int?)
    -> ViewKeyMeaning
  {
    guard let description else { return Self.workOutViewKeyMeaning(key, of: view, description: nil) }
    // A key the reader shares a text between: by its number.
    if let number = keyValue.document.sharedKeyNumber(of: keyValue.index) {
      if sharedKeyDocument !== keyValue.document {
        sharedKeyDocument = keyValue.document
        sharedKeyMeanings = Array(repeating: [], count: BuiltinClass.all.count)
      }
      if number < sharedKeyMeanings[description].count, let meaning = sharedKeyMeanings[description][number] {
        return meaning
      }
      let meaning = viewKeyMeaning(key, of: view, description: description)
      if number >= sharedKeyMeanings[description].count {
        sharedKeyMeanings[description] += Array(
          repeating: nil, count: number + 1 - sharedKeyMeanings[description].count)
      }
      sharedKeyMeanings[description][number] = meaning
      return meaning
    }
    return viewKeyMeaning(key, of: view, description: description)
  }

  /// `viewKeyMeaning` by the key's text.
  private mutating func viewKeyMeaning(_ key: String, of view: UIView, description: Int) -> ViewKeyMeaning {
    if viewKeyMeanings.isEmpty { viewKeyMeanings = Array(repeating: [:], count: BuiltinClass.all.count) }
    if let meaning = viewKeyMeanings[description][key] { return meaning }
    let meaning = Self.workOutViewKeyMeaning(key, of: view, description: description)
    viewKeyMeanings[description][key] = meaning
    return meaning
  }

  /// What `key` of a view's entry means for `view`, whose described class is `description`
  /// (`BuiltinClass.descriptionIndex(of:)`), from the tables: the structural keys first, then
  /// a class's keys (`BuiltinClass.viewKeyOwner`) unless the view has a property of that
  /// name, then its properties. Depends only on the view's described class (an owner matches
  /// a view exactly when it is the view's described class or one of its superclasses'), so
  /// it is remembered by class.
  static func workOutViewKeyMeaning(_ key: String, of view: UIView, description: Int?) -> ViewKeyMeaning {
    switch key {
    case "class": return .class
    case "id": return .id
    case "address", "dumpLine", "unlistedGestures": return .origin
    case "subviews": return .subviews
    case "gestures": return .gestures
    case "targets": return .targets
    default: break
    }
    let entry = description.flatMap { BuiltinClass.all[$0].propertiesNamed[key] }
    if entry == nil, let owner = BuiltinClass.viewKeyOwner(key, for: view) {
      return .classKey(index: owner.index, readsAtOnce: owner.readsAtOnce)
    }
    guard let entry else { return .unknown }
    return .property(entry, isFrame: key == "frame", isRangeChecked: BuiltinClass.rangeCheckedKeys.contains(key))
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

  /// A target's action: a method name, or `{print: TEXT}`; a recognizer's (`forRecognizer`)
  /// may add `when: STATE` or a list of states, the only ones its line is printed in.
  func parseAction(_ value: YAMLValue, forRecognizer: Bool = false) throws -> ActionMessage {
    if let name = value.scalarText, !value.isNull {
      guard !name.isEmpty, !name.contains(" ") else {
        throw value.error("an action is a method name (no spaces) or {print: TEXT}")
      }
      return .selector(name)
    }
    let entries = try value.mapping("action")
    var text: String?
    var states: Set<UIGestureRecognizer.State>?
    for (key, keyValue, entry) in entries {
      switch key {
      case "print": text = try entry.lineText("print")
      case "when" where forRecognizer: states = try Self.recognizerStates(entry)
      case "when":
        throw keyValue.error("`when:` filters a gesture recognizer's action by its state; this action is not one")
      default:
        throw value.error(
          forRecognizer
            ? "a recognizer's action is a method name or {print: TEXT, when: STATE}"
            : "an action is a method name or {print: TEXT}")
      }
    }
    guard let text else { throw value.error("an action is a method name or {print: TEXT}") }
    return states.map { .print(text, when: $0) } ?? .print(text)
  }

  /// `began`, or `[began, ended]`: UIKit's state names (`recognized` is `ended`).
  static func recognizerStates(_ value: YAMLValue) throws -> Set<UIGestureRecognizer.State> {
    let items = value.isSequence ? try value.list("when") : [value]
    guard !items.isEmpty else { throw value.error("`when:` names at least one state") }
    var states: Set<UIGestureRecognizer.State> = []
    for item in items {
      let name = try item.string("a state")
      let state: UIGestureRecognizer.State? =
        switch name {
        case "possible": .possible
        case "began": .began
        case "changed": .changed
        case "ended", "recognized": .ended
        case "cancelled": .cancelled
        case "failed": .failed
        default: nil
        }
      guard let state else {
        throw item.error(
          "unknown state '\(name)' in `when:`; expected possible, began, changed, ended (recognized), cancelled, failed"
        )
      }
      states.insert(state)
    }
    return states
  }

}

/// What a key of a view's entry is (`SceneBuilder.viewKeyMeaning`).
enum ViewKeyMeaning {
  case `class`, id, subviews, gestures, targets
  /// `address`, `dumpLine`, `unlistedGestures`: where an imported view came from.
  case origin
  /// One of a class's `viewKeys` or `delegateKeys`, read by that class (`BuiltinClass.all`'s
  /// index) when met or in its `configure`.
  case classKey(index: Int, readsAtOnce: Bool)
  /// A property; `isRangeChecked`: applied after the others and checked (`rangeChecks`).
  case property(PropertyTable.Entry, isFrame: Bool, isRangeChecked: Bool)
  case unknown
}
