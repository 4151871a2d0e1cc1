import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabScripting
import XCTest

/// Every delegate rule works with `--set` and a scenario's `set:` step (docs/layouts.md):
/// `ID.delegate=RULES` replaces the delegate, `ID.delegate.RULE=VALUE` changes one rule.
final class SettableDelegateTests: XCTestCase {
  private let yaml = """
    controller:
      view:
        id: root
        gestures:
          - id: tap
            class: UITapGestureRecognizer
            action: {print: "tapped"}
            delegate: {shouldRecognizeSimultaneously: all}
        subviews:
          - {id: child, frame: [0, 0, 100, 100]}
    scenarios:
      child: [{tap: child}]
      twice:
        - tap: child
        - set: {tap.delegate.shouldBegin: false}
        - tap: child
        - set: {tap.delegate: {}}
        - tap: child
    """

  private func play(_ scenario: String, setting assignments: [String] = []) throws -> [String] {
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    for assignment in assignments { try scene.set(assignment) }
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: scenario)))
    return TranscriptFormatter().lines(scene.records.records)
  }

  func testSettingOneRuleKeepsTheOthers() throws {
    XCTAssertEqual(try play("child"), ["tapped"])
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    try scene.set("tap.delegate.shouldReceiveTouch={notInside: [child]}")
    let tap = try XCTUnwrap(scene.objects["tap"] as? UIGestureRecognizer)
    let delegate = try XCTUnwrap(tap.delegate as? RuleGestureDelegate)
    XCTAssertTrue(delegate.simultaneousWithAll, "the other rule is kept")
    XCTAssertEqual(delegate.refuseTouchesInside.count, 1)
    XCTAssertEqual(try play("child", setting: ["tap.delegate.shouldReceiveTouch={notInside: [child]}"]), [])
  }

  func testReplacingTheDelegate() throws {
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    try scene.set("tap.delegate={shouldBegin: false}")
    let delegate = try XCTUnwrap((scene.objects["tap"] as? UIGestureRecognizer)?.delegate as? RuleGestureDelegate)
    XCTAssertFalse(delegate.simultaneousWithAll, "a new delegate has only the rules given")
    XCTAssertFalse(delegate.shouldBegin)
    XCTAssertEqual(try play("child", setting: ["tap.delegate={shouldBegin: false}"]), [])
  }

  func testScenarioStepsChangeTheDelegateAtTheirMoment() throws {
    // Recognized, refused by shouldBegin: false, recognized again once the delegate is replaced.
    XCTAssertEqual(try play("twice"), ["tapped", "tapped"])
  }

  func testMistakesAreErrors() throws {
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    XCTAssertThrowsError(try scene.set("tap.delegate.shouldBgin=false")) { error in
      XCTAssertTrue("\(error)".contains("unknown delegate rule 'shouldBgin' (did you mean 'shouldBegin'?)"), "\(error)")
    }
    XCTAssertThrowsError(try scene.set("tap.delegate.shouldReceiveTouch={notInside: [nobody]}")) { error in
      XCTAssertTrue("\(error)".contains("unknown view id 'nobody'"), "\(error)")
    }
    XCTAssertThrowsError(try scene.set("child.delegate.shouldBegin=false")) { error in
      XCTAssertTrue("\(error)".contains("has no property 'delegate.shouldBegin'"), "\(error)")
    }
  }

  func testRequireToFailIsSettable() throws {
    let yaml = """
      controller:
        view:
          gestures:
            - {id: single, class: UITapGestureRecognizer, action: {print: "single"}}
            - {id: double, class: UITapGestureRecognizer, numberOfTapsRequired: 2, action: {print: "double"}}
      scenarios:
        double-tap:
          - tap: [50, 50]
          - wait: 0.1
          - tap: [50, 50]
      """
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    try scene.set("single.requireToFail=[double]")
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "double-tap")))
    XCTAssertEqual(TranscriptFormatter().lines(scene.records.records), ["double"])
    XCTAssertThrowsError(try scene.set("single.requireToFail=[nope]"))
  }
}

/// Issue 28: a `--set` mapping written without spaces, and `--set-file`.
final class SetWithoutSpacesTests: XCTestCase {
  private let yaml = """
    controller:
      view:
        id: root
        gestures:
          - id: tap
            class: UITapGestureRecognizer
            action: {print: "tapped"}
        subviews:
          - {id: child, frame: [0, 0, 100, 100]}
    scenarios:
      child: [{tap: child}]
    """

  private func play(_ configure: (Scene) throws -> Void) throws -> [String] {
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    try configure(scene)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "child")))
    return TranscriptFormatter().lines(scene.records.records)
  }

  func testAMappingWithoutSpacesIsReadAsWithThem() throws {
    XCTAssertEqual(try play { _ in }, ["tapped"])
    XCTAssertEqual(try play { try $0.set("tap.delegate={shouldBegin:false}") }, [])
    XCTAssertEqual(
      try play { try $0.set("tap.delegate={shouldReceiveTouch:{notInside:[child]},shouldBegin:true}") }, [])
    // Quoted text keeps its colons and commas as written.
    XCTAssertEqual(Scene.spacedFlowValue("{print:\"a:b,c\"}"), "{print: \"a:b,c\"}")
    XCTAssertEqual(Scene.spacedFlowValue("false"), "false")
  }

  func testASetFileAppliesEachLineAndReportsMistakesAtTheirPlace() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-set-file-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = folder.appendingPathComponent("good.yaml")
    try "tap.delegate: {shouldBegin: false}\n".write(to: good, atomically: true, encoding: .utf8)
    XCTAssertEqual(try play { try $0.set(contentsOfFile: good.path) }, [])
    let bad = folder.appendingPathComponent("bad.yaml")
    try "tap.isEnabled: true\ntap.nope: 1\n".write(to: bad, atomically: true, encoding: .utf8)
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    XCTAssertThrowsError(try scene.set(contentsOfFile: bad.path)) { error in
      XCTAssertEqual((error as? LayoutError)?.line, 2)
      XCTAssertTrue("\(error)".hasPrefix("\(bad.path):2:1: error: "), "\(error)")
    }
  }
}
