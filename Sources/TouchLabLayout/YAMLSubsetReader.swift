import Foundation

/// Reads the YAML that layouts are written in straight from the file's bytes into a
/// `YAMLDocument`, without libyaml: block mappings and block lists by indentation, flow
/// lists and mappings (going on to the next line only after an opening bracket or a `,`),
/// one-line plain, single- and double-quoted scalars, comments.
/// libyaml decodes and re-checks every character and allocates every token and event; for
/// the 2 MB layout of 11,111 views that was 436 M of the load's 964 M instructions.
///
/// Anything outside that subset — a tab, a carriage return or a control character anywhere,
/// malformed UTF-8, a byte-order mark, anchors, aliases, tags, directives, document markers,
/// block scalars, a scalar over more than one line, an escape other than `\\ \" \/ \n \t`,
/// a flow collection broken anywhere else, a complex key, a line indented where no node
/// may start, a key longer than libyaml allows, anything deeper than `maximumDepth` or bigger
/// than the layout limits — makes `read` return nil *before* anything is decided, and the
/// file goes libyaml's way (`YAMLDocument.parse`), which composes it or reports its mistake
/// at its place. So the reader never reports an error and never accepts what libyaml
/// rejects: for every file it reads, the tree is libyaml's — the same kinds, texts, plain or
/// not, line and column of every node (`YAMLSubsetReaderTests` compares the two on every
/// bundled layout and on thousands of generated and mutated files).
struct YAMLSubsetReader {
  /// Levels of lists and mappings inside one another that the reader follows (it recurses
  /// once a level); a layout needs a few dozen. Deeper files go libyaml's way, whose
  /// `YAMLNesting` check has its own, higher limit.
  static let maximumDepth = 200
  /// libyaml's longest simple key is 1,024 characters; a key of more bytes than this goes
  /// libyaml's way (a character is at least one byte).
  static let maximumKeyBytes = 1_000

  /// The document in `bytes` and its root (nil root: nothing but blank lines and comments),
  /// or nil when the file is not in the subset.
  /// `source`, when given, is the text whose UTF-8 `bytes` are: the document's scalars are
  /// then ranges of it rather than strings of their own.
  static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String, source: String? = nil
  ) -> (document: YAMLDocument, root: Int?)? {
    guard let checked = checkCharacters(bytes) else { return nil }
    let document = YAMLDocument(file: file, source: source ?? "")
    // About two nodes a `:` (a key and its value), `-` or `,` (an item, and room to spare):
    // an estimate, not a bound; the arrays grow past it if they must.
    document.reserve(nodes: min(2 * checked.indicators + 1, LayoutLimits.maximumExpandedNodes + 1))
    var reader = YAMLSubsetReader(
      bytes: bytes, isASCII: checked.isASCII, scalarsInSource: source != nil, document: document)
    do {
      guard let root = try reader.readDocument() else { return (reader.document, nil) }
      return (reader.document, root)
    } catch {
      return nil
    }
  }

  /// Whether every character is one the subset reads the way libyaml does: printable ASCII
  /// and line feeds, and well-formed UTF-8 of code points libyaml takes as printable and not
  /// as a line break. nil when not; otherwise whether the file is all ASCII, and how many
  /// `:`, `-` and `,` it has (the reader's estimate of its nodes).
  static func checkCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, indicators: Int)? {
    Self.asciiClasses.withUnsafeBufferPointer { classes in checkCharacters(bytes, classes) }
  }

  private static let highBits: UInt64 = 0x8080_8080_8080_8080
  private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

  /// The high bit of each zero byte of `word`, exactly (no borrow between bytes).
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    ~(((word & lowBits) &+ lowBits) | word | lowBits)
  }

  /// What each ASCII byte is to `checkCharacters`: 0 a character, 1 a `:`, `-` or `,`
  /// (counted), 2 refused (a control character other than the line feed, DEL).
  private static let asciiClasses: [UInt8] = (0..<128).map { byte in
    if byte < 0x20 && byte != 0x0A || byte == 0x7F { return 2 }
    return byte == 0x3A || byte == 0x2D || byte == 0x2C ? 1 : 0
  }

  private static func checkCharacters(
    _ bytes: UnsafeBufferPointer<UInt8>, _ classes: UnsafeBufferPointer<UInt8>
  ) -> (isASCII: Bool, indicators: Int)? {
    var isASCII = true
    var indicators = 0
    var index = 0
    let count = bytes.count
    while index < count {
      // Eight ASCII bytes at a time where they are plain: no control character but line
      // feeds, no DEL; their `:`, `-` and `,` counted.
      if let base = bytes.baseAddress, index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & highBits == 0 {
          let atLeastSpace = ((word & lowBits) &+ 0x6060_6060_6060_6060) & highBits
          if highBits & ~atLeastSpace == zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A),
            zeroBytes(word ^ 0x7F7F_7F7F_7F7F_7F7F) == 0
          {
            let marks =
              zeroBytes(word ^ 0x3A3A_3A3A_3A3A_3A3A) | zeroBytes(word ^ 0x2D2D_2D2D_2D2D_2D2D)
              | zeroBytes(word ^ 0x2C2C_2C2C_2C2C_2C2C)
            // One per marked byte, summed into the top byte (no POPCNT in baseline x86-64).
            indicators &+= Int(truncatingIfNeeded: ((marks >> 7) &* 0x0101_0101_0101_0101) >> 56)
            index += 8
            continue
          }
        }
      }
      let byte = bytes[index]
      if byte < 0x80 {
        let kind = classes[Int(byte)]
        guard kind < 2 else { return nil }
        indicators &+= Int(kind)
        index += 1
        continue
      }
      isASCII = false
      let length: Int
      var scalar: UInt32
      switch byte {
      case 0xC2...0xDF: (length, scalar) = (2, UInt32(byte & 0x1F))
      case 0xE0...0xEF: (length, scalar) = (3, UInt32(byte & 0x0F))
      case 0xF0...0xF4: (length, scalar) = (4, UInt32(byte & 0x07))
      default: return nil
      }
      guard index + length <= count else { return nil }
      for offset in 1..<length {
        let next = bytes[index + offset]
        guard next & 0xC0 == 0x80 else { return nil }
        scalar = scalar << 6 | UInt32(next & 0x3F)
      }
      // Overlong forms, surrogates, past U+10FFFF; then what libyaml does not print
      // (C1 controls, U+FEFF, U+FFFE, U+FFFF) or reads as a line break (U+0085, U+2028/9).
      let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
      guard scalar >= shortest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar), scalar >= 0xA0,
        scalar != 0xFEFF, scalar != 0xFFFE, scalar != 0xFFFF, scalar != 0x2028, scalar != 0x2029
      else { return nil }
      index += length
    }
    return (isASCII, indicators)
  }

  /// Thrown to give the file to libyaml; never seen outside `read`.
  private struct NotInSubset: Error {}

  private let bytes: UnsafeBufferPointer<UInt8>
  private let isASCII: Bool
  /// Whether the document's `source` is the text of `bytes`, so that a scalar as written is
  /// kept as a range of it (else each is made a string).
  private let scalarsInSource: Bool
  let document: YAMLDocument
  /// Where the reader is, and the line it is on (1-based) and where that line starts.
  private var index = 0
  private var line = 1
  private var lineStart = 0
  /// The last column worked out on this line, to count characters from (non-ASCII files).
  private var counted = (index: 0, column: 1)
  /// The children of the open collections, innermost last (as `YAMLDocument`'s composer).
  private var pending: [Int] = []
  private var depth = 0
  /// The keys read (`addKey`), each once, by a hash of their bytes (open addressing): where
  /// the first is in the file, its text's index in the document's `texts`, and its number
  /// (the order keys were first read in) (a count of -1: a free slot).
  private var keys = [(start: Int, count: Int, text: Int, number: Int)](
    repeating: (0, -1, 0, 0), count: YAMLSubsetReader.keySlots)
  private var keysHeld = 0

  private init(bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, scalarsInSource: Bool, document: YAMLDocument) {
    self.bytes = bytes
    self.isASCII = isASCII
    self.scalarsInSource = scalarsInSource
    self.document = document
  }

  // MARK: Characters and lines

  private var atEnd: Bool { index >= bytes.count }

  private func byte(at position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }

  /// A space, a line feed or the end: what must follow a `-`, a `:` or a document marker.
  private func isBlankOrEnd(at position: Int) -> Bool {
    guard position < bytes.count else { return true }
    return bytes[position] == 0x20 || bytes[position] == 0x0A
  }

  /// The 1-based column of `position` on the current line, in characters as libyaml counts.
  private mutating func column(at position: Int) -> Int {
    if isASCII { return position - lineStart + 1 }
    if counted.index > position || counted.index < lineStart { counted = (lineStart, 1) }
    var column = counted.column
    for offset in counted.index..<position where bytes[offset] & 0xC0 != 0x80 { column += 1 }
    counted = (position, column)
    return column
  }

  private mutating func skipSpaces() {
    while index < bytes.count, bytes[index] == 0x20 { index += 1 }
  }

  private mutating func newLine() {
    index += 1
    line += 1
    lineStart = index
  }

  /// The rest of the line after a node: spaces, then a comment after at least one space, or
  /// nothing. Then the next line that has content, the reader at its first character (or
  /// at the end). Lines with only spaces or a comment are skipped, as libyaml skips them.
  private mutating func finishLine() throws {
    skipSpaces()
    if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
      guard index == lineStart || bytes[index - 1] == 0x20 else { throw NotInSubset() }
      while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    }
    guard atEnd || bytes[index] == 0x0A else { throw NotInSubset() }
    if !atEnd { newLine() }
    try skipToContent()
  }

  /// From the start of a line: past blank lines and comment lines to the next content.
  private mutating func skipToContent() throws {
    while index < bytes.count {
      skipSpaces()
      guard index < bytes.count else { return }
      switch bytes[index] {
      case 0x0A:
        newLine()
      case UInt8(ascii: "#"):
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      default:
        if index == lineStart { try checkLineStart() }
        return
      }
    }
  }

  /// Directives and document markers start in the first column: libyaml's way.
  private func checkLineStart() throws {
    let first = bytes[index]
    if first == UInt8(ascii: "%") { throw NotInSubset() }
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "."),
      byte(at: index + 1) == first, byte(at: index + 2) == first, isBlankOrEnd(at: index + 3)
    {
      throw NotInSubset()
    }
  }

  // MARK: Nodes

  /// A scalar read but not yet in the document: a mapping's node goes in before its first
  /// key, as libyaml's events put it.
  private struct Scalar {
    var text: Text
    var isPlain: Bool
    var line: Int
    var column: Int
    /// The bytes it spans in the file, quotes included.
    var length: Int
  }

  /// A scalar's text: where it is in the file (without quotes), or — an escape or a doubled
  /// quote in it — its bytes decoded.
  private enum Text {
    case inFile(Range<Int>)
    case decoded([UInt8])
  }

  private mutating func add(_ scalar: Scalar, isKey: Bool = false) throws -> Int {
    try count()
    let text: String
    switch scalar.text {
    case .inFile(let range):
      guard range.count <= LayoutLimits.maximumTextLength else { throw NotInSubset() }
      if scalarsInSource {
        if isKey { return addKey(range, scalar) }
        return document.makeScalar(
          inSourceFrom: range.lowerBound, count: range.count, isPlain: scalar.isPlain, line: scalar.line,
          column: scalar.column)
      }
      text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    case .decoded(let decoded):
      guard decoded.count <= LayoutLimits.maximumTextLength else { throw NotInSubset() }
      text = String(decoding: decoded, as: UTF8.self)
    }
    return document.makeScalar(text, isPlain: scalar.isPlain, line: scalar.line, column: scalar.column)
  }

  /// A mapping key as written: its text is the one string of all keys of its bytes in the
  /// document's `texts`, found through `keys`. A layout writes `id`, `class` and `frame`
  /// thousands of times, and the scene builder asks for every key's text, and checks every
  /// mapping's keys against each other: 133,000 strings made for 11,111 views, and as many
  /// compared, where a few dozen keys are made once and compared by their index.
  private mutating func addKey(_ range: Range<Int>, _ scalar: Scalar) -> Int {
    let base = bytes.baseAddress!
    // FNV-1a.
    var hash: UInt32 = 2_166_136_261
    for offset in range { hash = (hash ^ UInt32(base[offset])) &* 16_777_619 }
    var slot = Int(hash) & (Self.keySlots - 1)
    var free: Int?
    // A few slots from the hash's (a bounded cost whatever the keys); a key not found there
    // and with no room there has a string of its own.
    for _ in 0..<Self.keyProbes {
      let held = keys[slot]
      if held.count < 0 {
        free = slot
        break
      }
      if held.count == range.count, memcmp(base + held.start, base + range.lowerBound, range.count) == 0 {
        return document.makeScalar(
          sharingTextAt: held.text, number: held.number, isPlain: scalar.isPlain, line: scalar.line,
          column: scalar.column)
      }
      slot = (slot + 1) & (Self.keySlots - 1)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    guard let free, keysHeld < Self.keySlots / 2 else {
      return document.makeScalar(text, isPlain: scalar.isPlain, line: scalar.line, column: scalar.column)
    }
    let node = document.makeScalar(
      sharedText: text, number: keysHeld, isPlain: scalar.isPlain, line: scalar.line, column: scalar.column)
    keys[free] = (range.lowerBound, range.count, document[node].start, keysHeld)
    keysHeld += 1
    return node
  }

  /// `keys`' size (a power of two): it holds at most half as many keys.
  private static let keySlots = 1_024
  /// The slots a key is looked for in, from its hash's.
  private static let keyProbes = 8

  /// Before each node: the document's node count is the file's (the reader is its only writer).
  private func count() throws {
    guard document.nodes.count < LayoutLimits.maximumExpandedNodes else { throw NotInSubset() }
  }

  private mutating func open(_ kind: YAMLDocument.Kind, line: Int, column: Int) throws -> (node: Int, first: Int) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw NotInSubset() }
    try count()
    return (document.makeCollection(kind, line: line, column: column), pending.count)
  }

  private mutating func close(_ opened: (node: Int, first: Int)) -> Int {
    document.close(opened.node, children: pending[opened.first...])
    pending.removeSubrange(opened.first...)
    depth -= 1
    return opened.node
  }

  /// An empty value (`key:` or `-` with nothing after): libyaml's empty plain scalar at the
  /// end of the indicator.
  private mutating func emptyScalar(line: Int, column: Int) throws -> Int {
    try add(Scalar(text: .inFile(index..<index), isPlain: true, line: line, column: column, length: 0))
  }

  private mutating func readDocument() throws -> Int? {
    try skipToContent()
    guard !atEnd else { return nil }
    let root = try blockNode()
    // A root followed by anything (a second root, a continued scalar) is libyaml's to judge.
    guard atEnd else { throw NotInSubset() }
    return root
  }

  /// The node at the reader's place, which starts a line's content or follows `- ` or
  /// `key: `; the reader ends at the next line with content (or the end), which the
  /// enclosing block judges.
  private mutating func blockNode() throws -> Int {
    let first = bytes[index]
    if first == UInt8(ascii: "-"), isBlankOrEnd(at: index + 1) {
      return try blockSequence(column: column(at: index), isIndentless: false)
    }
    if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
      let node = try flowCollection()
      skipSpaces()
      // `[a]: b`, a flow collection as a key, is libyaml's.
      if byte(at: index) == UInt8(ascii: ":") { throw NotInSubset() }
      try finishLine()
      return node
    }
    let scalar = try blockScalar()
    skipSpaces()
    if byte(at: index) == UInt8(ascii: ":"), isBlankOrEnd(at: index + 1) {
      return try blockMapping(firstKey: scalar)
    }
    let node = try add(scalar)
    try finishLine()
    return node
  }

  /// A block list whose `-` are at `column`; `isIndentless` when it is a mapping's value
  /// with its `-` at the mapping's own column (the mapping goes on after it).
  private mutating func blockSequence(column: Int, isIndentless: Bool) throws -> Int {
    let opened = try open(.sequence, line: line, column: column)
    while true {
      // At a `-` followed by a space, a line feed or the end.
      let dashLine = line
      index += 1
      skipSpaces()
      if atEnd || bytes[index] == 0x0A || bytes[index] == UInt8(ascii: "#") {
        let emptyColumn = column + 1
        try finishLine()
        if !atEnd, self.column(at: index) > column {
          pending.append(try blockNode())
        } else {
          pending.append(try emptyScalar(line: dashLine, column: emptyColumn))
        }
      } else {
        // `- - a`, a list in a list on one line, is libyaml's.
        if bytes[index] == UInt8(ascii: "-"), isBlankOrEnd(at: index + 1) { throw NotInSubset() }
        pending.append(try blockNode())
      }
      // The reader is at the next line with content. A line indented past the list's `-`
      // would go on with the item's scalar or be a mistake: libyaml's either way.
      guard !atEnd else { break }
      let next = self.column(at: index)
      if next < column { break }
      guard next == column else { throw NotInSubset() }
      guard bytes[index] == UInt8(ascii: "-"), isBlankOrEnd(at: index + 1) else {
        // The mapping an indentless list is a value of goes on; anything else is libyaml's.
        if isIndentless { break }
        throw NotInSubset()
      }
    }
    return close(opened)
  }

  /// A block mapping whose first key has been read; the reader is at that key's `:`.
  private mutating func blockMapping(firstKey: Scalar) throws -> Int {
    let column = firstKey.column
    let opened = try open(.mapping, line: firstKey.line, column: column)
    var key = firstKey
    while true {
      guard key.length <= Self.maximumKeyBytes else { throw NotInSubset() }
      pending.append(try add(key, isKey: true))
      // At the `:`; an empty value is at its end.
      let colonLine = line
      index += 1
      let emptyColumn = self.column(at: index)
      skipSpaces()
      if atEnd || bytes[index] == 0x0A || bytes[index] == UInt8(ascii: "#") {
        try finishLine()
        if atEnd {
          pending.append(try emptyScalar(line: colonLine, column: emptyColumn))
        } else {
          let next = self.column(at: index)
          if next > column {
            pending.append(try blockNode())
          } else if next == column, bytes[index] == UInt8(ascii: "-"), isBlankOrEnd(at: index + 1) {
            pending.append(try blockSequence(column: column, isIndentless: true))
          } else {
            pending.append(try emptyScalar(line: colonLine, column: emptyColumn))
          }
        }
      } else {
        // `key: - a` and `key: a: b` are libyaml's.
        if bytes[index] == UInt8(ascii: "-"), isBlankOrEnd(at: index + 1) { throw NotInSubset() }
        let value: Int
        if bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{") {
          value = try flowCollection()
        } else {
          value = try add(try blockScalar())
        }
        skipSpaces()
        if byte(at: index) == UInt8(ascii: ":") { throw NotInSubset() }
        try finishLine()
        pending.append(value)
      }
      // A line indented past the keys would go on with the value's scalar or be a mistake.
      guard !atEnd else { break }
      let next = self.column(at: index)
      if next < column { break }
      guard next == column else { throw NotInSubset() }
      // A key where the next entry starts: anything else (a `-`, a lone scalar) is libyaml's.
      if bytes[index] == UInt8(ascii: "-"), isBlankOrEnd(at: index + 1) { throw NotInSubset() }
      if bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{") { throw NotInSubset() }
      key = try blockScalar()
      skipSpaces()
      guard byte(at: index) == UInt8(ascii: ":"), isBlankOrEnd(at: index + 1) else { throw NotInSubset() }
    }
    return close(opened)
  }

  // MARK: Scalars

  /// Bytes a plain scalar may not start with (libyaml's indicators); a `-` may, when a
  /// character other than a space follows it.
  private static func isIndicator(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
      UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
      UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
      return true
    default:
      return false
    }
  }

  /// A scalar in block context: quoted, or plain to a `: `, a ` #` or the line's end.
  private mutating func blockScalar() throws -> Scalar {
    let first = bytes[index]
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return try quotedScalar() }
    if Self.isIndicator(first) {
      guard first == UInt8(ascii: "-"), let next = byte(at: index + 1), next != 0x20, next != 0x0A else {
        throw NotInSubset()
      }
    }
    let start = index
    var end = index
    var position = index
    while position < bytes.count {
      let byte = bytes[position]
      if byte == 0x0A { break }
      if byte == UInt8(ascii: ":"), isBlankOrEnd(at: position + 1) { break }
      if byte == 0x20 {
        // ` #` starts a comment; spaces before `:`, a comment or the end are not the text's.
        if let after = self.byte(at: position + 1), after == UInt8(ascii: "#") { break }
        position += 1
        continue
      }
      position += 1
      end = position
    }
    index = end
    return plain(start, end)
  }

  private mutating func plain(_ start: Int, _ end: Int) -> Scalar {
    Scalar(text: .inFile(start..<end), isPlain: true, line: line, column: column(at: start), length: end - start)
  }

  /// A single- or double-quoted scalar on one line; the reader after its closing quote.
  private mutating func quotedScalar() throws -> Scalar {
    let start = index
    let quote = bytes[index]
    var position = index + 1
    var text: [UInt8] = []
    var isCopied = false
    while true {
      guard position < bytes.count else { throw NotInSubset() }
      let byte = bytes[position]
      if byte == 0x0A { throw NotInSubset() }
      if byte == quote {
        // `''` inside single quotes is one quote.
        if quote == UInt8(ascii: "'"), self.byte(at: position + 1) == quote {
          if !isCopied { (text, isCopied) = (Array(bytes[start + 1..<position]), true) }
          text.append(quote)
          position += 2
          continue
        }
        break
      }
      if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
        let escaped: UInt8
        switch self.byte(at: position + 1) {
        case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
        case UInt8(ascii: "\""): escaped = UInt8(ascii: "\"")
        case UInt8(ascii: "/"): escaped = UInt8(ascii: "/")
        case UInt8(ascii: "n"): escaped = 0x0A
        case UInt8(ascii: "t"): escaped = 0x09
        default: throw NotInSubset()
        }
        if !isCopied { (text, isCopied) = (Array(bytes[start + 1..<position]), true) }
        text.append(escaped)
        position += 2
        continue
      }
      if isCopied { text.append(byte) }
      position += 1
    }
    index = position + 1
    return Scalar(
      text: isCopied ? .decoded(text) : .inFile(start + 1..<position), isPlain: false, line: line,
      column: column(at: start), length: index - start)
  }

  /// A flow list or mapping, broken over lines only where `skipFlowBreaks` allows; the
  /// reader after its closing bracket.
  private mutating func flowCollection() throws -> Int {
    let isMapping = bytes[index] == UInt8(ascii: "{")
    let closing = isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
    let opened = try open(isMapping ? .mapping : .sequence, line: line, column: column(at: index))
    index += 1
    try skipFlowBreaks()
    if byte(at: index) == closing {
      index += 1
      return close(opened)
    }
    while true {
      // `{[a]: b}`, a collection as a key, is libyaml's.
      if isMapping, let first = byte(at: index), first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
        throw NotInSubset()
      }
      pending.append(try flowNode(isKey: isMapping))
      skipSpaces()
      if isMapping {
        guard byte(at: index) == UInt8(ascii: ":"), byte(at: index + 1) == 0x20 else { throw NotInSubset() }
        index += 1
        skipSpaces()
        // `{a: , b: 1}`, an empty value, is libyaml's.
        if let next = byte(at: index), next == UInt8(ascii: ",") || next == closing { throw NotInSubset() }
        pending.append(try flowNode())
        skipSpaces()
      }
      guard let next = byte(at: index) else { throw NotInSubset() }
      index += 1
      if next == closing { break }
      guard next == UInt8(ascii: ",") else { throw NotInSubset() }
      try skipFlowBreaks()
      // A trailing `,` is libyaml's.
      if byte(at: index) == closing { throw NotInSubset() }
    }
    return close(opened)
  }

  /// Spaces, comments and line breaks after a flow collection's opening bracket or a `,`,
  /// where a long list goes on to the next line (`log: [touchesBegan, …,⏎ endTracking]`).
  /// Nowhere else in a flow collection: a plain scalar before a break could go on over it.
  /// A line that goes on in its first column (where `---` would end the document) is
  /// libyaml's.
  private mutating func skipFlowBreaks() throws {
    while true {
      skipSpaces()
      guard let next = byte(at: index) else { throw NotInSubset() }
      if next == UInt8(ascii: "#") {
        guard index == lineStart || bytes[index - 1] == 0x20 else { throw NotInSubset() }
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        continue
      }
      guard next == 0x0A else { break }
      newLine()
      guard byte(at: index) == 0x20 || byte(at: index) == 0x0A else { throw NotInSubset() }
    }
  }

  /// An item of a flow collection: a flow collection, a quoted scalar, or a plain scalar to
  /// the next `,`, bracket or brace.
  private mutating func flowNode(isKey: Bool = false) throws -> Int {
    guard let first = byte(at: index), first != 0x0A else { throw NotInSubset() }
    if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return try flowCollection() }
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return try add(try quotedScalar(), isKey: isKey) }
    if Self.isIndicator(first) {
      // `-5`: a `-` may start a plain scalar when a letter, digit or `.` follows.
      guard first == UInt8(ascii: "-"), let next = byte(at: index + 1),
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) || next == UInt8(ascii: ".")
          || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next | 0x20)
      else { throw NotInSubset() }
    }
    let start = index
    var end = index
    var position = index
    scan: while position < bytes.count {
      switch bytes[position] {
      case 0x0A, UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
        break scan
      case UInt8(ascii: ":"):
        // A key's `: ` ends it; any other `:` in a flow scalar is libyaml's.
        guard byte(at: position + 1) == 0x20 else { throw NotInSubset() }
        break scan
      case 0x20:
        if byte(at: position + 1) == UInt8(ascii: "#") { throw NotInSubset() }
        position += 1
      default:
        position += 1
        end = position
      }
    }
    index = end
    return try add(plain(start, end), isKey: isKey)
  }
}
