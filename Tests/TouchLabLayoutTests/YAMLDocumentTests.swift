import Foundation
import TouchLabEngine
import XCTest

@testable import TouchLabLayout

/// `YAMLDocument.parse` reads a layout with `YAMLSubsetReader` or composes it from libyaml's
/// events in one pass (`parseWithLibyaml`); the slow way (the nesting check, then Yams's
/// composer, copied) is what layouts were read with before. All must give the same tree —
/// kinds, texts, plain or not, line and column of every node — and the same errors.
final class YAMLDocumentTests: XCTestCase {
  /// The tree as `parse` reads it, as libyaml's events compose it, and as Yams composes it.
  private func trees(_ text: String) throws -> (fast: [String], libyaml: [String], slow: [String]) {
    (
      YAMLDocument.dump(try YAMLDocument.parse(text, file: "t.yaml")),
      YAMLDocument.dump(try YAMLDocument.parseWithLibyaml(text, file: "t.yaml")),
      YAMLDocument.dump(try YAMLDocument.parseThroughYams(text, file: "t.yaml"))
    )
  }

  private func error(_ body: () throws -> Any?) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      return "\(error)"
    }
  }

  func testEveryLayoutOfTheRepositoryComposesAsYamsComposesIt() throws {
    let layouts = try bundledLayoutTexts()
    XCTAssertGreaterThan(layouts.count, 10)
    for (file, text) in layouts {
      let (fast, libyaml, slow) = try trees(text)
      XCTAssertGreaterThan(fast.count, 20, file)
      XCTAssertEqual(fast, slow, file)
      XCTAssertEqual(libyaml, slow, file)
    }
  }

  func testAnchorsAliasesStylesAndOddScalarsComposeAsYamsComposesThem() throws {
    let texts = [
      // Anchors and aliases: an alias is its anchor's node, at the anchor's place; a
      // redefined anchor names the later node from there on.
      "a: &x [1, 2]\nb: *x\nc: &x {k: v}\nd: *x\ne: &s text\nf: *s\n",
      // Quoted, block and plain scalars; nulls of every spelling; an empty value.
      "a: 'single'\nb: \"dou\\tble\\u00e9\"\nc: |\n  literal\n  lines\nd: >\n  folded\n  text\ne: ~\nf: null\ng:\nh: \"\"\n",
      // A NUL and a byte-order mark inside scalars, non-ASCII text, columns after it.
      "a: \"x\\0y\"\nb: \"\\uFEFFbom\"\nc: 按钮 {not flow}\nd: [é, ü, 按]\n",
      // Flow collections nested in block ones, comments, explicit document markers, tags.
      "%YAML 1.1\n---\n# c\n- {a: [1, {b: 2}], c: d}  # trailing\n- ? complex\n  : key\n- !!str 5\n- !custom x\n...\n",
      // A scalar root, and an empty document.
      "just text\n", "", "# only a comment\n", "---\n",
    ]
    for text in texts {
      let (fast, libyaml, slow) = try trees(text)
      XCTAssertEqual(fast, slow, text.debugDescription)
      XCTAssertEqual(libyaml, slow, text.debugDescription)
    }
  }

  func testAByteOrderMarkAtTheStartGoesTheSlowWay() throws {
    // Yams, told the text is UTF-8, reads a leading mark as a character: what it says of
    // such a file is what the layout gets.
    let text = "\u{FEFF}a: [1, 2]\nb: c\n"
    let fast = error { try YAMLDocument.parse(text, file: "t.yaml") }
    XCTAssertEqual(fast, error { try YAMLDocument.parseThroughYams(text, file: "t.yaml") })
    XCTAssertEqual(fast, "t.yaml:2:1: error: YAML syntax: did not find expected <document start>")
  }

  func testErrorsAreYamssAndTheLimitsAtTheirPlaces() throws {
    let texts = [
      "a: [1, 2\nb: c\n",  // a syntax error
      "a: *nowhere\n",  // an undefined alias
      "a: &x [*x]\n",  // an alias inside its own anchor
      "a: 1\n---\nb: 2\n",  // two documents
      "a: 1\n---\nb: [\n",  // two documents, the second broken
      "a: *nowhere\nb: " + String(repeating: "[", count: 1_001) + "\n",  // an undefined alias, then too deep
      "a: b: c\n",  // a mapping where a value goes
      "\t- tab\n",  // a tab for indentation
      "a: \"\\q\"\n",  // an unknown escape
      "a: " + String(repeating: "[", count: 1_001) + String(repeating: "]", count: 1_001) + "\n",
      "a: \"" + String(repeating: "x", count: 10_001) + "\"\n",
    ]
    for text in texts {
      let fast = error { try YAMLDocument.parse(text, file: "t.yaml") }
      let slow = error { try YAMLDocument.parseThroughYams(text, file: "t.yaml") }
      XCTAssertNotNil(fast, text.debugDescription)
      XCTAssertEqual(fast, slow, text.debugDescription)
      XCTAssertEqual(error { try YAMLDocument.parseWithLibyaml(text, file: "t.yaml") }, slow, text.debugDescription)
    }
  }

  func testPlainDecimalsReadFastAreTheNumbersStrtodReads() {
    let texts = [
      "0", "-0", "5", "5.", ".5", "-.5", "3.9", "84.4", "0.1", "0.3", "-12.75", "007", "123456789012345",
      "12345678.9012345", "0.00000000000001", "999999999999999", "390", "8.44",
    ]
    for text in texts {
      let fast = YAMLValue.fastDouble(text)
      XCTAssertEqual(fast?.bitPattern, Double(text)?.bitPattern, text)
      XCTAssertNotNil(fast, text)
    }
    // Anything else is left to Double(_:).
    for text in ["", ".", "-", "+5", "1e5", "1.2.3", "1234567890123456", " 5", "0x10", "nan", "5 "] {
      XCTAssertNil(YAMLValue.fastDouble(text), text)
    }
    // Random decimals of up to 15 digits.
    var random = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let digits = String(UInt64.random(in: 0..<1_000_000_000_000_000, using: &random))
      let point = Int.random(in: 0...digits.count, using: &random)
      let text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
      XCTAssertEqual(YAMLValue.fastDouble(text)?.bitPattern, Double(text)?.bitPattern, text)
    }
  }

  /// A scalar read as written is a range of the file's text, a key one shared text, a quoted
  /// scalar with an escape a text of its own: each compares, reads and is null by its text.
  func testScalarsKeptEachWayCompareByTheirText() throws {
    let text = "a: x\nb: 'x'\nc: \"x\\/\"\nd: xy\nx: ~\ne: x/\nf: 4.25\ng: ''\n"
    let (document, root) = try XCTUnwrap(YAMLDocument.parse(text, file: "t.yaml"))
    let items = Array(document.children(of: root))
    func key(_ position: Int) -> Int { items[2 * position] }
    func value(_ position: Int) -> Int { items[2 * position + 1] }
    // How each is kept.
    XCTAssertTrue(document[value(0)].isInSource)
    XCTAssertTrue(document[key(0)].hasSharedText)
    XCTAssertFalse(document[value(2)].isInSource, "an escape: its own text")
    XCTAssertEqual(document.text(of: value(2)), "x/")
    // Equal texts, however kept.
    XCTAssertTrue(document.scalarsAreEqual(value(0), value(1)), "x and 'x': two ranges")
    XCTAssertTrue(document.scalarsAreEqual(value(0), key(4)), "a range and a key")
    XCTAssertTrue(document.scalarsAreEqual(value(2), value(5)), "an escaped text and a range")
    XCTAssertTrue(document.scalarsAreEqual(key(0), key(0)))
    // Different ones.
    XCTAssertFalse(document.scalarsAreEqual(value(0), value(3)), "x and xy")
    XCTAssertFalse(document.scalarsAreEqual(value(2), value(3)), "x/ and xy: the same length")
    XCTAssertFalse(document.scalarsAreEqual(key(0), key(1)))
    XCTAssertFalse(document.scalarsAreEqual(root, key(0)), "a mapping is no scalar")
    // Read from the bytes.
    XCTAssertEqual(try YAMLValue(document, value(6)).double("f"), 4.25)
    XCTAssertTrue(YAMLValue(document, value(4)).isNull)
    XCTAssertFalse(YAMLValue(document, value(7)).isNull, "'' is quoted: an empty text, not null")
    XCTAssertFalse(YAMLValue(document, value(0)).isNull)
    XCTAssertEqual(document.withUTF8(of: value(3)) { Array($0) }, Array("xy".utf8))
    XCTAssertNil(document.withUTF8(of: root) { Array($0) })
    // What a node costs a big layout: its flags and four 32-bit fields.
    XCTAssertEqual(MemoryLayout<YAMLDocument.Node>.stride, 20)
  }

  /// A key's shared number is the same for every key of its text in one document, and the
  /// scene builder keeps what a key means by it for that document only: another document's
  /// first key (numbered 0 as well) is worked out again.
  func testSharedKeyNumbersAreKeptForTheirOwnDocument() throws {
    func keys(_ text: String) throws -> [YAMLValue] {
      let (document, root) = try XCTUnwrap(YAMLDocument.parse(text, file: "t.yaml"))
      return stride(from: 0, to: document.children(of: root).count, by: 2).map {
        YAMLValue(document, Array(document.children(of: root))[$0])
      }
    }
    let first = try keys("id: a\nframe: [0, 0, 1, 1]\nsubviews: []\n")
    let second = try keys("frame: [0, 0, 1, 1]\nid: b\n")
    func number(_ key: YAMLValue) -> Int? { key.document.sharedKeyNumber(of: key.index) }
    XCTAssertEqual(first.map(number), [0, 1, 2])
    XCTAssertEqual(second.map(number), [0, 1])
    var builder = SceneBuilder(file: "t.yaml")
    let view = UIView()
    let description = BuiltinClass.descriptionIndex(of: view)
    func meaning(_ key: YAMLValue) -> String {
      switch builder.viewKeyMeaning(key.scalarText!, key, of: view, description: description) {
      case .id: "id"
      case .subviews: "subviews"
      case .property(_, let isFrame, _): isFrame ? "frame" : "property"
      default: "other"
      }
    }
    XCTAssertEqual(first.map(meaning), ["id", "frame", "subviews"])
    XCTAssertEqual(second.map(meaning), ["frame", "id"])
    XCTAssertEqual(first.map(meaning), ["id", "frame", "subviews"], "and back")
  }

  func testTheGeneratedBenchmarkLayoutLoadsWithAllItsViews() throws {
    // Benchmarks/Layouts/generate.py's shape, smaller: a tree 4 wide and 3 deep.
    var text = "classes:\n  Box: {base: UIView, log: [touchesBegan]}\ncontroller:\n  view:\n    id: root\n"
    func views(_ prefix: String, _ level: Int, _ indent: Int) {
      let pad = String(repeating: " ", count: indent)
      text += pad + "subviews:\n"
      for i in 0..<4 {
        let name = "\(prefix)_\(i)"
        text += pad + "  - id: \(name)\n" + pad + "    class: Box\n" + pad + "    frame: [\(i * 10), 0, 10, 10]\n"
        if level < 3 { views(name, level + 1, indent + 4) }
      }
    }
    views("v", 1, 4)
    let scene = try LayoutLoader.load(yaml: text, file: "tree.yaml")
    XCTAssertEqual(scene.objects.keys.filter { $0.hasPrefix("v_") }.count, 4 + 16 + 64)
    XCTAssertEqual(scene.objects["v_3_3_3"].map { "\(type(of: $0))" }, "UIView")
  }
}
