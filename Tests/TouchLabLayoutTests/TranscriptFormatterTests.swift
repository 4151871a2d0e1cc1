import Foundation
import TouchLabEngine
import TouchLabRecords
import TouchLabScripting
import XCTest

/// The transcript is written downstream of the engine, from typed records: the engine's
/// records carry no line, and the formatter writes `-[Class selector]` itself.
final class TranscriptFormatterTests: XCTestCase {
  /// A responder that receives a button's action (no declared class: the engine alone).
  private final class Saver: UIResponder {}

  func testAnEngineOnlySceneRecordsNoTextAndTheFormatterWritesItsLines() throws {
    let app = UIApplication()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
    app.addWindow(window)
    let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    window.addSubview(button)
    let saver = Saver()
    button.addTarget(saver, action: .selector("save:"), for: .touchUpInside)
    button.addTarget(nil, action: .selector("nobodyImplements:"), for: .touchUpInside)
    button.addTarget(nil, action: .print("saved"), for: .touchUpInside)

    app.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: 50, y: 25))])
    app.clock.advance(to: 0.05)
    app.sendTouches([TouchInput(finger: 1, phase: .ended, location: CGPoint(x: 50, y: 25))])

    let records = app.records.records
    XCTAssertGreaterThan(records.count, 5)
    XCTAssertEqual(records.compactMap(\.text), [], "the engine wrote no text")
    XCTAssertEqual(TranscriptFormatter().lines(records), ["-[Saver save:]", "saved"])
    XCTAssertEqual(
      TranscriptFormatter(showsTimes: true).lines(records), ["[0.050] -[Saver save:]", "[0.050] saved"])
    let action = try XCTUnwrap(records.first { $0.method == "save:" })
    XCTAssertTrue(TranscriptFormatter.json(action).contains(#""line":"-[Saver save:]""#))
    let ignored = try XCTUnwrap(records.first { $0.method == "nobodyImplements:" })
    XCTAssertNil(TranscriptFormatter.text(of: ignored), "an action nobody received prints no line")
    XCTAssertFalse(TranscriptFormatter.json(ignored).contains("\"line\""))
  }

  func testLinesOfLoggedRecordsAreTheDefaultUnlessTheDeclaredClassWroteItsOwn() {
    let receiver = Participant(kind: .view, className: "YellowView", id: "yellow")
    let logged = DeliveryRecord(time: 0, event: .logged(method: "touchesBegan:withEvent:", receiver: receiver))
    XCTAssertEqual(TranscriptFormatter().line(logged), "-[YellowView touchesBegan:withEvent:]")
    var own = logged
    own.text = "began\nstate 0"
    XCTAssertEqual(TranscriptFormatter.text(of: own), "began\nstate 0")
    XCTAssertEqual(TranscriptFormatter().line(own), "began\\nstate 0", "control characters written out")
    XCTAssertNil(
      TranscriptFormatter().line(DeliveryRecord(time: 0, event: .touches(phase: .began, receiver: receiver))))
  }

  /// The engine's sources write no transcript text and know no layout vocabulary.
  func testTheEngineSourcesHoldNoTranscriptText() throws {
    let engine = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/TouchLabEngine").standardized
    let files = try FileManager.default.contentsOfDirectory(atPath: engine.path).filter { $0.hasSuffix(".swift") }
    XCTAssertGreaterThan(files.count, 40)
    for file in files {
      let text = try String(contentsOf: engine.appendingPathComponent(file), encoding: .utf8)
      for word in [
        "%s", "%state", "logFormat", "NSLog", "\"-[", "Yams", "ScriptedClass", "LinePlaceholder", "PrintHooks",
        "printHooks", "case print(String)",
      ] {
        XCTAssertFalse(text.contains(word), "\(file) mentions \(word)")
      }
      let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
      XCTAssertEqual(imports, ["import Foundation"], "\(file) imports Foundation only")
    }
  }

  /// Each selector is spelled once, in `UIKitSelector`: no other source file writes it as a literal.
  func testEverySelectorIsSpelledOnceInTheSources() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources").standardized
    let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    XCTAssertGreaterThan(files.count, 100)
    var spellings: [String: [String]] = [:]
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for selector in UIKitSelector.allCases where text.contains("\"\(selector.rawValue)\"") {
        spellings[selector.rawValue, default: []].append(file)
      }
    }
    for selector in UIKitSelector.allCases {
      XCTAssertEqual(spellings[selector.rawValue], ["TouchLabEngine/UIKitSelector.swift"], selector.rawValue)
    }
    XCTAssertEqual(UIKitSelector(touches: .cancelled).rawValue, "touchesCancelled:withEvent:")
    XCTAssertEqual(UIKitSelector(tracking: .moved).rawValue, "continueTrackingWithTouch:withEvent:")
    XCTAssertEqual(OverridableMethod.touchesShouldCancel.selector, "touchesShouldCancelInContentView:")
  }

  /// `--json`, `touchlab hit --json` and the importer's YAML quote with one function: quotes,
  /// backslashes, newlines, returns and tabs escaped, and every control character a terminal
  /// acts on (C0, DEL, C1) written out.
  func testJSONAndYAMLStringsAreQuotedByOneFunction() {
    let text = "a\"b\\c\n\t\r\u{1B}[2J\u{7F}\u{9B}é"
    XCTAssertEqual(text.jsonQuoted, #""a\"b\\c\n\t\r\u001b[2J\u007f\u009bé""#)
    XCTAssertEqual(text.doubleQuoted { String(format: "\\x%02X", $0) }, #""a\"b\\c\n\t\r\x1B[2J\x7F\x9Bé""#)
    XCTAssertEqual(text.escapingControlCharacters, #"a"b\c\n\t\r\u{1B}[2J\u{7F}\u{9B}é"#)
    XCTAssertEqual("plain".jsonQuoted, "\"plain\"")
  }
}
