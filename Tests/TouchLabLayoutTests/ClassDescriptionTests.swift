import Foundation
import TouchLabEngine
import TouchLabRecords
import TouchLabScripting
import XCTest

@testable import TouchLabLayout

/// The class descriptions (`BuiltinClass`, Classes/NAME+Layout.swift) form one tree, the
/// engine's: every engine view, controller and recognizer class has a description or is
/// one the engine makes itself, each description resolves against its engine superclass's,
/// a subclass has what its superclass has, and what a description answers is asked of it,
/// never of the class's name elsewhere.
final class ClassDescriptionTests: XCTestCase {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Engine classes no layout names: the engine makes them itself (a text field's keyboard,
  /// a scroll view's pan, a table's cell content). They are drawn, inspected and given
  /// properties as their nearest described superclass.
  static let madeByTheEngine: Set<String> = [
    "UIKeyboard", "UISwipeActionPullView", "UISwipeActionStandardButton", "UITableViewCellContentView",
    "UITableViewHeaderFooterView", "UIScrollViewPanGestureRecognizer",
    "UIScrollViewDelayedTouchesBeganGestureRecognizer", "UISwipeDismissalGestureRecognizer", "UITextTapRecognizer",
  ]

  /// Every `class UI…: Superclass` the engine's sources declare, by name.
  static func engineClasses() throws -> [String: String] {
    let folder = repository.appendingPathComponent("Sources/TouchLabEngine")
    let pattern = try NSRegularExpression(
      pattern: #"^(?:(?:public|open|final) )*class (UI\w+): (\w+)"#, options: .anchorsMatchLines)
    var classes: [String: String] = [:]
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let name = String(text[Range(match.range(at: 1), in: text)!])
        classes[name] = String(text[Range(match.range(at: 2), in: text)!])
      }
    }
    return classes
  }

  func testEveryEngineClassHasADescriptionResolvedAgainstItsEngineSuperclass() throws {
    let classes = try Self.engineClasses()
    XCTAssertNotNil(classes["UISwitch"], "the engine's classes were not found")
    /// The engine's superclasses of `name`, nearest first.
    func chain(_ name: String) -> [String] {
      var names: [String] = []
      var next = classes[name]
      while let superclass = next, classes[superclass] != nil || superclass.hasPrefix("UI") {
        names.append(superclass)
        next = classes[superclass]
      }
      return names
    }
    for (name, _) in classes {
      let ancestors = chain(name)
      guard
        ancestors.contains("UIResponder") || ancestors.contains("UIGestureRecognizer") || name == "UIResponder"
          || name == "UIGestureRecognizer"
      else { continue }
      let nearestDescribed = ancestors.first { BuiltinClass(named: $0) != nil }
      if let builtin = BuiltinClass(named: name) {
        XCTAssertFalse(
          Self.madeByTheEngine.contains(name), "\(name) has a description but is listed as the engine's own")
        XCTAssertEqual(
          builtin.superclassName, nearestDescribed,
          "\(name)'s description resolves against \(builtin.superclassName ?? "nothing"), not its engine superclass")
      } else {
        XCTAssertTrue(
          Self.madeByTheEngine.contains(name),
          "the engine's \(name) has no description: add Classes/\(name)+Layout.swift with its \(name)Description "
            + "and list it in BuiltinClass.descriptions, "
            + "or list it in madeByTheEngine if no layout may name it")
        XCTAssertNotNil(nearestDescribed, "\(name) has no described superclass")
      }
    }
    for builtin in BuiltinClass.all {
      XCTAssertNotNil(classes[builtin.name], "\(builtin.name) is described but the engine declares no such class")
    }
  }

  /// Each class's description is produced in its own file, by its own `NAMEDescription`, and
  /// listed once: `Classes/NAME+Layout.swift` for every class of the registry, and no file
  /// there whose description is not listed.
  func testEachDescriptionIsItsClassesOwnAndListedOnce() throws {
    let folder = Self.repository.appendingPathComponent("Sources/TouchLabLayout/Classes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix("+Layout.swift")
    }
    let listed = BuiltinClass.descriptions.map { (type: String(describing: $0), name: $0.builtinClass.name) }
    XCTAssertEqual(Set(listed.map(\.type)).count, listed.count, "a description is listed twice")
    XCTAssertEqual(listed.map(\.name), BuiltinClass.all.map(\.name))
    for (type, name) in listed {
      XCTAssertEqual(type, "\(name)Description", "\(type) describes \(name)")
      XCTAssertTrue(files.contains("\(name)+Layout.swift"), "\(name) is described outside Classes/\(name)+Layout.swift")
      let text = try String(contentsOf: folder.appendingPathComponent("\(name)+Layout.swift"), encoding: .utf8)
      XCTAssertTrue(
        text.contains("enum \(type): ClassDescription {"), "Classes/\(name)+Layout.swift declares no \(type)")
    }
    XCTAssertEqual(
      Set(files), Set(listed.map { "\($0.name)+Layout.swift" }), "a Classes/ file whose description is not listed")
    // No class is described as an extension of the registry's type.
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      XCTAssertFalse(text.contains("extension BuiltinClass"), "\(file) extends BuiltinClass")
    }
  }

  func testASubclassHasItsSuperclassesDescription() throws {
    let named = { (name: String) in try XCTUnwrap(BuiltinClass(named: name), name) }
    let view = try named("UIView")
    let control = try named("UIControl")
    let toggle = try named("UISwitch")
    // A UISwitch has UIView's and UIControl's properties, its own after theirs.
    let names = toggle.properties.map(\.name)
    for key in view.ownProperties.map(\.name) + control.ownProperties.map(\.name) + ["isOn"] {
      XCTAssertTrue(names.contains(key), "UISwitch has no \(key)")
    }
    XCTAssertEqual(names.first, "frame")
    XCTAssertEqual(names.last, "isOn")
    XCTAssertEqual(toggle.ownProperties.map(\.name), ["isOn"])
    XCTAssertEqual(toggle.superclassName, "UIControl")
    XCTAssertEqual(control.superclassName, "UIView")
    XCTAssertEqual(view.superclassName, "UIResponder")
    XCTAssertEqual(toggle.family, .view)
    for method: ScriptedClass.Method in [.touchesBegan, .hitTest, .pointInside, .beginTracking, .sendAction] {
      XCTAssertTrue(toggle.overridableMethods.contains(method), "UISwitch cannot override \(method)")
    }
    XCTAssertTrue(toggle.hasStandardSize)
    // Capabilities: a switch's own, a button's and a text field's UIControl's.
    XCTAssertEqual(toggle.primaryControlEvent, .valueChanged)
    XCTAssertEqual(try named("UIButton").primaryControlEvent, .touchUpInside)
    XCTAssertEqual(try named("UITextField").primaryControlEvent, .touchUpInside)
    XCTAssertNil(view.primaryControlEvent)
    // A navigation controller logs its appearance callbacks as any view controller does.
    let navigation = try named("UINavigationController")
    XCTAssertEqual(navigation.family, .controller)
    XCTAssertTrue(navigation.overridableMethods.contains(.viewDidAppear))
    // A screen-edge pan has a pan's and every recognizer's properties.
    let edgePan = try named("UIScreenEdgePanGestureRecognizer").properties.map(\.name)
    for key in ["edges", "maximumNumberOfTouches", "cancelsTouchesInView"] {
      XCTAssertTrue(edgePan.contains(key), "UIScreenEdgePanGestureRecognizer has no \(key)")
    }
    // Every class: what its superclass has, it has.
    for builtin in BuiltinClass.all {
      guard let name = builtin.superclassName else {
        XCTAssertTrue(builtin.properties.map(\.name) == builtin.ownProperties.map(\.name), builtin.name)
        continue
      }
      let superclass = try named(name)
      let own = Set(builtin.properties.map(\.name))
      for key in superclass.properties.map(\.name) { XCTAssertTrue(own.contains(key), "\(builtin.name) lost \(key)") }
      for method in superclass.overridableMethods {
        XCTAssertTrue(builtin.overridableMethods.contains(method), "\(builtin.name) lost \(method)")
      }
      if superclass.hasStandardSize { XCTAssertTrue(builtin.hasStandardSize, builtin.name) }
      if superclass.primaryControlEvent != nil { XCTAssertNotNil(builtin.primaryControlEvent, builtin.name) }
      if superclass.autorepeatInterval != nil { XCTAssertNotNil(builtin.autorepeatInterval, builtin.name) }
      if builtin.family != superclass.family {
        XCTAssertTrue(
          ["UIView", "UIWindow", "UIViewController", "UIApplication"].contains(builtin.name),
          "\(builtin.name) is another family than its superclass \(name)")
      }
    }
  }

  func testAnObjectIsGivenItsDescriptionsProperties() throws {
    let value = { (text: String) in YAMLValue(text: text, file: "test.yaml") }
    let toggle = UISwitch(frame: .zero)
    // UIControl's and UIView's keys on a switch, with their aliases.
    try XCTUnwrap(PropertyTable.setter("enabled", value("false"), for: toggle))()
    XCTAssertFalse(toggle.isEnabled)
    try XCTUnwrap(PropertyTable.setter("alpha", value("0.5"), for: toggle))()
    XCTAssertEqual(toggle.alpha, 0.5)
    XCTAssertNil(try PropertyTable.setter("rowHeight", value("10"), for: toggle))
    // An engine class no layout names takes its nearest described superclass's: a cell's
    // content view is a UIView, a scroll view's pan a UIPanGestureRecognizer.
    let content = UITableViewCell(frame: .zero).contentView
    XCTAssertEqual(BuiltinClass.descriptionIndex(of: content).map { BuiltinClass.all[$0].name }, "UIView")
    try XCTUnwrap(PropertyTable.setter("isHidden", value("true"), for: content))()
    XCTAssertTrue(content.isHidden)
    let pan = UIScrollView().panGestureRecognizer
    XCTAssertEqual(BuiltinClass.descriptionIndex(of: pan).map { BuiltinClass.all[$0].name }, "UIPanGestureRecognizer")
    try XCTUnwrap(PropertyTable.setter("maximumNumberOfTouches", value("1"), for: pan))()
    XCTAssertEqual(pan.maximumNumberOfTouches, 1)
  }

  /// What a subclass inherits works: a declared UINavigationController class logs the
  /// appearance callbacks UIViewController's description adds (its tab shown), and a declared
  /// UINavigationBar class overrides UIView's `hitTest`.
  func testADeclaredSubclassOverridesWhatItsBuiltinBaseInherits() throws {
    let scene = try LayoutLoader.load(
      yaml: """
        classes:
          Nav: {base: UINavigationController, log: [viewWillAppear, viewDidAppear]}
          Bar: {base: UINavigationBar, log: [hitTest]}
        controller:
          class: UITabBarController
          viewControllers:
            - {title: One, view: {color: white}}
            - {class: Nav, navigationBarClass: Bar, title: Two, viewControllers: [{view: {color: red}}]}
        scenarios:
          second-tab-then-bar: [{tap: [290, 785]}, {tap: [195, 70]}]
        """, file: "t.yaml")
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "second-tab-then-bar")))
    XCTAssertEqual(
      TranscriptFormatter().lines(scene.records.records),
      ["-[Nav viewWillAppear:]", "-[Nav viewDidAppear:]", "-[Bar hitTest:withEvent:]", "-[Bar hitTest:withEvent:]"])
  }

  /// A class whose description answers a question (the event a control sends, whether a
  /// held touch repeats, the key a dump's text sets, an imported view's delegate moment) is
  /// not asked by name elsewhere: not as a string (`"UIStepper"`) anywhere but in the
  /// importer's table of printed classes, nor as a type (`is UIStepper`) in the layout and
  /// import modules outside the descriptions.
  func testNoClassIsAskedByNameWhereItsDescriptionAnswers() throws {
    func answers(_ builtin: BuiltinClass) -> [String] {
      [
        builtin.primaryControlEvent.map { "\($0.rawValue)" }, builtin.autorepeatInterval.map { "\($0)" },
        builtin.printedTextKey, builtin.importedDelegateMoment.map { "\($0.key) \($0.print)" },
      ].map { $0 ?? "-" }
    }
    let answering = BuiltinClass.all.filter { builtin in
      let superclass = builtin.superclassName.flatMap(BuiltinClass.init(named:))
      return answers(builtin) != (superclass.map(answers) ?? answers(builtin).map { _ in "-" })
    }.map(\.name)
    XCTAssertTrue(Set(answering).isSuperset(of: ["UIControl", "UISwitch", "UIStepper", "UILabel", "UITableView"]))
    // As types: the classes whose behaviour a description answers (the event a control
    // sends, a held touch's repeats), but those others derive from (UIControl, a type its
    // users need for `addTarget`). A table's type is its API (its rows' geometry), not a
    // question about it.
    let typeChecked = BuiltinClass.all.filter { builtin in
      let superclass = builtin.superclassName.flatMap(BuiltinClass.init(named:))
      return !BuiltinClass.all.contains { $0.superclassName == builtin.name }
        && (builtin.primaryControlEvent != superclass?.primaryControlEvent
          || builtin.autorepeatInterval != superclass?.autorepeatInterval)
    }.map(\.name)
    XCTAssertTrue(Set(typeChecked).isSuperset(of: ["UISwitch", "UIStepper", "UISlider"]))
    let typeCheck = try NSRegularExpression(pattern: #"\b(is|as[?!]) (\#(typeChecked.joined(separator: "|")))\b"#)
    let sources = Self.repository.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    var found: [String] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let path = String(file.path.dropFirst(Self.repository.path.count + 1))
      guard !path.hasPrefix("Sources/TouchLabEngine/"), !path.contains("/Classes/") else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      let asksTypes = path.hasPrefix("Sources/TouchLabLayout/") || path.hasPrefix("Sources/TouchLabImport/")
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { continue }
        for name in answering {
          if code.contains("\"\(name)\""), !path.hasSuffix("TouchLabImport/ImportedClasses.swift") {
            found.append("\(path):\(number + 1): \"\(name)\"")
          }
        }
        let range = NSRange(code.startIndex..., in: code)
        if asksTypes, let match = typeCheck.firstMatch(in: code, range: range) {
          found.append("\(path):\(number + 1): \(code[Range(match.range, in: code)!])")
        }
      }
    }
    XCTAssertEqual(found, [], "ask the class's description (BuiltinClass) instead")
  }

  /// Issue 49: the description of an object's class is found up its superclasses
  /// (`descriptionIndex(of:)`, a few lookups per view built) — the same one as asking every
  /// description whether the object is of its class and taking the nearest. Checked on an
  /// object of every described class and on every view and recognizer of every bundled layout
  /// (declared classes, engine classes no layout names: a scroll view's pan, a cell's content).
  func testTheDescriptionFoundUpTheSuperclassesIsTheNearestMatchingOne() throws {
    var objects: [AnyObject] = BuiltinClass.all.map { $0.make() }
    let layouts = Self.repository.appendingPathComponent("Layouts")
    for file in try FileManager.default.contentsOfDirectory(atPath: layouts.path).sorted()
    where file.hasSuffix(".yaml") {
      let scene = try LayoutLoader.load(path: layouts.appendingPathComponent(file).path)
      scene.window.forEachViewInSubtree { view in
        objects.append(view)
        objects += view.gestureRecognizers
        return true
      }
    }
    XCTAssertGreaterThan(objects.count, 500)
    var described = 0
    for object in objects {
      let found = BuiltinClass.descriptionIndex(of: object)
      XCTAssertEqual(found, BuiltinClass.descriptionIndexByMatching(object), "\(type(of: object))")
      if found != nil { described += 1 }
    }
    XCTAssertEqual(described, objects.count, "every object a layout builds has a description")
  }
}
