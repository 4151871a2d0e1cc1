import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import TouchLabTestSupport
import XCTest

/// `hit --view ADDRESS_OR_ID` (issue 45.8): can this view be hit, where, and if not, why.
final class ViewHitTests: XCTestCase {
  func report(_ name: String, in yaml: String) throws -> ViewHitReport {
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    let index = HitReport.ViewIndex(scene)
    let view = try XCTUnwrap(ViewHitReport.find(name, in: scene, views: index), name)
    return ViewHitReport(scene: scene, view: view, views: index)
  }

  func testEveryReasonWithTheViewResponsible() throws {
    let yaml = """
      classes:
        Refusing: {base: UIView, hitTest: none}
      window: {size: [300, 300]}
      controller:
        view:
          id: root
          subviews:
            - {id: fine, frame: [0, 0, 100, 100]}
            - {id: hidden, frame: [0, 100, 50, 50], hidden: true}
            - id: off
              frame: [200, 0, 100, 100]
              userInteractionEnabled: false
              subviews:
                - {id: inOff, frame: [0, 0, 50, 50]}
            - id: small
              frame: [200, 200, 20, 20]
              subviews:
                - {id: outside, frame: [40, 40, 10, 10]}
            - {id: zero, frame: [100, 100, 0, 10]}
            - {id: under, frame: [120, 0, 30, 30]}
            - {id: coverA, frame: [120, 0, 30, 15]}
            - {id: coverB, frame: [120, 15, 30, 15]}
            - {id: refusing, class: Refusing, frame: [0, 200, 50, 50]}
            - {id: faint, frame: [60, 200, 20, 20], alpha: 0.001}
      """
    let fine = try report("fine", in: yaml)
    XCTAssertTrue(fine.isHittable)
    XCTAssertEqual(fine.point, CGPoint(x: 50, y: 50))
    XCTAssertEqual(fine.reasons, [])
    XCTAssertTrue(fine.recognizers.contains { $0.className == "_UISystemGestureGateGestureRecognizer" })
    func reasons(_ id: String) throws -> [String] {
      let r = try report(id, in: yaml)
      XCTAssertFalse(r.isHittable, id)
      XCTAssertNil(r.point, id)
      XCTAssertEqual(r.recognizers, [], id)
      return r.reasons.map { "\($0.reason): \($0.view.id ?? "?")" }
    }
    XCTAssertEqual(try reasons("hidden"), ["hidden: hidden"])
    XCTAssertEqual(try reasons("inOff"), ["userInteractionEnabled = NO on an ancestor: off"])
    XCTAssertEqual(try reasons("outside"), ["outside an ancestor's bounds: small"])
    XCTAssertEqual(try reasons("zero"), ["zero size: zero"])
    XCTAssertEqual(
      Set(try reasons("under")),
      ["covered everywhere by later siblings: coverA", "covered everywhere by later siblings: coverB"])
    XCTAssertEqual(try reasons("refusing"), ["its hitTest answers nil (an override): refusing"])
    XCTAssertEqual(try reasons("faint"), ["alpha 0.001 < 0.01: faint"])
  }

  func testTheCommandOnARealDump() throws {
    let dump = FixtureHitTests.dumps.appendingPathComponent("cocoadelica-ios7-lldb.txt").path
    let result = try TouchLabCommand.run(
      ["hit", dump, "--view", "0x78f90b70", "--view", "blinc_NotesView", "--json"], in: FixtureHitTests.dumps)
    XCTAssertEqual(result.status, 0, result.err)
    let lines = result.out.split(separator: "\n")
    XCTAssertEqual(lines.count, 2)
    let image = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
    XCTAssertEqual(image["hittable"] as? Bool, false)
    XCTAssertTrue(image["at"] is NSNull)
    let reasons = image["reasons"] as! [[String: Any]]
    XCTAssertEqual(reasons.map { $0["reason"] as? String }.first, "userInteractionEnabled = NO")
    XCTAssertTrue(
      reasons.contains {
        $0["reason"] as? String == "covered everywhere by later siblings"
          && ($0["view"] as? [String: Any])?["address"] as? String == "0x78e6a050"
      }, "\(reasons)")
    let notes = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as! [String: Any]
    XCTAssertEqual(notes["hittable"] as? Bool, true)
    XCTAssertEqual(notes["at"] as? [Double], [160, 240])
    XCTAssertEqual((notes["view"] as? [String: Any])?["line"] as? Int, 5)
    XCTAssertTrue((notes["recognizers"] as! [[String: Any]]).contains { $0["address"] as? String == "0x78f8fcb0" })
    let many = try TouchLabCommand.run(
      ["hit", dump] + Array(repeating: ["--view", "0x78e6a050"], count: 21).flatMap { $0 }, in: FixtureHitTests.dumps)
    XCTAssertEqual(many.status, 1)
    XCTAssertTrue(many.err.hasSuffix("touchlab: error: hit takes at most 20 --view, not 21\n"), many.err)
    let unknown = try TouchLabCommand.run(["hit", dump, "--view", "0xdead"], in: FixtureHitTests.dumps)
    XCTAssertEqual(unknown.status, 1)
    XCTAssertTrue(
      unknown.err.hasSuffix("touchlab: error: --view 0xdead: no view of the scene has that address or id\n"))
  }
}

/// 45.2: a dump whose root is a UIWindow: a touch no subview takes hits the window itself.
final class WindowRootHitTests: XCTestCase {
  func testATouchNoSubviewTakesHitsTheDumpsWindowWithItsAddress() throws {
    // The real cycript dump, its full-window UITransitionView made to ignore touches.
    let text = try FixtureHitTests.text("cycript-ios13-backticks.txt").replacingOccurrences(
      of: "<UITransitionView: 0x1076068d0; frame = (0 0; 414 896);",
      with: "<UITransitionView: 0x1076068d0; frame = (0 0; 414 896); userInteractionEnabled = NO;")
    let result = try DumpImporter.importTexts([("views.txt", text)])
    let scene = try LayoutLoader.load(yaml: result.yaml, file: "views.txt (imported)")
    let report = HitReport(scene: scene, at: CGPoint(x: 300, y: 500))
    XCTAssertEqual(report.view?.className, "UIWindow")
    XCTAssertEqual(report.view?.address, "0x1045057e0")
    XCTAssertEqual(report.view?.line, 2)
    XCTAssertEqual(report.responders.first?.address, "0x1045057e0")
    XCTAssertEqual(report.responders.last?.className, "UIApplication")
    // The small view the dump prints beside it still takes its own touches.
    XCTAssertEqual(HitReport(scene: scene, at: CGPoint(x: 100, y: 130)).view?.address, "0x10450a690")
  }
}
