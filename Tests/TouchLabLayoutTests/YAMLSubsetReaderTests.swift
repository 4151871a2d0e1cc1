import Foundation
import XCTest

@testable import TouchLabLayout

/// `YAMLSubsetReader` reads a file itself or leaves it to libyaml; a file it reads must be one
/// libyaml composes, into the same tree — kinds, texts, plain or not, line and column of
/// every node.
final class YAMLSubsetReaderTests: XCTestCase {
  /// The reader's tree of `text`, or nil when it leaves the file to libyaml. Read both ways
  /// — its scalars kept as ranges of the text (as `YAMLDocument.parse` reads), and each made
  /// a string of its own — which must be the same tree.
  private func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String]? {
    let source = text
    var text = text
    guard let inSource = text.withUTF8({ YAMLSubsetReader.read($0, file: "t.yaml", source: source) }) else {
      return nil
    }
    let tree = inSource.root.map { YAMLDocument.dump((inSource.document, $0)) } ?? []
    let copied = text.withUTF8 { YAMLSubsetReader.read($0, file: "t.yaml") }
    XCTAssertEqual(
      copied.map { read in read.root.map { YAMLDocument.dump((read.document, $0)) } ?? [] }, tree,
      "the scalars as ranges of the text and as strings of their own", file: file, line: line)
    return tree
  }

  /// libyaml's tree of `text`, or its error.
  private func composed(_ text: String) -> Result<[String], Error> {
    Result { YAMLDocument.dump(try YAMLDocument.parseWithLibyaml(text, file: "t.yaml")) }
  }

  private func assertReadAsLibyamlComposes(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let tree = read(text, file: file, line: line) else {
      XCTFail("left to libyaml: \(text.debugDescription)", file: file, line: line)
      return
    }
    switch composed(text) {
    case .success(let expected): XCTAssertEqual(tree, expected, text.debugDescription, file: file, line: line)
    case .failure(let error):
      XCTFail("read, but libyaml says \(error): \(text.debugDescription)", file: file, line: line)
    }
  }

  func testEveryBundledLayoutIsReadAsLibyamlComposesIt() throws {
    let layouts = try bundledLayoutTexts()
    XCTAssertGreaterThan(layouts.count, 40)
    for (_, text) in layouts { assertReadAsLibyamlComposes(text) }
  }

  func testTheBenchmarksTreeOfViewsIsReadAsLibyamlComposesIt() {
    // Benchmarks/Layouts/generate.py's shape, smaller.
    var text =
      "# generated\ntitle: \"3-wide tree\"\nclasses:\n  Box:\n    base: UIView\n    log: [touchesBegan, touchesEnded]\n"
    text += "controller:\n  view:\n    id: root\n    color: \"#F2F2F7\"\n"
    func views(_ prefix: String, _ level: Int, _ indent: Int) {
      let pad = String(repeating: " ", count: indent)
      text += pad + "subviews:\n"
      for i in 0..<3 {
        text +=
          pad + "  - id: \(prefix)_\(i)\n" + pad + "    class: Box\n" + pad + "    frame: [\(i * 13), 0, 13, 84.4]\n"
        text += pad + "    color: \"#5AC8FA\"\n"
        if level < 3 { views("\(prefix)_\(i)", level + 1, indent + 4) }
      }
    }
    views("v", 1, 4)
    text += "scenario:\n  - tap: v_1_1_1\n"
    assertReadAsLibyamlComposes(text)
  }

  func testTheSubsetsCornersAreReadAsLibyamlComposesThem() {
    let texts = [
      // Empty values: after a key, after a `-`, at the end of the file, before a dedent.
      "a:\nb:\n  c:\n  d: 1\ne:", "- \n-\n- x\n-", "a:\n  -\n  - b:\n", "a: # comment\n  b: 1\n",
      // A list at its mapping's own column, then the mapping again; a list of mappings.
      "a:\n- 1\n- 2\nb: 3\n", "a:\n- x: 1\n  y: 2\n- z: 3\nb: 4\n",
      // Keys: quoted, spaced before the colon, with colons and hashes inside.
      "\"a b\": 1\n'c''d': \"e\\\"f\\\\g\\n\\t\\/\"\nh  : i\nj:k: l\nm#n: o # p\n",
      // Plain scalars: numbers, dashes, inner spaces, brackets in block context.
      "a: -5\nb: -x\nc: a  b\nd: [1, -2.5, x y, \"q\", 'r', [], {}]\ne: a]b,c\nf: ~\n",
      // Flow mappings inside lists and lists inside flow mappings.
      "- {a: 1, b: [x, {c: d}], 'e': \"f\"}\n- {print: \"item selected!\"}\n- [ 1 ,2 ]\n",
      // Non-ASCII: columns count characters, not bytes.
      "按钮: 按钮\né: [é, ü, 按]\nx:\n  - 𝄞: \"𝄞\"\n    y: z\n",
      // Comments and blank lines everywhere, indentation that varies from block to block.
      "# top\n\na:   # c\n      b: 1\n\n      # inside\n      c: 2\nd:\n - e\n - f\n# end\n",
      // A root list, a root scalar, a root flow collection, nothing at all.
      "- a\n- b\n", "just text\n", "[1, 2]\n", "{a: b}", "", "# only a comment\n", "\n\n",
    ]
    for text in texts { assertReadAsLibyamlComposes(text) }
  }

  func testWhatTheReaderDoesNotReadIsLeftToLibyaml() throws {
    let texts = [
      "a: &x 1\nb: *x\n", "a: !!str 5\n", "%YAML 1.1\n---\na: 1\n", "---\na: 1\n", "a: 1\n...\n",
      "a: |\n  text\n", "a: >\n  text\n", "a: plain\n  continued\n", "a: \"two\n  lines\"\n",
      "a: \"\\u00e9\"\n", "a: [1\n  , 2]\n", "a: [1,\n2]\n", "a: {b: 1,\n  c:\n  2}\n", "? complex\n: key\n", "a:\tb\n",
      "a: b\r\n", "\u{FEFF}a: 1\n",
      "a: b: c\n", "a: - b\n", "- - a\n", "a: [1, 2,]\n", "a: {b}\n", "a: {b: , c: 1}\n", "a: [b:c]\n",
      "a: \"q\"# c\n", "a: [x #c]\n", "a: 1\n b: 2\n", "  a: 1\nb: 2\n", "a:\n  - b\n  c: d\n", "a: 1\n- b\n",
      "- a\nb: c\n", "a: @x\n", "a: `x`\n", "a: \u{85}\n", "a: \u{2028}\n", "a: \u{1}\n", "a: \"\u{7F}\"\n",
      String(repeating: "k", count: 1_100) + ": 1\n",
      "a: " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n",
      "a: \"" + String(repeating: "x", count: 10_001) + "\"\n",
    ]
    for text in texts {
      XCTAssertNil(read(text), text.prefix(80).debugDescription)
      // …and reading it goes on libyaml's way, with libyaml's tree or error.
      let parsed = Result { YAMLDocument.dump(try YAMLDocument.parse(text, file: "t.yaml")) }
      XCTAssertEqual("\(parsed)", "\(composed(text))", text.prefix(80).debugDescription)
    }
    // Malformed UTF-8 is never read (Swift strings repair it, so the bytes go in directly).
    for bytes: [UInt8] in [[0x61, 0x3A, 0x20, 0xC3], [0x61, 0x3A, 0x20, 0xC0, 0x80], [0xED, 0xA0, 0x80, 0x3A, 0x20]] {
      XCTAssertNil(bytes.withUnsafeBufferPointer { YAMLSubsetReader.read($0, file: "t.yaml") }, "\(bytes)")
    }
  }

  /// Thousands of layout-like files, generated and then mutated byte by byte: every one the
  /// reader reads, libyaml composes to the same tree; the rest the reader leaves alone.
  func testGeneratedAndMutatedFilesAreReadAsLibyamlComposesThemOrLeftToIt() {
    var random = SeededRandom(seed: 0x5EED_7AB1E)
    var readCount = 0
    var leftCount = 0
    for round in 0..<20_000 {
      var text = YAMLFuzzText.document(&random)
      if round % 2 == 1 { text = YAMLFuzzText.mutate(text, &random) }
      guard let tree = read(text) else {
        leftCount += 1
        continue
      }
      readCount += 1
      switch composed(text) {
      case .success(let expected):
        if tree != expected {
          XCTFail(
            "round \(round): \(text.debugDescription)\nread:\n\(tree.joined(separator: "\n"))\nlibyaml:\n\(expected.joined(separator: "\n"))"
          )
          return
        }
      case .failure(let error):
        XCTFail("round \(round): read, but libyaml says \(error): \(text.debugDescription)")
        return
      }
    }
    // Both ways were taken, often: the generator reaches into the subset and out of it.
    XCTAssertGreaterThan(readCount, 6_000)
    XCTAssertGreaterThan(leftCount, 3_000)
  }
}

/// Layout-like YAML made at random: block mappings and lists at varied indentation,
/// indentless lists, flow collections, plain and quoted scalars with the characters that
/// end or start them, comments, blank lines and empty values.
enum YAMLFuzzText {
  static let plains = [
    "a", "b c", "-5", "3.5", "x:y", "a#b", "é", "按钮", "~", "null", "true", "a  b", "key", "-x", "a,b", "a]", "a}",
    "84.4", "#FFCC00", "touchesBegan", "UIButton", "𝄞",
  ]
  static let quoted = ["\"\"", "\"a b\"", "\"#F2F2F7\"", "\"x\\\"y\"", "\"t\\tn\\n\"", "'s'", "'it''s'", "\"按\"", "''"]
  static let keys = ["id", "class", "frame", "color", "subviews", "a b", "\"q\"", "'s'", "é", "-k", "k:k", "x"]
  static let noise: [String] = [
    " ", "\n", "-", ":", "#", "\"", "'", "[", "]", "{", "}", ",", "a", "1", "é", "\t", "&", "*", "!", "|", ">", "?",
    "%", "\\", ".", "  ", "- ", ": ", "\n  ", "---", "\r",
  ]

  static func document(_ random: inout SeededRandom) -> String {
    var lines: [String] = []
    if Bool.random(using: &random) { lines.append("# a layout") }
    switch Int.random(in: 0..<6, using: &random) {
    case 0: block(sequence: true, indent: 0, depth: 0, &random, into: &lines)
    case 1: lines.append(scalar(&random))
    default: block(sequence: false, indent: 0, depth: 0, &random, into: &lines)
    }
    return lines.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
  }

  static func scalar(_ random: inout SeededRandom) -> String {
    Int.random(in: 0..<3, using: &random) == 0
      ? quoted.randomElement(using: &random)! : plains.randomElement(using: &random)!
  }

  static func flow(_ random: inout SeededRandom, depth: Int) -> String {
    let count = Int.random(in: 0...3, using: &random)
    let space = Bool.random(using: &random) ? " " : ""
    func item() -> String {
      depth < 2 && Int.random(in: 0..<4, using: &random) == 0 ? flow(&random, depth: depth + 1) : scalar(&random)
    }
    // Now and then the list goes on to the next line (after a comment), indented anyhow.
    func separator() -> String {
      guard Int.random(in: 0..<4, using: &random) == 0 else { return ", " }
      let comment = Bool.random(using: &random) ? " # c" : ""
      return "," + comment + "\n" + String(repeating: " ", count: Int.random(in: 0...8, using: &random))
    }
    let items: [String]
    if Bool.random(using: &random) {
      items = (0..<count).map { _ in item() }
    } else {
      items = (0..<count).map { _ in keys.randomElement(using: &random)! + ": " + item() }
    }
    var text = items.first ?? ""
    for item in items.dropFirst() { text += separator() + item }
    let (open, close) = items.first?.contains(": ") == true && Bool.random(using: &random) ? ("{", "}") : ("[", "]")
    return open + space + text + space + close
  }

  /// A value after `key:` or `- `: inline, or a nested block on the next lines.
  static func value(indent: Int, depth: Int, _ random: inout SeededRandom, into lines: inout [String]) {
    let roll = depth < 4 ? Int.random(in: 0..<10, using: &random) : Int.random(in: 0..<6, using: &random)
    switch roll {
    case 0...2: lines[lines.count - 1] += " " + scalar(&random)
    case 3: lines[lines.count - 1] += " " + flow(&random, depth: 0)
    case 4: break  // empty
    case 5: lines[lines.count - 1] += "   # note"
    case 6: block(sequence: true, indent: indent, depth: depth + 1, &random, into: &lines)  // indentless when asked
    default:
      block(
        sequence: Bool.random(using: &random), indent: indent + Int.random(in: 1...4, using: &random),
        depth: depth + 1, &random, into: &lines)
    }
  }

  static func block(sequence: Bool, indent: Int, depth: Int, _ random: inout SeededRandom, into lines: inout [String]) {
    let pad = String(repeating: " ", count: indent)
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      if Int.random(in: 0..<8, using: &random) == 0 { lines.append(Bool.random(using: &random) ? "" : pad + "# c") }
      if sequence {
        lines.append(pad + "-")
        if Bool.random(using: &random) {
          // A mapping on the `-` line.
          lines[lines.count - 1] += " " + keys.randomElement(using: &random)! + ":"
          value(indent: indent + 2, depth: depth, &random, into: &lines)
          if Bool.random(using: &random) {
            lines.append(pad + "  " + keys.randomElement(using: &random)! + ":")
            value(indent: indent + 2, depth: depth, &random, into: &lines)
          }
        } else {
          value(indent: indent, depth: depth, &random, into: &lines)
        }
      } else {
        lines.append(pad + keys.randomElement(using: &random)! + ":")
        value(indent: indent, depth: depth, &random, into: &lines)
      }
    }
  }

  /// One to three bytes inserted, deleted or replaced.
  static func mutate(_ text: String, _ random: inout SeededRandom) -> String {
    var characters = Array(text)
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let at = Int.random(in: 0...characters.count, using: &random)
      let piece = Array(noise.randomElement(using: &random)!)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: characters.insert(contentsOf: piece, at: at)
      case 1: if at < characters.count { characters.remove(at: at) }
      default:
        if at < characters.count { characters.replaceSubrange(at...at, with: piece) }
      }
    }
    return String(characters)
  }
}

extension YAMLSubsetReaderTests {
  /// The reader recurses once a level: at its deepest it must still fit a small thread's
  /// stack (an eighth of the usual 8 MB; layouts are also loaded on the window's background
  /// thread), in a debug build too.
  func testTheDeepestFileReadFitsASmallThreadsStack() {
    let levels = YAMLSubsetReader.maximumDepth
    // Mappings inside one another, then a list holding a flow list: `levels` levels.
    let text =
      (0..<levels - 2).map { String(repeating: " ", count: $0) + "a:\n" }.joined()
      + String(repeating: " ", count: levels - 2) + "- [x]\n"
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var tree: [String]?
    let thread = Thread {
      tree = self.read(text)
      done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
    done.wait()
    XCTAssertEqual(tree?.count, 2 * (levels - 2) + 3)
    XCTAssertEqual(tree, try? composed(text).get())
    // One level more is libyaml's.
    XCTAssertNil(read(String(repeating: "[", count: levels + 1) + String(repeating: "]", count: levels + 1)))
  }
}

extension YAMLSubsetReaderTests {
  /// `checkCharacters` takes eight ASCII bytes at a time: against a character-by-character
  /// reference (Swift's own UTF-8 decoder, libyaml's printable set), on random bytes.
  func testTheCharacterCheckIsTheCharacterByCharacterOne() {
    func reference(_ bytes: [UInt8]) -> (isASCII: Bool, indicators: Int)? {
      var iterator = bytes.makeIterator()
      var decoder = UTF8()
      var indicators = 0
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
          let value = scalar.value
          let printable =
            value == 0x0A || (0x20...0x7E).contains(value) || (0xA0...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || value >= 0x10000
          guard printable, value != 0xFEFF, value != 0x2028, value != 0x2029 else { return nil }
          if value == 0x3A || value == 0x2D || value == 0x2C { indicators += 1 }
        case .emptyInput: return (bytes.allSatisfy { $0 < 0x80 }, indicators)
        case .error: return nil
        }
      }
    }
    let pieces: [[UInt8]] = [
      Array("a:-, \n".utf8), Array("key: value, - x".utf8), [0x09], [0x0D], [0x00], [0x7F], [0x1F], [0x0A],
      Array("é".utf8), Array("按".utf8), Array("𝄞".utf8), [0xC3], [0xE2, 0x80, 0xA8], [0xEF, 0xBB, 0xBF], [0xC2, 0x85],
      [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
      Array(String(repeating: "abcdefgh", count: 3).utf8),
    ]
    var random = SeededRandom(seed: 0xC4A2)
    var refused = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        // Mostly plain ASCII, so that the eight-byte path is taken and left at every offset.
        bytes +=
          Int.random(in: 0..<4, using: &random) == 0 ? pieces.randomElement(using: &random)! : Array("ab:c-d,e".utf8)
      }
      let checked = bytes.withUnsafeBufferPointer { YAMLSubsetReader.checkCharacters($0) }
      let expected = reference(bytes)
      if checked == nil { refused += 1 }
      XCTAssertEqual(checked?.isASCII, expected?.isASCII, "\(bytes)")
      XCTAssertEqual(checked?.indicators, expected?.indicators, "\(bytes)")
    }
    XCTAssertGreaterThan(refused, 2_000)
    XCTAssertLessThan(refused, 18_000)
  }
}

extension YAMLSubsetReaderTests {
  /// A file in the subset but past the node limit is libyaml's, whose error says so.
  func testAFilePastTheNodeLimitIsLeftToLibyamlWhichReportsIt() {
    func nodesRead(_ text: String) -> Int? {
      var text = text
      return text.withUTF8 { YAMLSubsetReader.read($0, file: "t.yaml") }?.document.nodes.count
    }
    let limit = LayoutLimits.maximumExpandedNodes
    // The mapping, its key, the list and its items: exactly the limit is read…
    XCTAssertEqual(nodesRead("a: [" + String(repeating: "0,", count: limit - 4) + "0]\n"), limit)
    // …one more is not, and libyaml reports it.
    let text = "a: [" + String(repeating: "0,", count: limit - 3) + "0]\n"
    XCTAssertNil(nodesRead(text))
    XCTAssertThrowsError(try YAMLDocument.parse(text, file: "t.yaml")) { error in
      XCTAssertTrue("\(error)".contains("grows past 1000000 nodes"), "\(error)")
    }
  }
}
