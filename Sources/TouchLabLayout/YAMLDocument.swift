// libyaml's C API, which Yams builds as its module CYaml.
import CYaml
import Foundation
import Yams

/// A parsed YAML file: every node in one array, a collection's children as a range of
/// another, so that loading a big layout builds a few arrays rather than a tree of objects
/// (and frees them rather than walking a tree). `YAMLValue` is a node of it. A scalar read
/// as it is written is a range of the file's own text (`source`), not a string of its own:
/// most of a layout's scalars are never wanted as strings (a frame's numbers are read from
/// the bytes), and 163,000 strings were 2.6 MB of a big layout's memory and a third of its
/// reading. A mapping key is one text shared by every key of its bytes (`hasSharedText`):
/// keys are compared, and looked up, by its index and number.
///
/// `parse` reads the subset of YAML layouts are written in straight from the bytes
/// (`YAMLSubsetReader`, the same tree libyaml gives); any other file it composes
/// (`parseWithLibyaml`) straight from libyaml's events in one pass, measuring it with
/// `YAMLNesting.Tracker` on the way (the same limits at the same places as before the tree
/// is built); anything it does not compose itself — a syntax error, an undefined alias, a
/// second document, a byte-order mark — goes the slower way, through Yams, whose errors
/// (`LayoutLoader.layoutError(from:file:)`) are the ones layouts have always had.
final class YAMLDocument {
  enum Kind: UInt8 { case scalar, mapping, sequence }

  /// 20 bytes rather than 40: a big layout's nodes are written once and read many times,
  /// and every page of them is a page fault. A file is at most `LayoutLimits.maximumFileBytes`
  /// and a document at most `LayoutLimits.maximumExpandedNodes` nodes: all fit 32 bits.
  struct Node {
    var kind: Kind
    /// A plain scalar (not quoted, not a block scalar): only a plain scalar can be null.
    var isPlain: Bool
    /// A scalar whose text is the UTF-8 of `source` from `start`, `count` bytes long, rather
    /// than `texts[start]`.
    var isInSource: Bool
    /// A scalar whose text in `texts` is every such scalar's of that text (the reader's
    /// keys): two of them are equal exactly when their `start`s are, and `count` numbers
    /// the shared texts from 0 in the order they were first read (`sharedKeyNumber(of:)`).
    var hasSharedText: Bool
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedStart: UInt32
    private var storedCount: UInt32

    init(
      kind: Kind, isPlain: Bool, isInSource: Bool = false, hasSharedText: Bool = false, line: Int, column: Int,
      start: Int, count: Int
    ) {
      self.kind = kind
      self.isPlain = isPlain
      self.isInSource = isInSource
      self.hasSharedText = hasSharedText
      storedLine = UInt32(clamping: line)
      storedColumn = UInt32(clamping: column)
      storedStart = UInt32(clamping: start)
      storedCount = UInt32(clamping: count)
    }

    /// 1-based, as in error messages; a node made by the program rather than read is at 1:1.
    var line: Int { Int(storedLine) }
    var column: Int { Int(storedColumn) }
    /// A scalar's index in `texts` (or its first byte in `source`); a collection's first child
    /// in `children`.
    var start: Int {
      get { Int(storedStart) }
      set { storedStart = UInt32(clamping: newValue) }
    }
    /// A collection's children: a list's items, a mapping's keys and values in turn (a
    /// scalar in `source`: its bytes).
    var count: Int {
      get { Int(storedCount) }
      set { storedCount = UInt32(clamping: newValue) }
    }
  }

  /// The file's name, for error messages.
  let file: String
  /// The text the document was read from, in one contiguous UTF-8 buffer: the scalars
  /// `isInSource` are ranges of it.
  let source: String

  init(file: String, source: String = "") {
    self.file = file
    var source = source
    source.makeContiguousUTF8()
    self.source = source
  }

  // Read thousands of times a load and never while being changed: no run-time exclusivity
  // checks (a third of the reading, measured).
  @exclusivity(unchecked) private(set) var nodes: [Node] = []
  /// Node indexes, 32 bits each: a document has at most `LayoutLimits.maximumExpandedNodes`.
  @exclusivity(unchecked) private(set) var children: [UInt32] = []
  @exclusivity(unchecked) private(set) var texts: [String] = []

  subscript(index: Int) -> Node { nodes[index] }

  /// Room for about `nodes` nodes, asked for once rather than grown by copying (room never
  /// written is never touched, so never faulted in).
  func reserve(nodes count: Int) {
    nodes.reserveCapacity(count)
    children.reserveCapacity(count)
  }

  /// A scalar's text, or nil for a mapping or a list.
  func text(of index: Int) -> String? {
    let node = nodes[index]
    guard node.kind == .scalar else { return nil }
    guard node.isInSource else { return texts[node.start] }
    return withSource(node) { String(decoding: $0, as: UTF8.self) }
  }

  /// `body` given a scalar's text as UTF-8, or nil for a mapping or a list: a scalar read
  /// from the file is not made a string.
  func withUTF8<Result>(
    of index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result? {
    let node = nodes[index]
    guard node.kind == .scalar else { return nil }
    if node.isInSource { return try withSource(node, body) }
    var text = texts[node.start]
    return try text.withUTF8(body)
  }

  /// Whether two scalars have the same text (false when either is not a scalar).
  func scalarsAreEqual(_ first: Int, _ second: Int) -> Bool {
    let (a, b) = (nodes[first], nodes[second])
    guard a.kind == .scalar, b.kind == .scalar else { return false }
    if a.hasSharedText && b.hasSharedText { return a.start == b.start }
    switch (a.isInSource, b.isInSource) {
    case (false, false): return texts[a.start] == texts[b.start]
    case (true, true) where a.count != b.count: return false
    default: break
    }
    return
      withUTF8(of: first) { one in
        withUTF8(of: second) { other in
          one.count == other.count && (one.count == 0 || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0)
        }
      } == true
  }

  /// The bytes of a scalar in `source`.
  private func withSource<Result>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    let range = node.start..<node.start + node.count
    // Contiguous since `init`: its own storage, read without a mutable copy (`withUTF8` on
    // one cost 5 M more instructions for the 11,111-view layout, measured).
    if let result = try source.utf8.withContiguousStorageIfAvailable({
      try body(UnsafeBufferPointer(rebasing: $0[range]))
    }) {
      return result
    }
    var source = source
    return try source.withUTF8 { try body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// A collection's children (a mapping's keys and values in turn).
  func children(of index: Int) -> Children {
    let node = nodes[index]
    return Children(indexes: node.kind == .scalar ? [] : children[node.start..<node.start + node.count])
  }

  /// A collection's children, read from `children` as they are asked for: node indexes, at
  /// positions `children`' own.
  struct Children: RandomAccessCollection {
    let indexes: ArraySlice<UInt32>
    var startIndex: Int { indexes.startIndex }
    var endIndex: Int { indexes.endIndex }
    subscript(position: Int) -> Int { Int(indexes[position]) }
  }

  /// A scalar made by the program, such as the empty value of `--set ID.PROPERTY=`.
  func makeScalar(_ text: String, isPlain: Bool = false, line: Int = 1, column: Int = 1) -> Int {
    texts.append(text)
    nodes.append(Node(kind: .scalar, isPlain: isPlain, line: line, column: column, start: texts.count - 1, count: 0))
    return nodes.count - 1
  }

  /// A mapping made by the program out of nodes of this document.
  func makeMapping(_ pairs: [(key: Int, value: Int)], line: Int, column: Int) -> Int {
    let start = children.count
    for pair in pairs { children += [UInt32(clamping: pair.key), UInt32(clamping: pair.value)] }
    nodes.append(Node(kind: .mapping, isPlain: false, line: line, column: column, start: start, count: pairs.count * 2))
    return nodes.count - 1
  }

  /// A scalar whose text is to be shared by every scalar of that text (`hasSharedText`): the
  /// first of a key the reader reads, the `number`th such text.
  func makeScalar(sharedText text: String, number: Int, isPlain: Bool, line: Int, column: Int) -> Int {
    texts.append(text)
    return makeScalar(sharingTextAt: texts.count - 1, number: number, isPlain: isPlain, line: line, column: column)
  }

  /// A scalar whose text is the shared `texts[text]`, the `number`th (a key the reader has
  /// read before).
  func makeScalar(sharingTextAt text: Int, number: Int, isPlain: Bool, line: Int, column: Int) -> Int {
    nodes.append(
      Node(
        kind: .scalar, isPlain: isPlain, hasSharedText: true, line: line, column: column, start: text, count: number))
    return nodes.count - 1
  }

  /// The number of a scalar's shared text (`hasSharedText`): the same for every key of that
  /// text, and small (the reader shares at most a few hundred), so that what a key means can
  /// be kept by it in an array. nil for any other node.
  func sharedKeyNumber(of index: Int) -> Int? {
    let node = nodes[index]
    return node.hasSharedText ? node.count : nil
  }

  /// A scalar whose text is `source`'s bytes `start..<start + count`, as read: for the
  /// subset reader.
  func makeScalar(inSourceFrom start: Int, count: Int, isPlain: Bool, line: Int, column: Int) -> Int {
    nodes.append(
      Node(kind: .scalar, isPlain: isPlain, isInSource: true, line: line, column: column, start: start, count: count))
    return nodes.count - 1
  }

  /// A list or mapping whose children come later (`close`): for the readers.
  func makeCollection(_ kind: Kind, line: Int, column: Int) -> Int {
    nodes.append(Node(kind: kind, isPlain: false, line: line, column: column, start: 0, count: 0))
    return nodes.count - 1
  }

  func close(_ index: Int, children items: ArraySlice<Int>) {
    nodes[index].start = children.count
    nodes[index].count = items.count
    for item in items { children.append(UInt32(clamping: item)) }
  }

  // MARK: Parsing

  /// The document in `text` and its root, or nil for an empty file. Throws a `LayoutError`
  /// at the place of the first mistake: too deep, too big, too long a text (`YAMLNesting`),
  /// or YAML syntax.
  static func parse(_ text: String, file: String) throws -> (document: YAMLDocument, root: Int)? {
    let source = text
    var text = text
    // The subset layouts are written in, read without libyaml; anything else, libyaml's way.
    let read = text.withUTF8 { buffer in YAMLSubsetReader.read(buffer, file: file, source: source) }
    if let read {
      guard let root = read.root else { return nil }
      return (read.document, root)
    }
    return try parseWithLibyaml(text, file: file)
  }

  /// The document composed from libyaml's events (or, for what it does not compose, by
  /// Yams): every file `YAMLSubsetReader` does not read, and the reference it is tested
  /// against.
  static func parseWithLibyaml(_ text: String, file: String) throws -> (document: YAMLDocument, root: Int)? {
    // libyaml reads a leading byte-order mark differently when told the encoding (as Yams
    // does) and when left to find it (as the nesting check does): the slow way keeps both.
    if text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) { return try parseThroughYams(text, file: file) }
    var text = text
    let composed = try text.withUTF8 { buffer in try compose(buffer, file: file) }
    switch composed {
    case .document(let document, let root): return (document, root)
    case .empty: return nil
    case .notComposed: return try parseThroughYams(text, file: file)
    }
  }

  private enum Composed {
    case document(YAMLDocument, root: Int)
    case empty
    /// Something only Yams reports as layouts always had it (a syntax error, an undefined
    /// alias, a second document); the limits were all checked, to the end of the file.
    case notComposed
  }

  private static func compose(_ buffer: UnsafeBufferPointer<UInt8>, file: String) throws -> Composed {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return .notComposed }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)

    var tracker = YAMLNesting.Tracker(file: file)
    let document = YAMLDocument(file: file)
    var anchors: [String: Int] = [:]
    // The children of the open collections, in order, the innermost last: each open
    // collection knows where its own begin.
    var pending: [Int] = []
    var open: [(node: Int, firstChild: Int, anchor: String?)] = []
    var root: Int?
    var documents = 0
    // Set when the file is past what this composer handles; the walk goes on measuring.
    var composing = true

    func attach(_ node: Int) {
      if open.isEmpty { root = node } else { pending.append(node) }
    }

    while true {
      var event = yaml_event_t()
      guard yaml_parser_parse(&parser, &event) == 1 else { return .notComposed }
      defer { yaml_event_delete(&event) }
      try tracker.take(event)
      guard composing else {
        if event.type == YAML_STREAM_END_EVENT { return .notComposed }
        continue
      }
      let line = event.start_mark.line + 1
      let column = event.start_mark.column + 1
      switch event.type {
      case YAML_DOCUMENT_START_EVENT:
        documents += 1
        if documents > 1 { composing = false }
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        let node = document.makeScalar(
          text(scalar.value, scalar.length), isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE, line: line,
          column: column)
        if let anchor = YAMLNesting.anchorName(scalar.anchor) { anchors[anchor] = node }
        attach(node)
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        let isSequence = event.type == YAML_SEQUENCE_START_EVENT
        let node = document.makeCollection(isSequence ? .sequence : .mapping, line: line, column: column)
        let anchor = YAMLNesting.anchorName(
          isSequence ? event.data.sequence_start.anchor : event.data.mapping_start.anchor)
        attach(node)
        open.append((node, pending.count, anchor))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let closed = open.popLast() else { continue }
        document.close(closed.node, children: pending[closed.firstChild...])
        pending.removeSubrange(closed.firstChild...)
        // Registered once whole, as Yams does: an alias inside its own anchor is undefined.
        if let anchor = closed.anchor { anchors[anchor] = closed.node }
      case YAML_ALIAS_EVENT:
        guard let name = YAMLNesting.anchorName(event.data.alias.anchor), let node = anchors[name] else {
          composing = false
          continue
        }
        attach(node)
      case YAML_STREAM_END_EVENT:
        guard let root else { return .empty }
        return .document(document, root: root)
      default:
        continue
      }
    }
  }

  /// A scalar's text. Yams decodes with Foundation, which drops a leading byte-order mark:
  /// so does this, for the rare scalar that starts with one.
  private static func text(_ value: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
    guard let value, length > 0 else { return "" }
    let bytes = UnsafeBufferPointer(start: value, count: length)
    if length >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      return String(bytes: bytes, encoding: .utf8) ?? String(decoding: bytes, as: UTF8.self)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The slow way: the nesting check over the whole file, then Yams's composer, whose
  /// errors are the layout's; a tree Yams does compose is copied into a document.
  static func parseThroughYams(_ text: String, file: String) throws -> (document: YAMLDocument, root: Int)? {
    try YAMLNesting.check(text, file: file)
    let composed: Yams.Node?
    do {
      composed = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw LayoutLoader.layoutError(from: error, file: file)
    } catch {
      throw LayoutError(file: file, line: 1, column: 1, message: "\(error)")
    }
    guard let composed else { return nil }
    let document = YAMLDocument(file: file)
    // An aliased node is copied at each of its places: the nesting check has bounded the
    // tree, aliases expanded, to `LayoutLimits.maximumExpandedNodes` nodes and
    // `YAMLNesting.maximumDepth` levels.
    let root = document.copy(composed)
    return (document, root)
  }

  private func copy(_ node: Yams.Node) -> Int {
    let line = node.mark?.line ?? 1
    let column = node.mark?.column ?? 1
    switch node {
    case .scalar(let scalar):
      return makeScalar(scalar.string, isPlain: scalar.style == .plain, line: line, column: column)
    case .sequence(let sequence):
      let index = makeCollection(.sequence, line: line, column: column)
      let items = sequence.map { copy($0) }
      close(index, children: items[...])
      return index
    case .mapping(let mapping):
      let index = makeCollection(.mapping, line: line, column: column)
      var items: [Int] = []
      for (key, value) in mapping { items += [copy(key), copy(value)] }
      close(index, children: items[...])
      return index
    }
  }
}
