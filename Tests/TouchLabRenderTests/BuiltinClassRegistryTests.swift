import Foundation
import TouchLabEngine
import TouchLabRecords
import XCTest

@testable import TouchLabLayout
@testable import TouchLabRender

/// Every built-in class a layout may name has all its parts: its layout description (keys
/// that apply to it, made as itself), its drawing and inspector rows, its docs/COVERAGE.md
/// row, its docs/layouts.md row naming every key, and a bundled layout that uses it. A class
/// added to `BuiltinClass.all` without one of them fails here, naming what is missing.
final class BuiltinClassRegistryTests: XCTestCase {
  static let repository = RenderSupport.repository

  static func text(_ path: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
  }

  /// Each built-in class with an object of it, made as a layout makes it.
  static let classes: [(builtin: BuiltinClass, object: AnyObject)] = BuiltinClass.all.map { ($0, $0.make()) }

  func testTheRegistryIsWellFormed() {
    XCTAssertEqual(Set(BuiltinClass.all.map(\.name)).count, BuiltinClass.all.count, "a class is listed twice")
    for (builtin, object) in Self.classes {
      XCTAssertEqual(String(describing: type(of: object)), builtin.name, "\(builtin.name) makes another class")
      XCTAssertTrue(builtin.matches(object), builtin.name)
      XCTAssertEqual(BuiltinClass(named: builtin.name)?.name, builtin.name)
      for entry in builtin.ownProperties {
        XCTAssertTrue(entry.appliesTo(object), "\(builtin.name)'s key \(entry.name) is for another class")
      }
      // A superclass before its subclasses (`PropertyTable.entries` keeps this order,
      // which suggestions follow).
      let index = BuiltinClass.all.firstIndex { $0.name == builtin.name }!
      for later in BuiltinClass.all[(index + 1)...] {
        XCTAssertFalse(later.matches(object), "\(later.name), a superclass of \(builtin.name), is listed after it")
      }
    }
  }

  func testEveryViewAndRecognizerClassHasItsOwnDrawingAndInspectorRows() {
    for (builtin, object) in Self.classes where [.view, .window, .recognizer].contains(builtin.family) {
      let drawing = ClassDrawing.drawing(for: object)
      XCTAssertEqual(
        drawing?.name, builtin.name,
        "\(builtin.name) has no ClassDrawing of its own in ClassDrawing.all (Classes/\(builtin.name)+Drawing.swift), "
          + "or one of a superclass is listed before it")
      // Both descriptions resolve against the same superclass (the engine's): a UISwitch is
      // drawn over UIControl's description as its layout keys are UIControl's too.
      let builtinSuperclass = builtin.superclassName.flatMap(BuiltinClass.init(named:))
      XCTAssertEqual(
        drawing?.superclassName,
        builtinSuperclass.flatMap { [.view, .window, .recognizer].contains($0.family) ? $0.name : nil },
        "\(builtin.name)'s drawing and layout descriptions have different superclasses")
      // A view's inspector lists what its superclass's does (a control's isEnabled, a
      // scroll view's flags): a new control or scroll view that forgets them fails here.
      guard let view = object as? UIView, let drawing else { continue }
      let rowNames = { (rows: ClassDrawing.InspectorRows?) in
        Set(((rows?.leading ?? []) + (rows?.trailing ?? [])).map(\.name))
      }
      let maker = ClassDrawing.RowMaker(
        flag: { SceneInspection.Property(name: $0, value: .flag($1)) },
        text: { SceneInspection.Property(name: $0, value: .text($1)) })
      let own = rowNames(drawing.inspectorRows?(view, maker))
      for other in ClassDrawing.all where other.name != drawing.name && other.matches(view) {
        let inherited = rowNames(other.inspectorRows?(view, maker))
        XCTAssertTrue(
          inherited.isSubset(of: own), "\(builtin.name)'s inspector rows leave out \(other.name)'s \(inherited)")
      }
    }
  }

  /// Inspector rows resolve through the class tree: a subclass lists its superclass's rows,
  /// then its own, but those it hides.
  func testInspectorRowsFollowTheSuperclasses() throws {
    let maker = ClassDrawing.RowMaker(
      flag: { SceneInspection.Property(name: $0, value: .flag($1)) },
      text: { SceneInspection.Property(name: $0, value: .text($1)) })
    func rows(_ object: AnyObject) throws -> [[String]] {
      let rows = try XCTUnwrap(ClassDrawing.drawing(for: object)?.inspectorRows?(object, maker))
      return [rows.leading.map(\.name), rows.trailing.map(\.name)]
    }
    XCTAssertEqual(try rows(UISwitch(frame: .zero)), [["isEnabled"], []])
    XCTAssertEqual(try rows(UITabBarButton(frame: .zero)), [["isEnabled"], ["isSelected"]])
    XCTAssertEqual(
      try rows(UITextView()),
      [[], ["delaysContentTouches", "canCancelContentTouches", "isScrollEnabled", "isEditable", "isSelectable"]])
    XCTAssertEqual(try rows(UIPanGestureRecognizer()), [[], ["touches"]])
    // A screen-edge pan lists its edges, not the pan's touches (`hidingInheritedRows`).
    XCTAssertEqual(try rows(UIScreenEdgePanGestureRecognizer()), [[], ["edges"]])
    // An engine class no layout names: its nearest described superclass's (a scroll view's pan).
    XCTAssertEqual(try rows(UIScrollView().panGestureRecognizer), [[], ["touches"]])
  }

  func testEveryClassHasItsCoverageRow() throws {
    let rows = try Self.text("docs/COVERAGE.md").split(separator: "\n").filter { $0.hasPrefix("| ") }
    for (builtin, _) in Self.classes {
      XCTAssertTrue(
        rows.contains { $0.contains("`\(builtin.name)`") }, "docs/COVERAGE.md has no row naming `\(builtin.name)`")
    }
  }

  func testEveryClassHasItsLayoutsRowNamingEveryKey() throws {
    let rows = try Self.text("docs/layouts.md").split(separator: "\n")
    for (builtin, _) in Self.classes {
      guard let row = rows.first(where: { $0.hasPrefix("| `\(builtin.name)` |") }) else {
        XCTFail("docs/layouts.md's \"Built-in classes\" table has no row for `\(builtin.name)`")
        continue
      }
      for entry in builtin.ownProperties {
        XCTAssertTrue(
          row.contains("`\(entry.name)`"), "docs/layouts.md's row for \(builtin.name) leaves out `\(entry.name)`")
      }
      for key in builtin.viewKeys {
        XCTAssertTrue(row.contains("`\(key)`"), "docs/layouts.md's row for \(builtin.name) leaves out `\(key)`")
      }
    }
  }

  func testEveryClassIsUsedByABundledLayout() throws {
    let folder = Self.repository.appendingPathComponent("Layouts")
    let layouts = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "yaml" }.map { try String(contentsOf: $0, encoding: .utf8) }
    for (builtin, _) in Self.classes {
      let pattern = try NSRegularExpression(pattern: "(class|base): *\(builtin.name)\\b")
      XCTAssertTrue(
        layouts.contains { pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil },
        "no layout in Layouts/ names \(builtin.name) as a class or a base")
    }
  }
}
