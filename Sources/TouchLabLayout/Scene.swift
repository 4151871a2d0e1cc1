import Foundation
import TouchLabEngine
import TouchLabRecords
import TouchLabScripting

/// A layout file made real: the application, its window and view tree, and the scenarios.
public final class Scene {
  public let file: String
  /// The layout's `title:` (shown in the window), if it has one.
  public let title: String?
  public let application: UIApplication
  public let window: UIWindow
  /// The root controller, whose view fills the window; nil when the layout gives the window
  /// only its own views (`window: {subviews: …}`).
  public let rootController: UIViewController?
  public let scenarios: [Scenario]
  /// Every object with an id.
  public let objects: [String: AnyObject]
  /// Objects nothing else keeps alive (delegates, child controllers).
  let retained: [AnyObject]
  /// `--set` assignments applied, kept with what they made (a delegate is held weakly by its
  /// recognizer, as in UIKit).
  private var applied: [() -> Void] = []
  /// Where a debugger dump showed each imported view and recognizer (`address:` and
  /// `dumpLine:` in the layout), by object.
  public internal(set) var origins: [ObjectIdentifier: ObjectOrigin] = [:]
  /// Where the file gives the window's size (`window: {size: …}`), or nil when it does not.
  public let windowSizePlace: (line: Int, column: Int)?
  /// Set when a scenario played on this scene went past a replay's limits (`ScenarioPlayer`),
  /// or when what it writes does (`replay`'s output): it stopped there. The commands report
  /// it as the file's error.
  public var overrun: LayoutError?
  /// What the limits of the scenario playing now count from.
  var limits: PlaybackLimits?

  struct PlaybackLimits {
    let scenario: Scenario
    let firstRecord: Int
    let firstTimer: Int
  }

  init(
    file: String, title: String?, application: UIApplication, window: UIWindow, rootController: UIViewController?,
    scenarios: [Scenario], objects: [String: AnyObject], retained: [AnyObject],
    windowSizePlace: (line: Int, column: Int)? = nil
  ) {
    self.file = file
    self.title = title
    self.application = application
    self.window = window
    self.rootController = rootController
    self.scenarios = scenarios
    self.objects = objects
    self.retained = retained
    self.windowSizePlace = windowSizePlace
  }

  /// An error about the window's size: at `window: {size: …}`, or at 1:1 when the file
  /// leaves the size at its default.
  public func windowSizeError(_ message: String) -> LayoutError {
    LayoutError(
      file: file, line: windowSizePlace?.line ?? 1, column: windowSizePlace?.column ?? 1, message: message)
  }

  public func scenario(named name: String) -> Scenario? { scenarios.first { $0.name == name } }

  public var records: DeliveryRecorder { application.records }

  /// Applies `ID.PROPERTY=VALUE` (the command line's `--set`); the value is read as YAML.
  public func set(_ assignment: String) throws {
    let setter = try Self.parseAssignment(assignment, objects: objects, file: "--set")
    setter()
    applied.append(setter)
    // The scenarios' limits hold from the scene as it now is (a table's rows made smaller).
    try checkScenarioBudgets()
  }

  /// Sets the boolean property `path` (`ID.PROPERTY`) to `value`, as `set("ID.PROPERTY=true")`
  /// would, the value given as a value (the inspector's ✓/✗), not as text to parse.
  public func set(_ path: String, to value: Bool) throws {
    let document = YAMLDocument(file: "--set")
    let node = YAMLValue(document, document.makeScalar(value ? "true" : "false", isPlain: true))
    let setter = try Self.makeSetter(path: path, value: node, objects: objects, at: node)
    setter()
    applied.append(setter)
    try checkScenarioBudgets()
  }

  /// Applies a file of `ID.PROPERTY: VALUE` lines (the command line's `--set-file`), each as
  /// `--set` would, in the file's order; a mistake is `FILE:LINE:COLUMN: error: …`.
  public func set(contentsOfFile path: String) throws {
    try set(text: try LayoutLoader.readText(path), file: LayoutLoader.displayName(path))
  }

  /// `set(contentsOfFile:)` for a file already read (`file` names it in errors): a command
  /// that applies it to several fresh scenes reads it once.
  public func set(text: String, file path: String) throws {
    guard let (document, root) = try LayoutLoader.parseYAML(text, file: path) else { return }
    let node = YAMLValue(document, root)
    var setters: [() -> Void] = []
    for (property, place, value) in try node.mapping("a --set-file (ID.PROPERTY: VALUE lines)") {
      setters.append(try Self.makeSetter(path: property, value: value, objects: objects, at: place))
    }
    for setter in setters {
      setter()
      applied.append(setter)
    }
    try checkScenarioBudgets()  // as after `--set`
  }

  /// A `--set` value written without the spaces YAML wants after `:` and `,` in a flow
  /// mapping or list (`{shouldBegin:false}`, where a shell splits arguments on spaces): the
  /// same text with a space after each `:` and `,` outside quotes. Other values are unchanged.
  public static func spacedFlowValue(_ text: String) -> String {
    guard let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[" else { return text }
    var out = ""
    var quote: Character?
    var chars = Array(text)[...]
    while let c = chars.popFirst() {
      out.append(c)
      if let q = quote {
        if c == q { quote = nil }
        continue
      }
      if c == "\"" || c == "'" {
        quote = c
      } else if c == ":" || c == ",", let next = chars.first, !next.isWhitespace {
        out.append(" ")
      }
    }
    return out
  }

  static func parseAssignment(_ assignment: String, objects: [String: AnyObject], file: String) throws -> () -> Void {
    guard let equals = assignment.firstIndex(of: "=") else {
      throw LayoutError(file: file, line: 1, column: 1, message: "'\(assignment)' must be ID.PROPERTY=VALUE")
    }
    let path = String(assignment[..<equals])
    let valueText = spacedFlowValue(String(assignment[assignment.index(after: equals)...]))
    let value =
      try LayoutLoader.parseYAML(valueText, file: file).map { YAMLValue($0.document, $0.root) }
      ?? YAMLValue(text: "", file: file)
    return try makeSetter(path: path, value: value, objects: objects, at: value)
  }

  static func makeSetter(path: String, value: YAMLValue, objects: [String: AnyObject], at place: YAMLValue) throws -> ()
    -> Void
  {
    guard var dot = path.firstIndex(of: "."), dot != path.startIndex else {
      throw place.error("'\(path)' must be ID.PROPERTY")
    }
    // An object under a dotted name (`nav.interactivePopGestureRecognizer`,
    // `scroll.panGestureRecognizer`) is the longest prefix naming one.
    var next = path[path.index(after: dot)...].firstIndex(of: ".")
    while let candidate = next {
      if objects[String(path[..<candidate])] != nil { dot = candidate }
      next = path[path.index(after: candidate)...].firstIndex(of: ".")
    }
    let id = String(path[..<dot])
    let property = String(path[path.index(after: dot)...])
    guard let object = objects[id] else {
      throw place.error("unknown id '\(id)'\(suggestion(for: id, in: Array(objects.keys)))")
    }
    if let recognizer = object as? UIGestureRecognizer {
      if let setter = try delegateSetter(recognizer, property, value, objects: objects, at: place) { return setter }
      if property == "requireToFail" {
        // `require(toFail:)` at that moment: UIKit has no way to take a requirement back.
        let others = try value.stringList("requireToFail").map { other -> UIGestureRecognizer in
          guard let r = objects[other] as? UIGestureRecognizer else {
            throw value.error("unknown gesture id '\(other)' in requireToFail")
          }
          return r
        }
        return { for other in others { recognizer.require(toFail: other) } }
      }
    }
    // A delegate's moment at that moment (a table's `didSelectRow`…): its class's description.
    for builtin in BuiltinClass.all {
      if let setter = try builtin.setDelegateKey?(object, property, value) { return setter }
    }
    guard let setter = try PropertyTable.setter(property, value, for: object) else {
      let names = PropertyTable.names(for: object)
      let kind = (object as? Overridable)?.className ?? className(of: type(of: object))
      throw place.error("\(kind) '\(id)' has no property '\(property)'\(suggestion(for: property, in: names))")
    }
    return setter
  }

  /// `ID.delegate=RULES` replaces a recognizer's delegate with one made of these rules;
  /// `ID.delegate.RULE=VALUE` changes one rule, keeping the others (docs/layouts.md). The
  /// setter keeps the new delegate alive (a recognizer's delegate is weak).
  static func delegateSetter(
    _ recognizer: UIGestureRecognizer, _ property: String, _ value: YAMLValue, objects: [String: AnyObject],
    at place: YAMLValue
  ) throws -> (() -> Void)? {
    let node: YAMLValue
    let keepsOtherRules: Bool
    if property == "delegate" {
      node = value
      keepsOtherRules = false
    } else if property.hasPrefix("delegate.") {
      let rule = String(property.dropFirst("delegate.".count))
      // `{RULE: VALUE}` at the place of the assignment.
      let document = value.document
      let mapping = document.makeMapping(
        [(document.makeScalar(rule), value.index)], line: place.line, column: place.column)
      node = YAMLValue(document, mapping)
      keepsOtherRules = true
    } else {
      return nil
    }
    /// The rules applied to `delegate`, their ids resolved.
    func apply(to delegate: RuleGestureDelegate) throws {
      var builder = SceneBuilder(file: value.file)
      builder.objects = objects
      try GestureEntryReader.applyDelegateRules(&builder, node, to: delegate)
      for fixup in builder.fixups { try fixup(objects) }
    }
    try apply(to: RuleGestureDelegate())  // every mistake now, when the file loads
    var made: [RuleGestureDelegate] = []  // kept alive by the setter
    return {
      // From the delegate the recognizer has at that moment (an earlier step may have changed it).
      let old = recognizer.delegate as? RuleGestureDelegate
      let delegate = keepsOtherRules ? old?.copy() ?? RuleGestureDelegate() : RuleGestureDelegate()
      if let old { delegate.className = old.className }
      guard (try? apply(to: delegate)) != nil else { return }  // checked above: cannot fail
      made.append(delegate)
      recognizer.delegate = delegate
    }
  }
}

/// Where a debugger dump showed an object: its printed address and the line of its entry.
public struct ObjectOrigin: Equatable, Sendable {
  public var address: String?
  public var line: Int?
  /// The file `line` is of, when it is not the view dump's (a recognizer list's).
  public var file: String?
  /// The address of a view's `gestureRecognizers = <NSArray: 0x…>` the dump does not list.
  public var unlistedGestures: String?

  public init(address: String? = nil, line: Int? = nil, file: String? = nil, unlistedGestures: String? = nil) {
    self.address = address
    self.line = line
    self.file = file
    self.unlistedGestures = unlistedGestures
  }
}
