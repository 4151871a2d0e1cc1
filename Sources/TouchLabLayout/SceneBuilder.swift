import Foundation
import TouchLabEngine
import TouchLabTranscript

/// Builds a scene from a parsed layout, in three passes: classes; objects; references
/// (ids used before they are declared are fine) and scenarios.
struct SceneBuilder {
  let file: String
  var classes: [String: (cls: ScriptedClass, builtin: BuiltinClass)] = [:]
  var objects: [String: AnyObject] = [:]
  var retained: [AnyObject] = []
  /// Checks and links run once every id is known.
  var fixups: [([String: AnyObject]) throws -> Void] = []
  var viewCount = 0
  /// The tables and collection views built, for `LayoutLimits.maximumRowEvents`.
  var listViews: [UIView] = []
  /// Declared gesture recognizers so far (`LayoutLimits.maximumRecognizers`).
  var recognizerCount = 0
  /// Where the window's size is given, for errors about the window's size in pixels.
  var windowSizePlace: (line: Int, column: Int)?
  /// The debugger's address and dump line of imported objects (`address:`, `dumpLine:`).
  var origins: [ObjectIdentifier: ObjectOrigin] = [:]

  init(file: String) { self.file = file }

  mutating func build(_ root: YAMLValue) throws -> Scene {
    let entries = try root.mapping("the layout")
    let known = ["title", "window", "windows", "application", "classes", "controller", "scenarios"]
    var sections: [String: YAMLValue] = [:]
    for (key, keyValue, value) in entries {
      guard known.contains(key) else {
        throw keyValue.error(
          "unknown top-level key '\(key)'\(suggestion(for: key, in: known)); expected one of: \(known.joined(separator: ", "))"
        )
      }
      sections[key] = value
    }
    if let classesNode = sections["classes"] { try declareClasses(classesNode) }

    // The application and its window.
    let application: UIApplication
    var delegate: UIResponder?
    if let appNode = sections["application"] {
      var appClass: YAMLValue?
      for (key, keyValue, value) in try appNode.mapping("application") {
        switch key {
        case "class": appClass = value
        case "delegate":
          delegate = try instantiate(value, family: .responder, what: "the application delegate") as? UIResponder
        default: throw keyValue.error("unknown key '\(key)' in application; expected class, delegate")
        }
      }
      application =
        try appClass.map { try instantiate($0, family: .application, what: "the application") as! UIApplication }
        ?? UIApplication()
    } else {
      application = UIApplication()
    }
    application.delegate = delegate
    // `{print: TEXT}` actions' placeholders are read here, outside the engine.
    application.printHooks = PlaceholderPrinter()

    var windowSize = CGSize(width: 390, height: 844)
    var window = UIWindow()
    if let windowNode = sections["window"] {
      for (key, keyValue, value) in try windowNode.mapping("window") {
        switch key {
        case "class": window = try instantiate(value, family: .window, what: "the window") as! UIWindow
        case "size":
          let sides = try value.numbers("window size", count: 2)
          guard sides.allSatisfy({ $0 >= 1 && $0 <= LayoutLimits.maximumWindowSide }) else {
            throw value.error(
              "window size must be two sizes from 1 to \(Int(LayoutLimits.maximumWindowSide)) points, the limit "
                + "on the window's sides")
          }
          windowSize = CGSize(width: sides[0], height: sides[1])
          guard windowSize.width * windowSize.height <= LayoutLimits.maximumWindowArea else {
            throw value.error(
              "window size \(Int(windowSize.width))×\(Int(windowSize.height)) is more than "
                + "\(Int(LayoutLimits.maximumWindowArea)) points in all, the limit on the window's area")
          }
          windowSizePlace = (value.line, value.column)
        case "color", "backgroundColor": window.backgroundColor = try value.color("color")
        case "address", "dumpLine", "unlistedGestures": try noteOrigin(key, value, of: window)
        default: throw keyValue.error("unknown key '\(key)' in window; expected class, size, color")
        }
      }
    }
    window.frame = CGRect(origin: .zero, size: windowSize)
    if window.backgroundColor == nil { window.backgroundColor = .white }
    application.addWindow(window)

    guard let controllerNode = sections["controller"] else {
      throw root.error("a layout needs a 'controller' with its view")
    }
    let controller = try buildController(controllerNode, frame: CGRect(origin: .zero, size: windowSize), depth: 0)
    window.rootViewController = controller
    if let windowsNode = sections["windows"] {
      try buildWindows(windowsNode, frame: window.frame, into: application)
    }

    // The window's system gesture gate, for `--set` and `set:` (UIKit's usual workaround sets
    // its delaysTouchesBegan to false); a layout's own id of that name comes first.
    if objects["systemGestureGate"] == nil {
      window.systemGestureGate.identifier = "systemGestureGate"
      objects["systemGestureGate"] = window.systemGestureGate
    }
    for fixup in fixups { try fixup(objects) }
    let scenarios = try sections["scenarios"].map { try buildScenarios($0) } ?? []
    let title = try sections["title"]?.string("title")
    let scene = Scene(
      file: file, title: title, application: application, window: window, rootController: controller,
      scenarios: scenarios, objects: objects, retained: retained, windowSizePlace: windowSizePlace)
    scene.origins = origins
    try scene.checkScenarioBudgets()
    return scene
  }

  /// `address: 0x…`, `dumpLine: N` and `unlistedGestures: 0x…` on a view or a recognizer
  /// (docs/layouts.md "Imported objects").
  mutating func noteOrigin(_ key: String, _ value: YAMLValue, of object: AnyObject) throws {
    var origin = origins[ObjectIdentifier(object)] ?? ObjectOrigin()
    if key == "address" || key == "unlistedGestures" {
      let text = try value.string(key)
      guard text.hasPrefix("0x"), text.count > 2, text.count <= 34, text.dropFirst(2).allSatisfy(\.isHexDigit) else {
        throw value.error("\(key) must be a debugger's address, 0x and hexadecimal digits ('\(text)')")
      }
      if key == "address" { origin.address = text } else { origin.unlistedGestures = text }
    } else {
      origin.line = try value.int("dumpLine", in: 1...Int(Int32.max))
    }
    origins[ObjectIdentifier(object)] = origin
  }

  // MARK: Classes

  private mutating func declareClasses(_ node: YAMLValue) throws {
    let entries = try node.mapping("classes")
    var declared: [String: YAMLValue] = [:]
    for (name, keyValue, value) in entries {
      guard BuiltinClass(named: name) == nil else {
        throw keyValue.error("'\(name)' is a built-in class; declare a subclass with another name and base: \(name)")
      }
      // Identifiers, or a Swift class's module-qualified name (`App.CardView`, as a dump prints it).
      let parts = name.split(separator: ".", omittingEmptySubsequences: false)
      guard
        parts.allSatisfy({ part in
          (part.first?.isLetter == true || part.first == "_")
            && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        })
      else {
        throw keyValue.error(
          "class name '\(name)' must be an identifier (letters, digits, _) or identifiers joined by '.'")
      }
      try checkNameLength(name, "a class name", at: keyValue)
      declared[name] = value
    }
    // Resolve bases depth-first, catching cycles.
    var resolving: [String] = []
    func resolve(_ name: String, _ builder: inout SceneBuilder) throws -> (ScriptedClass, BuiltinClass) {
      if let done = builder.classes[name] { return done }
      let node = declared[name]!
      if let start = resolving.firstIndex(of: name) {
        let cycle = (resolving[start...] + [name]).joined(separator: " → ")
        throw node.error("cycle in base classes: \(cycle)")
      }
      resolving.append(name)
      defer { resolving.removeLast() }
      let fields = try node.mapping("class \(name)")
      guard let baseEntry = fields.first(where: { $0.key == "base" }) else {
        throw node.error("class \(name) needs a base (a built-in class such as UIView, or another declared class)")
      }
      let baseName = try baseEntry.value.string("base")
      let superclass: ScriptedClass?
      let builtin: BuiltinClass
      if let b = BuiltinClass(named: baseName) {
        superclass = nil
        builtin = b
      } else if declared[baseName] != nil {
        let (cls, b) = try resolve(baseName, &builder)
        superclass = cls
        builtin = b
      } else {
        let candidates = BuiltinClass.all.map(\.name) + Array(declared.keys)
        throw baseEntry.value.error("unknown base class '\(baseName)'\(suggestion(for: baseName, in: candidates))")
      }
      let cls = ScriptedClass(name: name, superclass: superclass, builtinBase: builtin.name)
      try builder.configure(cls, builtin: builtin, fields: fields)
      builder.classes[name] = (cls, builtin)
      return (cls, builtin)
    }
    for (name, _, _) in entries { _ = try resolve(name, &self) }
  }

  private mutating func configure(
    _ cls: ScriptedClass, builtin: BuiltinClass, fields: [(key: String, keyValue: YAMLValue, value: YAMLValue)]
  ) throws {
    let allowed = builtin.overridableMethods
    func method(_ name: String, at place: YAMLValue) throws -> ScriptedClass.Method {
      guard let m = ScriptedClass.Method(rawValue: name) else {
        throw place.error(
          "unknown method '\(name)'\(suggestion(for: name, in: ScriptedClass.Method.allCases.map(\.rawValue)))")
      }
      guard allowed.contains(m) else {
        throw place.error("\(cls.name) (a \(builtin.name)) has no method '\(name)' to override")
      }
      return m
    }
    let known = [
      "base", "log", "super", "actions", "pointInside", "hitTest", "logFormat", "touchesShouldBegin",
      "touchesShouldCancel", "beginTracking", "continueTracking", "gestureRecognizerShouldBegin",
    ]
    for (key, keyValue, value) in fields {
      switch key {
      case "base": break
      case "log":
        if value.isMapping {
          for (name, nameValue, spec) in try value.mapping("log") {
            let m = try method(name, at: nameValue)
            if spec.scalarText != nil, !spec.isNull {
              cls.logs[m] = ScriptedClass.Log(text: try lineText(spec, "log"))
            } else {
              var log = ScriptedClass.Log()
              for (k, kv, v) in try spec.mapping("log entry") {
                switch k {
                case "text": log.text = try lineText(v, "text")
                case "afterSuper": log.afterSuper = try v.bool("afterSuper")
                default: throw kv.error("unknown key '\(k)' in a log entry; expected text, afterSuper")
                }
              }
              cls.logs[m] = log
            }
          }
        } else {
          for item in try value.list("log") {
            cls.logs[try method(try item.string("log"), at: item)] = ScriptedClass.Log()
          }
        }
      case "super":
        if let text = value.scalarText, !value.isNull,
          ["true", "false", "YES", "NO", "yes", "no", "True", "False"].contains(text)
        {
          cls.callsSuper = try value.bool("super") ? Set(ScriptedClass.Method.allCases) : []
        } else {
          cls.callsSuper = Set(try value.list("super").map { try method(try $0.string("super"), at: $0) })
        }
      case "actions":
        cls.actions = Set(try value.stringList("actions"))
      case "logFormat":
        let format = try lineText(value, "logFormat")
        guard format.contains("%s") else {
          throw value.error("logFormat must contain %s, where -[Class selector] goes")
        }
        cls.logFormat = format
      case "pointInside":
        guard allowed.contains(.pointInside) else { throw keyValue.error("\(cls.name) is not a view: no pointInside") }
        let (rule, condition) = try splitCondition(value, "pointInside")
        cls.pointInside = try parsePointInside(rule)
        cls.pointInsideCondition = condition
      case "hitTest":
        guard allowed.contains(.hitTest) else { throw keyValue.error("\(cls.name) is not a view: no hitTest") }
        let (rule, condition) = try splitCondition(value, "hitTest")
        cls.hitTest = try parseHitTest(rule)
        cls.hitTestCondition = condition
      case "touchesShouldBegin", "touchesShouldCancel":
        let m = ScriptedClass.Method(rawValue: key)!
        guard allowed.contains(m) else {
          throw keyValue.error("\(cls.name) is not a scroll view (UIScrollView, UITableView): no \(key)")
        }
        cls.answers[m] = try parseAnswer(value, key)
      case "beginTracking", "continueTracking", "gestureRecognizerShouldBegin":
        let m = ScriptedClass.Method(rawValue: key)!
        guard allowed.contains(m) else {
          throw keyValue.error("\(cls.name) (a \(builtin.name)) has no method '\(key)' to override")
        }
        cls.answers[m] = try parseAnswer(value, key)
      default:
        throw keyValue.error(
          "unknown key '\(key)' in class \(cls.name)\(suggestion(for: key, in: known)); expected one of: \(known.joined(separator: ", "))"
        )
      }
    }
  }

  private mutating func parsePointInside(_ value: YAMLValue) throws -> ScriptedClass.PointInsideRule {
    let entries = try value.mapping("pointInside")
    guard entries.count == 1, let (key, keyValue, item) = entries.first else {
      throw value.error("pointInside takes one rule: inset, minimumSize, subviews, controlSubviews or orInside")
    }
    switch key {
    case "inset":
      let n = try item.numbers("inset", count: 4)
      return .inset(UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3]))
    case "minimumSize": return .minimumSize(try item.size("minimumSize"))
    case "subviews":
      guard try item.bool("subviews") else { throw item.error("subviews: false is the default; leave it out") }
      return .subviews
    case "controlSubviews":
      guard try item.bool("controlSubviews") else {
        throw item.error("controlSubviews: false is the default; leave it out")
      }
      return .controlSubviews
    case "orInside":
      let ids = try item.stringList("orInside")
      fixups.append { objects in
        for id in ids where !(objects[id] is UIView) { throw item.error("unknown view id '\(id)' in orInside") }
      }
      return .orInside(ids)
    default:
      throw keyValue.error(
        "unknown pointInside rule '\(key)'; expected inset, minimumSize, subviews, controlSubviews or orInside")
    }
  }

  private mutating func parseHitTest(_ value: YAMLValue) throws -> ScriptedClass.HitTestRule {
    if let text = value.scalarText {
      switch text {
      case "superview": return .superview
      case "none": return .none
      case "self": return .self
      case "passThrough": return .passThrough
      case "outsideBounds": return .outsideBounds
      default:
        throw value.error("hitTest must be superview, none, self, passThrough, outsideBounds or {forwardTo: ID}")
      }
    }
    let entries = try value.mapping("hitTest")
    guard entries.count == 1, entries[0].key == "forwardTo" else {
      throw value.error("hitTest must be superview, none, self, passThrough, outsideBounds or {forwardTo: ID}")
    }
    let target = entries[0].value
    let id = try target.string("forwardTo")
    fixups.append { objects in
      guard objects[id] is UIView else { throw target.error("unknown view id '\(id)' in forwardTo") }
    }
    return .forwardTo(id)
  }

  /// Makes an object of a built-in or declared class, checking it is of the right family.
  mutating func instantiate(_ classValue: YAMLValue, family: BuiltinClass.Family, what: String) throws -> AnyObject {
    let name = try classValue.string("class")
    if let builtin = BuiltinClass(named: name) {
      guard builtin.family == family else {
        throw classValue.error("\(name) is \(builtin.family.rawValue), but \(what) must be \(family.rawValue)")
      }
      return builtin.make()
    }
    guard let (cls, builtin) = classes[name] else {
      let candidates = BuiltinClass.all.filter { $0.family == family }.map(\.name) + Array(classes.keys)
      throw classValue.error("unknown class '\(name)'\(suggestion(for: name, in: candidates))")
    }
    guard builtin.family == family else {
      throw classValue.error(
        "\(name) is \(builtin.family.rawValue) (base \(builtin.name)), but \(what) must be \(family.rawValue)")
    }
    let object = builtin.make()
    (object as? UIResponder)?.overrideHooks = cls
    (object as? UIGestureRecognizer)?.overrideHooks = cls
    return object
  }

  mutating func register(_ id: YAMLValue, _ object: AnyObject) throws {
    let name = try id.string("id")
    // (An ASCII name is searched byte by byte; any other as before, with Foundation.)
    let isASCII = name.utf8.allSatisfy { $0 < 0x80 }
    let hasDotOrEquals =
      isASCII
      ? name.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "=") }
      : name.contains(".") || name.contains("=")
    guard !name.isEmpty, !hasDotOrEquals else {
      throw id.error("id '\(name)' must be a name without '.' or '='")
    }
    try checkNameLength(name, "an id", at: id)
    guard objects[name] == nil else { throw id.error("duplicate id '\(name)'") }
    objects[name] = object
    (object as? UIResponder)?.identifier = name
    (object as? UIGestureRecognizer)?.identifier = name
  }

  /// Ids, class names and scenario names are at most `LayoutLimits.maximumNameLength` long.
  func checkNameLength(_ name: String, _ what: String, at place: YAMLValue) throws {
    // A character is at least one byte.
    guard name.utf8.count > LayoutLimits.maximumNameLength else { return }
    let count = name.count
    guard count > LayoutLimits.maximumNameLength else { return }
    throw place.error(
      "\(what) of \(count) characters; at most \(LayoutLimits.maximumNameLength), the limit on names")
  }
}
