import Foundation
import TouchLabEngine
import TouchLabScripting

/// What tables and collection views (and scroll views) share in a layout: their action
/// delegates, their cells' subviews, and their delegates' questions.
extension SceneBuilder {
  /// The view's action delegate, made (retained and installed) the first time one of its keys is met.
  mutating func actionDelegate<Delegate: AnyObject>(
    _ current: AnyObject?, make: () -> Delegate, install: (Delegate) -> Void
  ) -> Delegate {
    if let existing = current as? Delegate { return existing }
    let delegate = make()
    retained.append(delegate)
    install(delegate)
    return delegate
  }

  /// A row's or an item's `subviews:`, built and taken out of the container they were built in.
  mutating func buildCellSubviews(_ value: YAMLValue, _ entry: BuiltinClass.ViewEntry) throws -> [UIView] {
    var subviews: [UIView] = []
    for sub in try value.list("subviews") {
      let container = UIView()
      try addSubviewNode(sub, to: container, controller: entry.controller, depth: entry.depth + 1)
      let built = container.subviews
      for view in built { view.removeFromSuperview() }
      subviews += built
    }
    return subviews
  }

  /// A list delegate's question `{print: TEXT, returns: ANSWER, LIMIT: [N…]}` (each key
  /// optional, `returns` required with `LIMIT`), or nil when `value` is an action (any
  /// moment that is not a question, or a question given neither `returns` nor `LIMIT`).
  /// `limitKey` is `rows` for a table, `items` for a collection view.
  func parseListDelegateRule<Answer>(
    _ moment: String, _ value: YAMLValue, isQuestion: Bool, limitKey: String, limitName: String,
    answer parseAnswer: (YAMLValue) throws -> Answer
  ) throws -> (message: ActionMessage?, answer: Answer?, limit: [Int]?)? {
    guard isQuestion, value.isMapping,
      try value.mapping(moment).contains(where: { $0.key == "returns" || $0.key == limitKey })
    else { return nil }
    var message: ActionMessage?
    var answer: Answer?
    var limit: [Int]?
    for (k, kv, v) in try value.mapping(moment) {
      switch k {
      case "print": message = .print(try v.lineText("print"))
      case "returns": answer = try parseAnswer(v)
      case limitKey: limit = try v.list(limitKey).map { try $0.int(limitName, in: 0...10_000_000) }
      default: throw kv.error("unknown key '\(k)' in \(moment); expected print, returns, \(limitKey)")
      }
    }
    guard answer != nil else { throw value.error("\(moment) with \(limitKey): needs returns:") }
    return (message, answer, limit)
  }
}

/// `set: {LIST.MOMENT: RULE}` on a table or a collection view (`TableViewEntryReader`,
/// `CollectionViewEntryReader`).
enum ListDelegateSetter {
  /// The setter replaces that callback's rule, keeping the others, and installs the delegate
  /// it made (a list's delegate is weak: the setter keeps it alive).
  static func replacing<Moment, Answer, Delegate: ActionCellDelegate<Moment, Answer>>(
    _ moment: Moment, _ rule: ActionCellRule<Answer>, current: @escaping () -> AnyObject?,
    make: () -> Delegate, install: @escaping (Delegate) -> Void
  ) -> PropertyTable.Setter {
    let delegate = (current() as? Delegate) ?? make()
    return {
      delegate.rules[moment] = rule
      if current() !== delegate { install(delegate) }
      _ = delegate
    }
  }
}
