// libyaml's C API, which Yams builds as its module CYaml: its event stream is the only way
// to look at a file's structure without building Yams's node tree.
import CYaml
import Foundation

/// Yams builds its node tree recursively, and Swift frees a tree recursively: a file nested
/// thousands of levels deep — `[[[[…` or, with no depth in the text at all, a chain of
/// aliases each wrapping the last — ran out of stack and killed the process (a debug build
/// on an 8 MB stack at about 6,000 levels). Before Yams sees a layout, this walks libyaml's
/// event stream (one event at a time, no recursion) and measures how deep the tree would
/// be, an alias counting as deep as the node it names; a file deeper than `maximumDepth`
/// is a `LayoutError` at the place it goes too deep. A layout needs a few dozen levels (its
/// views nest at most `SceneBuilder.maximumDepth`, two levels each). `YAMLDocument` takes
/// the same measures (`Tracker`) as it composes, in the same pass; this walk of its own is
/// for the files that go to Yams (`YAMLDocument.parseThroughYams`).
enum YAMLNesting {
  static let maximumDepth = 1_000

  /// Throws when `text` nests deeper than `maximumDepth`. Syntax errors are left to Yams,
  /// which reports them with their place.
  static func check(_ text: String, file: String) throws {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return }
    defer { yaml_parser_delete(&parser) }
    var bytes = Array(text.utf8)
    try bytes.withUnsafeMutableBufferPointer { buffer in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      try walk(&parser, file: file)
    }
  }

  private static func walk(_ parser: inout yaml_parser_t, file: String) throws {
    var tracker = Tracker(file: file)
    while true {
      var event = yaml_event_t()
      guard yaml_parser_parse(&parser, &event) == 1 else { return }
      defer { yaml_event_delete(&event) }
      if event.type == YAML_STREAM_END_EVENT { return }
      try tracker.take(event)
    }
  }

  /// The measures of the walk, one event at a time: `YAMLNesting.check` feeds it every
  /// event of a file, and so does `YAMLDocument`'s composer as it builds the tree in the
  /// same pass, so both find the same mistakes at the same places.
  struct Tracker {
    let file: String
    /// The open collections: where each starts, the deepest point below it, its anchor,
    /// and the expanded node count when it opened.
    private var open: [(start: Int, deepest: Int, anchor: String?, nodesBefore: Int)] = []
    /// How many levels each anchored node spans (a scalar 0, a flat list 1…).
    private var span: [String: Int] = [:]
    /// How many nodes each anchored node is, its aliases expanded, and the whole file so
    /// far (LayoutLimits.maximumExpandedNodes): counted, never expanded.
    private var size: [String: Int] = [:]
    private var nodes = 0

    init(file: String) { self.file = file }

    private mutating func add(_ count: Int, _ mark: yaml_mark_t) throws {
      nodes += count
      guard nodes > LayoutLimits.maximumExpandedNodes else { return }
      throw LayoutError(
        file: file, line: mark.line + 1, column: mark.column + 1,
        message:
          "the YAML grows past \(LayoutLimits.maximumExpandedNodes) nodes once its aliases are expanded, the "
          + "limit on a layout's size (an alias counts as everything it names)")
    }

    private func tooDeep(_ mark: yaml_mark_t) -> LayoutError {
      LayoutError(
        file: file, line: mark.line + 1, column: mark.column + 1,
        message:
          "the YAML nests deeper than \(maximumDepth) levels (lists and mappings inside one another, "
          + "an alias as deep as what it names); a layout needs far fewer")
    }

    private mutating func reach(_ depth: Int, _ mark: yaml_mark_t) throws {
      if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, depth) }
      if depth > maximumDepth { throw tooDeep(mark) }
    }

    /// Measures one event; throws at the first that goes past a limit.
    mutating func take(_ event: yaml_event_t) throws {
      switch event.type {
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        let depth = open.count + 1
        try reach(depth, event.start_mark)
        let anchor =
          event.type == YAML_SEQUENCE_START_EVENT
          ? anchorName(event.data.sequence_start.anchor) : anchorName(event.data.mapping_start.anchor)
        open.append((depth, depth, anchor, nodes))
        try add(1, event.start_mark)
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let closed = open.popLast() else { return }
        if let anchor = closed.anchor {
          span[anchor] = closed.deepest - closed.start + 1
          size[anchor] = nodes - closed.nodesBefore
        }
        try reach(closed.deepest, event.start_mark)
      case YAML_SCALAR_EVENT:
        if let anchor = anchorName(event.data.scalar.anchor) {
          span[anchor] = 0
          size[anchor] = 1
        }
        try add(1, event.start_mark)
        try checkLength(event.data.scalar.value, event.data.scalar.length, event.start_mark, file: file)
      case YAML_ALIAS_EVENT:
        let anchor = anchorName(event.data.alias.anchor)
        let levels = anchor.flatMap { span[$0] } ?? 0
        try reach(open.count + levels, event.start_mark)
        try add(anchor.flatMap { size[$0] } ?? 1, event.start_mark)
      default:
        return
      }
    }
  }

  /// An anchor's or an alias's name.
  static func anchorName(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  /// A scalar longer than `LayoutLimits.maximumTextLength` characters is an error at its
  /// place (a 20 MB `title:` would take gigabytes to lay out and draw).
  private static func checkLength(
    _ value: UnsafeMutablePointer<yaml_char_t>?, _ length: Int, _ mark: yaml_mark_t, file: String
  ) throws {
    let limit = LayoutLimits.maximumTextLength
    // A character is at least one byte: only a scalar of more bytes than the limit is counted.
    guard length > limit, let value else { return }
    let text = String(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self)
    let count = text.count
    guard count > limit else { return }
    throw LayoutError(
      file: file, line: mark.line + 1, column: mark.column + 1,
      message: "a text of \(count) characters; at most \(limit), the limit on texts and names")
  }
}
