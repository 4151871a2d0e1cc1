import Foundation
import TouchLabEngine
import TouchLabRecords
import TouchLabScripting

/// Builds a scene from a parsed layout, in three passes: classes; objects; references
/// (ids used before they are declared are fine) and scenarios (`ScenarioBuilder`).
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
  /// What each key met in a view's entry means, by the view's described class
  /// (`BuiltinClass.all`'s index): `viewKeyMeaning(_:of:description:)`.
  var viewKeyMeanings: [[String: ViewKeyMeaning]] = []
  /// The same, by the class and the key's shared number (`YAMLDocument.sharedKeyNumber(of:)`,
  /// nearly every key a layout writes) for `sharedKeyDocument`, whose numbers they are: two
  /// array indexes a key rather than a string hashed.
  var sharedKeyMeanings: [[ViewKeyMeaning?]] = []
  var sharedKeyDocument: YAMLDocument?
  /// How each class named so far is made (`instantiate`).
  private var makers: [String: ObjectMaker] = [:]

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
    if let classesNode = sections["classes"] { try DeclaredClasses.declare(classesNode, in: &self) }

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

    var windowSize = CGSize(width: 390, height: 844)
    var window = UIWindow()
    var windowSubviews: YAMLValue?
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
        case "subviews": windowSubviews = value
        default: throw keyValue.error("unknown key '\(key)' in window; expected class, size, color, subviews")
        }
      }
    }
    window.frame = CGRect(origin: .zero, size: windowSize)
    if window.backgroundColor == nil { window.backgroundColor = .white }
    application.addWindow(window)

    // The root controller, whose view fills the window; a window that holds its own views
    // (`window: {subviews: …}`, an imported window whose views do not fill it) may have none.
    let controller: UIViewController?
    if let controllerNode = sections["controller"] {
      controller = try buildController(controllerNode, frame: CGRect(origin: .zero, size: windowSize), depth: 0)
      window.rootViewController = controller
    } else if windowSubviews != nil {
      controller = nil
    } else {
      throw root.error("a layout needs a 'controller' with its view")
    }
    if let windowSubviews {
      // Above the controller's view, in order. Their actions' default target, and the parent
      // of a child controller among them, is the root controller, or with none a controller
      // the window does not show (UIKit's window has no controller of its own).
      let owner = controller ?? UIViewController()
      if controller == nil { retained.append(owner) }
      for item in try windowSubviews.list("window subviews") {
        try addSubviewNode(item, to: window, controller: owner, depth: 0)
      }
    }
    if let windowsNode = sections["windows"] {
      try WindowsEntryReader.build(&self, windowsNode, frame: window.frame, into: application)
    }

    // The window's system gesture gate, for `--set` and `set:` (UIKit's usual workaround sets
    // its delaysTouchesBegan to false); a layout's own id of that name comes first.
    if objects["systemGestureGate"] == nil {
      window.systemGestureGate.identifier = "systemGestureGate"
      objects["systemGestureGate"] = window.systemGestureGate
    }
    for fixup in fixups { try fixup(objects) }
    let scenarioBuilder = ScenarioBuilder(objects: objects, listViews: listViews)
    let scenarios = try sections["scenarios"].map { try scenarioBuilder.build($0) } ?? []
    let title = try sections["title"]?.string("title")
    let scene = Scene(
      file: file, title: title, application: application, window: window, rootController: controller,
      scenarios: scenarios, objects: objects, retained: retained, windowSizePlace: windowSizePlace)
    scene.origins = origins
    try scene.checkScenarioBudgets()
    return scene
  }

  /// `address: 0x…`, `dumpLine: N`, `dumpFile: NAME` and `unlistedGestures: 0x…` on a view or a recognizer
  /// (docs/layouts.md "Imported objects").
  mutating func noteOrigin(_ key: String, _ value: YAMLValue, of object: AnyObject) throws {
    var origin = origins[ObjectIdentifier(object)] ?? ObjectOrigin()
    if key == "address" || key == "unlistedGestures" {
      let text = try value.string(key)
      guard text.hasPrefix("0x"), text.count > 2, text.count <= 34, text.dropFirst(2).allSatisfy(\.isHexDigit) else {
        throw value.error("\(key) must be a debugger's address, 0x and hexadecimal digits ('\(text)')")
      }
      if key == "address" { origin.address = text } else { origin.unlistedGestures = text }
    } else if key == "dumpFile" {
      let text = try value.string(key)
      guard !text.isEmpty, text.count <= 255, !text.contains("/"),
        !text.unicodeScalars.contains(where: \.isControlCharacter)
      else {
        throw value.error("dumpFile must be a file's name, without folders or control characters ('\(text)')")
      }
      origin.file = text
    } else {
      origin.line = try value.int("dumpLine", in: 1...Int(Int32.max))
    }
    origins[ObjectIdentifier(object)] = origin
  }

  /// Makes an object of a built-in or declared class, checking it is of the right family.
  mutating func instantiate(_ classValue: YAMLValue, family: BuiltinClass.Family, what: String) throws -> AnyObject {
    let name = try classValue.string("class")
    let maker = try self.maker(named: name, family: family, at: classValue)
    guard maker.family == family else {
      guard let base = maker.baseName else {
        throw classValue.error("\(name) is \(maker.family.rawValue), but \(what) must be \(family.rawValue)")
      }
      throw classValue.error(
        "\(name) is \(maker.family.rawValue) (base \(base)), but \(what) must be \(family.rawValue)")
    }
    let object = maker.make()
    if let hooks = maker.hooks {
      (object as? UIResponder)?.overrideHooks = hooks
      (object as? UIGestureRecognizer)?.overrideHooks = hooks
    }
    return object
  }

  /// How an object of the class `name` is made: looked up in the built-in classes, then the
  /// declared ones, once per name (`makers`; a class, once known, never changes); an unknown
  /// name's error suggests the built-in classes of `family` and the declared ones.
  private mutating func maker(
    named name: String, family: BuiltinClass.Family, at classValue: YAMLValue
  ) throws -> ObjectMaker {
    if let maker = makers[name] { return maker }
    let maker: ObjectMaker
    if let builtin = BuiltinClass.named[name] {
      maker = ObjectMaker(family: builtin.family, baseName: nil, make: builtin.make, hooks: nil)
    } else if let (cls, builtin) = classes[name] {
      maker = ObjectMaker(family: builtin.family, baseName: builtin.name, make: builtin.make, hooks: cls)
    } else {
      let candidates = BuiltinClass.all.filter { $0.family == family }.map(\.name) + Array(classes.keys)
      throw classValue.error("unknown class '\(name)'\(suggestion(for: name, in: candidates))")
    }
    makers[name] = maker
    return maker
  }

  mutating func register(_ id: YAMLValue, _ object: AnyObject) throws {
    let name = try id.string("id")
    // (An ASCII name is searched byte by byte, in one pass; any other as before, with Foundation.)
    var isASCII = true
    var hasDotOrEquals = false
    for byte in name.utf8 {
      if byte >= 0x80 { isASCII = false }
      if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "=") { hasDotOrEquals = true }
    }
    if !isASCII { hasDotOrEquals = name.contains(".") || name.contains("=") }
    guard !name.isEmpty, !hasDotOrEquals else {
      throw id.error("id '\(name)' must be a name without '.' or '='")
    }
    try LayoutLimits.checkNameLength(name, "an id", at: id)
    // One lookup: the object goes in, and a name already taken puts its first object back.
    if let first = objects.updateValue(object, forKey: name) {
      objects[name] = first
      throw id.error("duplicate id '\(name)'")
    }
    (object as? UIResponder)?.identifier = name
    (object as? UIGestureRecognizer)?.identifier = name
  }
}

/// How `SceneBuilder.instantiate` makes an object of one class: the built-in class's `make`,
/// and for a declared class its base's name and the hooks its overrides run.
struct ObjectMaker {
  let family: BuiltinClass.Family
  let baseName: String?
  let make: () -> AnyObject
  let hooks: ScriptedClass?
}
