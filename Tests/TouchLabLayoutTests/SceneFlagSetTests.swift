import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

/// `Scene.set(_:to:)`: the inspector's ✓/✗ given as a value, not as `ID.PROPERTY=true` text
/// parsed as YAML; the same setter and the same errors as `--set`.
final class SceneFlagSetTests: XCTestCase {
  private let yaml = """
    window: {size: [200, 200]}
    controller:
      view:
        subviews:
          - {id: box, frame: [0, 0, 100, 100]}
          - {id: table, class: UITableView, frame: [0, 100, 200, 100]}
    """

  func testAFlagIsSetAsAValue() throws {
    let scene = try LayoutLoader.load(yaml: yaml, file: "flags.yaml")
    let box = try XCTUnwrap(scene.objects["box"] as? UIView)
    let table = try XCTUnwrap(scene.objects["table"] as? UITableView)
    try scene.set("box.isUserInteractionEnabled", to: false)
    XCTAssertFalse(box.isUserInteractionEnabled)
    try scene.set("box.isUserInteractionEnabled", to: true)
    XCTAssertTrue(box.isUserInteractionEnabled)
    try scene.set("table.delaysContentTouches", to: false)
    XCTAssertFalse(table.delaysContentTouches)
  }

  func testItsErrorsAreTheAssignmentsOwn() throws {
    let byValue = try LayoutLoader.load(yaml: yaml, file: "flags.yaml")
    let byText = try LayoutLoader.load(yaml: yaml, file: "flags.yaml")
    for path in ["nobody.isHidden", "box.noSuchProperty", "box.frame", "nodot"] {
      var valueError: LayoutError?
      var textError: LayoutError?
      XCTAssertThrowsError(try byValue.set(path, to: true)) { valueError = $0 as? LayoutError }
      XCTAssertThrowsError(try byText.set("\(path)=true")) { textError = $0 as? LayoutError }
      XCTAssertNotNil(valueError, path)
      XCTAssertEqual(valueError?.message, textError?.message, path)
    }
  }
}
