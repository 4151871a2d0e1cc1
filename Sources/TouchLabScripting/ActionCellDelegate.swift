import Foundation
import TouchLabEngine

/// A moment of a table's or a collection view's delegate that a layout key names
/// (`didSelectRow`, `shouldHighlightItem` …).
public protocol ActionCellMoment: RawRepresentable<String>, Hashable, CaseIterable, Sendable {
  /// The delegate's first selector part: `tableView` or `collectionView`.
  static var viewSelectorPart: String { get }
  /// The moment a selection is told (`didSelectRow`, `didSelectItem`).
  static var didSelect: Self { get }
  /// UIKit's selector of the moment.
  var selector: String { get }
}

extension ActionCellMoment {
  /// UIKit's selector: `tableView:didSelectRowAtIndexPath:` for `didSelectRow`.
  public var selector: String { "\(Self.viewSelectorPart):\(rawValue)AtIndexPath:" }
}

/// A delegate described by a layout's keys, for a table or a collection view — one
/// implementation for `ActionTableViewDelegate` and `ActionCollectionViewDelegate`, which add
/// only UIKit's protocol methods: each moment's rule prints a line (`{print: TEXT}`, where
/// `%row` and `%section` stand for the index path asked about, `%highlighted`/`%selected` for
/// its cell's state and `%result` for the answer) or sends UIKit's selector to a target (the
/// controller). A question can answer otherwise than UIKit's default for the rows or items
/// its rule names (docs/BEHAVIOUR.md §19).
public class ActionCellDelegate<Moment: ActionCellMoment, Answer: Equatable & Sendable> {
  public typealias Rule = ActionCellRule<Answer>

  public static var didSelectSelector: String { Moment.didSelect.selector }
  public weak var target: AnyObject?
  public var rules: [Moment: Rule] = [:]

  public init(target: AnyObject?) { self.target = target }

  /// The delegate of the `didSelect…` moment alone.
  public convenience init(target: AnyObject?, message: ActionMessage) {
    self.init(target: target)
    rules[Moment.didSelect] = Rule(message: message)
  }

  /// The answer of the moment's rule for the row or item `index`, nil where UIKit's default holds.
  func answer(_ moment: Moment, at index: Int) -> Answer? { rules[moment]?.answer(at: index) }

  /// Tells a moment: prints its rule's line or sends its UIKit selector to the target.
  func send(_ moment: Moment, _ view: UIScrollView, _ indexPath: IndexPath, result: String? = nil) {
    guard let message = rules[moment]?.message else { return }
    if let format = message.printedText {
      view.application?.printLine(format, LineContext(subject: view, result: result, indexPath: indexPath), from: view)
    } else {
      view.application?.sendAction(.selector(moment.selector), to: target, from: view, for: nil)
    }
  }

  /// Tells a yes-or-no question with its answer (`%result`: YES or NO) and returns it.
  func tell(_ moment: Moment, _ view: UIScrollView, _ indexPath: IndexPath, answer: Bool) -> Bool {
    send(moment, view, indexPath, result: answer ? "YES" : "NO")
    return answer
  }
}

/// A moment's rule: the line it prints or the selector it sends, and what a question answers
/// instead of UIKit's default for the rows or items it names.
public struct ActionCellRule<Answer: Equatable & Sendable>: Sendable {
  public var message: ActionMessage?
  public var answer: Answer?
  /// The rows or items (of any section) the answer applies to; nil: every one.
  public var indices: [Int]?

  public init(message: ActionMessage?, answer: Answer? = nil, indices: [Int]? = nil) {
    self.message = message
    self.answer = answer
    self.indices = indices
  }

  /// The answer for the row or item `index`, nil where UIKit's default holds.
  func answer(at index: Int) -> Answer? {
    guard let answer, indices?.contains(index) ?? true else { return nil }
    return answer
  }
}
