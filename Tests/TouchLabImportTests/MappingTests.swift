import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import XCTest

/// docs/import.md "The mapping": each rule, on the generated layout and on the scene it loads.
final class MappingTests: XCTestCase {
  func load(_ text: String, window: CGSize? = nil) throws -> (ImportResult, Scene) {
    let result = try DumpImporter.importTexts([("d.txt", text)], windowSize: window)
    return (result, try LayoutLoader.load(yaml: result.yaml, file: "d.yaml"))
  }

  func view(_ scene: Scene, _ address: String) -> UIView? {
    scene.origins.first { $0.value.address == address }.flatMap { origin in
      scene.objects.values.first { ObjectIdentifier($0) == origin.key } as? UIView
    }
  }

  func testInteractionAbsentMeansOnEvenForLabelsAndImageViews() throws {
    let (result, scene) = try load(
      """
      <UIView: 0x1; frame = (0 0; 390 844)>
         | <UILabel: 0x2; frame = (0 0; 100 20); text = 'on'>
         | <UIImageView: 0x3; frame = (0 30; 100 20); userInteractionEnabled = NO>
         | <App.Badge: 0x4; baseClass = UIImageView; frame = (0 60; 100 20)>
         | <App.PhotoImageView: 0x5; frame = (0 90; 100 20); userInteractionEnabled = NO>
      """)
    XCTAssertEqual(view(scene, "0x2")?.isUserInteractionEnabled, true)
    XCTAssertEqual(view(scene, "0x3")?.isUserInteractionEnabled, false)
    XCTAssertEqual(view(scene, "0x4")?.isUserInteractionEnabled, true)
    XCTAssertTrue(view(scene, "0x4") is UIImageView)
    // An app class without baseClass is a UIView subclass, whatever its name says.
    XCTAssertFalse(view(scene, "0x5") is UIImageView)
    XCTAssertEqual(view(scene, "0x5")?.isUserInteractionEnabled, false)
    XCTAssertTrue(result.yaml.contains("App.PhotoImageView:  # EDIT: no baseClass printed"), result.yaml)
  }

  func testWindowRootScrollOffsetsAndPrivateClasses() throws {
    let (result, scene) = try load(
      """
      <MyWindow: 0x1; baseClass = UIWindow; frame = (0 0; 320 568); layer = <UIWindowLayer: 0x2>>
         | <UITableView: 0x3; frame = (0 0; 320 568); layer = <CALayer: 0x4>; contentOffset: {0, 100}; contentSize: {320, 2000}>
         |    | <UITableViewWrapperView: 0x5; frame = (0 0; 320 568); contentOffset: {0, 20}; contentSize: {320, 568}>
         |    |    | <UITableViewCell: 0x6; frame = (0 200; 320 44); text = 'Row'>
         |    |    |    | <UITableViewCellContentView: 0x7; frame = (0 0; 320 43.5)>
         |    |    |    |    | <UIButtonLabel: 0x8; frame = (0 0; 10 10); userInteractionEnabled = NO>
      """)
    XCTAssertEqual(scene.window.bounds.size, CGSize(width: 320, height: 568))
    XCTAssertEqual(scene.window.className, "MyWindow")
    XCTAssertEqual(view(scene, "0x3")?.bounds.origin, CGPoint(x: 0, y: 100))
    XCTAssertTrue(view(scene, "0x3") is UITableView)
    // The wrapper is played as a plain view whose bounds keep its offset.
    XCTAssertFalse(view(scene, "0x5") is UIScrollView)
    XCTAssertEqual(view(scene, "0x5")?.bounds.origin, CGPoint(x: 0, y: 20))
    XCTAssertTrue(view(scene, "0x8") is UILabel)
    XCTAssertEqual(view(scene, "0x8")?.className, "UIButtonLabel")
    // Cell at content y 200 in the wrapper (offset 20) in the table (offset 100): window y 80.
    let report = HitReport(scene: scene, at: CGPoint(x: 100, y: 90))
    XCTAssertEqual(report.view?.address, "0x7")
    XCTAssertTrue(result.yaml.contains("UITableViewWrapperView:  # EDIT: a UIKit class TouchLab plays as a UIView"))
  }

  func testTransformsAreTakenOutOfThePrintedFrame() throws {
    let (result, scene) = try load(
      """
      <UIView: 0x1; frame = (0 0; 390 844)>
         | <UIView: 0x2; frame = (110 220; 100 50); transform = [1, 0, 0, 1, 10, 20]>
         | <UIView: 0x3; frame = (0 400; 100 100); transform = [0.707107, 0.707107, -0.707107, 0.707107, 0, 0]>
      """)
    // A translation is inside the printed frame: the frame without it, then the transform.
    XCTAssertTrue(result.yaml.contains("frame: [100, 200, 100, 50]"), result.yaml)
    XCTAssertEqual(view(scene, "0x2")?.frame, CGRect(x: 110, y: 220, width: 100, height: 50))
    XCTAssertEqual(HitReport(scene: scene, at: CGPoint(x: 115, y: 225)).view?.address, "0x2")
    XCTAssertEqual(HitReport(scene: scene, at: CGPoint(x: 105, y: 215)).view?.address, "0x1")
    // A 45° turn cannot tell the size from the bounding box: said.
    XCTAssertTrue(result.diagnostics.contains { $0.severity == .warning && $0.message.contains("rotates or scales") })
  }

  func testOtherRootsSitAtTheirOriginInTheWindowOfTheGivenSize() throws {
    let (_, scene) = try load("<App.Cell: 0x1; frame = (0 459.5; 375 44)>", window: CGSize(width: 375, height: 667))
    XCTAssertEqual(scene.window.bounds.size, CGSize(width: 375, height: 667))
    XCTAssertEqual(view(scene, "0x1")?.convert(CGPoint.zero, to: nil), CGPoint(x: 0, y: 459.5))
    XCTAssertNil(HitReport(scene: scene, at: CGPoint(x: 10, y: 10)).view)
  }

  func testIdsAreLegalAndUniqueAndNamesStay() throws {
    let (result, scene) = try load(
      """
      <UIView: 0x1; frame = (0 0; 390 844)>
         | <UIView: 0x2; frame = (0 0; 1 1)>
         | <My.App.View<Int>: 0x3; frame = (0 0; 1 1)>
         | <_TtC5MyApp8CardView: 0x4; frame = (0 0; 1 1)>
         | <UIButton: 0x5; frame = (0 0; 1 1)>
      """)
    let ids = scene.objects.keys.filter { $0 != "systemGestureGate" }
    XCTAssertEqual(Set(ids).count, ids.count)
    XCTAssertTrue(ids.allSatisfy { !$0.contains(".") && !$0.contains("=") && !$0.isEmpty })
    XCTAssertTrue(ids.contains("cardView"), "\(ids)")
    XCTAssertEqual(view(scene, "0x4")?.className, "_TtC5MyApp8CardView")
    XCTAssertTrue(result.diagnostics.contains { $0.message.contains("My.App.View<Int>") })
    // The EDIT block and the control's placeholder.
    XCTAssertTrue(result.yaml.hasPrefix("# Imported by `touchlab import`"))
    XCTAssertTrue(result.yaml.contains("# EDIT:"))
    XCTAssertTrue(result.yaml.contains("EDIT: touchUpInside on UIButton 0x5"))
    XCTAssertEqual(result.summary, "imported 5 views, 0 recognizers, 0 view controllers")
    XCTAssertTrue(result.yaml.contains("#   - 1 control has a placeholder action"), result.yaml)
  }

  /// One of a thing is singular (issue 48 §6: "1 recognizers").
  func testCountsOfOneAreSingular() throws {
    let (result, _) = try load(
      """
      <UIView: 0x1; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x9>>
      """)
    XCTAssertEqual(result.summary, "imported 1 view, 0 recognizers, 0 view controllers")
    XCTAssertTrue(result.yaml.contains(": 1 view, 0 recognizers, 0 view controllers."), result.yaml)
    XCTAssertTrue(result.yaml.contains("#   - 1 view has recognizers the dump does not list"), result.yaml)
  }

  /// The printed cells are the table's rows, at their printed frames, numbered from the top:
  /// a touch on one highlights and selects it through the table (docs/import.md "Tables").
  func testPrintedCellsAreTheTablesRows_WhateverTheirHeights() throws {
    let dump = """
      <UIWindow: 0x1; frame = (0 0; 320 480)>
         | <UITableView: 0x2; frame = (0 0; 320 480); contentOffset: {0, 44}; contentSize: {320, 880}>
         |    | <App.ItemCell: 0x10; baseClass = UITableViewCell; frame = (0 44; 320 44); text = 'One'>
         |    |    | <UITableViewCellContentView: 0x11; frame = (0 0; 320 43.5)>
         |    | <App.ItemCell: 0x20; baseClass = UITableViewCell; frame = (0 88; 320 44); text = 'Two'>
         |    |    | <UITableViewCellContentView: 0x21; frame = (0 0; 320 43.5)>
      """
    func played(_ dump: String, tap: CGPoint) throws -> (ImportResult, Scene) {
      let (result, _) = try load(dump)
      let cut = try XCTUnwrap(result.yaml.range(of: "\nscenarios:\n"))
      let scene = try LayoutLoader.load(
        yaml: String(result.yaml[..<cut.lowerBound]) + "\nscenarios:\n  tap:\n    - tap: [\(tap.x), \(tap.y)]\n",
        file: "t.yaml")
      ScenarioPlayer(scene: scene).play(scene.scenarios[0])
      return (result, scene)
    }
    // Window y 60 is content y 104: the printed cell at 88, the second printed row.
    let (result, scene) = try played(dump, tap: CGPoint(x: 100, y: 60))
    XCTAssertFalse(result.yaml.contains("UITableViewCell_"), result.yaml)
    XCTAssertFalse(result.yaml.contains("numberOfRows"), result.yaml)
    XCTAssertTrue(result.yaml.contains("base: UITableViewCell"), result.yaml)
    XCTAssertTrue(result.yaml.contains("didSelectRow: {print: \"EDIT: didSelectRow %row\"}"), result.yaml)
    XCTAssertEqual(HitReport(scene: scene, at: CGPoint(x: 100, y: 60)).view?.address, "0x21")
    XCTAssertEqual(scene.records.transcript, ["EDIT: didSelectRow 1"])
    let table = try XCTUnwrap(scene.objects["tableView"] as? UITableView)
    XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 1, section: 0))
    XCTAssertEqual(table.placedRows.map(\.className), ["App.ItemCell", "App.ItemCell"])
    XCTAssertTrue(table.placedRows[1].isSelected)
    XCTAssertEqual(table.contentSize, CGSize(width: 320, height: 880))
    // Cells of several heights (a grouped table) are rows all the same: window y 100 is
    // content y 144, in the second cell (90..150).
    let uneven = try played(
      dump.replacingOccurrences(of: "frame = (0 88; 320 44)", with: "frame = (0 90; 320 60)"),
      tap: CGPoint(x: 100, y: 100))
    XCTAssertEqual(uneven.1.records.transcript, ["EDIT: didSelectRow 1"])
    // Below the last cell (content y 200, past 132): no row, nothing selected.
    let below = try played(dump, tap: CGPoint(x: 100, y: 156))
    XCTAssertEqual(below.1.records.transcript, [])
    XCTAssertNil((below.1.objects["tableView"] as? UITableView)?.indexPathForSelectedRow)
  }

  func testANavigationBarIsTheBuiltInClassAndItsPrivateSubviewsMapToTheirBehaviour() throws {
    let (result, scene) = try load(
      """
      <UIWindow: 0x1; frame = (0 0; 390 844)>
         | <UILayoutContainerView: 0x2; frame = (0 0; 390 844)>
         |    | <UINavigationTransitionView: 0x3; frame = (0 0; 390 844)>
         |    | <UINavigationBar: 0x4; frame = (0 47; 390 96); opaque = NO>
         |    |    | <_UIBarBackground: 0x5; frame = (0 -47; 390 143); userInteractionEnabled = NO>
         |    |    | <_UINavigationBarLargeTitleView: 0x6; frame = (0 44; 390 52)>
         |    |    | <_UINavigationBarContentView: 0x7; frame = (0 0; 390 44)>
         |    |    |    | <_UIButtonBarStackView: 0x8; frame = (8 0; 100 44)>
         |    |    |    |    | <_UIButtonBarButton: 0x9; frame = (0 0; 90 44)>
         |    |    |    | <UINavigationButton: 0xa; frame = (330 7; 52 30)>
         |    |    |    | <_UINavigationBarTitleControl: 0xb; frame = (150 0; 90 44)>
      """)
    XCTAssertTrue(result.yaml.contains("class: UINavigationBar"), result.yaml)
    XCTAssertTrue(view(scene, "0x4") is UINavigationBar)
    XCTAssertFalse(view(scene, "0x5") is UIControl)
    XCTAssertFalse(view(scene, "0x6") is UIControl)
    XCTAssertTrue(view(scene, "0x9") is UIControl)
    XCTAssertFalse(view(scene, "0x9") is UIButton)
    XCTAssertTrue(view(scene, "0xa") is UIButton)
    XCTAssertTrue(view(scene, "0xb") is UIControl)
    // The back button takes a touch on it, the bar's own (hidden) back button does not.
    XCTAssertEqual(HitReport(scene: scene, at: CGPoint(x: 40, y: 69)).view?.address, "0x9")
    XCTAssertEqual(HitReport(scene: scene, at: CGPoint(x: 350, y: 69)).view?.address, "0xa")
    // The large title's area: the title view (a plain view) under the content view.
    XCTAssertEqual(HitReport(scene: scene, at: CGPoint(x: 100, y: 110)).view?.address, "0x6")
  }
}
