import Foundation
import TouchLabEngine
import TouchLabScripting

/// A layout's `classes:`: each declared class with its base (a built-in class or another
/// declared one), what it logs and overrides, its rules and answers (docs/layouts.md, "Classes").
enum DeclaredClasses {
  /// Reads `classes:`, resolving bases depth-first and catching cycles, into `builder.classes`.
  static func declare(_ node: YAMLValue, in builder: inout SceneBuilder) throws {
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
      try LayoutLimits.checkNameLength(name, "a class name", at: keyValue)
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
      try configure(&builder, cls, builtin: builtin, fields: fields)
      builder.classes[name] = (cls, builtin)
      return (cls, builtin)
    }
    for (name, _, _) in entries { _ = try resolve(name, &builder) }
  }

  private static func configure(
    _ builder: inout SceneBuilder, _ cls: ScriptedClass, builtin: BuiltinClass,
    fields: YAMLMapping
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
              cls.logs[m] = ScriptedClass.Log(text: try spec.lineText("log"))
            } else {
              var log = ScriptedClass.Log()
              for (k, kv, v) in try spec.mapping("log entry") {
                switch k {
                case "text": log.text = try v.lineText("text")
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
        let format = try value.lineText("logFormat")
        guard format.contains("%s") else {
          throw value.error("logFormat must contain %s, where -[Class selector] goes")
        }
        cls.logFormat = format
      case "pointInside":
        guard allowed.contains(.pointInside) else { throw keyValue.error("\(cls.name) is not a view: no pointInside") }
        let (rule, condition) = try builder.splitCondition(value, "pointInside")
        cls.pointInside = try parsePointInside(&builder, rule)
        cls.pointInsideCondition = condition
      case "hitTest":
        guard allowed.contains(.hitTest) else { throw keyValue.error("\(cls.name) is not a view: no hitTest") }
        let (rule, condition) = try builder.splitCondition(value, "hitTest")
        cls.hitTest = try parseHitTest(&builder, rule)
        cls.hitTestCondition = condition
      case "touchesShouldBegin", "touchesShouldCancel":
        let m = ScriptedClass.Method(rawValue: key)!
        guard allowed.contains(m) else {
          throw keyValue.error("\(cls.name) is not a scroll view (UIScrollView, UITableView): no \(key)")
        }
        cls.answers[m] = try builder.parseAnswer(value, key)
      case "beginTracking", "continueTracking", "gestureRecognizerShouldBegin":
        let m = ScriptedClass.Method(rawValue: key)!
        guard allowed.contains(m) else {
          throw keyValue.error("\(cls.name) (a \(builtin.name)) has no method '\(key)' to override")
        }
        cls.answers[m] = try builder.parseAnswer(value, key)
      default:
        throw keyValue.error(
          "unknown key '\(key)' in class \(cls.name)\(suggestion(for: key, in: known)); expected one of: \(known.joined(separator: ", "))"
        )
      }
    }
  }

  private static func parsePointInside(_ builder: inout SceneBuilder, _ value: YAMLValue) throws
    -> ScriptedClass.PointInsideRule
  {
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
      builder.fixups.append { objects in
        for id in ids where !(objects[id] is UIView) { throw item.error("unknown view id '\(id)' in orInside") }
      }
      return .orInside(ids)
    default:
      throw keyValue.error(
        "unknown pointInside rule '\(key)'; expected inset, minimumSize, subviews, controlSubviews or orInside")
    }
  }

  private static func parseHitTest(_ builder: inout SceneBuilder, _ value: YAMLValue) throws
    -> ScriptedClass.HitTestRule
  {
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
    builder.fixups.append { objects in
      guard objects[id] is UIView else { throw target.error("unknown view id '\(id)' in forwardTo") }
    }
    return .forwardTo(id)
  }
}
