import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import XCTest

/// The inspector lists where a debugger dump showed an imported view or recognizer (the
/// layout's `address:` and `dumpLine:`, docs/layouts.md "Imported objects").
final class InspectorDumpOriginTests: XCTestCase {
  func testImportedViewsShowTheirAddressAndDumpLine() throws {
    let scene = try LayoutLoader.load(
      yaml: """
        controller:
          view:
            subviews:
              - id: bar
                frame: [0, 47, 428, 44]
                address: "0x7fb45741dce0"
                dumpLine: 10
                gestures:
                  - {id: tap, class: UITapGestureRecognizer, address: "0x7a1b0010", dumpLine: 3, action: {print: tapped}}
              - {id: plain, frame: [0, 100, 10, 10]}
        """, file: "imported.yaml")
    let origins = scene.origins
    let inspection = SceneInspection(
      window: scene.window,
      origin: { object in
        origins[ObjectIdentifier(object)].map { "\($0.address ?? "") line \($0.line ?? 0)" }
      })
    func dump(_ title: String) -> String? {
      inspection.rows.first { $0.title.contains(title) }?.properties.first { $0.name == "dump" }.map {
        if case .text(let text) = $0.value { return text }
        return ""
      }
    }
    XCTAssertEqual(dump("bar"), "0x7fb45741dce0 line 10")
    XCTAssertEqual(dump("tap"), "0x7a1b0010 line 3")
    XCTAssertNil(dump("plain"))
  }

  func testAnAddressMustBeOne() {
    XCTAssertThrowsError(
      try LayoutLoader.load(
        yaml: "controller:\n  view:\n    address: nowhere\n", file: "bad.yaml")
    ) { error in
      XCTAssertEqual(
        "\(error)", "bad.yaml:3:14: error: address must be a debugger's address, 0x and hexadecimal digits ('nowhere')")
    }
  }
}
